"""Frozen copy (issue 35) of homegame/bots/opponents.py as it was before the leak fixes: the
hard bot's opponent models, kept unchanged as a benchmark opponent. Do not edit.

Opponent models read from the action history: VPIP, PFR, aggression, answers to opens and
shoves, and the hands shown down.

A view carries `history`, every event of the hand as the viewing seat may see it. The hard bot
keeps the last history it saw of each hand and, once the next hand starts, folds it into one
`Profile` per opponent seat with `read_hand`. Nothing is guessed from the size of the bets:
each count is an action the player was seen to take, in the spot it was taken (first in,
facing one raise, facing an all-in, facing a bet after the flop). Every rate has a prior, so a
player seen for a few hands is treated as an ordinary one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from homegame.cards import Card
from homegame.engine.actions import ActionKind
from homegame.engine.events import (
    Acted,
    AntePosted,
    BlindPosted,
    CardsShown,
    Event,
    HoleDealt,
    StreetStarted,
    UncalledReturned,
)
from homegame.variants.streets import PREFLOP

#: A price (chips to call over the pot before them) this big or more is a big bet: about a
#: bet of two thirds of the pot.
BIG_BET = 0.4


@dataclass(frozen=True)
class Move:
    """One betting action, with the spot it was taken in."""

    street: str
    kind: ActionKind
    #: Bets and raises made on the street before this action (preflop the big blind is none).
    facing: int
    #: True when the bet faced was someone's all-in.
    facing_all_in: bool
    #: True when the action put this seat all-in.
    all_in: bool
    #: True when the action made the bet bigger (a bet, a raise, an all-in for more).
    raised: bool
    #: The price faced: chips to call over the pot before them (0 when nothing to call).
    price: float = 0.0


@dataclass
class HandRecord:
    """One hand's moves per seat and the cards each seat showed."""

    moves: dict[int, list[Move]] = field(default_factory=dict)
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    seats: set[int] = field(default_factory=set)
    #: Seats out of the betting: folded, or all-in.
    folded: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)
    #: Where the history stops: the street, and the bets and raises made on it.
    street: str = PREFLOP
    facing: int = 0

    def everyone_folded(self, bettor: int, price: float) -> None:
        """Record that every seat still in folded to `bettor`'s last bet (at `price`), unseen:
        the bettor was not asked to act again, so nobody called or raised it."""
        for seat in self.seats - self.folded - self.all_in - {bettor}:
            move = Move(self.street, ActionKind.FOLD, self.facing + 1, False, False, False, price)
            self.moves.setdefault(seat, []).append(move)
            self.folded.add(seat)


def read_hand(history: Sequence[Event]) -> HandRecord:
    """Who did what, facing what, in one hand's history."""
    record = HandRecord()
    street = PREFLOP
    level = 0
    facing = 0
    all_in_level = False
    pot = 0
    bets: dict[int, int] = {}
    for event in history:
        if isinstance(event, StreetStarted):
            if event.street != street:  # the blinds stand as preflop's level
                level, facing, all_in_level = 0, 0, False
                bets = {}
            street = event.street
        elif isinstance(event, HoleDealt):
            record.seats.add(event.seat)
        elif isinstance(event, BlindPosted):
            record.seats.add(event.seat)
            level = max(level, event.amount)
            pot += event.amount
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
        elif isinstance(event, AntePosted):
            pot += event.amount
        elif isinstance(event, Acted):
            record.seats.add(event.seat)
            raised = event.kind in (ActionKind.BET, ActionKind.RAISE) or (
                event.kind is ActionKind.ALL_IN and event.to > level
            )
            owed = max(0, level - bets.get(event.seat, 0))
            price = owed / max(1, pot) if owed else 0.0
            record.moves.setdefault(event.seat, []).append(
                Move(street, event.kind, facing, all_in_level, event.all_in, raised, price)
            )
            pot += event.amount
            bets[event.seat] = bets.get(event.seat, 0) + event.amount
            if event.kind is ActionKind.FOLD:
                record.folded.add(event.seat)
            if event.all_in or event.kind is ActionKind.ALL_IN:
                record.all_in.add(event.seat)
            if raised:
                level = event.to
                facing += 1
                all_in_level = event.all_in or event.kind is ActionKind.ALL_IN
        elif isinstance(event, UncalledReturned):
            pot -= event.amount
        elif isinstance(event, CardsShown):
            cards = tuple(c for c in event.cards if c is not None)
            if len(cards) == len(event.cards):
                record.shown[event.seat] = cards
    record.street, record.facing = street, facing
    return record


