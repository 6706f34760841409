"""Run a command in a pseudo-terminal, as a person's terminal would, and read what it wrote."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A terminal's modes as `termios.tcgetattr` reads them: six flag and speed numbers, then the
#: control characters.
TerminalModes = list[int | list[bytes | int]]


@dataclass
class PtyRun:
    """What a run in a pseudo-terminal left: exit status, output, terminal modes around it."""

    status: int
    output: str
    modes_before: TerminalModes
    modes_after: TerminalModes


def homegame_env(data: Path, **extra: str) -> dict[str, str]:
    """The environment for `python -m homegame` from this checkout, data kept in `data`."""
    env = dict(os.environ)
    env.update(PYTHONPATH=str(ROOT), HOMEGAME_DATA=str(data), TERM="xterm-256color", **extra)
    env.pop("TEXTUAL", None)
    return env


def run_in_pty(
    args: list[str],
    env: dict[str, str],
    *,
    when: Callable[[str], bool] | None = None,
    then: Callable[[subprocess.Popen[bytes]], None] | None = None,
    timeout: float = 60.0,
) -> PtyRun:
    """Run `args` on a fresh 80x24 pseudo-terminal; once `when(output)` holds, call `then`."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(slave)
    proc = subprocess.Popen(
        [sys.executable, *args], stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT
    )
    chunks: list[bytes] = []
    fired = when is None
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunks.append(os.read(master, 65536))
                except OSError:
                    break
            if not fired and when is not None and when(b"".join(chunks).decode("utf-8", "replace")):
                fired = True
                if then is not None:
                    then(proc)
            if proc.poll() is not None and not ready:
                break
        else:
            proc.kill()
            raise AssertionError("the command did not end in time")
        status = proc.wait(timeout=10)
        after = termios.tcgetattr(slave)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
        os.close(slave)
    return PtyRun(status, b"".join(chunks).decode("utf-8", "replace"), before, after)
