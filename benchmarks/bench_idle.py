"""Idle CPU: what each screen costs while nobody touches a key, beside a bare Textual app.

Each program runs in a pseudo-terminal of 80x24 with a data directory of its own, all at once
over the same idle period: a bare Textual app (a Static and a Footer), the table waiting for the
person's action (`homegame play`), the host console with its minutes clock running (`homegame
host --minutes 20`, the first hand dealt with `n`), and `homegame display` following that host
game from its journal. Once each has drawn its screen and settled, the CPU time it uses (user +
system, all its threads) and its context switches are read from /proc over the idle period.
Targets: the host console and the display at most 0.5% CPU each (the bare app and the table
are shown beside them, not judged).

Run: `python benchmarks/bench_idle.py [--seconds 60]` (Linux: it reads /proc).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

TARGET_PERCENT = 0.5
#: Programs judged against the target; the others are shown for comparison.
JUDGED = ("host --minutes 20", "display")
SIZE = (24, 80)
#: Seconds a program may take to draw its screen.
START_LIMIT = 30.0
#: Seconds after the screen is drawn before the idle period starts (start-up work settles).
SETTLE = 3.0

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Static

class Bare(App):
    def compose(self):
        yield Static("bare textual app ready")
        yield Footer()

Bare().run()
"""

_ESCAPE = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
_TICKS = os.sysconf("SC_CLK_TCK")


def plain(stream: bytes) -> str:
    """The stream's text with every escape sequence removed."""
    return _ESCAPE.sub(b"", stream).decode("utf-8", "replace")


@dataclass
class Terminal:
    """One program in a pseudo-terminal; its output is read (and kept) as it comes, so it
    never blocks on a full terminal."""

    name: str
    argv: tuple[str, ...]
    data: Path
    proc: subprocess.Popen[bytes] = field(init=False)
    master: int = field(init=False)
    stream: bytes = b""

    def __post_init__(self) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        env["HOMEGAME_DATA"] = str(self.data)
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            self.argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master = master

    def shows(self, text: str) -> bool:
        """The text has been drawn since the program started."""
        return text in plain(self.stream)

    def send(self, keys: str) -> None:
        """Type `keys` into the program."""
        os.write(self.master, keys.encode())

    def cpu(self) -> float:
        """CPU seconds used so far (user + system, every thread)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / _TICKS

    def switches(self) -> int:
        """Context switches so far, voluntary and not (every thread)."""
        total = 0
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            for line in (task / "status").read_text().splitlines():
                if line.endswith("ctxt_switches") or "ctxt_switches:" in line:
                    total += int(line.split()[-1])
        return total

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        os.close(self.master)


def pump(terminals: list[Terminal], seconds: float) -> None:
    """Read every terminal's output for `seconds`."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([t.master for t in terminals], [], [], min(left, 0.1))
        for terminal in terminals:
            if terminal.master in ready:
                with contextlib.suppress(OSError):
                    terminal.stream += os.read(terminal.master, 65536)


def wait_for(terminal: Terminal, text: str, others: list[Terminal]) -> None:
    """Read until `terminal` shows `text` (RuntimeError with what it drew when it does not)."""
    end = time.monotonic() + START_LIMIT
    while not terminal.shows(text):
        if time.monotonic() > end or terminal.proc.poll() is not None:
            raise RuntimeError(f"{terminal.name}: no {text!r}; it drew:\n{plain(terminal.stream)}")
        pump(others, 0.1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="the idle period")
    args = parser.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="homegame-bench-idle-") as folder:
        data = Path(folder)
        for name in ("bare", "play", "host"):
            (data / name).mkdir()
        terminals: list[Terminal] = []
        try:
            bare = Terminal("bare textual", (py, "-c", BARE_APP), data / "bare")
            play = Terminal(
                "play holdem --bots 2",
                (
                    py,
                    "-m",
                    "homegame",
                    "play",
                    "holdem",
                    "--bots",
                    "2",
                    "--seed",
                    "1",
                    "--button",
                    "Player",
                ),
                data / "play",
            )
            host = Terminal(
                "host --minutes 20",
                (
                    py,
                    "-m",
                    "homegame",
                    "host",
                    "holdem",
                    "--players",
                    "Ann,Bob,Cy",
                    "--button",
                    "Ann",
                    "--minutes",
                    "20",
                ),
                data / "host",
            )
            terminals += [bare, play, host]
            wait_for(bare, "bare textual app ready", terminals)
            wait_for(play, "your turn", terminals)
            wait_for(host, "type a command, Enter", terminals)
            host.send("n\r")  # the first hand: the clock starts
            wait_for(host, "to 15/25", terminals)  # "Clock 19:59 to 15/25": it runs
            display = Terminal("display", (py, "-m", "homegame", "display"), data / "host")
            terminals.append(display)
            wait_for(display, "next blinds", terminals)
            pump(terminals, SETTLE)
            cpu = {t.name: t.cpu() for t in terminals}
            switches = {t.name: t.switches() for t in terminals}
            start = time.monotonic()
            pump(terminals, args.seconds)
            period = time.monotonic() - start
            rows = [
                (
                    t.name,
                    (t.cpu() - cpu[t.name]) / period * 100,
                    (t.switches() - switches[t.name]) / period,
                )
                for t in terminals
            ]
        finally:
            for terminal in terminals:
                terminal.close()
    print(f"idle for {period:.0f} s, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    print(f"{'program':<24}{'CPU %':>8}{'switches/s':>12}  target")
    met = True
    for name, percent, per_second in rows:
        judged = name in JUDGED
        verdict = ""
        if judged:
            ok = percent <= TARGET_PERCENT
            met = met and ok
            verdict = f"<= {TARGET_PERCENT}% {'ok' if ok else 'OVER'}"
        print(f"{name:<24}{percent:>8.2f}{per_second:>12.1f}  {verdict}")
    print(
        f"target: host console and display at most {TARGET_PERCENT}% CPU idle: "
        f"{'met' if met else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
