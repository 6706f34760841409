"""Issue 33: `homegame simulate` plays a user's bot from a worker process of its own, with the
table's memory cap and time limit (`homegame.commands._worker_bots`): a bot that never returns,
loops, eats memory, raises any `BaseException`, exits or prints loses that decision to
check-or-fold with one log line (naming what it raised, for its author), and the run goes on to
its report; nothing it prints reaches the terminal. A bot that cannot be built is one line
before any hand, exit 2."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest
from misbehaving_bots import HEADER, PRINTED, write_bots
from typer.testing import CliRunner

import homegame.commands._worker_bots as worker_bots
from homegame.cli import app

#: Seconds a decision may take here (the table's and the default's are 2), and the memory cap.
LIMIT = 0.3
MEMORY = 400 * 2**20

#: A bot that notes the process it decides in (`calm` stays in as cheaply as it can).
WHERE = (
    HEADER
    + """
class Where:
    def __init__(self, rng):
        pass

    def decide(self, view):
        with open(os.environ["WHERE_OUT"], "a") as out:
            out.write(f"{os.getpid()}\\n")
        return calm(view)
"""
)


@pytest.fixture
def short_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worker_bots, "BOT_FILE_SECONDS", LIMIT)
    monkeypatch.setattr(worker_bots, "BOT_FILE_MEMORY", MEMORY)


def test_a_user_bot_decides_in_a_process_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "where.py").write_text(WHERE)
    out = tmp_path / "pids.txt"
    monkeypatch.setenv("WHERE_OUT", str(out))
    seats = f"random,{tmp_path / 'where.py'}:Where"
    args = ["simulate", "holdem", "--hands", "6", "--seats", seats, "--seed", "5", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    pids = set(out.read_text().split())
    assert len(pids) == 1 and str(os.getpid()) not in pids


@pytest.mark.usefixtures("short_limits")
def test_a_user_bot_that_misbehaves_in_every_way_loses_decisions_and_the_run_goes_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bots = write_bots(tmp_path)
    seats = f"random,{bots}:Moody"
    args = ["simulate", "holdem", "--hands", "10", "--seats", seats, "--seed", "3", "--json"]
    with caplog.at_level(logging.WARNING, logger="homegame.bots"):
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["chips_conserved"] is True
    said = caplog.text
    for what in (
        f"took longer than {LIMIT:g} s",
        "ended its process",
        "raised SystemExit",
        "raised KeyboardInterrupt",
        "raised MemoryError",
        "raised Weird",
    ):
        assert what in said, what
    assert PRINTED not in result.output  # what it printed went nowhere


@pytest.mark.usefixtures("short_limits")
def test_a_user_bot_that_never_returns_plays_a_cash_match_to_its_end(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    bots = write_bots(tmp_path)
    args = ["simulate", "holdem", "--cash", "--hands", "3", "--seats", f"easy,{bots}:Hang"]
    with caplog.at_level(logging.WARNING, logger="homegame.bots"):
        result = CliRunner().invoke(app, [*args, "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.output)["seats"]) == 2
    assert f"took longer than {LIMIT:g} s" in caplog.text


@pytest.mark.usefixtures("short_limits")
def test_a_user_bot_that_cannot_be_built_is_one_line_exit_2(tmp_path: Path) -> None:
    bots = write_bots(tmp_path)
    result = CliRunner().invoke(
        app, ["simulate", "holdem", "--hands", "2", "--seats", f"random,{bots}:InitExit"]
    )
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("homegame: error: --seats: ")
    assert "building the bot failed: SystemExit" in lines[0]
