"""An app that ends safely: a crash shows no card, a signal puts the terminal back.

Every way out passes `exit_hooks` (the journal saves the game there): q q, the end of the game, a
SIGTERM or SIGHUP, and a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ScreenStackError
from textual.dom import DOMNode
from textual.screen import Screen
from textual.worker import WorkerFailed

from homegame.crash import crash_message, write_crash_log
from homegame.start_up import resume_collections
from homegame.tui.gc_pauses import freeze_start_up, thaw
from homegame.tui.palette import COLOURS
from homegame.tui.textual_workaround import keep_no_dead_styles_caches

#: Signals that end the app the way q q does, so the terminal is put back as it was.
EXIT_SIGNALS = (signal.SIGTERM, signal.SIGHUP)

#: Called with the reason ("quit", "SIGTERM", "SIGHUP", "crash") just before the app ends.
ExitHook = Callable[[str], None]


#: How many times the shutdown closes the screens before a cancelled pump is let through.
CLOSE_TRIES = 3


class SafeApp(App[None]):
    """The base of homegame's apps: exit hooks, signals and crashes handled once, here."""

    def __init__(self) -> None:
        super().__init__()
        keep_no_dead_styles_caches()
        #: Run once on every way out (the journal saves the game here).
        self.exit_hooks: list[ExitHook] = []
        self._hooks_ran = False
        #: Where the last crash's details went (None: no crash, or the log could not be written).
        self.crash_log: Path | None = None

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The table's named colours (`$gold`, `$felt`, ...) beside the theme's own variables."""
        return {**super().get_theme_variable_defaults(), **COLOURS}

    def on_mount(self) -> None:
        if not self.is_headless:
            self._catch_exit_signals()
        # Once the first screen is up, what start-up built is left out of every collection.
        self.call_after_refresh(self._start_up_done)

    def _start_up_done(self) -> None:
        """The first screen is up: freeze what start-up built, then let the collector (paused
        for a command's start-up, `homegame.start_up`) run again."""
        freeze_start_up(self.screen_stack)
        resume_collections()

    def _load_screen_css(self, screen: Screen[object]) -> None:
        """A screen's own styles join the stylesheet at its first push, parsed alone, and style
        only that screen: start-up reads the first screen's file, not every screen's.

        Textual would parse every style again and restyle every widget of every screen, 17-41 ms
        on the event loop in the first hand; each screen's file styles only that screen's
        widgets (tests/tui/test_tui_startup.py keeps it so), so the widgets already up keep
        their styles and the others' parsed rules are reused."""
        new = [p for p in screen.css_path if not self.stylesheet.has_source(str(p), "")]
        if new:
            for path in new:
                self.stylesheet.read(path)
            self.stylesheet.parse()  # the new files only: the rest come from the parse cache
            self.stylesheet.update_nodes(screen.walk_children(with_self=True), animate=False)
        super()._load_screen_css(screen)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle a node only once it is in the app's DOM: one still being built is styled as
        it mounts. Textual restyles a widget whose class changes in its constructor (Input's
        and Select's `compact`, a tooltip), against the whole stylesheet, and the mount styles
        it again: two thirds of the start screen's compose (issue 15: stalls)."""
        if node is self or node.is_attached:
            super().update_styles(node, animate)

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks go only to a screen that is whole: one that arrives while a screen is
        still being built, or while the app or the screen is closing, is dropped, so no screen
        is left before it exists or acted on once it is gone."""
        if isinstance(event, events.Key | events.MouseDown | events.MouseUp):
            if self._exit or self._closing:
                return
            try:
                screen = self.screen
            except ScreenStackError:
                return
            if not screen.is_mounted or screen._closing:  # also a key bubbling back up
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
        self.run_exit_hooks("quit")
        super().exit(result, return_code, message)  # type: ignore[arg-type]

    async def _shutdown(self) -> None:
        """Textual's shutdown, then what the app froze goes back to the collector."""
        try:
            await super()._shutdown()
        finally:
            thaw()

    async def _close_all(self) -> None:
        """Close every screen even when one's message pumps were cancelled with a worker.

        At exit Textual cancels the workers first; a game worker that was running the app's
        pending callbacks (inside `push_screen_wait`) passes the cancellation on to the pumps
        of the screens those callbacks were removing, and closing them then raised
        CancelledError out of the shutdown, skipping the rest of it: the terminal was left in
        the app's mode (found by tests/fuzz_driver.py). Only a cancellation of the shutdown
        itself goes on up."""
        for _ in range(CLOSE_TRIES - 1):
            try:
                await super()._close_all()
                return
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
        await super()._close_all()

    def _catch_exit_signals(self) -> None:
        """SIGTERM and SIGHUP leave through `exit`, which restores the terminal."""
        loop = asyncio.get_running_loop()
        for number in EXIT_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self._on_exit_signal, number)

    def _on_exit_signal(self, number: int) -> None:
        self.run_exit_hooks(signal.Signals(number).name)
        self.exit(return_code=128 + number)

    def _handle_exception(self, error: Exception) -> None:
        """A crash shows one short line, never a traceback with its locals (they hold every
        seat's cards); the details, without cards, go to an owner-only log; exit status 1."""
        cause = error.error if isinstance(error, WorkerFailed) else error
        self._return_code = 1
        if self._exception is not None:  # the first crash has said it all
            return
        self._exception = error  # Pilot re-raises it in tests.
        self._exception_event.set()
        try:
            self.crash_log = write_crash_log(cause)
        except OSError:
            self.crash_log = None
        self.run_exit_hooks("crash")
        self.bell()
        self._exit_renderables.append(Text(crash_message(cause, self.crash_log)))
        self._close_messages_no_wait()
