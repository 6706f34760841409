"""The games as data: layouts, groups and scripts (DESIGN.md 'variants/')."""

from __future__ import annotations

import pytest

from homegame.variants import (
    HOLDEM,
    KRG,
    VARIANTS,
    YUKON,
    Bet,
    DealBoard,
    DealHole,
    Discard,
    get_variant,
)


def test_holdem_layout_one_group_of_five_and_four_betting_rounds() -> None:
    assert HOLDEM.hole_cards == 2 and HOLDEM.kept_cards == 2
    assert len(HOLDEM.groups) == 1 and len(HOLDEM.groups[0].slots) == 5
    assert [s.street for s in HOLDEM.script if isinstance(s, Bet)] == [
        "preflop",
        "flop",
        "turn",
        "river",
    ]
    assert [len(r) for r in HOLDEM.board_rounds] == [3, 1, 1]
    assert (HOLDEM.min_players, HOLDEM.max_players) == (2, 10)


def test_yukon_rule_2_two_flops_of_two_a_turn_on_each_one_river() -> None:
    assert [len(r) for r in YUKON.board_rounds] == [4, 2, 1]
    assert len(YUKON.slots) == 7
    assert len([s for s in YUKON.script if isinstance(s, Bet)]) == 4


def test_yukon_rule_3_each_set_is_flop_turn_and_the_shared_river() -> None:
    a, b = YUKON.groups
    assert a.slots == ("flop A1", "flop A2", "turn A", "river")
    assert b.slots == ("flop B1", "flop B2", "turn B", "river")
    assert set(a.slots) & set(b.slots) == {"river"}
    assert YUKON.shared_slots == ("river",)
    assert YUKON.own_slots(a) == ("flop A1", "flop A2", "turn A")


def test_krg_rule_3_six_cards_discard_two_one_one_no_betting() -> None:
    assert KRG.hole_cards == 6
    assert [s.count for s in KRG.script if isinstance(s, Discard)] == [2, 1, 1]
    assert KRG.kept_cards == 2
    assert not KRG.has_betting and not any(isinstance(s, Bet) for s in KRG.script)
    # Discards come before the flop, after the flop and after the turn.
    kinds = [type(s).__name__ for s in KRG.script]
    assert kinds[:2] == ["DealHole", "Discard"]
    assert isinstance(KRG.script[0], DealHole) and KRG.script[0].count == 6


def test_krg_rule_1_4_and_house_rule_13_at_most_seven_players() -> None:
    assert (KRG.min_players, KRG.max_players) == (2, 7)
    assert KRG.deck_cards_needed(7, burn_cards=True) <= 52


def test_deck_suffices_for_ten_players_with_burns() -> None:
    assert HOLDEM.deck_cards_needed(10) == 20 + 5 + 3
    assert YUKON.deck_cards_needed(10) == 20 + 7 + 3


def test_get_variant_names_an_unknown_one() -> None:
    assert get_variant("YUKON") is YUKON
    with pytest.raises(ValueError, match="'razz'"):
        get_variant("razz")


def test_every_board_slot_is_dealt_exactly_once() -> None:
    for variant in VARIANTS.values():
        dealt = [slot for s in variant.script if isinstance(s, DealBoard) for slot in s.slots]
        assert sorted(dealt) == sorted(variant.slots)


def test_each_game_declares_its_deal_word_streets_kind_and_export_formats() -> None:
    assert {k: v.deal_word for k, v in VARIANTS.items()} == {
        "holdem": "hand",
        "yukon": "hand",
        "krg": "deal",
        "omaha": "hand",
        "double-board": "hand",
    }
    assert [k for k, v in VARIANTS.items() if v.has_series] == ["krg"]
    assert all(v.has_chips != v.has_series for v in VARIANTS.values())
    streets = ("preflop", "flop", "turn", "river")
    assert all(v.street_names == streets for v in VARIANTS.values())
    assert {k: v.export_formats for k, v in VARIANTS.items() if v.export_formats} == {
        "holdem": ("phh", "pokerstars")
    }
