"""Double Board Hold'em, added as one variant file: two boards, each winning half of every pot."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from homegame.cards import parse_cards
from homegame.cli import app
from homegame.engine.actions import Call, Check, Fold
from homegame.engine.events import BoardDealt, PotAwarded
from homegame.engine.hand import Hand
from homegame.engine.session import FreezeoutSession
from homegame.showdown import parse_board
from homegame.variants import DOUBLE_BOARD, get_variant

runner = CliRunner()
BOARDS = "Ah Kd 7c 2s 9h / Qs Qd 3c 4d 5h"


def test_the_two_boards_are_dealt_together_street_by_street() -> None:
    hand = Hand(DOUBLE_BOARD, [1000] * 3, 0, 10, 20, rng=random.Random(2))
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    rounds = [e for e in hand.events if isinstance(e, BoardDealt)]
    assert [len(e.cards) for e in rounds] == [6, 2, 2]
    assert [e.street for e in rounds] == ["flop", "turn", "river"]
    assert rounds[0].describe().startswith("Board 1 flop: ")
    assert "; board 2 flop: " in rounds[0].describe()
    assert len(hand.board) == 10 and len(set(hand.board.values())) == 10


def test_house_rule_4_each_board_wins_half_and_the_odd_chips_follow_the_rule_per_half() -> None:
    """Pot 30 (three callers of 10): board 1 to seat 1, board 2 split by seats 0 and 2 (7 and 8:
    the odd chip of that half to seat 2, first left of the button after seat 1)."""
    board = parse_board(DOUBLE_BOARD, BOARDS)
    hand = Hand(
        DOUBLE_BOARD,
        [1000] * 3,
        0,
        5,
        10,
        hole_cards=[parse_cards(h) for h in ("6c 7d", "Ac As", "6h 7s")],
        board=board,
        burn_cards=False,
    )
    for action in (Call(), Call(), Check()):
        hand.act(action)
    while not hand.is_over:
        hand.act(Check())
    awards = [(e.board, e.winners, e.amounts) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [(1, (1,), (15,)), (2, (0, 2), (7, 8))]
    assert hand.stacks == (997, 1005, 998)


def test_an_odd_pot_gives_board_1_the_odd_chip_of_the_halving() -> None:
    board = parse_board(DOUBLE_BOARD, BOARDS)
    hand = Hand(
        DOUBLE_BOARD,
        [1000] * 3,
        0,
        5,
        10,
        hole_cards=[parse_cards(h) for h in ("As Ac", "2c 2d", "Qc 8c")],
        board=board,
        burn_cards=False,
    )
    for action in (Call(), Fold(), Check()):
        hand.act(action)
    while not hand.is_over:
        hand.act(Check())
    awards = [(e.board, e.amount, e.winners) for e in hand.events if isinstance(e, PotAwarded)]
    assert awards == [(1, 13, (0,)), (2, 12, (2,))]


def test_a_freezeout_of_double_board_plays_to_a_winner_with_every_chip_kept() -> None:
    session = FreezeoutSession("double-board", ["A", "B", "C"], rng=random.Random(8), stack=200)
    rng = random.Random(1)
    while not session.is_over:
        session.start_deal()
        while session.in_hand:
            legal = session.legal_actions()
            if legal.can_all_in and rng.random() < 0.3:
                from homegame.engine.actions import AllIn

                session.act(AllIn())
            else:
                session.act(Check() if legal.can_check else Call())
        assert sum(session.stacks) == 600
    assert session.winner is not None


def test_showdown_json_adds_each_boards_winners_and_hands() -> None:
    result = runner.invoke(
        app,
        ["showdown", "double-board", "--board", BOARDS,
         "--player", "Ann=Ac Qc", "--player", "Bob=6c 7d", "--player", "Cy=Kh Kc", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"variant", "players", "winners", "boards"}
    first, second = data["boards"]
    assert first["board"] == 1 and first["winners"] == ["Cy"]
    assert second["board"] == 2 and second["winners"] == ["Bob"]
    assert [p["name"] for p in second["players"]] == ["Ann", "Bob", "Cy"]
    assert set(second["players"][1]) == {"name", "cards", "category"}
    assert second["players"][1]["category"] == "straight"
    assert data["winners"] == ["Bob", "Cy"]


def test_showdown_table_names_each_boards_winner() -> None:
    result = runner.invoke(
        app, ["showdown", "double-board", "--board", BOARDS, "--player", "A=Ac Qc",
              "--player", "B=6c 7d"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "board 1" in result.output and "Board 1: Winner: A" in result.output
    assert "Board 2: Winner: B" in result.output


def test_odds_on_two_flops() -> None:
    result = runner.invoke(
        app,
        ["odds", "double-board", "--board", "Ah Kd 7c / Qs Qd 3c",
         "--player", "A=Ac Qc", "--player", "B=6c 7d", "--samples", "4000", "--seed", "1",
         "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "monte-carlo" and data["samples"] == 4000
    a, b = data["players"]
    assert abs(a["equity"] + b["equity"] - 100) < 1e-6
    # A pairs board 1's ace and board 2's queens; B is drawing to straights on board 2 only.
    assert a["equity"] > 60 and a["tie"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["showdown", "double-board", "--board", "Ah Kd 7c 2s 9h", "--player", "A=Ac Qc"],
         "BOARD_1 / BOARD_2"),
        (["showdown", "double-board", "--board", "Ah Kd 7c 2s / Qs Qd 3c 4d 5h",
          "--player", "A=Ac Qc"], "has 4 cards"),
        (["showdown", "double-board", "--board", BOARDS, "--player", "A=Ah Qc"],
         "card Ah appears twice"),
        (["odds", "double-board", "--board", "Ah Kd / Qs Qd 3c", "--player", "A=Ac Qc",
          "--player", "B=?"], "dealt in rounds"),
    ],
)  # fmt: skip
def test_bad_double_board_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("homegame: error:")
    assert message in lines[0]


def test_it_is_registered_under_its_key() -> None:
    assert get_variant("double-board") is DOUBLE_BOARD
    assert DOUBLE_BOARD.boards == (1, 2)
