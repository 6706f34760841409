"""What every bot shares: the facts it reads off its own seat's view, and legal actions to return.

A bot is any object with `decide(view) -> Action`, built with an injected `random.Random`. The
view is `view_for(seat)`: the bot's own cards, the board, the bets, the cards it threw away and
hands already shown; never another player's hidden cards or the deck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from homegame.bots.equity import equity
from homegame.cards import Card
from homegame.engine.actions import (
    Action,
    AllIn,
    BetRaise,
    Call,
    Check,
    LegalActions,
    Muck,
    Show,
)
from homegame.engine.krg_series import Scoreboard
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.views import HandView, SeatView
from homegame.variants import Variant, get_variant


class Bot(Protocol):
    """A seat controller that decides from its own view only."""

    def decide(self, view: HandView) -> Action:
        """The action for the seat the view belongs to."""
        ...


@dataclass(frozen=True)
class Facts:
    """The numbers a bot decides on, all read from its own view."""

    variant: Variant
    me: SeatView
    hole: tuple[Card, ...]
    board: dict[str, Card]
    dead: tuple[Card, ...]
    opponents: tuple[SeatView, ...]
    legal: LegalActions
    pot: int
    big_blind: int
    street: str

    @classmethod
    def of(cls, view: HandView) -> Facts:
        """Facts from the view of the seat to act; ValueError if it is not that seat's turn."""
        if view.viewer is None or view.legal is None:
            raise ValueError("a bot decides only on its own turn, from its own view")
        me = own_seat(view)
        hole = tuple(c for c in (me.cards or ()) if c is not None)
        others = tuple(s for s in view.seats if s.seat != view.viewer and not s.folded)
        return cls(
            variant=get_variant(view.variant),
            me=me,
            hole=hole,
            board=dict(view.board),
            dead=tuple(c for c in view.discarded if c is not None),
            opponents=others,
            legal=view.legal,
            pot=view.pot_total,
            big_blind=max(1, view.big_blind),
            street=view.street,
        )

    @property
    def to_call(self) -> int:
        """Chips this seat must add to stay in (less when all-in for less)."""
        return self.legal.call_amount

    @property
    def pot_odds(self) -> float:
        """The equity a call needs to break even."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    @property
    def effective_stack(self) -> int:
        """The most this seat can win or lose from here: its chips against the deepest opponent."""
        deepest = max((s.stack + s.bet for s in self.opponents), default=0)
        return min(self.me.stack + self.me.bet, deepest)


def own_seat(view: HandView) -> SeatView:
    """The viewer's own seat (seat numbers are table seats; busted seats may be missing)."""
    for seat in view.seats:
        if seat.seat == view.viewer:
            return seat
    raise ValueError(f"seat {view.viewer} is not in this hand")


def doubles(bot: Bot, series: Scoreboard, seat: int) -> bool:
    """A bot's answer when the doubling cube is turned (HOUSE_RULES 16): a bot with its own
    `answer_cube(series, seat)` decides for itself; any other bot doubles."""
    answer = getattr(bot, "answer_cube", None)
    return True if answer is None else bool(answer(series, seat))


def call_or_check(legal: LegalActions) -> Action:
    """Stay in as cheaply as possible."""
    if legal.can_check:
        return Check()
    if legal.can_call:
        return Call()
    if legal.can_all_in:
        return AllIn()
    return Show()


def bet_to(legal: LegalActions, target: int) -> Action:
    """A bet or raise to about `target` chips this round, clamped to what is legal.

    Past the largest raise (or near it) the bot goes all-in; when no full raise is open it calls.
    """
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        if legal.can_all_in and target >= legal.all_in_to:
            return AllIn()
        return call_or_check(legal)
    if target >= 0.85 * high:
        return AllIn() if legal.can_all_in else BetRaise(high)
    return BetRaise(max(low, min(high, int(target))))


def showdown_or_none(view: HandView) -> Action | None:
    """At showdown a bot mucks when it may (the engine asks only a hand that cannot win,
    HOUSE_RULES 8), else shows."""
    legal = view.legal
    if legal is not None and legal.can_muck:
        return Muck()
    if legal is not None and legal.can_show:
        return Show()
    return None


def quick_equity(facts: Facts, rng: random.Random, samples: int) -> float:
    """Equity against one random hand per live opponent."""
    hands = [facts.hole, *([None] * len(facts.opponents))]
    result = equity(
        facts.variant,
        facts.board,
        hands,
        dead=facts.dead,
        rng=rng,
        samples=samples,
        max_exact=2_000,
    )
    return result.equity[0]


def value_size(facts: Facts, fraction: float) -> int:
    """Chips to bet or raise to: `fraction` of the pot after calling, over the current bet."""
    legal = facts.legal
    pot_after_call = facts.pot + facts.to_call
    return legal.current_bet + int(fraction * pot_after_call)


@dataclass
class RandomBot:
    """The random legal policy as a bot: any legal action, random discards."""

    rng: random.Random

    def __post_init__(self) -> None:
        self.policy = RandomPolicy(rng=self.rng)

    def __getstate__(self) -> dict[str, random.Random]:
        """Pickled as its random source alone (the policy's weights are a read-only mapping,
        which does not pickle): a bot thinks in a worker process and comes back."""
        return {"rng": self.rng}

    def __setstate__(self, state: dict[str, random.Random]) -> None:
        self.rng = state["rng"]
        self.__post_init__()

    def decide(self, view: HandView) -> Action:
        """A random legal action for the viewer's seat."""
        if view.viewer is None or view.legal is None:
            raise ValueError("a bot decides only on its own turn, from its own view")
        cards = own_seat(view).cards or ()
        return self.policy.choose(view.legal, [c for c in cards if c is not None])
