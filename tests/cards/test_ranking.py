"""One ranking module for every game: the hand type and the boards are the variant's data."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations

import pytest
from every_game import ALL

from homegame.cards import ALL_CARDS, Card, parse_cards
from homegame.evaluator import Category, category, evaluate
from homegame.ranking import (
    best_hand,
    board_values,
    group_value,
    group_values,
    hand_value,
    kept_value,
)
from homegame.variants import HOLDEM, KRG, Group, HandType, Variant

OMAHA_RULE = replace(HOLDEM, key="test-omaha", hole_cards=4, hand_type=HandType.TWO_PLUS_THREE)
TWO_BOARDS = replace(
    HOLDEM,
    key="test-two-boards",
    slots=(*HOLDEM.slots, *(f"2 {s}" for s in HOLDEM.slots)),
    groups=(Group("1", HOLDEM.slots, 1), Group("2", tuple(f"2 {s}" for s in HOLDEM.slots), 2)),
)


def board_of(variant: Variant, text: str) -> dict[str, Card]:
    return dict(zip(variant.slots, parse_cards(text), strict=True))


def test_omaha_uses_exactly_two_hole_cards_and_three_of_the_board() -> None:
    # Four hearts in the hand and one on the board is no flush: two hole cards at most.
    board = board_of(OMAHA_RULE, "2h 7c 9d Js Qc")
    made = best_hand(OMAHA_RULE, parse_cards("Ah Kh 5h 3h"), board)
    assert made.category == "high card"
    # Four of a suit on the board and one in the hand is no flush either.
    board = board_of(OMAHA_RULE, "2h 7h 9h Jh Qc")
    made = best_hand(OMAHA_RULE, parse_cards("Ah Kc Kd 3s"), board)
    assert made.category == "one pair" and sum(c in board.values() for c in made.cards) == 3
    # Aces full of queens would take three hole cards (Ah Ad Qd): Omaha makes three queens.
    board = board_of(OMAHA_RULE, "Qh Qs 9c 4d 2h")
    made = best_hand(OMAHA_RULE, parse_cards("Ah Ad Kc Qd"), board)
    assert made.category == "three of a kind"
    assert best_hand(HOLDEM, parse_cards("Ah Ad"), board).category == "two pair"


def test_omaha_value_is_the_best_of_every_two_plus_three() -> None:
    rng = random.Random(5)
    for _ in range(200):
        cards = rng.sample(ALL_CARDS, 9)
        hole, board = cards[:4], cards[4:]
        brute = max(
            evaluate([*two, *three])
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        assert group_value(HandType.TWO_PLUS_THREE, hole, board) == brute
        assert (
            hand_value(OMAHA_RULE, hole, dict(zip(OMAHA_RULE.slots, board, strict=True))) == brute
        )
        assert (
            best_hand(OMAHA_RULE, hole, dict(zip(OMAHA_RULE.slots, board, strict=True))).value
            == brute
        )


def test_best_five_is_the_evaluator_over_the_best_group() -> None:
    rng = random.Random(2)
    one_board = [v for v in ALL if v.hand_type is HandType.BEST_FIVE and len(v.boards) == 1]
    for variant in one_board:
        for _ in range(100):
            cards = rng.sample(ALL_CARDS, 2 + len(variant.slots))
            board = dict(zip(variant.slots, cards[2:], strict=True))
            groups = [[board[s] for s in g.slots] for g in variant.groups]
            expected = max(evaluate([*cards[:2], *g]) for g in groups)
            assert hand_value(variant, cards[:2], board) == expected
            assert board_values(variant, cards[:2], board) == (expected,)
    assert group_values(HandType.BEST_FIVE, [cards[:2]], cards[2:7]) == [evaluate(cards[:7])]


def test_krg_before_its_discards_is_valued_at_its_best_kept_two() -> None:
    hole = parse_cards("As Ad Kh 7c 3d 2s")
    board = parse_cards("Ah Ac 9d 8h 4s")
    value = kept_value(KRG, hole, [board])
    assert category(value) is Category.FOUR_OF_A_KIND
    assert value == max(evaluate([*pair, *board]) for pair in combinations(hole, 2))


def test_every_board_is_ranked_on_its_own() -> None:
    board = board_of(TWO_BOARDS, "Ah Kd 7c 2s 9h Qs Qd 3c 4d 5h")
    hole = parse_cards("Ac Qc")
    first, second = board_values(TWO_BOARDS, hole, board)
    assert category(first) is Category.ONE_PAIR and category(second) is Category.THREE_OF_A_KIND
    assert best_hand(TWO_BOARDS, hole, board, on=2).group == "2"
    with pytest.raises(ValueError):
        group_value(HandType.TWO_PLUS_THREE, hole[:1], list(board.values()))
