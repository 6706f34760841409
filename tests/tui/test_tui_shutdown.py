"""The app's shutdown closes every screen and the driver even when closing a screen raises
CancelledError: at exit, Textual's cancelling of a game worker could reach the pumps of the
screens it was removing (tests/fuzz_driver.py met it one run in three of 80 fast rounds)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from fuzz_driver import enter_and_call
from textual.app import App, ComposeResult
from textual.widgets import Static

from homegame.tui.safe_app import CLOSE_TRIES, SafeApp


class Closing(SafeApp):
    def __init__(self, cancelled: int) -> None:
        super().__init__()
        self.cancelled = cancelled
        self.tries = 0

    def compose(self) -> ComposeResult:
        yield Static("table")


def _closing_raises(app: Closing) -> Callable[[App[object]], Awaitable[None]]:
    close_all = App._close_all

    async def close(self: App[object]) -> None:
        app.tries += 1
        if app.tries <= app.cancelled:
            raise asyncio.CancelledError
        await close_all(self)

    return close


def _shut_down(cancelled: int, monkeypatch: pytest.MonkeyPatch) -> Closing:
    app = Closing(cancelled)
    monkeypatch.setattr(App, "_close_all", _closing_raises(app))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            app.exit()

    asyncio.run(scenario())
    return app


def test_a_screen_cancelled_while_closing_does_not_cut_the_shutdown_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = _shut_down(1, monkeypatch)
    assert app.tries == 2 and not app.screen_stack and not app._registry


def test_a_shutdown_that_keeps_being_cancelled_is_let_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(asyncio.CancelledError):
        _shut_down(CLOSE_TRIES, monkeypatch)


def test_quitting_while_keys_fly_in_yukon_ends_cleanly() -> None:
    for _ in range(3):
        assert "HandoffScreen" in asyncio.run(enter_and_call("yukon", rounds=80, seed=1))
