"""Your own bot: the stable class shape, loading it from a file, and the guard round it.

A bot is a class built as `ClassName(rng)` with a `random.Random` (its only random source, so
a seed replays a game) and a method `decide(view) -> Action`:

- `view` is a `homegame.engine.views.HandView` of the bot's own seat on its turn: `variant`
  (the game's key), `viewer` (its seat), `street`, `seats` (per seat a `SeatView`:
  `seat`, `name`, `stack`, `bet`, `folded`, `all_in`, `cards_held`, `cards` (None unless its
  own or shown), `is_button`, `is_small_blind`, `is_big_blind`), `board` ((slot, card) pairs),
  `pot_total`, `button`, `small_blind`, `big_blind`, `discarded` (its own thrown cards) and
  `legal`, a `homegame.engine.actions.LegalActions`: `can_fold`, `can_check`, `call_amount`,
  `min_raise_to`/`max_raise_to` (None when no full raise is open), `can_all_in`,
  `discard_count` (KRG), `can_show`, `can_muck`.
- the action is one of `homegame.engine.actions`: `Fold()`, `Check()`, `Call()`,
  `BetRaise(to)` (the round's total), `AllIn()`, `Discard(cards)`, `Show()`, `Muck()`.
- optionally `answer_cube(series, seat) -> bool` for KRG's doubling cube (HOUSE_RULES 16):
  `series` is the scoreboard, True doubles, False drops out; a bot without it doubles.

`homegame simulate --seats "hard,path/to/file.py:ClassName"` and a config's
`bot = "path/to/file.py:ClassName"` load it. Every loaded bot plays behind `GuardedBot`: a bot
that raises, returns an action its `legal` does not offer, or thinks longer than its CPU limit
loses that decision to check-or-fold, with one log line; the table goes on. At the app's table
and in `homegame simulate` each loaded bot runs in a process of its own (`homegame.work`),
capped at `DEFAULT_MEMORY` bytes and killed when a decision takes `DEFAULT_LIMIT` seconds: one
that never returns, exits, or prints loses the decision the same way, and what it prints goes
nowhere.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import logging
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from homegame.bots.base import Bot, doubles
from homegame.defaults import BOT_FILE_MEMORY, BOT_FILE_SECONDS, is_bot_file
from homegame.engine.actions import (
    Action,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    Muck,
    Show,
    passive,
)
from homegame.engine.krg_series import Scoreboard
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.cards import Card

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_MEMORY",
    "LOG",
    "GuardedBot",
    "forfeit",
    "is_bot_file",
    "load_bot_class",
    "make_file_bot",
    "why_not_offered",
]

LOG = logging.getLogger("homegame.bots")
#: Seconds a loaded bot may think per decision before it loses the decision (CPU seconds
#: behind the guard; at the app's table its process is killed once as many seconds passed).
DEFAULT_LIMIT = BOT_FILE_SECONDS
#: The address space a loaded bot's process may use at the app's table, in bytes.
DEFAULT_MEMORY = BOT_FILE_MEMORY


def load_bot_class(spec: str, base: Path | None = None) -> Callable[[random.Random], Bot]:
    """The class `ClassName` from "path/to/file.py:ClassName"; ValueError says what is wrong.

    A relative path is taken from `base` (a config file's folder) when the file is there, else
    from the current folder.
    """
    path_text, _, name = spec.rpartition(":")
    if not is_bot_file(spec):
        raise ValueError(f"{spec!r} is not a bot file: expected path/to/file.py:ClassName")
    path = Path(path_text).expanduser()
    if not path.is_absolute() and base is not None and (base / path).is_file():
        path = base / path
    if not path.is_file():
        raise ValueError(f"bot file {path_text} not found")
    module_name = f"homegame_user_bot_{abs(hash(str(path.resolve())))}"
    loader = importlib.util.spec_from_file_location(module_name, path)
    if loader is None or loader.loader is None:
        raise ValueError(f"bot file {path_text} cannot be loaded as Python")
    module = importlib.util.module_from_spec(loader)
    try:
        sys.modules[module_name] = module
        with _silenced():
            loader.loader.exec_module(module)
    except BaseException as error:  # sys.exit at import is the file's failure too
        sys.modules.pop(module_name, None)
        raise ValueError(f"bot file {path_text} failed to load: {_why(error)}") from None
    cls = getattr(module, name, None)
    if cls is None:
        raise ValueError(f"bot file {path_text} has no class {name}")
    if not callable(getattr(cls, "decide", None)):
        raise ValueError(f"{name} in {path_text} has no decide(view) method")
    # The user's code is untyped: this is its shape as checked above; the guard does the rest.
    factory: Callable[[random.Random], Bot] = cls
    return factory


def make_file_bot(spec: str, rng: random.Random, base: Path | None = None) -> GuardedBot:
    """A user's bot from `spec`, built with `rng` and guarded; ValueError if it cannot be."""
    cls = load_bot_class(spec, base)
    try:
        with _silenced():
            inner = cls(rng)
    except BaseException as error:  # SystemExit in __init__ fails the build too
        raise ValueError(f"{spec}: building the bot failed: {_why(error)}") from None
    return GuardedBot(inner, spec)


@dataclass
class GuardedBot:
    """A bot that can never break the table: a bad decision becomes check-or-fold."""

    inner: Bot
    label: str
    limit: float = DEFAULT_LIMIT
    clock: Callable[[], float] = time.thread_time

    def decide(self, view: HandView) -> Action:
        """The inner bot's action when it is one `view.legal` offers, else check-or-fold."""
        legal = view.legal
        if legal is None:
            raise ValueError("a bot decides only on its own turn, from its own view")
        tried = self.attempt(view, detail=True)
        return self._forfeit(legal, view, tried) if isinstance(tried, str) else tried

    def attempt(self, view: HandView, *, detail: bool = False) -> Action | str:
        """The inner bot's action when it is one `view.legal` offers, else why not, in words
        that name no card: what it raised is named by its class alone unless `detail` (the
        bot's own author reading `homegame simulate`'s log)."""
        legal = view.legal
        if legal is None:
            raise ValueError("a bot decides only on its own turn, from its own view")
        start = self.clock()
        try:
            action = self.inner.decide(view)
        except Exception as error:
            return f"raised {_why(error) if detail else type(error).__name__}"
        spent = self.clock() - start
        if spent > self.limit:
            return f"thought {spent:.1f} s (limit {self.limit:g} s)"
        return why_not_offered(action, legal, view) or action

    def answer_cube(self, series: Scoreboard, seat: int) -> bool:
        """The inner bot's answer to the turned cube (HOUSE_RULES 16); a bot with no answer,
        or one that raises, doubles (with one log line for the raise)."""
        try:
            return doubles(self.inner, series, seat)
        except Exception as error:
            LOG.warning(
                "bot %s (seat %s) raised %s answering the cube; it doubles instead",
                self.label,
                seat + 1,
                _why(error),
            )
            return True

    def _forfeit(self, legal: LegalActions, view: HandView, why: str) -> Action:
        return forfeit(self.label, legal, view, why)


def forfeit(label: str, legal: LegalActions, view: HandView, why: str) -> Action:
    """What a bot that lost its decision (`why`) does instead: check-or-fold (KRG: throws its
    last cards), said in one log line naming the bot."""
    fallback = passive(legal)
    if legal.discard_count:
        cards = _own_cards(view)
        fallback = Discard(cards=cards[-legal.discard_count :])
    LOG.warning(
        "bot %s (seat %s) %s; it %s instead", label, (view.viewer or 0) + 1, why, _verb(fallback)
    )
    return fallback


def why_not_offered(action: object, legal: LegalActions, view: HandView) -> str:
    """Why `action` is not among those `legal` offers ("" when it is)."""
    if isinstance(action, Fold):
        return "" if legal.can_fold else "folded where it could not fold"
    if isinstance(action, Check):
        return "" if legal.can_check else "checked facing a bet"
    if isinstance(action, Call):
        return "" if legal.can_call else "called with nothing to call"
    if isinstance(action, AllIn):
        return "" if legal.can_all_in else "went all-in where it could not"
    if isinstance(action, BetRaise):
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return "bet or raised where no bet or raise is open"
        if not isinstance(action.to, int):
            return "bet or raised to an amount that is not a whole number"
        if not low <= action.to <= high:
            return f"bet or raised to {action.to}, outside {low} to {high}"
        return ""
    if isinstance(action, Discard):
        own = _own_cards(view)
        if not legal.discard_count:
            return "discarded where no discard is due"
        cards = action.cards
        if len(cards) != legal.discard_count or len(set(cards)) != len(cards):
            return f"discarded {len(cards)} cards, not {legal.discard_count}"
        if any(c not in own for c in cards):
            return "discarded a card it does not hold"
        return ""
    if isinstance(action, Show):
        return "" if legal.can_show and action.cards is None else "showed where it could not"
    if isinstance(action, Muck):
        return "" if legal.can_muck else "mucked where it could not"
    return f"returned {type(action).__name__}, not an action"


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """What a bot file prints while it loads or builds goes nowhere (not onto a screen)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield


def _own_cards(view: HandView) -> tuple[Card, ...]:
    for seat in view.seats:
        if seat.seat == view.viewer:
            return tuple(c for c in (seat.cards or ()) if c is not None)
    return ()


def _verb(action: Action) -> str:
    return {Check: "checks", Fold: "folds", Call: "calls", Show: "shows"}.get(
        type(action), "discards"
    )


def _why(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
