"""Issue 14: malformed PHH values are one line per bad hand with exit 2, the other hands still
replay; a file's text reaches the terminal with its control characters escaped."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from homegame.cli import app

GOOD = """
[{key}]
variant = 'NT'
antes = {antes}
blinds_or_straddles = {blinds}
min_bet = 100
starting_stacks = {stacks}
actions = [{actions}]
players = {players}
finishing_stacks = {finish}
"""
THREE = {
    "antes": "[0, 0, 0]",
    "blinds": "[50, 100, 0]",
    "stacks": "[1000, 1000, 1000]",
    "actions": "'d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 2c7h', 'p3 f', 'p1 f'",
    "players": "['Ann', 'Bob', 'Cy']",
    "finish": "[950, 1050, 1000]",
}
BAD = {
    "finishing_stacks = 5": ({"finish": "5"}, "finishing_stacks: expected a list of numbers"),
    "no players": (
        {"antes": "[]", "blinds": "[]", "stacks": "[]", "players": "[]", "finish": "[]"},
        "expected at least 2 players, got 0",
    ),
    "one player": (
        {"antes": "[0]", "blinds": "[50]", "stacks": "[1000]", "players": "['Ann']"},
        "expected at least 2 players, got 1",
    ),
    "d dh p2 ,,,,": (
        {"actions": "'d dh p1 AsAd', 'd dh p2 ,,,,', 'd dh p3 2c7h', 'p3 f', 'p1 f'"},
        "bad cards ',,,,'",
    ),
    "100,000-deep array": (
        {"finish": "[" * 100_000 + "]" * 100_000},
        "not valid PHH/TOML: nested too deeply",
    ),
    "players = 5": ({"players": "5"}, "players: expected a list of names, got 5"),
}


def _hand(key: str, **changes: str) -> str:
    return GOOD.format(key=key, **{**THREE, **changes})


@pytest.mark.parametrize("case", list(BAD))
def test_a_malformed_value_is_one_line_exit_2_and_other_hands_replay(
    tmp_path: Path, case: str
) -> None:
    changes, words = BAD[case]
    path = tmp_path / "mixed.phhs"
    path.write_text(_hand("1") + _hand("2", **changes) + _hand("3"))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "hand 1: 950 1050 1000  match" in result.stdout
    assert "hand 3: 950 1050 1000  match" in result.stdout
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1
    assert errors[0].startswith("homegame: error: hand 2: ") and words in errors[0]


def test_a_hand_name_with_an_escape_sequence_cannot_fake_a_match(tmp_path: Path) -> None:
    path = tmp_path / "sneaky.phhs"
    fake = "x\x1b[2K\x1b[1Ghand 1: 950 1050 1000  match"
    path.write_text(
        _hand("1", finish="[1000, 1000, 1000]").replace("[1]", f'["{fake}"]', 1)
        + _hand("2", actions="'p9 f'")
    )
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert "\x1b" not in result.output and "\r" not in result.output
    assert "x\\x1b[2K\\x1b[1Ghand 1" in result.stdout
    assert "MISMATCH" in result.stdout
    assert result.exit_code == 2


@pytest.mark.parametrize("special", ["/dev/null", "fifo"])
def test_replay_of_a_device_or_fifo_says_what_it_is(tmp_path: Path, special: str) -> None:
    import os

    target = special
    if special == "fifo":
        target = str(tmp_path / "hands.phhs")
        os.mkfifo(target)
    result = CliRunner().invoke(app, ["replay", target])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"homegame: error: {target}: expected a .phh or .phhs file, got a device, FIFO or socket"
    )
