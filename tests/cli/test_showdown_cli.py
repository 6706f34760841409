"""`homegame showdown`: output, JSON form and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from homegame.cli import app

runner = CliRunner()


def _run(*args: str) -> Result:
    return runner.invoke(app, ["showdown", *args])


def test_yukon_example_json() -> None:
    result = _run(
        "yukon", "--board", "Ad 5c 5h / 9s 9c Kd / 4s",
        "--player", "P1=Ah 9d", "--player", "P2=5s 5d", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["variant"] == "yukon"
    assert data["winners"] == ["P2"]
    p1, p2 = data["players"]
    assert p1["name"] == "P1" and p1["set"] == "B" and p1["category"] == "three of a kind"
    assert p2["set"] == "A" and p2["category"] == "four of a kind"
    assert len(p2["cards"]) == 5 and all(len(c) == 2 for c in p2["cards"])


def test_krg_example_table_names_the_winner() -> None:
    result = _run(
        "krg", "--board", "Qh 9c 9d 4s 2h",
        "--player", "A=Kh Ks", "--player", "B=Qc Jc", "--player", "C=4d 4c",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "full house" in result.output
    assert "Winner: C" in result.output


def test_holdem_json_set_is_null_and_ties_list_all_winners() -> None:
    result = _run(
        "holdem", "--board", "As Ks Qs Js Ts", "--player", "A=2c 3d", "--player", "B=4h 5h",
        "--json",
    )  # fmt: skip
    data = json.loads(result.output)
    assert data["winners"] == ["A", "B"]
    assert data["players"][0]["set"] is None
    assert data["players"][0]["category"] == "royal flush"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["razz", "--board", "Ah Kd Qs Jc Tc", "--player", "A=2c 3c"], "unknown variant"),
        (["holdem", "--board", "Ah Kd Qs Jc", "--player", "A=2c 3c"], "4 cards"),
        (["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A=2c 3c 4c"], "3 cards"),
        (["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A=2c"], "has 1 card; expected 2"),
        (["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A=Ah 3c"], "Ah appears twice"),
        (
            ["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A=2c 3c", "--player", "B=3c 4c"],
            "3c appears twice",
        ),
        (["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A=2c 1c"], "'1c'"),
        (["holdem", "--board", "Ah Kd Qs Jc Tc", "--player", "A:2c 3c"], "NAME=CARDS"),
        (["yukon", "--board", "Ad 5c 5h 9s 9c Kd 4s", "--player", "A=2c 3c"], "SET_A"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_real_process_error_goes_to_stderr_without_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "homegame", "showdown", "holdem", "--board", "Ah Kd",
         "--player", "A=2c 3c"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip().startswith("homegame: error:")
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["showdown", "holdem", "--board", "Qh 9c 9d 4s 2h"], "Missing option '--player'"),
        (["showdown"], "Missing argument 'variant'"),
        (["odds", "holdem", "--player", "A=?", "--player", "B=?", "--samples", "x"], "'--samples'"),
        (["simulate", "holdem"], "Missing option '--hands'"),
        (["simulate", "holdem", "--hands", "abc"], "Invalid value for '--hands'"),
        (["simulate", "holdem", "--hands", "3", "--bogus"], "No such option: --bogus"),
        (["replay"], "Missing argument 'file'"),
        (["replay", "."], "got a directory"),
        (["replay", "EMPTY"], "the file is empty"),
        (["play", "holdem", "--bots", "x"], "Invalid value for '--bots'"),
    ],
)
def test_command_line_mistakes_of_every_command_are_one_line(
    args: list[str], message: str, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.phh"
    empty.write_text("")
    result = CliRunner().invoke(app, [str(empty) if a == "EMPTY" else a for a in args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("homegame: error: ") and message in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [(["foo"], "No such command 'foo'"), (["--bogus"], "No such option: --bogus")],
)
def test_top_level_mistakes_are_one_line_exit_2(args: list[str], message: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "homegame", *args], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()]
    assert proc.stderr.startswith("homegame: error: ") and message in proc.stderr


def test_one_card_board_says_card_not_cards() -> None:
    result = _run("holdem", "--board", "Ah", "--player", "A=2c 3c")
    assert result.exit_code == 2
    assert "has 1 card;" in result.output
