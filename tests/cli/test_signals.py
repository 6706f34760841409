"""Issue 33 item 10: signals and shutdown, tried on real processes in a pseudo-terminal that is
their controlling terminal, as a person's window is. SIGINT, SIGTERM and SIGHUP end the app
with the status shells expect (130, 143, 129) at any moment, the first frame included; a
closed terminal ends it (it hung for good in 6 of 16 closes just after the first frame); a
close that gets stuck ends at the deadline; in each case the terminal is back as it was and
the game resumes where it stopped."""

from __future__ import annotations

import fcntl
import os
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from pty_run import ROOT, TerminalModes, homegame_env

from homegame.tui.deadline import SHUTDOWN_SECONDS
from homegame.tui.safe_app import TERMINAL_CHECK_SECONDS

#: A solo game saved in the journal: the first frame asks Ann for her action.
SOLO = ["-m", "homegame", "play", "holdem", "--players", "Ann", "--bots", "2", "--button", "Ann"]
RESUME = ["-m", "homegame", "resume"]
#: On screen once the table is up and waiting for the person.
FIRST_FRAME = "your turn"
#: Seconds within which the process has ended after a signal: the deadline, and some more for a
#: loaded machine to run the end (a close that is not stuck takes about 0.3-1.7 s).
CLOSES_WITHIN = SHUTDOWN_SECONDS + 2

# The table's close gets stuck for good (a screen that never lets go), as Textual's did.
STUCK_CLOSE = """
import sys, time
from homegame.tui.screens.table import TableScreen

def stuck(self):
    time.sleep(3600)

TableScreen.on_unmount = stuck
sys.argv = ["homegame", *sys.argv[1:]]
from homegame.cli import main
main()
"""


@dataclass
class Ended:
    """How a run ended: its exit status, the seconds from the signal (or the terminal's
    close) to its end, what it wrote, and the terminal's modes before and after."""

    status: int | None
    seconds: float
    output: str
    modes_before: TerminalModes
    modes_after: TerminalModes | None


