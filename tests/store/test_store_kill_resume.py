"""Issue 9's proof: a game killed with SIGKILL at random points and resumed ends exactly as an
uninterrupted run of the same script (the same final state and the same events), losing at most
the input being made when it died. Three games app-dealt, and host mode for Hold'em and KRG; and
the home-game options (HOUSE_RULES 25-29, and run it twice, 27) each in one of them."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import journal_script
import pytest

from homegame.host.night import replayed_session
from homegame.store.journal import Journal
from homegame.store.recorder import GameLog

SCRIPT = Path(__file__).resolve().parents[1] / "journal_script.py"
ROOT = SCRIPT.parent.parent

#: Each case: game, host mode, and the kinds of input to kill the process at, in turn.
CASES = [
    ("holdem", False, ["bet", "deal", "bet", "bet", "bet"]),
    ("yukon", False, ["bet", "deal", "bet", "deal", "bet"]),
    ("krg", False, ["discard", "cube answer", "deal", "discard", "cube turn"]),
    ("holdem", True, ["board card", "show", "bet", "award", "deal"]),
    # HOUSE_RULES 25: antes in an app-dealt game, big-blind antes at a hosted table.
    ("omaha:ante", False, ["bet", "deal", "bet", "deal", "bet"]),
    ("holdem:bb-ante", True, ["board card", "show", "bet", "award", "deal"]),
    # HOUSE_RULES 26 and 29: straddles and the 7-2 bounty in a cash game, app-dealt and hosted.
    ("holdem:straddle:seven-deuce", False, ["straddle", "bet", "deal", "straddle", "bet"]),
    ("omaha:straddle:ante", True, ["straddle", "board card", "deal", "straddle", "show"]),
    ("yukon:seven-deuce", True, ["show", "board card", "deal", "award", "show"]),
    # HOUSE_RULES 28: bomb pots every 4 hands and called, app-dealt and hosted.
    ("double-board:bomb", False, ["bomb call", "bet", "deal", "bomb call", "bet"]),
    ("holdem:bomb:bb-ante", True, ["bomb call", "board card", "deal", "bomb call", "show"]),
    ("krg", True, ["discard", "winners", "deal", "cube answer", "show"]),
    # HOUSE_RULES 27: run it twice, killed in the middle of its question and after it.
    ("holdem:twice", False, ["run twice", "bet", "run twice", "deal", "run twice"]),
    ("double-board:twice:straddle", False, ["run twice", "deal", "run twice", "bet", "run twice"]),
    ("yukon:twice", True, ["run twice", "board card", "run twice", "award", "show"]),
]


def _run(
    folder: Path, game: str, seed: int, host: bool, *, step: bool = False
) -> subprocess.Popen[str]:
    """The script in a child process; `step`: it waits for a line on stdin before each input."""
    args = [sys.executable, str(SCRIPT), str(folder), game, str(seed)]
    if host:
        args.append("--host")
    if step:
        args.append("--step")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    stdin = subprocess.PIPE if step else None
    return subprocess.Popen(args, stdin=stdin, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def _finish(folder: Path, game: str, seed: int, host: bool) -> list[str]:
    proc = _run(folder, game, seed, host)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0
    return out.splitlines()


def _uninterrupted(folder: Path, game: str, seed: int, host: bool) -> list[str]:
    """The script's whole run, in this process (the same `main` the child runs: only a killed
    run needs a process of its own); the lines it printed."""
    lines: list[str] = []
    journal_script.main([str(folder), game, str(seed), *(["--host"] if host else [])], lines.append)
    return lines


def _finished(folder: Path) -> bool:
    """True when the game in `folder` has its winner (a kill can land just after the last input)."""
    if not folder.exists():
        return False
    journal = Journal(folder)
    try:
        return any(record.finished for record in journal.games())
    finally:
        journal.close()


def _final(folder: Path) -> tuple[object, ...]:
    journal = Journal(folder)
    (record,) = journal.games()
    log = GameLog(journal, record.id)
    session = replayed_session(log)
    board = session.scoreboard().series
    state = (
        session.is_over,
        getattr(session, "stacks", None),
        None if board is None else [(r.name, r.wins, r.in_series, r.paid) for r in board.rows],
        None if board is None else (board.pool, board.cube, board.side_pool),
        record.state,
        record.winner,
        record.hands,
    )
    events = log.events()
    inputs = [(r.kind, r.calls) for r in log.inputs()]
    journal.close()
    return state, events, inputs


@pytest.mark.parametrize(
    ("game", "host", "kinds"), CASES, ids=[f"{g}{'-host' if h else ''}" for g, h, _ in CASES]
)
def test_killed_at_random_points_and_resumed_ends_as_an_uninterrupted_run(
    tmp_path: Path, game: str, host: bool, kinds: list[str]
) -> None:
    seed = 11
    whole = tmp_path / "whole"
    lines = _uninterrupted(whole, game, seed, host)
    assert lines[-1] == "DONE"

    killed = tmp_path / "killed"
    pick = random.Random(f"{game}{host}")
    steps = [line.split(" ", 2) for line in lines if line.startswith("INPUT")]
    points: list[int] = []
    for kind in kinds:  # the kill points: inputs of each kind in turn, a few inputs apart
        after = (points[-1] if points else 0) + pick.randrange(1, 5)
        later = [int(n) for _, n, what in steps if int(n) >= after]
        chosen = [int(n) for _, n, what in steps if int(n) >= after and what == kind]
        if later:
            points.append((chosen or later)[0])
    kills = 0
    for point in points:
        if _finished(killed):
            break
        proc = _run(killed, game, seed, host, step=True)
        assert proc.stdout is not None and proc.stdin is not None
        for line in proc.stdout:  # each input goes ahead when told; the kill point's too,
            if not line.startswith("INPUT"):  # and the kill lands while it is being made
                continue
            proc.stdin.write("\n")
            proc.stdin.flush()
            if int(line.split()[1]) >= point:
                proc.send_signal(signal.SIGKILL)
                kills += 1
                break
        proc.wait(timeout=60)
        proc.stdout.close()
        proc.stdin.close()
    assert kills >= 3, "the script ended before most kill points: make the game longer"
    if not _finished(killed):
        assert _finish(killed, game, seed, host)[-1] == "DONE"
    assert _final(killed) == _final(whole)
