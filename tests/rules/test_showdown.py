"""Showdown for all three games, from the rules documents' worked examples."""

from __future__ import annotations

import pytest
from every_game import ALL

from homegame.cards import Card, parse_cards
from homegame.ranking import best_hand
from homegame.showdown import parse_board, showdown
from homegame.variants import HOLDEM, KRG, YUKON, Variant


def _players(**hands: str) -> dict[str, list[Card]]:
    return {name: parse_cards(cards) for name, cards in hands.items()}


def test_yukon_article_3_example_one_set_only() -> None:
    """Set A: A♦5♣ turn 5♥; set B: 9♠9♣ turn K♦; river 4♠. P1 A♥9♦ plays B; P2 5♠5♦ wins."""
    board = parse_board(YUKON, "Ad 5c 5h / 9s 9c Kd / 4s")
    result = showdown(YUKON, board, _players(P1="Ah 9d", P2="5s 5d"))
    p1, p2 = result.hands["P1"], result.hands["P2"]
    assert p1.group == "B" and p1.category == "three of a kind"
    assert sorted(map(str, p1.cards)) == sorted(["9d", "9s", "9c", "Ah", "Kd"])
    assert p2.group == "A" and p2.category == "four of a kind"
    assert "Ah" in map(str, p2.cards) or "Ad" in map(str, p2.cards)
    assert result.winners == ("P2",)


def test_yukon_rule_3_2_the_ace_of_set_a_cannot_join_the_nines() -> None:
    board = parse_board(YUKON, "Ad 5c 5h / 9s 9c Kd / 4s")
    hand = best_hand(YUKON, parse_cards("Ah 9d"), board)
    assert "Ad" not in map(str, hand.cards)


def test_yukon_rule_3_2_flush_across_both_sets_does_not_count() -> None:
    # Hearts: two in hand, two in set A, one in set B -> five hearts only across both sets.
    board = parse_board(YUKON, "2h 3h 9c / 7h Jd Qs / Kc")
    hand = best_hand(YUKON, parse_cards("Ah 8h"), board)
    assert hand.category != "flush"
    assert (
        best_hand(HOLDEM, parse_cards("Ah 8h"), parse_board(HOLDEM, "2h 3h 7h Jd Kc")).category
        == "flush"
    )


def test_yukon_rule_3_2_straight_across_both_sets_does_not_count() -> None:
    # 5-6 in hand, 7-8 in set A, 9 in set B: a straight only across both sets.
    board = parse_board(YUKON, "7c 8d Kh / 9s 2d 2c / Jh")
    hand = best_hand(YUKON, parse_cards("5s 6h"), board)
    assert hand.category != "straight"
    assert hand.category == "one pair" and hand.group == "B"


def test_yukon_river_plays_in_both_sets() -> None:
    board = parse_board(YUKON, "Kc Kd 2s / Qc Qd 3s / Ah")
    a = best_hand(YUKON, parse_cards("Ac 7d"), board)
    assert a.group == "A" and a.category == "two pair"
    assert "Ah" in map(str, a.cards)
    b = best_hand(YUKON, parse_cards("Qh 7d"), board)
    assert b.group == "B" and b.category == "three of a kind"
    board2 = parse_board(YUKON, "Kc Kd 2s / Qc Qd 3s / Qs")
    assert "Qs" in map(str, best_hand(YUKON, parse_cards("Qh 7d"), board2).cards)


def test_krg_article_4_example_fours_full_of_nines_wins() -> None:
    board = parse_board(KRG, "Qh 9c 9d 4s 2h")
    result = showdown(KRG, board, _players(A="Kh Ks", B="Qc Jc", C="4d 4c"))
    assert result.hands["A"].category == "two pair"
    assert result.hands["B"].category == "two pair"
    assert result.hands["C"].category == "full house"
    assert result.hands["A"].value > result.hands["B"].value  # kings and nines beat queens
    assert result.winners == ("C",)


def test_holdem_equal_hands_split_suits_never_break_ties() -> None:
    board = parse_board(HOLDEM, "Ah Kd Qs Jc 2h")
    result = showdown(HOLDEM, board, _players(Ann="Tc 3d", Bob="Th 4s", Cy="9c 9d"))
    assert result.winners == ("Ann", "Bob")
    assert result.hands["Ann"].category == "straight"


def test_board_plays_for_everyone_is_a_split() -> None:
    board = parse_board(HOLDEM, "As Ks Qs Js Ts")
    result = showdown(HOLDEM, board, _players(Ann="2c 3d", Bob="4h 5h"))
    assert result.winners == ("Ann", "Bob")
    assert result.hands["Ann"].category == "royal flush"


def test_yukon_ties_split_even_on_different_sets() -> None:
    board = parse_board(YUKON, "Kc Kd 2s / Kh Ks 3s / 7c")
    result = showdown(YUKON, board, _players(Ann="Ac 8d", Bob="Ad 8c"))
    assert result.winners == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("variant", "text", "message"),
    [
        (HOLDEM, "Ah Kd Qs Jc", "4 cards"),
        (HOLDEM, "Ah Kd Qs Jc Ah", "twice"),
        (YUKON, "Ad 5c 5h / 9s 9c Kd", "SET_A"),
        (YUKON, "Ad 5c / 9s 9c Kd / 4s", "2 cards"),
        (KRG, "Ah Kd Qs Jc Zz", "'Zz'"),
    ],
)
def test_bad_boards_say_what_is_wrong(variant: Variant, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_board(variant, text)


def test_partial_boards_are_whole_rounds() -> None:
    assert parse_board(HOLDEM, "", partial=True) == {}
    assert len(parse_board(HOLDEM, "Ah Kd Qs", partial=True)) == 3
    assert len(parse_board(YUKON, "Ah Kd / Qs Jc / ", partial=True)) == 4
    with pytest.raises(ValueError, match="rounds"):
        parse_board(HOLDEM, "Ah Kd", partial=True)
    with pytest.raises(ValueError, match="rounds"):
        parse_board(YUKON, "Ah Kd 2c / Qs / ", partial=True)


def test_showdown_needs_a_complete_board() -> None:
    with pytest.raises(ValueError, match="missing"):
        showdown(HOLDEM, parse_board(HOLDEM, "Ah Kd Qs", partial=True), _players(A="2c 3c"))


def test_hand_value_agrees_with_best_hand_in_every_game() -> None:
    import random

    from homegame.cards import Deck
    from homegame.ranking import hand_value

    rng = random.Random(5)
    for variant in ALL:
        for _ in range(180):
            deck = Deck(rng=rng)
            hole = deck.deal(variant.kept_cards)
            board = dict(zip(variant.slots, deck.deal(len(variant.slots)), strict=True))
            assert hand_value(variant, hole, board) == best_hand(variant, hole, board).value
