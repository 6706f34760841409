"""A bounded way out: once the app starts to close, the process ends within `SHUTDOWN_SECONDS`.

Textual closes an app on its event loop, and a loop that is stuck (a write to a terminal that
was closed, a screen that never lets go) never closes it: the process then hangs for good,
holding the game's lock, and a signal handled on that loop is never handled. So the app's exit
arms a deadline in a thread of its own; if the app has not finished by then, `end_now` puts
the terminal back as it was before the app (its modes, the main screen, the cursor, no mouse
reporting), says so in one line, stops the bot workers and ends the process with the exit
status the app was leaving with. Nothing is lost that way: the journal commits every input in
its own transaction as it happens (`homegame.store.journal`), and the game's lock is the
kernel's, let go when the process ends (`homegame.store.owner`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import termios
import threading
from typing import Any

#: Seconds the app has to close once it starts to; then the process ends anyway.
SHUTDOWN_SECONDS = 3.0

#: What puts a terminal back from the app's modes: no mouse reporting (every mode Textual
#: turns on), no bracketed paste, focus or Kitty key reports, line wrap on, the main screen,
#: the cursor shown. Harmless on a terminal already back.
LEAVE_SCREEN = (
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1016l"
    "\x1b[?2004l\x1b[?1004l\x1b[<u\x1b[?7h\x1b[?1049l\x1b[?25h"
)


def terminal() -> int | None:
    """The descriptor of the terminal the app runs on, its standard input (None: none)."""
    try:
        fd = sys.__stdin__.fileno() if sys.__stdin__ is not None else None
    except (OSError, ValueError):
        return None
    return fd if fd is not None and os.isatty(fd) else None


def terminal_modes(fd: int | None) -> list[Any] | None:
    """Terminal `fd`'s modes now (None: it is no terminal)."""
    if fd is None:
        return None
    try:
        return termios.tcgetattr(fd)
    except (termios.error, OSError):
        return None


def terminal_gone(fd: int) -> bool:
    """True when terminal `fd` has hung up (closed by its window or its connection): then it
    reads nothing and takes no write, and no SIGHUP need have come (one whose process is not
    the terminal's own sends none)."""
    try:
        termios.tcgetattr(fd)
    except termios.error as error:
        return bool(error.args) and error.args[0] == errno.EIO
    except OSError:
        return True
    return False


class Deadline:
    """The time the app has to close, and what ends the process when it runs out."""

    def __init__(self, seconds: float = SHUTDOWN_SECONDS) -> None:
        self.seconds = seconds
        #: The terminal, and its modes before the app changed them (None: no terminal).
        self.fd = terminal()
        self.modes = terminal_modes(self.fd)
        #: The exit status the app is leaving with.
        self.status = 0
        self._finished = threading.Event()
        self._armed = False

    def arm(self, status: int) -> None:
        """The app starts to close with `status`: from now it has `seconds` to finish. The
        first way out decides the status (a signal's stays when its close calls `exit`)."""
        if self._armed:
            return
        self._armed = True
        self.status = status
        threading.Thread(target=self._watch, name="homegame-deadline", daemon=True).start()

    def finished(self) -> None:
        """The app has closed on its own: the deadline is off."""
        self._finished.set()

    def _watch(self) -> None:
        if not self._finished.wait(self.seconds):
            self.end_now(
                f"homegame: the app did not close within {self.seconds:g} s, so it was "
                "stopped; every move made is saved"
            )

    def end_now(self, line: str = "") -> None:
        """End the process at once with `status`: the terminal put back, `line` said on it,
        the bot workers stopped. Safe from any thread or a signal handler."""
        if self._finished.is_set():
            return
        self.restore_terminal(line)
        from homegame.worker import kill_all

        kill_all()
        os._exit(self.status)

    def restore_terminal(self, line: str = "") -> None:
        """The terminal's modes as before the app, its main screen and cursor; never waits on
        a terminal that does not read (nor fails on one that is gone)."""
        if self.fd is None or self.modes is None:
            return
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(self.fd, termios.TCSANOW, self.modes)
        try:  # its own descriptor, so not blocking changes nothing the shell shares
            fd = os.open(os.ttyname(self.fd), os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except OSError:
            return
        with contextlib.suppress(OSError):
            os.write(fd, (LEAVE_SCREEN + (f"\r\n{line}\r\n" if line else "")).encode())
        os.close(fd)
