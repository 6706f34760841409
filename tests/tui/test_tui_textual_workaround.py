"""The crash workaround (homegame/tui/textual_workaround.py): Textual still passes every
unhandled exception to the one method it overrides, and honours an exception's own rendering,
so a crash ends the app with the app's one line and no traceback. Fails on a Textual that
changes either, so the workaround is looked at again then."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import Static

from homegame.tui.safe_app import SafeApp
from homegame.tui.textual_workaround import pump_tasks, textual_hands_exceptions_to_the_app


class _Crashing(SafeApp):
    """Raises on x (its message names cards, as a slip might), and again as it closes."""

    BINDINGS: ClassVar[list[BindingType]] = [("x", "crash", "crash")]

    def __init__(self) -> None:
        super().__init__()
        self.reasons: list[str] = []
        self.exit_hooks.append(self.reasons.append)

    def compose(self) -> ComposeResult:
        yield Static("table")

    def action_crash(self) -> None:
        self.call_later(self._again)
        raise RuntimeError("Ann holds As Kd")

    def _again(self) -> None:
        raise ValueError("a second error as the app closes")


def test_textual_still_hands_every_unhandled_exception_to_the_app() -> None:
    assert textual_hands_exceptions_to_the_app()


def test_a_crash_ends_the_app_with_one_line_and_no_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = _Crashing()

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.press("x")
            await pilot.pause()

    with pytest.raises(RuntimeError, match="As Kd"):  # Pilot re-raises the first crash
        asyncio.run(scenario())
    shown = capsys.readouterr().err
    assert "unexpected error (RuntimeError)" in shown
    assert "Traceback" not in shown and "As Kd" not in shown and "second" not in shown
    assert app.return_code == 1
    assert app.reasons == ["crash"]
    assert isinstance(app.crash, RuntimeError)
    assert app.crash_log is not None and Path(app.crash_log).is_file()


def test_a_screen_taken_off_the_stack_has_a_task_to_wait_for_until_it_ends() -> None:
    """`pump_tasks` still finds a screen's own task: the app waits on it before it frees what
    the last game left (tests/tui/test_tui_gc_pauses.py checks the freeing)."""
    from textual.screen import Screen

    app = _Crashing()
    screen: Screen[None] = Screen()

    async def scenario() -> tuple[int, int]:
        async with app.run_test() as pilot:
            await app.push_screen(screen)
            await pilot.pause()
            running = len(pump_tasks([screen]))
            await app.pop_screen()
            for task in pump_tasks([screen]):
                await task
            return running, len(pump_tasks([screen]))

    assert asyncio.run(scenario()) == (1, 0)


def test_textuals_driver_still_answers_sigcont_itself() -> None:
    """Part 4 guards the SIGCONT handler Textual's Linux driver installs as it is made; a
    Textual that installs none no longer needs it."""
    import signal

    from textual.drivers.linux_driver import LinuxDriver

    async def made() -> LinuxDriver:  # a driver is made on a running loop
        return LinuxDriver(_Crashing())

    before = {n: signal.getsignal(n) for n in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        driver = asyncio.run(made())
        handler = signal.getsignal(signal.SIGCONT)
        assert callable(handler) and getattr(handler, "__self__", None) is driver
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def test_a_sigcont_reaches_textual_only_after_a_stop_and_never_once_leaving() -> None:
    import os
    import signal

    from homegame.tui.textual_workaround import resume_only_after_a_stop

    seen: list[str] = []
    leaving = False
    before = {n: signal.getsignal(n) for n in (signal.SIGTSTP, signal.SIGCONT)}
    try:
        signal.signal(signal.SIGTSTP, lambda number, frame: seen.append("stop"))
        signal.signal(signal.SIGCONT, lambda number, frame: seen.append("restart"))
        resume_only_after_a_stop(lambda: leaving)
        os.kill(os.getpid(), signal.SIGCONT)  # a closed terminal's, with its SIGHUP
        assert seen == []
        os.kill(os.getpid(), signal.SIGTSTP)
        os.kill(os.getpid(), signal.SIGCONT)
        os.kill(os.getpid(), signal.SIGCONT)
        assert seen == ["stop", "restart"]
        os.kill(os.getpid(), signal.SIGTSTP)
        leaving = True
        os.kill(os.getpid(), signal.SIGCONT)
        assert seen == ["stop", "restart", "stop"]
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
