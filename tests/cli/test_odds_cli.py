"""`homegame odds`: percentages, JSON form, KRG keep advice and one-line errors with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from homegame.bots.equity import equity
from homegame.cards import parse_cards
from homegame.cli import app
from homegame.showdown import parse_board
from homegame.variants import HOLDEM

runner = CliRunner()


def _run(*args: str, env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, ["odds", *args], env=env)


def _json(*args: str) -> dict[str, Any]:
    result = _run(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)  # a JSON document: any JSON value
    return data


def test_flop_heads_up_is_exact_and_matches_the_engine() -> None:
    data = _json("holdem", "--board", "2h 7h Qc", "--player", "A=Ah Kh", "--player", "B=Qs Qd")
    assert data["method"] == "exact" and data["samples"] == 990
    want = equity(
        HOLDEM,
        parse_board(HOLDEM, "2h 7h Qc", partial=True),
        [parse_cards("AhKh"), parse_cards("QsQd")],
    )
    a, b = data["players"]
    assert (a["name"], b["name"]) == ("A", "B")
    assert a["equity"] == pytest.approx(100 * want.equity[0], abs=1e-3)
    assert a["win"] + b["win"] + a["tie"] == pytest.approx(100, abs=1e-3)
    assert set(a) == {"name", "win", "tie", "equity"}


def test_empty_board_preflop_exact_all_boards() -> None:
    data = _json("holdem", "--player", "A=Ah Kh", "--player", "B=Qs Qd", "--exact")
    assert data["samples"] == 1_712_304
    assert data["players"][0]["equity"] == pytest.approx(46.21, abs=0.01)


def test_samples_and_seed_give_a_repeatable_monte_carlo() -> None:
    args = ("holdem", "--player", "A=Ah Kh", "--player", "B=?", "--samples", "3000", "--seed", "7")
    first, again = _json(*args), _json(*args)
    assert first == again
    assert first["method"] == "monte-carlo" and first["samples"] == 3000
    assert 60 < first["players"][0]["equity"] < 72  # AKs v a random hand: about 67%


def test_yukon_partly_dealt_sets() -> None:
    data = _json(
        "yukon", "--board", "Ad 5c / 9s 9c", "--player", "P1=Ah 9d", "--player", "P2=5s 5d",
        "--samples", "2000", "--seed", "1",
    )  # fmt: skip
    assert data["players"][0]["equity"] > 70  # trips in set B against a pair that needs a five


def test_krg_more_than_two_cards_reports_the_best_keep() -> None:
    data = _json(
        "krg", "--board", "Ac 7h 2c 7s", "--player", "A=Ah 9s 3d", "--player", "B=Kd Kc"
    )  # fmt: skip
    a = data["players"][0]
    assert len(a["keep"]) == 2 and "Ah" in a["keep"]
    assert a["keep_equity"] > 90
    table = _run("krg", "--player", "A=Ah Ad 7c 2d 9s 3h", "--player", "B=?", "--samples", "300")
    assert table.exit_code == 0, table.output
    assert "keep now" in table.output


def test_krg_table_writes_the_cards_to_keep_as_it_writes_the_hand() -> None:
    """Issue 28 item 11: the keep column said 'Ah Kd 9h Td' beside the hand's 'A♥ K♦ ...'."""
    args = ("krg", "--player", "A=Ah Ad 7c 2d 9s 3h", "--player", "B=?", "--samples", "300")
    table = _run(*args, "--seed", "1", env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    row = next(line for line in table.output.splitlines() if " A " in line or "│ A " in line)
    assert "A♥" in row and "Ah" not in row and "Ad" not in row, row


def test_krg_table_names_both_equities_so_they_do_not_look_contradictory() -> None:
    args = ("krg", "--player", "A=Ah Ad 7c 2d 9s 3h", "--player", "B=?", "--samples", "300")
    data = _json(*args, "--seed", "1")
    a = data["players"][0]
    assert a["keep_equity"] < a["equity"]
    table = _run(*args, "--seed", "1", env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    header = next(line for line in table.output.splitlines() if "player" in line)
    assert "equity % (all cards)" in header and "equity % (kept)" in header
    assert "equity % (kept): after throwing the rest away" in " ".join(table.output.split())


def test_one_case_and_one_sample_are_singular() -> None:
    river = _run(
        "holdem", "--board", "2h 7h Qc 3d 4d", "--player", "A=Ah Kh", "--player", "B=Qs Qd"
    )
    assert river.exit_code == 0, river.output
    assert "Exact: 1 case." in river.output
    one = _run("holdem", "--player", "A=Ah Kh", "--player", "B=?", "--samples", "1", "--seed", "2")
    assert one.exit_code == 0, one.output
    assert "Monte Carlo: 1 sample, seed 2." in one.output


def test_players_with_unknown_cards_only_count_as_players() -> None:
    data = _json("holdem", "--player", "Ann=?", "--player", "Bob=?", "--samples", "200")
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["holdem"], "give at least two --player"),
        (["holdem", *[f"--player=P{i}=?" for i in range(11)]], "2 to 10 players, not 11"),
        (["holdem", "--player", "A=?"], "give at least two --player"),
        (
            ["holdem", "--player", "A=2c 3c", "--player", "B=?", "--samples", "0"],
            "expected 1 to 100,000,000",
        ),
        (["razz", "--player", "A=2c 3c", "--player", "B=4d 5d"], "unknown variant"),
        (["holdem", "--board", "Ah Kd", "--player", "A=2c 3c", "--player", "B=4d 5d"], "rounds"),
        (["holdem", "--player", "A=2c 3c 4c", "--player", "B=4d 5d"], "3 cards"),
        (["holdem", "--board", "Ah Kd Qs", "--player", "A=Ah 3c", "--player", "B=4d 5d"], "Ah"),
        (["holdem", "--player", "A=2c 3c", "--player", "B=3c 4c"], "3c appears twice"),
        (["holdem", "--player", "A=2c 1c", "--player", "B=4d 5d"], "'1c'"),
        (["holdem", "--player", "A:2c 3c", "--player", "B=4d 5d"], "NAME=CARDS"),
        (["holdem", "--player", "A=2c 3c"], "two --player"),
        (["holdem", "--player", "A=2c 3c", "--player", "A=4d 5d"], "named twice"),
        (["krg", "--board", "2c 3c 4c", "--player", "A=As Ks Qs Js Ts 9s", "--player", "B=?"], "6"),
        (["yukon", "--player", "A=2c 3c", "--player", "B=?", "--exact"], "too many"),
        (["holdem", "--player", "A=2c 3c", "--player", "B=?", "--exact", "--samples", "9"], "not"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_real_process_error_goes_to_stderr_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "homegame", "odds", "holdem", "--player", "A=2c 3c",
         "--player", "B=2c 4d"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == "homegame: error: card 2c appears twice"


def test_krg_six_cards_each_before_the_flop_uses_monte_carlo() -> None:
    data = _json(
        "krg", "--player", "A=Ah Kh 7c 7d 2s 9h", "--player", "B=Qs Qd 3c 4c 5c 6c",
        "--samples", "400", "--seed", "3",
    )  # fmt: skip
    assert data["method"] == "monte-carlo"
    a, b = data["players"]
    assert len(a["keep"]) == 4 and len(b["keep"]) == 4
    assert {"Qs", "Qd"} <= set(b["keep"])
    assert a["equity"] + b["equity"] == pytest.approx(100, abs=1e-6)
