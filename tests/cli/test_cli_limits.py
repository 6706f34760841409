"""Issue 14: the command line checks sizes before anything grows, refuses repeated names in any
case, and says what is wrong in one line."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from homegame.cli import app

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("second", ["Ann", "ann", "ANN"])
def test_odds_refuses_a_repeated_name_in_any_case(second: str) -> None:
    for other in ("?", "Qs Qd"):
        result = run("odds", "holdem", "--player", "Ann=Ah Kh", "--player", f"{second}={other}")
        assert result.exit_code == 2
        assert result.stderr.strip() == (
            f"homegame: error: player '{second}' is named twice (names must differ, also in case)"
        )


def test_odds_refuses_a_name_with_a_control_character() -> None:
    result = run("odds", "holdem", "--player", "A\x1b[2Kn=Ah Kh", "--player", "Bob=?")
    assert result.exit_code == 2
    assert "\x1b" not in result.output
    assert "is a control character" in result.stderr


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["play", "holdem", "--bots", "99999999999999999999"],
            "Texas Hold'em is for 2 to 10 players, not 100000000000000000000 "
            "(1 person and 99,999,999,999,999,999,999 bots)",
        ),
        (
            ["odds", "holdem", "--player", "A=Ah Kh", "--player", "B=?", "--samples",
             "99999999999999999999999"],
            "--samples: expected 1 to 100,000,000 random deals, got 99,999,999,999,999,999,999,999",
        ),
        (
            ["simulate", "holdem", "--hands", "5", "--players", "0"],
            "Texas Hold'em is for 2 to 10 players, not 0",
        ),
    ],
)  # fmt: skip
def test_huge_or_empty_counts_are_refused_before_they_grow(args: list[str], line: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == f"homegame: error: {line}"


def test_play_refuses_names_with_control_characters_and_quotes_them_escaped() -> None:
    result = run("play", "holdem", "--players", "Ann,B\x1b]0;pwned\x07ob")
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert result.stderr.count("\n") == 1 and "control character" in result.stderr


def test_odds_ten_million_samples_run_in_flat_memory() -> None:
    """Peak memory of 10,000,000 samples stays near that of 100,000 (it once took 2.35 GB)."""
    probe = (
        "import resource, sys\n"
        "from homegame.cli import main\n"
        "sys.argv = ['homegame', 'odds', 'holdem', '--player', 'A=Ah Kh', '--player', 'B=Qs Qd',"
        " '--board', '2c 7d 9h', '--seed', '1', '--samples', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    peaks = []
    for samples in ("100000", "2000000"):
        done = subprocess.run(
            [sys.executable, "-c", probe, samples], capture_output=True, text=True, cwd=ROOT,
            timeout=300, check=True,
        )  # fmt: skip
        peaks.append(int(done.stderr.strip().splitlines()[-1]))
    assert resource.RUSAGE_SELF is not None
    assert peaks[1] < peaks[0] + 40_000, peaks  # KiB: well under 40 MB more for 20 times the work
