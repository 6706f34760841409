"""A hand keeps every table seat: seats not dealt in are out, and nothing is renumbered."""

from __future__ import annotations

import random
from typing import TypedDict, Unpack

import pytest

from homegame.engine.actions import BetRaise, Call, Check, Fold
from homegame.engine.card_sources import CardSource, Dealt
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Acted, BlindPosted, HandEnded, HandStarted, HoleDealt
from homegame.engine.hand import Hand
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.seat_status import SeatStatus
from homegame.variants import HOLDEM, KRG

IN, OUT, AWAY = SeatStatus.IN, SeatStatus.OUT, SeatStatus.SITTING_OUT
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


class SeatRules(TypedDict, total=False):
    """What a test may change of the six seats' hand."""

    button: int
    small_blind_seat: int
    big_blind_seat: int
    status: list[SeatStatus]
    rng: random.Random | None
    cards: CardSource


def six_seats(**kw: Unpack[SeatRules]) -> Hand:
    """Seats 1 and 4 are busted; the button is on seat 4, a dead button."""
    args: SeatRules = {
        "button": 4,
        "small_blind_seat": 5,
        "big_blind_seat": 0,
        "status": [IN, OUT, IN, IN, OUT, IN],
        "rng": random.Random(3),
    }
    args.update(kw)
    stacks = [1000, 0, 800, 600, 0, 1200]
    return Hand(HOLDEM, stacks, small_blind=10, big_blind=20, names=NAMES, **args)


def test_events_views_and_legal_actions_are_in_table_seats() -> None:
    hand = six_seats()
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.button == 4
    assert started.stacks == (1000, 0, 800, 600, 0, 1200)
    blinds = [(e.seat, e.amount) for e in hand.events if isinstance(e, BlindPosted)]
    assert blinds == [(5, 10), (0, 20)]
    assert [e.seat for e in hand.events if isinstance(e, HoleDealt)] == [5, 0, 2, 3]
    assert hand.to_act == 2 and hand.legal_actions().seat == 2
    view = hand.view_for(3)
    assert [s.seat for s in view.seats] == [0, 2, 3, 5]
    assert view.button == 4 and not any(s.is_button for s in view.seats)
    assert [s.name for s in view.seats] == ["Ann", "Cy", "Dee", "Flo"]
    assert view.seats[2].cards == hand.hole_cards(3)
    assert {s.status for s in view.seats} == {IN}


def test_a_seat_not_dealt_in_cannot_act_see_or_win() -> None:
    hand = six_seats()
    with pytest.raises(IllegalAction, match="Bob is not in this hand"):
        hand.act(Fold(), seat=1)
    with pytest.raises(IllegalAction, match="Eve is not in this hand"):
        hand.view_for(4)
    with pytest.raises(IllegalAction, match="Bob is not in this hand"):
        hand.hole_cards(1)
    assert hand.status(1) is OUT and hand.status(4) is OUT


def test_the_live_seat_right_of_a_dead_button_acts_last_after_the_flop() -> None:
    hand = six_seats()
    for _ in range(4):
        legal = hand.legal_actions()
        hand.act(Call() if legal.can_call else Check())
    assert hand.street == "flop"
    order = []
    for _ in range(4):
        order.append(hand.to_act)
        hand.act(Check())
    assert order == [5, 0, 2, 3]


def test_a_hand_with_empty_seats_plays_exactly_as_the_same_players_seated_together() -> None:
    """Fixed seats change nothing but the numbers: same deal, same actions, same chips."""
    table = [0, 2, 3, 5]
    for seed in range(60):
        compact = Hand(HOLDEM, [1000, 800, 600, 1200], 3, 10, 20, cards=Dealt(random.Random(seed)))
        wide = six_seats(
            button=5,
            small_blind_seat=0,
            big_blind_seat=2,
            cards=Dealt(random.Random(seed)),
            rng=None,
        )
        policy = RandomPolicy(random.Random(seed))
        while not compact.is_over:
            assert compact.to_act is not None
            assert wide.to_act == table[compact.to_act]
            action = policy.choose(compact.legal_actions())
            compact.act(action)
            wide.act(action)
        assert wide.is_over
        assert wide.stacks == (*compact.stacks[:1], 0, *compact.stacks[1:3], 0, compact.stacks[3])
        assert len(wide.events) == len(compact.events)
        ended = wide.events[-1]
        assert isinstance(ended, HandEnded) and ended.net[1] == ended.net[4] == 0


def test_house_rule_21_a_seat_sitting_out_posts_and_checks_or_folds_in_turn() -> None:
    hand = six_seats(status=[IN, OUT, AWAY, IN, OUT, IN])
    folded = [e for e in hand.events if isinstance(e, Acted)]
    assert [(e.seat, e.kind.label) for e in folded] == [(2, "folds")]
    assert hand.to_act == 3 and hand.status(2) is SeatStatus.FOLDED


def test_a_seat_sitting_out_checks_when_it_can_and_may_sit_in_again() -> None:
    hand = six_seats(status=[AWAY, OUT, IN, IN, OUT, IN])  # the big blind sits out
    hand.act(Call())
    hand.act(Call())
    events = hand.act(Call())  # the small blind completes; the absent big blind checks
    assert [(e.seat, e.kind.label) for e in events if isinstance(e, Acted)] == [
        (5, "calls"),
        (0, "checks"),
    ]
    assert hand.street == "flop" and hand.status(0) is AWAY
    hand.sit_in(0)
    hand.act(Check())
    assert hand.to_act == 0 and hand.status(0) is IN
    hand.act(BetRaise(40))
    assert hand.to_act == 2


def test_a_krg_deal_seats_only_the_players_still_in_the_series() -> None:
    hand = Hand(KRG, [0] * 4, 2, rng=random.Random(1), status=[IN, OUT, IN, IN])
    assert [e.seat for e in hand.events if isinstance(e, HoleDealt)] == [3, 0, 2]
    assert hand.to_act == 3


def test_a_bad_status_list_is_refused() -> None:
    with pytest.raises(ValueError, match="status"):
        six_seats(status=[IN, OUT])
    with pytest.raises(ValueError, match="status"):
        six_seats(status=[IN, OUT, SeatStatus.FOLDED, IN, OUT, IN])
    with pytest.raises(ValueError, match="not a seat in this hand"):
        six_seats(big_blind_seat=1)