#: Run in a new session: take standard input as the controlling terminal, then become the
#: command (the same process, so signals reach it); no `preexec_fn` in a threaded test runner.
AS_TERMINALS_OWN = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def run_until(
    args: list[str],
    env: dict[str, str],
    then: Callable[[subprocess.Popen[bytes], int], None],
    *,
    controlling: bool = True,
    close_terminal: bool = False,
    limit: float = 20.0,
    first_frame: str = FIRST_FRAME,
) -> Ended:
    """Run `python ARGS` on a fresh 80x24 pseudo-terminal; once `first_frame` is on screen call
    `then(process, master)` (or close the terminal), and wait up to `limit` s for the end."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(slave)
    own = ["-c", AS_TERMINALS_OWN] if controlling else []
    proc = subprocess.Popen(
        [sys.executable, *own, *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    chunks: list[bytes] = []
    fired: float | None = None
    try:
        deadline = time.monotonic() + 60
        while fired is None and time.monotonic() < deadline and proc.poll() is None:
            if select.select([master], [], [], 0.01)[0]:
                chunks.append(os.read(master, 65536))
            if first_frame in b"".join(chunks).decode("utf-8", "replace"):
                fired = time.monotonic()
                if close_terminal:
                    os.close(master)
                    master = -1
                else:
                    then(proc, master)
        assert fired is not None, b"".join(chunks).decode("utf-8", "replace")
        while proc.poll() is None and time.monotonic() < fired + limit:
            if master >= 0 and select.select([master], [], [], 0.01)[0]:
                try:
                    chunks.append(os.read(master, 65536))
                except OSError:
                    break
            elif master < 0:
                time.sleep(0.01)
        status = proc.poll()
        seconds = time.monotonic() - fired
        if master >= 0:
            while select.select([master], [], [], 0.05)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
        try:
            after: TerminalModes | None = termios.tcgetattr(slave)
        except termios.error:  # closed: no modes to compare
            after = None
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        if master >= 0:
            os.close(master)
        os.close(slave)
    return Ended(status, seconds, b"".join(chunks).decode("utf-8", "replace"), before, after)


def send(number: int, delay: float = 0.0) -> Callable[[subprocess.Popen[bytes], int], None]:
    """Send signal `number` `delay` seconds after the first frame."""

    def sending(proc: subprocess.Popen[bytes], master: int) -> None:
        time.sleep(delay)
        proc.send_signal(number)

    return sending


def _terminal_back(ended: Ended) -> None:
    """The terminal's modes as before, and the app's screen left: the main screen, mouse
    reporting off, the cursor shown."""
    assert ended.modes_after == ended.modes_before
    tail = ended.output.rsplit("\x1b[?1049h", 1)[-1]
    assert "\x1b[?1049l" in tail
    assert "\x1b[?1000l" in tail
    assert "\x1b[?25h" in tail.rsplit("\x1b[?25l", 1)[-1]
    assert "Traceback" not in ended.output


def _resumes(env: dict[str, str]) -> None:
    """`homegame resume` opens the game again at Ann's turn (the lock was let go, the journal
    replays), and ends on SIGTERM."""
    again = run_until(RESUME, env, send(signal.SIGTERM))
    assert again.status == 128 + signal.SIGTERM
    assert "open in another window" not in again.output


#: Each exit signal, right at the first frame and at a random moment after it.
MOMENTS = [
    pytest.param(number, delay, id=f"{number.name}-{label}")
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    for label, delay in (("first-frame", 0.0), ("later", random.uniform(0.001, 0.4)))
]


@pytest.mark.parametrize(("number", "delay"), MOMENTS)
def test_an_exit_signal_ends_the_app_with_the_shells_status_and_the_game_resumes(
    tmp_path: Path, number: signal.Signals, delay: float
) -> None:
    env = homegame_env(tmp_path)
    ended = run_until(SOLO, env, send(number, delay))
    assert ended.status == 128 + number
    assert ended.seconds < CLOSES_WITHIN + delay
    _terminal_back(ended)
    if number != signal.SIGHUP:  # a terminal still there is told how to go on
        assert "Game 1 saved: `homegame resume` continues it" in ended.output
    _resumes(env)


@pytest.mark.parametrize("launch", range(3))
def test_a_terminal_closed_just_after_the_first_frame_ends_the_app(
    tmp_path: Path, launch: int
) -> None:
    """Closing the window hangs up its terminal: SIGHUP and SIGCONT at once. Textual's
    driver restarted the app's screen on that SIGCONT in the middle of the close, which then
    waited for good on an output queue nobody read (textual_workaround, part 4)."""
    env = homegame_env(tmp_path)
    ended = run_until(SOLO, env, send(0), close_terminal=True)
    assert ended.status == 128 + signal.SIGHUP
    assert ended.seconds < CLOSES_WITHIN
    _resumes(env)


def test_a_terminal_gone_without_a_sighup_ends_the_app(tmp_path: Path) -> None:
    """A terminal whose app is not its own process gets no SIGHUP when it closes: the app
    sees it is gone within a check and ends as a SIGHUP would (it ran on for good, one
    thread spinning on the dead terminal)."""
    env = homegame_env(tmp_path)
    ended = run_until(SOLO, env, send(0), controlling=False, close_terminal=True)
    assert ended.status == 128 + signal.SIGHUP
    assert ended.seconds < CLOSES_WITHIN + TERMINAL_CHECK_SECONDS
    _resumes(env)


def test_a_close_that_gets_stuck_ends_at_the_deadline_with_the_terminal_back(
    tmp_path: Path,
) -> None:
    env = homegame_env(tmp_path)
    ended = run_until(["-c", STUCK_CLOSE, *SOLO[2:]], env, send(signal.SIGTERM))
    assert ended.status == 128 + signal.SIGTERM
    assert SHUTDOWN_SECONDS - 0.5 < ended.seconds < SHUTDOWN_SECONDS + 3
    _terminal_back(ended)
    assert f"did not close within {SHUTDOWN_SECONDS:g} s" in ended.output
    _resumes(env)


def test_a_second_signal_ends_a_stuck_close_at_once(tmp_path: Path) -> None:
    def twice(proc: subprocess.Popen[bytes], master: int) -> None:
        proc.send_signal(signal.SIGINT)
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)

    env = homegame_env(tmp_path)
    ended = run_until(["-c", STUCK_CLOSE, *SOLO[2:]], env, twice)
    assert ended.status == 128 + signal.SIGINT
    assert ended.seconds < SHUTDOWN_SECONDS
    _terminal_back(ended)


def _hosted_game(data: Path) -> None:
    """A hosted Hold'em night in `data`'s journal, its first hand dealt."""
    import random

    from host_lines import Hosting

    from homegame.config import GameConfig, PlayerSetting
    from homegame.store.journal import Journal
    from homegame.store.recorder import HOST, GameLog

    config = GameConfig("holdem", players=tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy")))
    log = GameLog.new(Journal(data), config, HOST)
    assert Hosting(config, log, rng=random.Random(3)).run("n").ok


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM], ids=lambda n: n.name)
def test_an_exit_signal_ends_the_room_display_with_the_shells_status(
    tmp_path: Path, number: signal.Signals
) -> None:
    """`homegame display` ends on SIGINT and SIGTERM as the table does (it ended 0 on SIGINT)."""
    env = homegame_env(tmp_path)
    _hosted_game(tmp_path)
    display = ["-m", "homegame", "display"]
    ended = run_until(display, env, send(number), first_frame="Chip lead")
    assert ended.status == 128 + number
    assert ended.seconds < CLOSES_WITHIN
    _terminal_back(ended)
