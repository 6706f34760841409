"""Each seat's chances and deeds, hand by hand, from a game's events in order.

Every event is read in its public form (`Event.public()`): a folded or mucked hand's cards
are never looked at, and nothing here needs them. The one figure that reads private cards is
KRG's "discards that kept the best hand", which needs a player's own six cards and discards:
it is counted only when the caller asks (`own_discards`, for finished games only), and only
as a count per player, never a card.

The counting follows PokerTracker 4's definitions (README, "Player statistics"):

- a *hand* is one a seat was dealt into; a *walk* is a big blind's hand that everyone folded
  to before it acted;
- VPIP: the seat put chips in preflop by choice (a call, a bet or a raise; blinds and a check
  are not); PFR: it raised preflop;
- the big blind is the first bet, so the first raise preflop is the 2-bet and the next the
  3-bet. A 3-bet *chance* is the seat's first turn facing exactly one raise made by another
  seat; a fold-to-3-bet chance is the 2-bettor's first turn facing exactly the 3-bet;
- a c-bet chance is the last preflop raiser's first turn on the flop with no bet yet made
  on it (not all-in); the c-bet is its bet then;
- *saw the flop*: not folded when the flop is dealt; *went to showdown*: saw the flop and was
  still in when the hand ended with two or more seats in; *won at showdown*: went to
  showdown and took chips from a pot;
- aggression (postflop, flop to river): bets and raises against calls;
- net: the seat's chips won or lost in the hand, also in big blinds of that hand.

An all-in counts as the bet, raise or call it is: a raise when it makes the seat's bet more
than the round's bet so far, a call otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from homegame.cards import Card
from homegame.engine.actions import ActionKind
from homegame.engine.events import (
    Acted,
    BlindPosted,
    BoardDealt,
    Discarded,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    PotAwarded,
    StreetStarted,
)
from homegame.engine.session_events import DealScored, LevelChanged, SeriesWon
from homegame.stats.counts import Counts
from homegame.variants import get_variant

POSTFLOP = ("flop", "turn", "river")


@dataclass
class _Hand:
    """One hand being counted."""

    started: HandStarted
    seats: list[int] = field(default_factory=list)
    street: str = "preflop"
    folded: set[int] = field(default_factory=set)
    all_in: set[int] = field(default_factory=set)
    bet: int = 0
    big_blind: int = 0
    raises: int = 0
    opener: int | None = None
    aggressor: int | None = None
    acted_preflop: set[int] = field(default_factory=set)
    three_bet_seen: set[int] = field(default_factory=set)
    fold3_seen: bool = False
    flop_dealt: bool = False
    flop_bet: bool = False
    cbet_seen: bool = False
    saw_flop: set[int] = field(default_factory=set)
    won: set[int] = field(default_factory=set)
    counts: dict[int, Counts] = field(default_factory=dict)
    #: KRG, when own discards are counted: each seat's six cards, then what it threw away.
    dealt: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    thrown: dict[int, list[Card]] = field(default_factory=dict)
    board: list[Card] = field(default_factory=list)

    def of(self, seat: int) -> Counts:
        return self.counts.setdefault(seat, Counts())


class GameTally:
    """Feed a game's events in order (`feed`); `by_seat` holds each seat's counts so far.

    A hand is counted when it ends (`HandEnded`): a hand cut short by the game stopping adds
    nothing. `own_discards` counts KRG's kept-the-best-hand figure (private cards; only for a
    finished game)."""

    def __init__(self, *, big_blind: int = 0, own_discards: bool = False) -> None:
        self.by_seat: dict[int, Counts] = {}
        self.level_big_blind = big_blind
        self.own_discards = own_discards
        self.hand: _Hand | None = None
        self.krg = False

    def feed_all(self, events: Iterable[Event]) -> GameTally:
        """Feed every event of `events`; returns self."""
        for event in events:
            self.feed(event)
        return self

    def _total(self, seat: int) -> Counts:
        return self.by_seat.setdefault(seat, Counts())

    def feed(self, raw: Event) -> None:
        """Count one event (read in its public form)."""
        event = raw.public()
        if isinstance(event, HandStarted):
            self.krg = get_variant(event.variant).has_series
            self.hand = _Hand(event)
            return
        if isinstance(event, LevelChanged):
            self.level_big_blind = event.big_blind
            return
        if isinstance(event, SeriesWon):
            for seat in event.winners:
                self._total(seat).series_won += 1
            return
        if isinstance(event, DealScored):  # after the deal's end: the wins it credits
            for seat in event.credited:
                self._total(seat).deals_won += 1
            return
        hand = self.hand
        if hand is None:
            return
        if self.own_discards and self.krg:
            self._private(hand, raw)
        if isinstance(event, HoleDealt):
            if event.seat not in hand.seats:
                hand.seats.append(event.seat)
        elif isinstance(event, BlindPosted):
            hand.bet = max(hand.bet, event.amount)
            if event.blind == "big":
                if not event.all_in or not self.level_big_blind:
                    self.level_big_blind = event.amount
                hand.big_blind = self.level_big_blind
            if event.all_in:
                hand.all_in.add(event.seat)
        elif isinstance(event, StreetStarted):
            if event.street != hand.street:
                hand.street = event.street
                hand.bet = 0
            if event.street == "flop":
                self._flop(hand)
        elif isinstance(event, BoardDealt):
            self._flop(hand)
            hand.board += [c for c in event.cards if c is not None]
        elif isinstance(event, Acted):
            self._acted(hand, event)
        elif isinstance(event, PotAwarded):
            hand.won.update(s for s, a in zip(event.winners, event.amounts, strict=True) if a > 0)
        elif isinstance(event, HandEnded):
            self._ended(hand, event)
            self.hand = None

    def _flop(self, hand: _Hand) -> None:
        if not hand.flop_dealt and not self.krg:
            hand.flop_dealt = True
            hand.saw_flop = {s for s in hand.seats if s not in hand.folded}

    def _acted(self, hand: _Hand, act: Acted) -> None:
        seat, kind = act.seat, act.kind
        raised = kind in (ActionKind.BET, ActionKind.RAISE) or (
            kind is ActionKind.ALL_IN and act.to > hand.bet
        )
        called = kind is ActionKind.CALL or (kind is ActionKind.ALL_IN and not raised)
        mine = hand.of(seat)
        if hand.street == "preflop":
            self._preflop(hand, seat, kind, raised, called)
        elif hand.street in POSTFLOP:
            if hand.street == "flop" and not hand.cbet_seen and seat == hand.aggressor:
                hand.cbet_seen = True
                if not hand.flop_bet:
                    mine.cbet_chances += 1
                    mine.cbets += raised
            if raised:
                mine.bets_raises += 1
                if hand.street == "flop":
                    hand.flop_bet = True
            elif called:
                mine.calls += 1
        if kind is ActionKind.FOLD:
            hand.folded.add(seat)
        if act.all_in:
            hand.all_in.add(seat)
        hand.bet = max(hand.bet, act.to)

    def _preflop(
        self, hand: _Hand, seat: int, kind: ActionKind, raised: bool, called: bool
    ) -> None:
        mine = hand.of(seat)
        hand.acted_preflop.add(seat)
        if hand.raises == 1 and hand.opener != seat and seat not in hand.three_bet_seen:
            hand.three_bet_seen.add(seat)
            mine.three_bet_chances = 1
            mine.three_bets = int(raised)
        if hand.raises == 2 and hand.opener == seat and not hand.fold3_seen:
            hand.fold3_seen = True
            mine.fold_to_three_bet_chances = 1
            mine.folds_to_three_bet = int(kind is ActionKind.FOLD)
        if raised or called:
            mine.vpip = 1
        if raised:
            mine.pfr = 1
            hand.raises += 1
            if hand.raises == 1:
                hand.opener = seat
            hand.aggressor = seat

    def _private(self, hand: _Hand, raw: Event) -> None:
        """KRG's own cards, for the kept-the-best-hand figure only."""
        if isinstance(raw, HoleDealt) and raw.cards is not None:
            hand.dealt[raw.seat] = raw.cards
        elif isinstance(raw, Discarded) and raw.cards is not None:
            hand.thrown.setdefault(raw.seat, []).extend(raw.cards)

    def _ended(self, hand: _Hand, ended: HandEnded) -> None:
        if self.krg:
            for seat in hand.seats:
                mine = hand.of(seat)
                mine.deals = 1
                self._judge_discards(hand, seat, mine)
        else:
            self._ended_betting(hand, ended)
        for seat, counts in hand.counts.items():
            self._total(seat).add(counts)

    def _ended_betting(self, hand: _Hand, ended: HandEnded) -> None:
        remaining = [s for s in hand.seats if s not in hand.folded]
        showdown = len(remaining) >= 2
        big_blind = hand.big_blind or self.level_big_blind
        bb_seat = hand.started.big_blind_seat
        for seat in hand.seats:
            mine = hand.of(seat)
            mine.hands = 1
            if (
                seat == bb_seat
                and hand.street == "preflop"
                and remaining == [seat]
                and seat not in hand.acted_preflop
            ):
                mine.walks = 1
            if seat in hand.saw_flop:
                mine.saw_flop = 1
                if showdown and seat in remaining:
                    mine.showdowns = 1
                    mine.showdowns_won = int(seat in hand.won)
            net = ended.net[seat] if seat < len(ended.net) else 0
            mine.net_chips = net
            if big_blind:
                mine.bb_hands = 1
                mine.net_bb = net / big_blind

    def _judge_discards(self, hand: _Hand, seat: int, mine: Counts) -> None:
        """Did the two cards kept make the best hand any two of the six could have made on
        the final board? Counted when the seat's cards and a full board are known."""
        dealt = hand.dealt.get(seat)
        thrown = hand.thrown.get(seat, [])
        if dealt is None or len(hand.board) != 5 or len(dealt) - len(thrown) != 2:
            return
        from itertools import combinations

        from homegame.evaluator import evaluate

        kept = [c for c in dealt if c not in thrown]
        best = max(evaluate([*pair, *hand.board]) for pair in combinations(dealt, 2))
        mine.discards_judged = 1
        mine.discards_best = int(evaluate([*kept, *hand.board]) == best)
