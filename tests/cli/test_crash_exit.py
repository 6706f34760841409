"""Issue 14: a crash shows one short line and no card; SIGTERM and SIGHUP restore the terminal."""

from __future__ import annotations

import re
import signal
import stat
import termios
from pathlib import Path

import pytest
from pty_run import TerminalModes, homegame_env, run_in_pty

from homegame.crash import crash_report, redact_cards

# A fault inside the table's game worker (answering the driver's first request, the hand
# dealt) while every seat's hole cards sit in its locals.
CRASH_PROBE = """
import os, sys
from homegame.tui.screens.table import TableScreen

async def crashing_hand(self, request):
    holes = {s.name: [str(c) for c in s.cards or ()] for s in
             (next(v for v in self.game.view_for(seat).seats if v.seat == seat)
              for seat in range(len(self.game.names)))}
    with open(os.environ["PROBE_OUT"], "w") as out:
        out.write(" ".join(c for cards in holes.values() for c in cards))
    raise RuntimeError("the dealer dropped " + " ".join(holes["Ann"]))

TableScreen.answer_request = crashing_hand
sys.argv = ["homegame", "play", "holdem", "--players", "Ann,Bob,Cy", "--seed", "7",
            "--button", "Ann"]
from homegame.cli import main
main()
"""


def test_a_crash_shows_one_line_no_card_and_logs_privately(tmp_path: Path) -> None:
    probe = tmp_path / "holes.txt"
    env = homegame_env(tmp_path / "data", PROBE_OUT=str(probe))
    run = run_in_pty(["-c", CRASH_PROBE], env)
    holes = probe.read_text().split()
    assert len(holes) == 6
    assert run.status == 1
    tail = run.output.rsplit("\x1b[?1049l", 1)[-1]  # what stays once the app has left
    assert "Traceback" not in run.output
    assert "unexpected error (RuntimeError)" in tail
    for card in holes:
        assert not re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", tail), card
    logs = list((tmp_path / "data").glob("crash-*.log"))
    assert len(logs) == 1
    assert str(logs[0]) in tail.replace("\r\n", "")
    assert stat.S_IMODE(logs[0].stat().st_mode) == 0o600
    log = logs[0].read_text()
    assert "RuntimeError: the dealer dropped ?? ??" in log
    assert "crashing_hand" in log
    for card in holes:
        assert not re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", log), card


def test_crash_report_has_no_locals_and_no_cards() -> None:
    def deal() -> None:
        hole = ["As", "Kd"]  # noqa: F841 - a local the report must not show
        raise ValueError("bad card 10h next to A♠ and Td")

    with pytest.raises(ValueError) as caught:
        deal()
    report = crash_report(caught.value)
    assert "'As'" not in report and "'Kd'" not in report
    assert report.rstrip().endswith("ValueError: bad card ?? next to ?? and ??")
    assert redact_cards("Ask Tdx 9c.") == "Ask Tdx ??."


def _left_the_terminal_clean(before: TerminalModes, after: TerminalModes, output: str) -> None:
    lflag_after, lflag_before = after[3], before[3]  # the local modes: a bit mask
    assert isinstance(lflag_after, int) and isinstance(lflag_before, int)
    for flag in (termios.ECHO, termios.ICANON, termios.ISIG):
        assert lflag_after & flag == lflag_before & flag
    assert after == before
    assert output.count("\x1b[?1049h") == output.count("\x1b[?1049l") >= 1  # alternate screen
    assert "\x1b[?1000l" in output.rsplit("\x1b[?1000h", 1)[-1]  # mouse tracking off again


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_app_and_restores_the_terminal(tmp_path: Path, number: int) -> None:
    run = run_in_pty(
        [
            "-m",
            "homegame",
            "play",
            "holdem",
            "--players",
            "Ann,Bob",
            "--seed",
            "3",
            "--button",
            "Bob",
        ],
        homegame_env(tmp_path),
        when=lambda out: "Pass to" in out,
        then=lambda proc: proc.send_signal(number),
    )
    assert run.status == 128 + number
    _left_the_terminal_clean(run.modes_before, run.modes_after, run.output)
    assert "Traceback" not in run.output


# A fault in the host console once it is up: its message names cards, as a slip might.
HOST_CRASH_PROBE = """
import sys
from homegame.tui.screens.host import HostScreen

def crashing_mount(self):
    raise RuntimeError("the host typed As Kd")

HostScreen.on_mount = crashing_mount
sys.argv = ["homegame", "host", "holdem", "--players", "Ann,Bob,Cy"]
from homegame.cli import main
main()
"""


def test_a_host_console_crash_shows_one_line_no_card_and_exit_1(tmp_path: Path) -> None:
    run = run_in_pty(["-c", HOST_CRASH_PROBE], homegame_env(tmp_path / "data"))
    assert run.status == 1
    tail = run.output.rsplit("\x1b[?1049l", 1)[-1]
    assert "Traceback" not in run.output
    assert "unexpected error (RuntimeError)" in tail
    assert "As Kd" not in tail
    logs = list((tmp_path / "data").glob("crash-*.log"))
    assert len(logs) == 1
    assert "RuntimeError: the host typed ?? ??" in logs[0].read_text()


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_host_console_and_restores_the_terminal(
    tmp_path: Path, number: int
) -> None:
    run = run_in_pty(
        ["-m", "homegame", "host", "holdem", "--players", "Ann,Bob,Cy"],
        homegame_env(tmp_path),
        when=lambda out: "Ann" in out and "Cy" in out,
        then=lambda proc: proc.send_signal(number),
    )
    assert run.status == 128 + number
    _left_the_terminal_clean(run.modes_before, run.modes_after, run.output)
    assert "Traceback" not in run.output
