"""An independent audit of hidden cards: no view, event or log line shows a card too early.

Hold'em rules: hole cards "only they can see"; HOUSE_RULES 6 (a fold-out shows nothing),
8 (a losing hand may be mucked unseen) and 13 (KRG discards are never revealed). Every event's
`public()`, `visible_to(seat)` and `describe()`, and every field of every view (repr included),
is walked at every step of whole hands, in hand seats and through a session's table seats.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Mapping, Sequence
from enum import Enum

import pytest
from every_game import first_cards_thrown

from homegame.cards import Card, parse_cards
from homegame.engine import (
    Action,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    Hand,
    IllegalAction,
    Show,
)
from homegame.engine.events import BoardDealt, CardsShown, Discarded, Event, HoleDealt
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
YUKON = get_variant("yukon")
KRG = get_variant("krg")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


def c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def cards_in(obj: object) -> set[Card]:
    """Every Card anywhere inside a value (dataclass fields, containers, mappings)."""
    if isinstance(obj, Card):
        return {obj}
    if obj is None or isinstance(obj, (str, bytes, int, float, Enum)):
        return set()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        found: set[Card] = set()
        for field in dataclasses.fields(obj):
            found |= cards_in(getattr(obj, field.name))
        return found
    if isinstance(obj, Mapping):
        return cards_in(tuple(obj.keys())) | cards_in(tuple(obj.values()))
    if isinstance(obj, (tuple, list, set, frozenset)):
        found = set()
        for item in obj:
            found |= cards_in(item)
        return found
    raise AssertionError(f"cannot look inside {type(obj).__name__}")


def named_in(text: str, card: Card) -> bool:
    """Does a log line or repr name `card` (as "Ah", "A♥" or Card('Ah'))?"""
    return bool(re.search(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])", text)) or (
        card.symbol in text
    )


class Watcher:
    """Follows a deal and checks each seat's and the table's knowledge at every step.

    `owner[card]` is the seat dealt a hole card; a card becomes public when it is dealt to the
    board or shown, and is private to its owner until then (discards and mucks: forever).
    """

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.owner: dict[Card, int] = {}
        self.public: set[Card] = set()
        self.checked_events = 0

    def allowed(self, viewer: int | None) -> set[Card]:
        own = {card for card, seat in self.owner.items() if seat == viewer}
        return self.public | own

    def hidden_from(self, viewer: int | None) -> set[Card]:
        return {card for card, seat in self.owner.items() if seat != viewer} - self.public

    def see_event(self, event: Event, names: Sequence[str] | None) -> None:
        if isinstance(event, HoleDealt) and event.cards:
            for card in event.cards:
                self.owner[card] = event.seat
        if isinstance(event, (BoardDealt, CardsShown)):
            self.public |= {card for card in event.cards if card is not None}
        line = event.describe(names)
        assert cards_in(event.public()) <= self.allowed(None), event
        for card in self.hidden_from(None):
            assert not named_in(line, card), (line, card)
            assert not named_in(repr(event.public()), card), (event, card)
        for seat in range(self.seats):
            seen = event.visible_to(seat)
            assert cards_in(seen) <= self.allowed(seat), (seat, event)
            for card in self.hidden_from(seat):
                assert not named_in(repr(seen), card), (seat, event, card)

    def see_events(self, events: Sequence[Event], names: Sequence[str] | None) -> None:
        for event in events[self.checked_events :]:
            self.see_event(event, names)
        self.checked_events = len(events)

    def check_view(self, view: object, viewer: int | None) -> None:
        assert cards_in(view) <= self.allowed(viewer), (viewer, view)
        text = repr(view)
        for card in self.hidden_from(viewer):
            assert not named_in(text, card), (viewer, card)


def watch_hand(hand: Hand, choose: Callable[[Hand], Action]) -> Watcher:
    """Play `hand` with `choose(hand) -> action`, checking every event and view at every step."""
    watcher = Watcher(hand.n)
    names = hand.names
    while True:
        watcher.see_events(hand.events, names)
        for viewer in [None, *range(hand.n)]:
            watcher.check_view(hand.view_for(viewer), viewer)
        if hand.is_over:
            return watcher
        hand.act(choose(hand))


def passive(hand: Hand) -> Action:
    legal = hand.legal_actions()
    if legal.discard_count:
        return first_cards_thrown(hand, legal.discard_count)
    return Check() if legal.can_check else Call()


def test_hidden_cards_holdem_fold_muck_and_show_are_each_seen_only_by_who_may_see_them() -> None:
    """Seat 3 folds preflop, seat 0 bets the river, seat 1 mucks a loser, seat 2 shows a winner."""
    holes = [c("9c 9d"), c("Ah Kd"), c("Jc Js"), c("Qh Qd")]
    board = dict(zip(HOLDEM.slots, c("2h 7s 9h Jd 3c"), strict=True))
    hand = Hand(HOLDEM, [1000] * 4, 3, 10, 20, hole_cards=holes, board=board, rng=random.Random(5))

    def choose(h: Hand) -> Action:
        if h.to_act == 3:
            return Fold()
        if h.street == "river" and h.to_act == 0 and h.legal_actions().can_bet:
            return BetRaise(40)
        return passive(h)

    watcher = watch_hand(hand, choose)
    assert hand.mucked == {1} and set(hand.shown) == {0, 2} and hand.winners == (2,)
    assert watcher.hidden_from(None) == set(holes[1]) | set(holes[3])
    assert len(hand.burned) == 3
    for viewer in [None, 0, 1, 2, 3]:
        assert not cards_in(hand.view_for(viewer)) & set(hand.burned)


def test_hidden_cards_house_rule_6_a_fold_out_shows_no_hole_card_to_anyone_else() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(8))
    watcher = watch_hand(hand, lambda h: BetRaise(100) if h.to_act == 0 else Fold())
    assert hand.is_over and not hand.shown
    for seat in range(3):
        assert watcher.hidden_from(None) >= set(hand.hole[seat])


@pytest.mark.parametrize("seed", range(4))
def test_hidden_cards_yukon_all_in_run_out_shows_hands_only_when_turned_up(seed: int) -> None:
    hand = Hand(YUKON, [300, 1000, 1000, 600], 1, 10, 20, rng=random.Random(seed))

    def choose(h: Hand) -> Action:
        legal = h.legal_actions()
        if h.to_act == 0 and legal.can_all_in:
            return AllIn()
        return passive(h)

    watch_hand(hand, choose)
    assert hand.is_over


@pytest.mark.parametrize("seed", range(3))
def test_hidden_cards_house_rule_13_krg_discards_never_reach_another_seat(seed: int) -> None:
    hand = Hand(KRG, [0] * 5, 2, rng=random.Random(seed), names=NAMES)
    watcher = watch_hand(hand, passive)
    discards = {seat: set(hand.discarded[seat]) for seat in range(5)}
    assert all(len(cards) == 4 for cards in discards.values())
    for viewer in range(5):
        view = hand.view_for(viewer)
        assert set(view.discarded) == discards[viewer]
        others = set().union(*(d for s, d in discards.items() if s != viewer))
        assert not cards_in(view) & others
        assert not others & watcher.allowed(viewer)
    assert not cards_in(hand.public_view()) & set().union(*discards.values())
    for event in hand.events:
        if isinstance(event, Discarded):
            public = event.public()
            assert isinstance(public, Discarded) and public.cards is None
            assert "discards 2" in event.describe(NAMES) or "discards 1" in event.describe(NAMES)


def test_hidden_cards_krg_session_in_table_seats_after_a_player_dropped_out() -> None:
    session = KrgSession(list(NAMES[:4]), rng=random.Random(4), cube=True, dealer=0)
    session.turn_cube(0)
    session.answer_cube(1, True)
    session.answer_cube(2, False)  # seat 2 is out: hand seats and table seats now differ
    session.answer_cube(3, True)
    events = session.start_deal()
    table_names = NAMES[:4]
    owner: dict[Card, int] = {}
    discarded: dict[Card, int] = {}
    while True:
        for event in events:
            if isinstance(event, HoleDealt):
                assert event.cards is not None
                owner.update(dict.fromkeys(event.cards, event.seat))
            if isinstance(event, Discarded):
                assert event.cards is not None
                discarded.update(dict.fromkeys(event.cards, event.seat))
            for seat in (0, 1, 3):
                seen = cards_in(event.visible_to(seat))
                assert all(discarded.get(card, seat) == seat for card in seen), (seat, event)
                line = event.describe(table_names)
                assert not any(named_in(line, card) for card in discarded)
        if not session.in_hand:
            break
        for seat in (0, 1, 3):
            view = session.view_for(seat)
            mine = {card for card, s in owner.items() if s == seat}
            assert session.hand is not None
            assert cards_in(view) <= mine | set(session.hand.board.values())
        legal = session.legal_actions()
        acting = session.to_act
        assert acting is not None
        held = session.hole_cards(acting)[: legal.discard_count]
        events = session.act(Discard(tuple(card for card in held if card is not None)), acting)
    assert set(owner.values()) == {0, 1, 3}
    final = session.view_for(None)
    assert not cards_in(final) & set(discarded)


def test_hidden_cards_freezeout_session_events_in_table_seats_after_a_bust() -> None:
    session = FreezeoutSession(
        "holdem", list(NAMES[:4]), rng=random.Random(9), stacks=[1000, 1000, 1000, 1000], button=0
    )
    session.correct_stacks({1: 0})  # seat 1 has busted: hand seats 0, 1, 2 are table 0, 2, 3
    events = session.start_deal()
    owner: dict[Card, int] = {}
    public: set[Card] = set()
    while True:
        for event in events:
            if isinstance(event, HoleDealt) and event.cards:
                owner.update(dict.fromkeys(event.cards, event.seat))
            if isinstance(event, (BoardDealt, CardsShown)):
                public |= {card for card in event.cards if card is not None}
            for seat in (0, 2, 3):
                mine = {card for card, s in owner.items() if s == seat}
                assert cards_in(event.visible_to(seat)) <= mine | public, (seat, event)
        if not session.in_hand:
            break
        for seat in (0, 2, 3):
            mine = {card for card, s in owner.items() if s == seat}
            assert cards_in(session.view_for(seat)) <= mine | public
        legal = session.legal_actions()
        action = Check() if legal.can_check else Call() if legal.can_call else Show()
        events = session.act(action)
    assert set(owner.values()) == {0, 2, 3}


@dataclasses.dataclass(frozen=True, slots=True)
class _Leaky(Event):
    """A made-up event that names a card in its log line (to prove the watcher can fail)."""

    card: Card

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"psst: {self.card}"


def test_hidden_cards_the_watcher_catches_a_leaked_hole_card() -> None:
    watcher = Watcher(2)
    ace = c("Ah")[0]
    watcher.see_event(HoleDealt(0, 2, c("Ah Kd")), None)
    with pytest.raises(AssertionError):
        watcher.see_event(_Leaky(ace), None)
    with pytest.raises(AssertionError):
        watcher.check_view({"seat 0 holds": ace}, 1)
    watcher.check_view({"seat 0 holds": ace}, 0)


def test_hidden_cards_a_view_for_a_seat_not_in_the_hand_is_refused() -> None:
    hand = Hand(KRG, [0] * 3, 0, rng=random.Random(1))
    while hand.to_act != 0:
        legal = hand.legal_actions()
        hand.act(first_cards_thrown(hand, legal.discard_count))
    assert hand.discarded[2]
    for seat in (-1, 3):
        with pytest.raises(IllegalAction):
            hand.view_for(seat)
