"""Views carry the hand's number and the action history the viewer may see (Event.visible_to)."""

from __future__ import annotations

import random

from homegame.engine.actions import Call, Check, Discard
from homegame.engine.events import Acted, Discarded, HandStarted, HoleDealt
from homegame.engine.hand import Hand
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.variants import HOLDEM, KRG


def test_a_seat_sees_its_own_cards_in_the_history_and_nobody_elses() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(4))
    hand.act(Call())
    for seat in (0, 1, 2, None):
        history = hand.view_for(seat).history
        assert len(history) == len(hand.events)
        dealt = [e for e in history if isinstance(e, HoleDealt)]
        assert {e.seat for e in dealt if e.cards is not None} == (
            {seat} if seat is not None else set()
        )
        assert [type(e) for e in history] == [type(e) for e in hand.events]
    mine = next(e for e in hand.view_for(1).history if isinstance(e, HoleDealt) and e.seat == 1)
    assert mine.cards == hand.hole_cards(1)
    assert isinstance(hand.view_for(2).history[-1], Acted)


def test_the_history_follows_the_hand_as_it_goes() -> None:
    hand = Hand(HOLDEM, [1000] * 2, 0, 10, 20, rng=random.Random(1))
    before = hand.view_for(0).history
    hand.act(Call())
    hand.act(Check())
    after = hand.view_for(0).history
    assert after[: len(before)] == before and len(after) > len(before)


def test_discards_are_in_the_discarders_history_only() -> None:
    hand = Hand(KRG, [0] * 3, 0, rng=random.Random(2))
    seat = hand.to_act
    assert seat is not None
    hand.act(Discard(tuple(c for c in hand.hole_cards(seat)[:2] if c is not None)))
    for viewer in (0, 1, 2):
        (discard,) = [e for e in hand.view_for(viewer).history if isinstance(e, Discarded)]
        assert (discard.cards is not None) == (viewer == seat)


def test_views_name_the_hand_they_belong_to() -> None:
    session = FreezeoutSession("holdem", ["A", "B", "C"], rng=random.Random(3))
    for number in (1, 2, 3):
        session.start_deal()
        view = session.view_for(None)
        assert view.hand_id == number
        assert isinstance(view.history[0], HandStarted)
        while session.in_hand:
            legal = session.legal_actions()
            session.act(Check() if legal.can_check else Call())
    series = KrgSession(["A", "B"], rng=random.Random(3), dealer=0)
    series.start_deal()
    assert series.view_for(0).hand_id == 1
