"""An app that ends safely: a crash shows no card, a signal puts the terminal back.

Every way out passes `exit_hooks` (the journal saves the game there): q q, the end of the game, a
SIGTERM or SIGHUP, and a crash. Only public Textual API is used here; the crash's short message
goes through the one workaround in `homegame.tui.textual_workaround`.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ScreenStackError
from textual.dom import DOMNode
from textual.worker import WorkerFailed

from homegame.crash import crash_message, write_crash_log
from homegame.start_up import resume_collections
from homegame.tui.gc_pauses import freeze_start_up, thaw
from homegame.tui.palette import COLOURS
from homegame.tui.textual_workaround import ShortCrashes, keep_no_dead_styles_caches

#: Where the screens and their styles files are.
SCREENS = Path(__file__).parent / "screens"

#: Signals that end the app the way q q does, so the terminal is put back as it was.
EXIT_SIGNALS = (signal.SIGTERM, signal.SIGHUP)

#: Called with the reason ("quit", "SIGTERM", "SIGHUP", "crash") just before the app ends.
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

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's named colours (`$gold`, `$felt`, ...) beside the theme's own variables."""
        return {**super().get_theme_variable_defaults(), **COLOURS}

    def on_mount(self) -> None:
        if not self.is_headless:
            self.catch_exit_signals()
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
        self.run_exit_hooks("quit")
        super().exit(result, return_code, message)  # type: ignore[arg-type]

    def on_unmount(self) -> None:
        """The app has closed every screen: what it froze goes back to the collector."""
        thaw()

    def catch_exit_signals(self) -> None:
        """SIGTERM and SIGHUP leave through `exit`, which restores the terminal."""
        loop = asyncio.get_running_loop()
        for number in EXIT_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self.leave_on_signal, number)

    def leave_on_signal(self, number: int) -> None:
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
        self.run_exit_hooks("crash")
        return Text(crash_message(cause, self.crash_log))
