"""Play many hands of whole games with seat policies, checking that no chip is made or lost.

Used by `homegame simulate` and by tests: Hold'em and Yukon run freezeouts one after another
(a new game starts when one ends) and KRG runs series, until the number of hands is reached.
After every hand the chips (or, for KRG, the money in the pool) are counted. Pure: the caller
injects the random source and times the run.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from homegame.cards import Card
from homegame.engine.actions import Action, LegalActions
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.views import HandView
from homegame.variants import Variant


class SeatTurn:
    """What a seat's controller may know when it must act: nothing another seat may not see.

    `legal` is what it may do; `hole` its own cards; `view()` the full view of its seat (built
    only when asked for, since building it costs more than a random choice does).
    """

    __slots__ = ("_seat", "_session", "legal", "seat")

    def __init__(self, session: FreezeoutSession | KrgSession, seat: int) -> None:
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


def play_hand(session: FreezeoutSession | KrgSession, policies: Sequence[Policy]) -> None:
    """Play the current hand of `session` to the end, each seat by its policy."""
    while session.in_hand:
        seat = session.to_act
        if seat is None:
            raise RuntimeError("a simulated hand is waiting for a host")
        session.act(policies[seat].decide(SeatTurn(session, seat)))


def simulate(
    variant: Variant,
    hands: int,
    policies: Sequence[Policy],
    rng: random.Random,
    on_hand: Callable[[int], None] | None = None,
    on_game: Callable[[FreezeoutSession | KrgSession], None] | None = None,
) -> SimulationResult:
    """Play `hands` hands of `variant` with one policy per seat; `on_hand(n)` after each,
    `on_game(session)` as each game starts (the journal attaches there)."""
    names = [f"Seat {i + 1}" for i in range(len(policies))]
    tallies = [_Tally() for _ in policies]
    played = games = 0
    problem: str | None = None
    while played < hands and problem is None:
        if variant.has_betting:
            session: FreezeoutSession | KrgSession = FreezeoutSession(variant, names, rng=rng)
        else:
            session = KrgSession(names, rng=rng)
        if on_game is not None:
            on_game(session)
        while not session.is_over and played < hands and problem is None:
            if isinstance(session, FreezeoutSession):
                before = list(session.table.stacks)
                session.start_hand()
                play_hand(session, policies)
                for seat, chips in enumerate(session.table.stacks):
                    tallies[seat].add(chips - before[seat])
            else:
                session.start_deal()
                play_hand(session, policies)
                _tally_deal(session, tallies)
            played += 1
            problem = _count(session, played)
            if on_hand is not None:
                on_hand(played)
        games += session.is_over
    seats = tuple(tally.result(seat) for seat, tally in enumerate(tallies))
    return SimulationResult(variant.key, played, games, problem is None, problem, seats)


def _tally_deal(session: KrgSession, tallies: Sequence[_Tally]) -> None:
    """Each seat's share of the deal just played: 1/k for each of k tied winners, else 0."""
    hand = session.hand
    assert hand is not None
    winners = set(hand.winners)
    share = 1 / len(winners) if winners else 0.0
    for seat, tally in enumerate(tallies):
        tally.add(share if seat in winners else 0.0)


def _count(session: FreezeoutSession | KrgSession, hand: int) -> str | None:
    """What is wrong with the chips (or money) after hand number `hand`, or None."""
    if isinstance(session, FreezeoutSession):
        stacks = session.stacks
        if any(chips < 0 for chips in stacks):
            return f"hand {hand}: a stack went negative: {stacks}"
        if sum(stacks) != session.total_chips:
            return f"hand {hand}: {sum(stacks)} chips at the table, {session.total_chips} expected"
        return None
    series = session.series
    paid = sum(p.paid for p in series.players)
    if paid != series.pool:
        return f"deal {hand}: pool {series.pool}, players paid {paid}"
    if series.over:
        won = sum(p.won for p in series.players)
        side = sum(p.side_bet for p in series.players)
        if won != series.pool + side:
            return f"deal {hand}: paid out {won}, pool and side bets {series.pool + side}"
    return None
