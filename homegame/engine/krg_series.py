"""The KRG series between deals: wins, the pool, the tie rule, the doubling cube, the side bet.

HOUSE_RULES 13-17. Money is integer cents. Every player pays the buy-in into the pool before the
first deal; the first to the wins target takes the pool, and players who reach it on the same deal
split it, odd cents one at a time from the first seat left of the dealer. With the doubling cube,
any player still in may turn it between deals except whoever turned it last: the turner's stake
doubles at once and every other player still in must double too or drop out, forfeiting what they
paid. This module only keeps the score; `homegame.engine.session` deals the hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from homegame.cards import Card
from homegame.defaults import DEFAULT_BUY_IN, DEFAULT_WINS, WINS_TARGETS, TieRule
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.session_events import (
    CubeDoubled,
    CubeTurned,
    DealScored,
    DroppedOut,
    SeriesStarted,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
)
from homegame.engine.table import next_live, seats_from
from homegame.money.ledger import LedgerLine
from homegame.variants import KRG

DEFAULT_SIDE_BET = 100
FIRST_FOUR_OF_A_KIND = "the first four of a kind"


def makes_four_of_a_kind(kept: Sequence[Card], board: Iterable[Card]) -> bool:
    """HOUSE_RULES 17: four cards of one rank, at least one of them kept (not the board alone).

    Four of a kind means exactly that: a straight flush does not count. With two kept cards and
    a five-card board a straight flush and a four of a kind never come together, so four cards
    of a kept card's rank are the side bet's four of a kind.
    """
    ranks = [c.rank for c in (*kept, *board)]
    return any(ranks.count(card.rank) == 4 for card in kept)


def split_left_of(
    amount: int, seats: Sequence[int], dealer: int, table_size: int
) -> dict[int, int]:
    """Split `amount` cents evenly; odd cents one each from the first seat left of `dealer`."""
    if not seats:
        raise ValueError("nobody to split among")
    order = sorted(set(seats), key=lambda s: (s - dealer - 1) % table_size)
    share, odd = divmod(amount, len(order))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}


@dataclass
class SeriesPlayer:
    """One player's line in the series: wins, cents paid into the pool, still in or dropped."""

    name: str
    wins: int = 0
    paid: int = 0
    in_series: bool = True
    side_bet: int = 0
    won: int = 0


@dataclass(frozen=True)
class ScoreRow:
    """One row of the scoreboard."""

    seat: int
    name: str
    wins: int
    paid: int
    in_series: bool
    dealer: bool
    won: int


@dataclass(frozen=True)
class Scoreboard:
    """The series at a glance for the scoreboard screen."""

    rows: tuple[ScoreRow, ...]
    target: int
    deals: int
    pool: int
    cube: int
    cube_owner: int | None
    side_pool: int
    winners: tuple[int, ...]

    @property
    def over(self) -> bool:
        return bool(self.winners)


