"""The widgets' text: cards, seats, pots, presets, in plain words a person can read."""

from __future__ import annotations

import random
from dataclasses import replace

from homegame.cards import parse_card, parse_cards
from homegame.engine import Hand
from homegame.engine.actions import LegalActions
from homegame.engine.views import HandView
from homegame.play.bet_choices import preset_amounts
from homegame.tui.palette import themed
from homegame.tui.widgets.card import BACK, FACE_BLACK, FACE_RED, card_face, card_text
from homegame.tui.widgets.odds import odds_text
from homegame.tui.widgets.pot import pots_text
from homegame.tui.widgets.seat import SeatInfo, seat_text
from homegame.variants import get_variant
from homegame.work import odds


def test_cards_show_rank_and_suit_red_for_hearts_and_diamonds_and_a_back() -> None:
    assert card_face(parse_card("Th")) == "10♥"
    assert card_face(parse_card("As")) == "A♠"
    assert card_text(parse_card("Kd")).style == themed(FACE_RED)
    assert card_text(parse_card("Kh")).style == themed(FACE_RED)
    assert card_text(parse_card("Kc")).style == themed(FACE_BLACK)
    back = card_text(None)
    assert back.plain == "▒▒▒▒" and back.style == themed(BACK)


def test_seat_line_marks_button_blinds_bet_turn_and_status() -> None:
    line = seat_text(
        SeatInfo(
            "Ann",
            stack=1480,
            bet=20,
            button=True,
            big_blind=True,
            to_act=True,
            cards=tuple(parse_cards("Ah Kd")),
        )
    ).plain
    assert line.startswith("▶ Ann")
    assert "D BB" in line and "1,480" in line and " 20 " in line
    assert "A♥" in line and "K♦" in line
    folded = seat_text(SeatInfo("Bob", stack=900, folded=True)).plain
    assert "folded" in folded and not folded.startswith("▶")
    allin = seat_text(SeatInfo("Cleo", stack=0, all_in=True, cards=(None, None))).plain
    assert "ALL-IN" in allin and allin.count("▒▒▒▒") == 2
    assert "sitting out" in seat_text(SeatInfo("Dev", stack=5, sitting_out=True)).plain


def test_krg_seat_counts_hidden_cards_instead_of_drawing_six_backs() -> None:
    line = seat_text(SeatInfo("Bot", cards=(None,) * 6)).plain
    assert "6 cards" in line and line.count("▒▒▒▒") == 1


def test_pots_line_names_who_can_win_each_side_pot() -> None:
    text = pots_text([(300, ["Ann", "Bob", "Cleo"]), (400, ["Bob", "Cleo"])], in_front=50).plain
    assert text == ("Main pot 300 (Ann, Bob, Cleo)  ·  Side pot 1 400 (Bob, Cleo)   + 50 in bets")
    assert pots_text([(120, ["Ann", "Bob"])]).plain == "Pot 120"
    assert pots_text([], in_front=30).plain == "Pot 30 (bets in front)"


def test_raise_presets_are_clamped_to_the_legal_range() -> None:
    legal = LegalActions(
        0,
        can_fold=True,
        call_amount=20,
        min_raise_to=40,
        max_raise_to=500,
        can_all_in=True,
        all_in_to=500,
        to_call=20,
        current_bet=20,
    )
    presets = preset_amounts(legal, pot=30)
    assert presets == {"min": 40, "half pot": 45, "pot": 70, "all-in": 500}
    opening = LegalActions(0, can_check=True, min_raise_to=20, max_raise_to=100, current_bet=0)
    assert preset_amounts(opening, pot=1000)["pot"] == 100
    assert preset_amounts(opening, pot=10)["half pot"] == 20


def _odds_view(game: str, hole: str, board: dict[str, str]) -> HandView:
    """A two-seat view with what the odds read set: the viewer's cards, one live rival whose
    cards are hidden, and the board."""
    rng = random.Random(0)
    hand = Hand(get_variant(game), [1000, 1000], button=0, small_blind=10, big_blind=20, rng=rng)
    view = hand.view_for(0)
    me, rival = view.seats
    cards = {slot: parse_card(c) for slot, c in board.items()}
    seats = (
        replace(me, folded=False, cards=tuple(parse_cards(hole))),
        replace(rival, folded=False, cards=None),
    )
    return replace(view, seats=seats, board=tuple(cards.items()))


def test_odds_say_made_hand_not_zero_outs_and_krg_waits_for_the_discard() -> None:
    board = {"flop 1": "Qh", "flop 2": "Jh", "flop 3": "Th"}
    text = odds_text(odds(_odds_view("holdem", "Ah Kh", board), random.Random(1))).plain
    assert "made hand" in text and "0 outs" not in text
    early = odds_text(odds(_odds_view("krg", "Ah Kh 2c 3d", {}), random.Random(1))).plain
    assert early == "Odds: after the discard"


# Issue 28 item 7: the outs, and Double Board's boards named as boards.
def test_the_odds_count_no_card_that_only_pairs_the_board() -> None:
    board = {"flop 1": "5h", "flop 2": "Ac", "flop 3": "9s"}
    text = odds_text(odds(_odds_view("holdem", "Jc Td", board), random.Random(1))).plain
    assert "\n6 outs" in text and "15 outs" not in text


def test_double_boards_outs_name_board_1_and_board_2_not_sets() -> None:
    flops = ("flop 1", "flop 2", "flop 3")
    board = {
        **{f"board 1 {s}": c for s, c in zip(flops, ("2h", "7h", "Kc"), strict=True)},
        **{f"board 2 {s}": c for s, c in zip(flops, ("3d", "8s", "Qc"), strict=True)},
    }
    text = odds_text(odds(_odds_view("double-board", "9h 8h", board), random.Random(1))).plain
    assert "outs (board 1)" in text and "outs (board 2)" in text
    assert "set" not in text
