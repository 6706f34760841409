"""Start-up: time from launch to the first full frame, homegame against a bare Textual app.

Each program runs in a pseudo-terminal of 80x24, as in a person's terminal. The clock starts
when the process is spawned and stops when the output stream (escape sequences removed) holds a
string only the finished screen draws: the table's seat header, the start screen's last box
(its rows are drawn all at once), the host console's prompt, the bare app's one Static. The
runs are interleaved (one of each, then again) so a busy moment on the machine hits every
program alike. Bytecode caching is left on, as an installed app has it, and a warm-up launch of
each program fills the caches.
Prints the median and the fastest run of each and each median's ratio to the bare app's, by
the wall clock and by the CPU time the process had used when it was stopped at the marker (a
loaded machine stretches the first and hardly the second). Target: each homegame screen within
2x the bare app. Each program gets a data directory of its own, so no real journal is touched.
Then the time `import homegame.evaluator` takes in a fresh process, by `python -X importtime`
(target: under 100 ms).

Run: `python benchmarks/bench_startup.py [--runs N] [--show NAME]` (`--show` prints what one
program drew, to pick a marker).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import platform
import pty
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path

TARGET = 2.0
EVALUATOR_TARGET_MS = 100
TIMEOUT = 20.0
SIZE = (24, 80)

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("bare textual app ready")
        yield Footer()

Bare().run()
"""


@dataclass(frozen=True)
class Program:
    """A command to launch and the text its first full frame shows."""

    name: str
    argv: tuple[str, ...]
    marker: str


PROGRAMS = (
    Program("bare textual", (sys.executable, "-c", BARE_APP), "bare textual app ready"),
    Program(
        "play holdem --bots 2",
        # --button: the table's first frame, not the seat draw over it
        (
            *(sys.executable, "-m", "homegame", "play", "holdem", "--bots", "2", "--seed", "1"),
            *("--button", "Player"),
        ),
        "Player     Pos",
    ),
    Program("start screen", (sys.executable, "-m", "homegame"), "Config file"),
    Program(
        "host holdem",
        (
            *(sys.executable, "-m", "homegame", "host", "holdem", "--players", "Ann,Bob,Cy"),
            *("--button", "Ann"),
        ),
        "type a command, Enter",
    ),
)

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def plain(stream: bytes) -> str:
    """The stream's text with every escape sequence removed."""
    return _ESCAPE.sub(b"", stream).decode("utf-8", "replace")


_DATA = tempfile.TemporaryDirectory(prefix="homegame-bench-startup-")


def data_dir(program: Program) -> str:
    """A data directory of the program's own: the games that play and host runs save never
    turn the start screen into the list of unfinished games, and no real journal is touched."""
    folder = Path(_DATA.name) / re.sub(r"\W+", "-", program.name)
    folder.mkdir(exist_ok=True)
    return str(folder)


@dataclass
class Run:
    """One launch: wall seconds to the marker, the CPU seconds the process had used by the
    time it was stopped there (user + system; what a loaded machine does not stretch), and
    what it drew."""

    seconds: float
    cpu: float
    text: str


def launch(program: Program) -> Run:
    """Seconds from spawn to the marker on screen, the CPU used, and what was drawn by then."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env["HOMEGAME_DATA"] = data_dir(program)
    env.pop("TEXTUAL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app runs from cached bytecode
    start = time.perf_counter()
    proc = subprocess.Popen(
        program.argv,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    os.close(slave)
    stream = b""
    found = None
    try:
        while time.perf_counter() - start < TIMEOUT:
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            stream += chunk
            if program.marker in plain(stream):
                found = time.perf_counter() - start
                break
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        cpu = _cpu_at_exit(proc)
        os.close(master)
    text = plain(stream)
    if found is None:
        raise RuntimeError(f"{program.name}: no {program.marker!r} on screen; it drew:\n{text}")
    return Run(found, cpu, text)


def _cpu_at_exit(proc: subprocess.Popen[bytes]) -> float:
    """Reap the process and return the CPU seconds it used (user + system)."""
    if proc.returncode is not None:  # already reaped by poll(): its usage is gone with it
        return float("nan")
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def evaluator_import_ms() -> float:
    """Milliseconds `import homegame.evaluator` takes in a fresh process (`-X importtime`)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import homegame.evaluator"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    line = next(ln for ln in done.stderr.splitlines() if ln.endswith("| homegame.evaluator"))
    return int(line.split("|")[1]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each program")
    parser.add_argument("--show", help="print what this program drew, then stop")
    args = parser.parse_args()
    if args.show:
        program = next(p for p in PROGRAMS if p.name == args.show)
        print(launch(program).text)
        return
    runs: dict[str, list[Run]] = {p.name: [] for p in PROGRAMS}
    for program in PROGRAMS:  # one warm-up each: the first launch pays for cold file caches
        launch(program)
    for _ in range(args.runs):
        for program in PROGRAMS:
            runs[program.name].append(launch(program))
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, {args.runs} runs each")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    bare = runs[PROGRAMS[0].name]
    bare_wall = statistics.median(r.seconds for r in bare)
    bare_cpu = statistics.median(r.cpu for r in bare)
    print(
        f"{'program':<24}{'median s':>10}{'fastest s':>11}{'x bare':>9}"
        f"{'CPU s':>9}{'CPU x bare':>12}"
    )
    worst = worst_cpu = 0.0
    for program in PROGRAMS:
        these = runs[program.name]
        wall = statistics.median(r.seconds for r in these)
        cpu = statistics.median(r.cpu for r in these)
        if program is not PROGRAMS[0]:
            worst = max(worst, wall / bare_wall)
            worst_cpu = max(worst_cpu, cpu / bare_cpu)
        print(
            f"{program.name:<24}{wall:>10.3f}{min(r.seconds for r in these):>11.3f}"
            f"{wall / bare_wall:>9.2f}{cpu:>9.3f}{cpu / bare_cpu:>12.2f}"
        )
    for what, ratio in (("wall clock", worst), ("CPU time", worst_cpu)):
        verdict = "met" if ratio <= TARGET else "NOT met"
        print(f"target: each homegame screen within {TARGET:.0f}x the bare app, {what}: {verdict}")
    evaluator = statistics.median(evaluator_import_ms() for _ in range(args.runs))
    verdict = "met" if evaluator < EVALUATOR_TARGET_MS else "NOT met"
    print(
        f"import homegame.evaluator: {evaluator:.0f} ms (median of {args.runs}, -X importtime); "
        f"target < {EVALUATOR_TARGET_MS} ms: {verdict}"
    )


if __name__ == "__main__":
    main()
