"""An app that ends safely: a crash shows no card, a signal puts the terminal back, and the
process ends within a deadline whatever its close gets stuck on.

Every way out passes `exit_hooks`: q q, the end of the game, a SIGINT, SIGTERM or SIGHUP, and a
crash. A signal ends the app with the status shells give a command a signal ended (128 + its
number: SIGINT 130, SIGTERM 143, SIGHUP 129); its handler runs on the main thread even while the
event loop is stuck, and a second one ends the process at once. Once the app starts to close it
has `homegame.tui.deadline.SHUTDOWN_SECONDS` to finish, or the process ends anyway, the
terminal put back (every input is committed as it is made, so nothing is lost). Only public
Textual API is used here; the crash's short message and the guard on SIGCONT go through the
workarounds in `homegame.tui.textual_workaround`.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from pathlib import Path, PurePath
from types import FrameType
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ScreenStackError
from textual.dom import DOMNode
from textual.worker import WorkerFailed

from homegame.crash import crash_message, write_crash_log
from homegame.start_up import resume_collections
from homegame.tui.deadline import Deadline, terminal_gone
from homegame.tui.gc_pauses import freeze_start_up, thaw
from homegame.tui.palette import COLOURS
from homegame.tui.textual_workaround import (
    ShortCrashes,
    keep_no_dead_styles_caches,
    resume_only_after_a_stop,
)

#: Where the screens and their styles files are.
SCREENS = Path(__file__).parent / "screens"

#: Signals that end the app the way q q does, so the terminal is put back as it was; the exit
#: status is 128 + the signal's number, as shells expect (SIGINT 130, SIGHUP 129, SIGTERM 143).
EXIT_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: The signals whose handlers the app changes while it runs (Textual's driver sets the last
#: two), each put back as it was once the app has ended.
HANDLED_SIGNALS = (*EXIT_SIGNALS, signal.SIGTSTP, signal.SIGCONT)

#: How often, in seconds, the app checks that its terminal is still there: one closed without
#: a SIGHUP reaching the app (its shell caught it) ends the app as a SIGHUP would.
TERMINAL_CHECK_SECONDS = 1.0

#: Called with the reason ("quit", "SIGINT", "SIGTERM", "SIGHUP", "crash") just before the app
#: ends.
ExitHook = Callable[[str], None]


class SafeApp(ShortCrashes):
    """The base of homegame's apps: exit hooks, signals and crashes handled once, here."""

    #: Every screen's styles, read once as the app starts: Textual reads a screen's file at
    #: its first push otherwise, and then parses every style again and restyles the screen
    #: under it. Each file styles only its own screen (tests/tui/test_tui_startup.py).
    CSS_PATH: ClassVar[list[str | PurePath]] = sorted(SCREENS.glob("*.tcss"))

    def __init__(self) -> None:
        super().__init__()
        keep_no_dead_styles_caches()
        #: Run once on every way out (the journal saves the game here).
        self.exit_hooks: list[ExitHook] = []
        self._hooks_ran = False
        #: Where the last crash's details went (None: no crash, or the log could not be written).
        self.crash_log: Path | None = None
        #: The app is on its way out (q q, a signal, a crash): keys and clicks are dropped.
        self.leaving = False
        #: The time the app has to close once it starts to (None: not run from a terminal by
        #: `run`; a test's `run_test` has none).
        self.deadline: Deadline | None = None
        #: The first exit signal received, if any.
        self.signalled: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's named colours (`$gold`, `$felt`, ...) beside the theme's own variables."""
        return {**super().get_theme_variable_defaults(), **COLOURS}

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Run the app, an exit signal leaving it as q q does and its close bounded by a
        deadline; every signal handler it changed is put back afterwards."""
        before = {number: signal.getsignal(number) for number in HANDLED_SIGNALS}
        self.deadline = Deadline()
        for number in EXIT_SIGNALS:
            with contextlib.suppress(ValueError):  # not the main thread: signals stay as they are
                signal.signal(number, self._on_exit_signal)
        try:
            return super().run(*args, **kwargs)
        finally:
            self.deadline.finished()
            for number, handler in before.items():
                with contextlib.suppress(TypeError, ValueError):  # one not set from Python
                    signal.signal(number, handler)

    def on_mount(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self.deadline is not None:  # run by `run`, so Textual's driver is a terminal's
            resume_only_after_a_stop(lambda: self.leaving)
            if self.signalled is not None:  # it came during start-up
                self.leave_on_signal(self.signalled)
            if self.deadline.fd is not None:
                self.set_interval(TERMINAL_CHECK_SECONDS, self._check_terminal)
        # Once the first screen is up, what start-up built is left out of every collection.
        self.call_after_refresh(self._start_up_done)

    def _start_up_done(self) -> None:
        """The first screen is up: freeze what start-up built, then let the collector (paused
        for a command's start-up, `homegame.start_up`) run again."""
        freeze_start_up(self.screen_stack)
        resume_collections()

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle a node only once it is in the app's DOM: one still being built is styled as
        it mounts. Textual restyles a widget whose class changes in its constructor (Input's
        and Select's `compact`, a tooltip), against the whole stylesheet, and the mount styles
        it again."""
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks go only to a screen that is whole: one that arrives while a screen is
        still being built, or while the app or the screen is closing, is dropped, so no screen
        is left before it exists or acted on once it is gone."""
        if isinstance(event, events.Key | events.MouseDown | events.MouseUp):
            if self.leaving or not self.is_running:
                return
            try:
                screen = self.screen
            except ScreenStackError:
                return
            if not (screen.is_mounted and screen.is_attached):  # also a key bubbling back up
                return
        await super().on_event(event)

    # -- every way out -----------------------------------------------------------------------

    def run_exit_hooks(self, reason: str) -> None:
        """Run each exit hook once; one that fails does not stop the app from ending."""
        if self._hooks_ran:
            return
        self._hooks_ran = True
        for hook in self.exit_hooks:
            with contextlib.suppress(Exception):
                hook(reason)

    def exit(
        self, result: None = None, return_code: int = 0, message: object | None = None
    ) -> None:
        """End the app (q q, the winner's certificate, a signal) after the exit hooks."""
        self.leaving = True
        if self.deadline is not None:
            self.deadline.arm(return_code)
        self.run_exit_hooks("quit")
        super().exit(result, return_code, message)  # type: ignore[arg-type]

    def on_unmount(self) -> None:
        """The app has closed every screen: what it froze goes back to the collector."""
        thaw()

    def _on_exit_signal(self, number: int, frame: FrameType | None) -> None:
        """An exit signal, handled on the main thread between two steps of whatever it runs
        (the event loop may be stuck): the deadline starts and the loop is asked to leave
        through `exit`; a second signal ends the process at once."""
        deadline = self.deadline
        if deadline is None:
            return
        if self.signalled is not None:
            deadline.end_now()
            return
        self.signalled = number
        self.leaving = True
        deadline.arm(128 + number)
        if self._loop is not None:  # else the app is starting: it leaves once mounted
            with contextlib.suppress(RuntimeError):  # the loop is closed: the app has ended
                self._loop.call_soon_threadsafe(self.leave_on_signal, number)

    def _check_terminal(self) -> None:
        """A terminal that has hung up ends the app as its SIGHUP would."""
        fd = self.deadline.fd if self.deadline is not None else None
        if fd is not None and self.signalled is None and terminal_gone(fd):
            self._on_exit_signal(signal.SIGHUP, None)

    def leave_on_signal(self, number: int) -> None:
        """Leave through `exit` with the status a shell expects after signal `number`."""
        self.run_exit_hooks(signal.Signals(number).name)
        self.exit(return_code=128 + number)

    def crash_shown(self, error: Exception) -> Text:
        """A crash shows one short line, never a traceback with its locals (they hold every
        seat's cards); the details, without cards, go to an owner-only log; exit status 1."""
        cause = error.error if isinstance(error, WorkerFailed) else error
        try:
            self.crash_log = write_crash_log(cause)
        except OSError:
            self.crash_log = None
        self.leaving = True
        if self.deadline is not None:
            self.deadline.arm(1)
        self.run_exit_hooks("crash")
        return Text(crash_message(cause, self.crash_log))
