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


HUGE = str(10**30)


@pytest.mark.parametrize("command", ["history", "export", "resume", "ledger"])
def test_issue_33_a_game_number_past_any_saved_one_is_one_line(
    tmp_path: Path, command: str
) -> None:
    from homegame.store.journal import Journal

    Journal(tmp_path).close()
    result = run(command, HUGE, "--data-dir", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == f"homegame: error: no saved game {HUGE} (homegame games lists them)\n"


def test_issue_33_simulate_refuses_more_hands_than_its_stated_maximum() -> None:
    from homegame.defaults import MAX_SIMULATED_HANDS

    result = run("simulate", "holdem", "--hands", str(10**12))
    assert result.exit_code == 2
    assert result.stderr == (
        f"homegame: error: --hands: at most {MAX_SIMULATED_HANDS:,} in one run, not {10**12:,}\n"
    )
    assert f"{MAX_SIMULATED_HANDS:,}" in run("simulate", "--help").stdout


@pytest.mark.parametrize(
    ("host", "why"), [("no such host!", "no such address"), ("192.0.2.1", "cannot listen")]
)
def test_issue_33_display_serve_on_an_address_it_cannot_listen_on_is_one_line(
    tmp_path: Path, host: str, why: str
) -> None:
    from homegame.config import GameConfig, PlayerSetting
    from homegame.store.journal import Journal

    journal = Journal(tmp_path)
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"))
    game_id = journal.new_game(GameConfig("holdem", players=players), "host", {})
    journal.close()
    result = run("display", str(game_id), "--serve", "--host", host, "--data-dir", str(tmp_path))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"homegame: error: --host: {why} "), lines
    assert result.stdout == ""
