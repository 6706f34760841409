"""Play many hands of whole games with seat policies, checking that no chip is made or lost.

Used by `homegame simulate` and by tests: Hold'em and Yukon run freezeouts one after another
(a new game starts when one ends) and KRG runs series, until the number of hands is reached.
After every hand the chips (or, for KRG, the money in the pool) are counted. Pure: the caller
builds the sessions (with their random source) and times the run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from homegame.cards import Card
from homegame.engine.actions import Action, LegalActions
from homegame.engine.events import Event
from homegame.engine.session_events import DealScored
from homegame.engine.session_interface import Session
from homegame.engine.views import HandView


class SeatTurn:
    """What a seat's controller may know when it must act: nothing another seat may not see.

    `legal` is what it may do; `hole` its own cards; `view()` the full view of its seat (built
    only when asked for, since building it costs more than a random choice does).
    """

    __slots__ = ("_seat", "_session", "legal", "seat")

    def __init__(self, session: Session, seat: int) -> None:
        self._session = session
        self._seat = seat
        self.seat = seat
        self.legal: LegalActions = session.legal_actions()

    @property
    def hole(self) -> tuple[Card | None, ...]:
        """The seat's own cards in this hand."""
        return self._session.hole_cards(self._seat)

    def view(self) -> HandView:
        """What this seat may see of the hand."""
        return self._session.view_for(self._seat)


class Policy(Protocol):
    """A seat controller: given the seat's turn, the action it takes."""

    def decide(self, turn: SeatTurn) -> Action: ...


@dataclass(frozen=True)
class SeatResult:
    """One seat's result per hand: chips won (KRG: share of the deal won), mean and 95% CI."""

    seat: int
    hands: int
    mean: float
    ci95: float


class _Tally:
    """Running sums of one value per hand, for a mean and its 95% confidence interval."""

    __slots__ = ("count", "squares", "total")

    def __init__(self) -> None:
        self.count = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        self.total += value
        self.squares += value * value

    def result(self, seat: int) -> SeatResult:
        n = self.count
        if n == 0:
            return SeatResult(seat, 0, 0.0, 0.0)
        mean = self.total / n
        if n < 2:
            return SeatResult(seat, n, mean, math.inf)
        variance = max(0.0, (self.squares - n * mean * mean) / (n - 1))
        return SeatResult(seat, n, mean, Z95 * math.sqrt(variance / n))


#: Two-sided 95% normal quantile.
Z95 = 1.959964


@dataclass(frozen=True)
class SimulationResult:
    """How a run went: hands played, games finished, whether every count balanced, per seat."""

    variant: str
    hands: int
    games: int
    chips_conserved: bool
    problem: str | None = None
    seats: tuple[SeatResult, ...] = ()


def play_hand(session: Session, policies: Sequence[Policy]) -> list[Event]:
    """Play the current hand of `session` to the end, each seat by its policy; its events."""
    events: list[Event] = []
    while session.in_hand:
        seat = session.to_act
        if seat is None:
            raise RuntimeError("a simulated hand is waiting for a host")
        events += session.act(policies[seat].decide(SeatTurn(session, seat)))
    return events


def simulate(
    new_game: Callable[[], Session],
    hands: int,
    policies: Sequence[Policy],
    on_hand: Callable[[int], None] | None = None,
    on_game: Callable[[Session], None] | None = None,
) -> SimulationResult:
    """Play `hands` hands of games from `new_game()`, one policy per seat; `on_hand(n)` after
    each, `on_game(session)` as each game starts (the journal attaches there).

    A seat's result per hand is the chips it won, or in a game without chips (KRG) its share of
    the deal won: 1/k for each of k tied winners.
    """
    tallies = [_Tally() for _ in policies]
    played = games = 0
    problem: str | None = None
    key = ""
    while played < hands and problem is None:
        session = new_game()
        key = session.variant.key
        if on_game is not None:
            on_game(session)
        while not session.is_over and played < hands and problem is None:
            before = session.scoreboard().players
            events = session.start_deal()
            events += play_hand(session, policies)
            after = session.scoreboard().players
            for seat, tally in enumerate(tallies):
                tally.add(_won(seat, before[seat].stack, after[seat].stack, events))
            played += 1
            problem = _count(session, played)
            if on_hand is not None:
                on_hand(played)
        games += session.is_over
    seats = tuple(tally.result(seat) for seat, tally in enumerate(tallies))
    return SimulationResult(key, played, games, problem is None, problem, seats)


def _won(seat: int, before: int | None, after: int | None, events: Sequence[Event]) -> float:
    """Chips `seat` won in the deal, or (no chips) its share of the deal: 1/k of k winners."""
    if before is not None and after is not None:
        return after - before
    scored = [e for e in events if isinstance(e, DealScored)]
    winners = scored[-1].winners if scored else ()
    return 1 / len(winners) if seat in winners else 0.0


def _count(session: Session, hand: int) -> str | None:
    """What is wrong with the chips (or money) after hand number `hand`, or None."""
    problem = session.audit()
    if problem is None:
        return None
    return f"{session.variant.deal_word} {hand}: {problem}"