@dataclass
class Profile:
    """What one opponent did over the hands seen: the counts behind each rate."""

    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    shoves: int = 0
    #: After the flop: bets and raises, calls.
    raises: int = 0
    calls: int = 0
    #: Facing one raise before the flop (not an all-in): times, folds, calls, re-raises.
    faced_open: int = 0
    folded_open: int = 0
    called_open: int = 0
    raised_open: int = 0
    #: Facing an all-in before the flop: times, and calls (or all-ins over it).
    faced_shove: int = 0
    called_shove: int = 0
    #: Facing a bet after the flop: times, and folds; the same for big bets alone.
    faced_bet: int = 0
    folded_bet: int = 0
    faced_big_bet: int = 0
    folded_big_bet: int = 0
    #: Each shown-down hand's place among starting hands (0 = aces, 1 = the worst).
    shown_places: list[float] = field(default_factory=list)

    def add(self, moves: Sequence[Move], shown_place: float | None = None) -> None:
        """Count one hand this player was dealt into."""
        self.hands += 1
        pre = [m for m in moves if m.street == PREFLOP]
        voluntary = any(m.kind not in (ActionKind.CHECK, ActionKind.FOLD) for m in pre)
        self.vpip += voluntary
        self.pfr += any(m.raised for m in pre)
        self.shoves += any(m.all_in and m.raised for m in pre)
        for m in pre:
            if m.facing_all_in:
                self.faced_shove += 1
                self.called_shove += m.kind is not ActionKind.FOLD
                break
            if m.facing == 1:
                self.faced_open += 1
                self.folded_open += m.kind is ActionKind.FOLD
                self.called_open += m.kind is ActionKind.CALL
                self.raised_open += m.raised
                break
        for m in moves:
            if m.street == PREFLOP:
                continue
            self.raises += m.raised
            self.calls += m.kind is ActionKind.CALL
            if m.facing and not m.raised:
                self.faced_bet += 1
                self.folded_bet += m.kind is ActionKind.FOLD
                if m.price >= BIG_BET:
                    self.faced_big_bet += 1
                    self.folded_big_bet += m.kind is ActionKind.FOLD
        if shown_place is not None and voluntary:
            self.shown_places.append(shown_place)

    @property
    def vpip_rate(self) -> float:
        """Share of hands with chips put in voluntarily before the flop (a prior of 25%), at
        least as wide as the hands it was seen showing down suggest."""
        rate = (self.vpip + 2) / (self.hands + 8)
        if len(self.shown_places) >= 5:
            # Shown hands spread evenly over its range: their mean place is half its width.
            mean = sum(self.shown_places) / len(self.shown_places)
            rate = max(rate, min(1.0, 2 * mean))
        return rate

    @property
    def pfr_rate(self) -> float:
        """Share of hands raised before the flop (a prior of 15%)."""
        return (self.pfr + 1.2) / (self.hands + 8)

    @property
    def shove_rate(self) -> float:
        """Share of hands it went all-in before the flop (a prior of 4%)."""
        return (self.shoves + 0.3) / (self.hands + 8)

    @property
    def aggression(self) -> float:
        """Bets and raises over calls after the flop (a prior of 1)."""
        return (self.raises + 2) / (self.calls + 2)

    @property
    def station(self) -> bool:
        """A player who calls much and raises little: bluffs do not work, thin value does."""
        return self.hands >= 12 and self.vpip_rate > 0.4 and self.aggression < 0.5

    def open_answers(self) -> tuple[float, float, float]:
        """Facing an open: the chances it folds, calls, re-raises (a prior of 8 answers at 75%,
        15%, 10%)."""
        n = self.faced_open + 8
        fold = (self.folded_open + 6) / n
        call = (self.called_open + 1.2) / n
        return fold, call, 1 - fold - call

    def shove_call_rate(self) -> float:
        """Facing an all-in: the chance it calls (a prior of 4 answers at 10%)."""
        return (self.called_shove + 0.4) / (self.faced_shove + 4)

    def fold_to_bet(self, price: float = 0.0) -> float:
        """After the flop, facing a bet whose call costs `price` of the pot: the chance it
        folds. Small bets: a prior of 6 answers at 35%; big ones (`BIG_BET` or more): a prior
        of 6 answers at 50%."""
        big_n, big_f = self.faced_big_bet, self.folded_big_bet
        small_n, small_f = self.faced_bet - big_n, self.folded_bet - big_f
        if price >= BIG_BET:
            return (big_f + 3.0) / (big_n + 6)
        return (small_f + 2.1) / (small_n + 6)


@dataclass
class Reads:
    """Profiles of the players at the table, fed one hand history at a time."""

    #: A starting hand's place among all (0 = aces): how shown-down hands are judged.
    rank_hand: Callable[[Sequence[Card]], float] | None = None
    me: int | None = None
    profiles: dict[int, Profile] = field(default_factory=dict)
    #: The latest history seen of the hand in play, not yet counted.
    pending: tuple[Event, ...] = ()
    pending_id: int | None = None
    #: Our own last action in the pending hand, when a bet or raise short of all-in: the
    #: price it set the others (None: no such bet).
    bet_last: float | None = None

    def see(self, hand_id: int, viewer: int, history: tuple[Event, ...]) -> None:
        """Note the hand's history so far; a new hand counts the last one seen."""
        pending = self.pending
        same = (
            hand_id == self.pending_id
            and viewer == self.me
            and len(history) >= len(pending)
            and history[: len(pending)] == pending
        )
        if not same:
            self.flush()
        self.me, self.pending, self.pending_id = viewer, history, hand_id
        self.bet_last = None

    def acted(self, price: float | None) -> None:
        """Our own action on the history last seen: the price it set when it bet or raised,
        not all-in, else None (if we are not asked again this hand, everyone folded to it)."""
        self.bet_last = price

    def flush(self) -> None:
        """Count the pending hand into each opponent's profile."""
        if not self.pending:
            return
        record = read_hand(self.pending)
        if self.bet_last is not None and self.me is not None:
            record.everyone_folded(self.me, self.bet_last)
        for seat in record.seats:
            if seat == self.me:
                continue
            cards = record.shown.get(seat)
            judge = self.rank_hand
            shown = None
            if cards is not None and len(cards) == 2 and judge is not None:
                shown = judge(cards)
            self.profile(seat).add(record.moves.get(seat, []), shown)
        self.pending = ()
        self.bet_last = None

    def profile(self, seat: int) -> Profile:
        """The profile of `seat` (an empty one, all priors, when never seen)."""
        return self.profiles.setdefault(seat, Profile())


__all__ = ["HandRecord", "Move", "Profile", "Reads", "read_hand"]
