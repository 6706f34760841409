"""Card sources: a hand asks its source for every card (dealt, entered by a host, replayed)."""

from __future__ import annotations

import random

import pytest

from homegame.cards import ALL_CARDS, Card, parse_cards
from homegame.engine.actions import Call, Check
from homegame.engine.card_sources import Dealt, Entered, Replayed, dealt_cards
from homegame.engine.events import BoardDealt, HoleDealt
from homegame.engine.hand import Hand
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.variants import HOLDEM, KRG, YUKON


def _deal(hand: Hand) -> tuple[tuple[tuple[Card | None, ...], ...], dict[str, Card]]:
    """Every seat's hole cards and the board so far."""
    return tuple(hand.hole_cards(s) for s in range(hand.n)), dict(hand.board)


def _check_down(hand: Hand) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())


def test_a_seeded_deck_deals_the_same_cards_every_time() -> None:
    one = Hand(HOLDEM, [1000] * 4, 0, 10, 20, cards=Dealt(random.Random(7)))
    two = Hand(HOLDEM, [1000] * 4, 0, 10, 20, rng=random.Random(7))
    _check_down(one)
    _check_down(two)
    assert _deal(one) == _deal(two)
    other = Hand(HOLDEM, [1000] * 4, 0, 10, 20, cards=Dealt(random.Random(8)))
    assert _deal(other)[0] != _deal(one)[0]


def test_a_real_game_shuffles_with_the_os_source() -> None:
    """DESIGN.md: the real game's deck is shuffled by secrets.SystemRandom, not a seeded PRNG."""
    assert isinstance(Dealt().rng, random.SystemRandom)
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Dealt())
    cards = [c for s in range(3) for c in hand.hole_cards(s)]
    assert len(set(cards)) == 6


def test_every_card_dealt_appears_in_the_events_in_dealing_order() -> None:
    for variant, players in ((HOLDEM, 6), (YUKON, 5)):
        hand = Hand(variant, [1000] * players, 1, 10, 20, rng=random.Random(3))
        _check_down(hand)
        holes = [e for e in hand.events if isinstance(e, HoleDealt)]
        boards = [e for e in hand.events if isinstance(e, BoardDealt)]
        assert {e.seat for e in holes} == set(range(hand.n))
        recorded = dealt_cards(hand.events)
        assert len(set(recorded)) == len(recorded)
        assert set(recorded) >= set(hand.board.values())
        assert sum(len(b.slots) for b in boards) == len(hand.board) == len(variant.slots)
        assert len(recorded) == players * 2 + len(variant.slots)


def test_entered_cards_are_unknown_until_the_host_types_them() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Entered())
    assert all(c is None for s in range(3) for c in hand.hole_cards(s))
    assert [e.cards for e in hand.events if isinstance(e, HoleDealt)] == [None, None, None]
    for _ in range(3):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    assert hand.dealt_slots == ["flop 1", "flop 2", "flop 3"] and hand.board == {}
    hand.reveal_board("flop 1", parse_cards("Ah")[0])
    assert hand.board == {"flop 1": parse_cards("Ah")[0]}


def test_a_full_record_replays_the_same_deal() -> None:
    first = Hand(YUKON, [1000] * 4, 2, 10, 20, rng=random.Random(11))
    _check_down(first)
    record = dealt_cards(first.events)
    again = Hand(YUKON, [1000] * 4, 2, 10, 20, cards=Replayed([record], random.Random(99)))
    _check_down(again)
    assert _deal(again) == _deal(first)
    assert dealt_cards(again.events) == record


def test_a_record_cut_short_keeps_its_cards_and_shuffles_the_rest_afresh() -> None:
    """Resume: the cards seen so far stay; the cards not yet dealt come from a new shuffle."""
    first = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(5))
    _check_down(first)
    record = dealt_cards(first.events)
    seen = record[:6]  # the hole cards only: the hand was saved before the flop
    results = set()
    for seed in range(4):
        again = Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Replayed([seen], random.Random(seed)))
        _check_down(again)
        assert _deal(again)[0] == _deal(first)[0]
        board = list(again.board.values())
        assert len(board) == 5 and not set(board) & set(seen)
        results.add(tuple(board))
    assert len(results) > 1


def test_deals_past_the_record_are_dealt_fresh_and_each_deck_is_whole() -> None:
    source = Replayed([parse_cards("As Ks Qs Js")], random.Random(1))
    first = Hand(HOLDEM, [1000] * 2, 0, 10, 20, cards=source)
    assert [first.hole_cards(1), first.hole_cards(0)] == [
        tuple(parse_cards("As Ks")),
        tuple(parse_cards("Qs Js")),
    ]
    for _ in range(30):
        hand = Hand(KRG, [0] * 7, 0, cards=source)
        cards = [c for s in range(7) for c in hand.hole_cards(s)]
        assert len(set(cards)) == 42 and set(cards) <= set(ALL_CARDS)


def test_a_record_holding_a_card_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        Hand(HOLDEM, [1000] * 2, 0, 10, 20, cards=Replayed([parse_cards("As As")]))


def test_a_session_replays_its_whole_game_from_the_record() -> None:
    """The journal's resume: the same session inputs and the recorded cards give the same game."""

    Deal = tuple[tuple[tuple[Card | None, ...], ...], dict[str, Card]]

    def play(cards: Dealt | Replayed) -> tuple[list[Deal], list[tuple[Card, ...]]]:
        session = FreezeoutSession("holdem", ["A", "B", "C"], rng=random.Random(4), cards=cards)
        holes: list[Deal] = []
        records: list[tuple[Card, ...]] = []
        for _ in range(6):
            session.start_deal()
            assert session.hand is not None
            holes.append(_deal(session.hand))
            while session.in_hand:
                legal = session.legal_actions()
                session.act(Check() if legal.can_check else Call())
            records.append(dealt_cards(session.hand.events))
        return holes, records

    holes, records = play(Dealt(random.Random(21)))
    replayed, again = play(Replayed(records, random.Random(0)))
    assert replayed == holes and again == records


def test_a_krg_series_takes_a_card_source() -> None:
    session = KrgSession(["A", "B", "C"], rng=random.Random(2), cards=Entered(), dealer=0)
    session.start_deal()
    assert session.hand is not None
    assert all(c is None for s in range(3) for c in session.hand.hole_cards(s))
