"""What a player (or the host) can do in a hand, and what the seat to act may do right now."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from homegame.cards import Card


class ActionKind(Enum):
    """The closed set of things a seat can do; `label` is the verb used in the log."""

    FOLD = "folds"
    CHECK = "checks"
    CALL = "calls"
    BET = "bets"
    RAISE = "raises to"
    ALL_IN = "is all-in"
    DISCARD = "discards"
    SHOW = "shows"
    MUCK = "mucks"
    RUN_TWICE = "answers run it twice"

    @property
    def label(self) -> str:
        """The verb for log lines ("raises to")."""
        return self.value


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand (only when there is something to call)."""


@dataclass(frozen=True, slots=True)
class Check:
    """Pass without betting (only when nothing is owed)."""


@dataclass(frozen=True, slots=True)
class Call:
    """Match the current bet (for less, all-in, when the stack is short)."""


@dataclass(frozen=True, slots=True)
class BetRaise:
    """Bet or raise so that this seat's bet for the round totals `to` chips."""

    to: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """Put the whole stack in: a call, a bet or a raise, full or short."""


@dataclass(frozen=True, slots=True)
class Discard:
    """KRG: throw away `cards` face down (host mode with unknown cards: `count` cards)."""

    cards: tuple[Card, ...] = ()
    count: int | None = None

    @property
    def size(self) -> int:
        """How many cards are discarded."""
        return len(self.cards) if self.cards else (self.count or 0)


@dataclass(frozen=True, slots=True)
class Show:
    """Turn the hand face up at showdown; host mode passes the `cards` the player showed."""

    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Muck:
    """Throw the hand away unseen at showdown, conceding every pot."""


@dataclass(frozen=True, slots=True)
class RunTwice:
    """HOUSE_RULES 27: a player in an all-in run-out agrees to run the rest of the board twice
    (`agree`), or keeps one run."""

    agree: bool


Action = Fold | Check | Call | BetRaise | AllIn | Discard | Show | Muck | RunTwice


@dataclass(slots=True)
class LegalActions:
    """Exactly what `seat` may do now; amounts are totals for the round ("raise to").

    `min_raise_to`/`max_raise_to` are None when no full bet or raise is allowed (an all-in
    that is short of a full raise may still be, see `can_all_in`/`all_in_to`). A read-only
    value, built fresh for every decision: it is not frozen only because freezing would make
    that five times slower (the engine benchmark builds one per action).
    """

    seat: int
    can_fold: bool = False
    can_check: bool = False
    call_amount: int = 0
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    can_all_in: bool = False
    all_in_to: int = 0
    discard_count: int = 0
    can_show: bool = False
    can_muck: bool = False
    to_call: int = 0
    current_bet: int = 0
    #: HOUSE_RULES 27: the seat is asked whether to run the rest of the board twice.
    can_run_twice: bool = False

    @property
    def can_call(self) -> bool:
        """True when there is a bet to match (the call may be all-in for less)."""
        return self.call_amount > 0

    @property
    def can_bet(self) -> bool:
        """True when nobody has bet this round and this seat may bet at least the minimum."""
        return self.min_raise_to is not None and self.current_bet == 0

    @property
    def can_raise(self) -> bool:
        """True when this seat may make a full raise over the current bet."""
        return self.min_raise_to is not None and self.current_bet > 0

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The kinds of action open now, in the order an action bar shows them."""
        out = []
        if self.can_fold:
            out.append(ActionKind.FOLD)
        if self.can_check:
            out.append(ActionKind.CHECK)
        if self.can_call:
            out.append(ActionKind.CALL)
        if self.can_bet:
            out.append(ActionKind.BET)
        if self.can_raise:
            out.append(ActionKind.RAISE)
        if self.can_all_in:
            out.append(ActionKind.ALL_IN)
        if self.discard_count:
            out.append(ActionKind.DISCARD)
        if self.can_show:
            out.append(ActionKind.SHOW)
        if self.can_muck:
            out.append(ActionKind.MUCK)
        if self.can_run_twice:
            out.append(ActionKind.RUN_TWICE)
        return tuple(out)


def passive(legal: LegalActions) -> Action:
    """Check if free, else fold: what a seat plays that puts no more chips in (a bot that does
    not want to, or whose own decision failed); asked to run it twice, one run."""
    if legal.can_run_twice:
        return RunTwice(agree=False)
    if legal.can_check:
        return Check()
    if legal.can_fold:
        return Fold()
    return Call() if legal.can_call else Show()
