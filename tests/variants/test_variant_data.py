"""Scoring and betting as variant data: pot-limit betting and pots shared between boards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from homegame.cards import parse_cards
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Fold
from homegame.engine.errors import IllegalAction
from homegame.engine.events import PotAwarded
from homegame.engine.hand import Hand
from homegame.variants import HOLDEM, Bet, DealBoard, DealHole, Group, Showdown, Structure

POT_LIMIT = replace(HOLDEM, key="test-pot-limit", structure=Structure.POT_LIMIT)
SECOND = tuple(f"board 2 {s}" for s in HOLDEM.slots)
TWO_BOARDS = replace(
    HOLDEM,
    key="test-two-boards",
    slots=(*HOLDEM.slots, *SECOND),
    groups=(Group("1", HOLDEM.slots, 1), Group("2", SECOND, 2)),
    script=(
        DealHole(2, "preflop"),
        Bet("preflop"),
        DealBoard((*HOLDEM.slots[:3], *SECOND[:3]), "flop"),
        Bet("flop"),
        DealBoard((HOLDEM.slots[3], SECOND[3]), "turn"),
        Bet("turn"),
        DealBoard((HOLDEM.slots[4], SECOND[4]), "river"),
        Bet("river"),
        Showdown(),
    ),
)
BOARDS = "Ah Kd 7c 2s 9h Qs Qd 3c 4d 5h"


def test_pot_limit_caps_a_raise_at_the_pot_after_the_call() -> None:
    hand = Hand(POT_LIMIT, [1000] * 4, 0, 10, 20, rng=random.Random(1))
    legal = hand.legal_actions()  # under the gun: 30 in the pot, 20 to call -> raise to 70
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 70)
    assert not legal.can_all_in
    with pytest.raises(IllegalAction, match="pot-limit, the most is raise to 70"):
        hand.act(BetRaise(71))
    with pytest.raises(IllegalAction, match="pot-limit"):
        hand.act(AllIn())
    hand.act(BetRaise(70))
    legal = hand.legal_actions()  # 100 in the pot, 70 to call -> raise to 240
    assert (legal.min_raise_to, legal.max_raise_to) == (120, 240)


def test_pot_limit_all_in_is_allowed_when_the_stack_is_within_the_pot() -> None:
    hand = Hand(POT_LIMIT, [1000, 1000, 60], 2, 10, 20, rng=random.Random(1))
    hand.act(Call())  # seat 2 under the gun... the button calls
    assert hand.to_act == 0
    legal = hand.legal_actions()
    assert legal.can_all_in is False and legal.max_raise_to == 80
    hand.act(Call())
    hand.act(Check())
    assert hand.street == "flop"
    hand.act(Check())
    hand.act(Check())
    legal = hand.legal_actions()  # the button, 40 behind, pot 60: all-in is within the pot
    assert legal.can_all_in and legal.max_raise_to == 40


def two_board_hand(holes: list[str], actions: list[Action]) -> Hand:
    board = dict(zip(TWO_BOARDS.slots, parse_cards(BOARDS), strict=True))
    hand = Hand(
        TWO_BOARDS,
        [1000] * 3,
        0,
        5,
        10,
        hole_cards=[parse_cards(h) for h in holes],
        board=board,
        burn_cards=False,
    )
    for action in actions:
        hand.act(action)
    while not hand.is_over:
        hand.act(Check())
    return hand


def test_each_board_wins_its_share_and_board_1_takes_the_odd_chip_of_the_halving() -> None:
    hand = two_board_hand(["As Ac", "2c 2d", "Qc 8c"], [Call(), Fold(), Check()])
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(e.board, e.amount, e.winners) for e in awards] == [(1, 13, (0,)), (2, 12, (2,))]
    assert hand.stacks == (1003, 995, 1002)
    assert "board 1's share of the main pot (13)" in awards[0].describe(["A", "B", "C"])
    (pot,) = hand.pots
    assert pot.amount == 25 and pot.winners == (0, 2) and pot.shares == (13, 12)


def test_house_rule_4_the_odd_chip_of_each_share_goes_left_of_the_button() -> None:
    hand = two_board_hand(["6c 7d", "Ac As", "6h 7s"], [Call(), Call(), Check()])
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    # Board 2's 15 splits between seats 0 and 2: seat 2 is the first left of the button (0)
    # after seat 1, so it gets the odd chip.
    assert [(e.board, e.winners, e.amounts) for e in awards] == [
        (1, (1,), (15,)),
        (2, (0, 2), (7, 8)),
    ]
    assert hand.stacks == (997, 1005, 998)
    assert sum(hand.stacks) == 3000