class KrgSeries:
    """The score of one KRG series; deals are scored with `score_deal`, the cube between them."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        target: int = DEFAULT_WINS,
        buy_in: int = DEFAULT_BUY_IN,
        tie_rule: TieRule = TieRule.SHARE,
        cube: bool = False,
        side_bet: int = 0,
        dealer: int = 0,
    ) -> None:
        problem = KRG.players_problem(len(names))
        if problem is not None:
            raise ValueError(problem)
        if target not in WINS_TARGETS:
            targets = " or ".join(str(t) for t in WINS_TARGETS)
            raise ValueError(f"a KRG series is played to {targets} wins, not {target}")
        if buy_in <= 0 or side_bet < 0:
            raise ValueError("the buy-in must be above zero and the side bet zero or more")
        if not 0 <= dealer < len(names):
            raise ValueError(f"no seat {dealer} to deal from")
        self.players = [SeriesPlayer(name, paid=buy_in, side_bet=side_bet) for name in names]
        self.target = target
        self.buy_in = buy_in
        self.tie_rule = TieRule(tie_rule)
        self.cube_enabled = cube
        self.cube = 1
        self.cube_owner: int | None = None
        self.pending: list[int] = []
        self.pool = buy_in * len(names)
        self.side_pool = side_bet * len(names)
        self.dealer = dealer
        self.deals = 0
        self.winners: tuple[int, ...] = ()
        self.log: list[Event] = [SeriesStarted(target, buy_in, self.pool, self.side_pool)]

    @property
    def over(self) -> bool:
        """True once the pool has been paid out."""
        return bool(self.winners)

    @property
    def in_series(self) -> list[bool]:
        """For each seat, whether the player is still in the series."""
        return [p.in_series for p in self.players]

    @property
    def seats_in(self) -> list[int]:
        """Seats still in the series, starting with the first one left of the dealer."""
        return seats_from(self.dealer, self.in_series)

    def can_turn_cube(self, seat: int) -> str | None:
        """Why `seat` may not turn the cube now (None when it may)."""
        if not self.cube_enabled:
            return "the doubling cube is not in play in this series"
        if self.over:
            return "the series is over"
        if self.pending:
            return "the cube is waiting for every player to double or drop out"
        if not self.players[seat].in_series:
            return f"{self.players[seat].name} is out of the series"
        if seat == self.cube_owner:
            return f"{self.players[seat].name} turned the cube last; someone else must turn it"
        return None

    def turn_cube(self, seat: int) -> list[Event]:
        """`seat` turns the cube: its stake doubles now and the others must answer."""
        self._check_seat(seat)
        reason = self.can_turn_cube(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.cube *= 2
        self.cube_owner = seat
        paid = self._pay_up(seat)
        self.pending = [s for s in seats_from(seat, self.in_series) if s != seat]
        return self._emit([CubeTurned(seat, self.cube, paid)])

    def answer_cube(self, seat: int, double: bool) -> list[Event]:
        """`seat` doubles its stake (`double`) or drops out, forfeiting what it has paid."""
        self._check_seat(seat)
        if seat not in self.pending:
            raise IllegalAction(f"{self.players[seat].name} has no cube to answer")
        self.pending.remove(seat)
        player = self.players[seat]
        events: list[Event]
        if double:
            events = [CubeDoubled(seat, self._pay_up(seat))]
        else:
            player.in_series = False
            events = [DroppedOut(seat, player.paid)]
            if self.dealer == seat:
                self.dealer = next_live(seat, self.in_series)
        still_in = [s for s, p in enumerate(self.players) if p.in_series]
        if not self.pending and len(still_in) == 1:
            events += self._pay_out(tuple(still_in))
        return self._emit(events)

    def score_deal(self, winners: Sequence[int], four_of_a_kind: Sequence[int] = ()) -> list[Event]:
        """Score one deal's showdown: who won it, and who made four of a kind or better."""
        if self.over:
            raise IllegalAction("the series is over")
        if self.pending:
            raise IllegalAction("answer the cube before the next deal")
        seats = tuple(sorted(set(winners)))
        count = len(self.players)
        if not seats or any(not 0 <= s < count for s in (*seats, *four_of_a_kind)):
            raise ValueError(f"a deal needs winners among the seats, not {tuple(winners)}")
        if any(not self.players[s].in_series for s in (*seats, *four_of_a_kind)):
            raise ValueError("only players still in the series play a deal")
        self.deals += 1
        events: list[Event] = []
        if self.side_pool and four_of_a_kind:
            amounts = split_left_of(self.side_pool, four_of_a_kind, self.dealer, len(self.players))
            order = tuple(amounts)
            for seat, amount in amounts.items():
                self.players[seat].won += amount
            self.side_pool = 0
            events.append(SideBetWon(FIRST_FOUR_OF_A_KIND, order, tuple(amounts[s] for s in order)))
        replay = len(seats) > 1 and self.tie_rule is TieRule.REPLAY
        credited = seats if len(seats) == 1 or self.tie_rule is TieRule.SHARE else ()
        events.append(DealScored(self.deals, seats, credited, replay))
        for seat in credited:
            self.players[seat].wins += 1
        reached = tuple(s for s in credited if self.players[s].wins >= self.target)
        if reached:
            events += self._pay_out(reached)
        elif not replay:
            self.dealer = next_live(self.dealer, self.in_series)
        return self._emit(events)

    def scoreboard(self) -> Scoreboard:
        """Wins, money and the cube for every seat."""
        rows = tuple(
            ScoreRow(seat, p.name, p.wins, p.paid, p.in_series, seat == self.dealer, p.won)
            for seat, p in enumerate(self.players)
        )
        return Scoreboard(
            rows,
            self.target,
            self.deals,
            self.pool,
            self.cube,
            self.cube_owner,
            self.side_pool,
            self.winners,
        )

    def ledger(self, game: str) -> tuple[LedgerLine, ...]:
        """The series' money for the night's ledger, from its log: each buy-in, cube stake and
        side bet in; the pool, the side pool and returned side bets out. Until the series is
        over the pool is still held, so the game shows as not balanced."""
        names = [p.name for p in self.players]
        lines: list[LedgerLine] = []
        for event in self.log:
            if isinstance(event, SeriesStarted):
                for player in self.players:
                    lines.append(LedgerLine(game, player.name, "buy-in", event.buy_in))
                    if player.side_bet:
                        lines.append(LedgerLine(game, player.name, "side bet", player.side_bet))
            elif isinstance(event, CubeTurned | CubeDoubled) and event.paid:
                lines.append(LedgerLine(game, names[event.seat], "cube stake", event.paid))
            elif isinstance(event, SeriesWon | SideBetWon):
                item = "pool" if isinstance(event, SeriesWon) else "side pool"
                for seat, cents in zip(event.winners, event.amounts, strict=True):
                    lines.append(LedgerLine(game, names[seat], item, 0, cents))
            elif isinstance(event, SideBetReturned):
                for seat in event.seats:
                    lines.append(LedgerLine(game, names[seat], "side bet back", 0, event.amount))
        return tuple(lines)

    def _pay_up(self, seat: int) -> int:
        player = self.players[seat]
        owed = self.buy_in * self.cube - player.paid
        player.paid += owed
        self.pool += owed
        return owed

    def _pay_out(self, winners: tuple[int, ...]) -> list[Event]:
        amounts = split_left_of(self.pool, winners, self.dealer, len(self.players))
        order = tuple(amounts)
        for seat, amount in amounts.items():
            self.players[seat].won += amount
        self.winners = order
        events: list[Event] = [SeriesWon(order, tuple(amounts[s] for s in order), self.pool)]
        if self.side_pool:
            payers = tuple(s for s, p in enumerate(self.players) if p.side_bet)
            for seat in payers:
                self.players[seat].won += self.players[seat].side_bet
            events.append(SideBetReturned(FIRST_FOUR_OF_A_KIND, payers, self.players[0].side_bet))
            self.side_pool = 0
        return events

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.players):
            raise IllegalAction(f"no seat {seat} in this series")

    def _emit(self, events: list[Event]) -> list[Event]:
        self.log.extend(events)
        return events
