"""The work a worker process (`homegame.worker`) does for the table: a bot's decision from its
own seat's view, and the odds of the person's own hand.

Each function takes plain values (views, random sources, pickled bots) and returns plain
values, so the table's process never imports the bots' modules: a built-in bot travels as its
kind, its random source and its state after the last decision (`LaterBot.packed`); a user's bot
file is loaded and built in its own worker, once, and stays there. A failure that must not reach
the screen comes back as a reason in words, naming no card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.engine.actions import Action
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.bots.interface import GuardedBot
    from homegame.engine.krg_series import Scoreboard
    from homegame.money.freezeout import FreezeoutMoney

__all__ = [
    "Odds",
    "bot_cube",
    "bot_decision",
    "file_bot_cube",
    "file_bot_decision",
    "file_bot_ready",
    "odds",
    "warm",
]


def warm() -> None:
    """Load the bots and the equity engine, so the first decision does not wait for them (a
    worker does before it says it is ready)."""
    import homegame.bots
    import homegame.bots.equity  # noqa: F401


def bot_decision(
    kind: str,
    rng: random.Random,
    state: bytes | None,
    view: HandView,
    money: FreezeoutMoney | None,
) -> tuple[Action, bytes]:
    """A built-in bot's action on its own `view` (told what the table's places pay), and its
    state after it; `state` None: the bot of `kind` is built with `rng`."""
    import pickle

    from homegame.bots import brief, make_bot

    bot = make_bot(kind, rng) if state is None else pickle.loads(state)
    brief(bot, money)
    action = bot.decide(view)
    return action, pickle.dumps(bot)


def bot_cube(
    kind: str, rng: random.Random, state: bytes | None, series: Scoreboard, seat: int
) -> tuple[bool, bytes]:
    """A built-in bot's answer to the turned cube (True doubles), and its state after it."""
    import pickle

    from homegame.bots import make_bot
    from homegame.bots.base import doubles

    bot = make_bot(kind, rng) if state is None else pickle.loads(state)
    return doubles(bot, series, seat), pickle.dumps(bot)


#: This worker's user bot, once built (each user bot has a worker of its own).
_file_bot: GuardedBot | None = None


def file_bot_decision(
    spec: str, rng: random.Random, limit: float, view: HandView, detail: bool = False
) -> Action | str:
    """A user's bot's action on its own `view` (loaded from `spec` and built with `rng` at the
    first call), or why it loses the decision: it could not be built, raised, or returned an
    action `view.legal` does not offer. What it raised is named by its class alone unless
    `detail` (`homegame simulate`, read by the bot's own author)."""
    bot = _built_file_bot(spec, rng, limit)
    if bot is None:
        return "could not be built from its file"
    return bot.attempt(view, detail=detail)


def file_bot_ready(spec: str, rng: random.Random, limit: float) -> str:
    """Build this worker's user bot from `spec` with `rng` now: "" once it is built, else why
    it cannot be (`homegame simulate` says so before the first hand)."""
    global _file_bot
    from homegame.bots.interface import make_file_bot

    if _file_bot is None:
        try:
            _file_bot = make_file_bot(spec, rng)
        except ValueError as error:
            return str(error)
        _file_bot.limit = limit
    return ""


def _built_file_bot(spec: str, rng: random.Random, limit: float) -> GuardedBot | None:
    """This worker's user bot, built from `spec` with `rng` at the first call (None: it could
    not be)."""
    return None if file_bot_ready(spec, rng, limit) else _file_bot


def file_bot_cube(
    spec: str, rng: random.Random, limit: float, series: Scoreboard, seat: int
) -> bool | str:
    """A user's bot's answer to the turned cube (True doubles; a bot with no `answer_cube`
    doubles), or why it has none."""
    from homegame.bots.base import doubles

    bot = _built_file_bot(spec, rng, limit)
    if bot is None:
        return "could not be built from its file"
    try:
        return doubles(bot.inner, series, seat)
    except Exception as error:
        return f"raised {type(error).__name__} answering the cube"


@dataclass(frozen=True)
class Odds:
    """The odds of the viewer's hand, or a note why there are none to show."""

    equity: float | None = None
    rivals: int = 0
    #: Per set of the board (None: the only one), the cards that improve the hand's category
    #: as the next card (none: no card does).
    outs: tuple[tuple[str | None, tuple[Card, ...]], ...] = ()
    #: Shown instead of the odds ("" with the odds, or with nothing to show at all).
    note: str = ""
    #: What a group of the board is called: Yukon's sets, Double Board's boards.
    group_word: str = "set"


#: The sample budget: Monte Carlo deals, and the most cases enumerated exactly instead.
ODDS_SAMPLES = 1500


def odds(view: HandView, rng: random.Random) -> Odds:
    """Equity of the viewer's hand against the live opponents' unknown cards, and the outs."""
    from homegame.bots.equity import equity, outs
    from homegame.variants import get_variant

    variant = get_variant(view.variant)
    mine = next((s for s in view.seats if s.seat == view.viewer), None)
    if mine is None or mine.folded or not mine.cards or None in mine.cards:
        return Odds()
    hole = [c for c in mine.cards if c is not None]
    if len(hole) != variant.kept_cards:
        return Odds(note="after the discard")
    board = dict(view.board)
    rivals = sum(1 for s in view.seats if not s.folded and s.seat != view.viewer)
    if rivals == 0:
        return Odds()
    try:
        result = equity(
            variant,
            board,
            [hole] + [None] * rivals,
            rng=rng,
            samples=ODDS_SAMPLES,
            max_exact=ODDS_SAMPLES,
        )
    except ValueError as exc:
        return Odds(note=f"not available ({exc})")
    found = tuple((o.group, o.cards) for o in outs(variant, board, hole))
    word = "board" if len(variant.boards) > 1 else "set"
    return Odds(result.equity[0], rivals, found, group_word=word)
