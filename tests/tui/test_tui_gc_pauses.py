"""The event loop's garbage collections stay short: removed widgets are freed, not kept by a
cache, a screen taken off the stack lets go of its lines, and start-up's objects are left out
of later collections (tests/tui/test_tui_startup.py checks the freeze in a process of its own)."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static
from tui_driver import until

from homegame.tui.gc_pauses import keep_no_dead_styles_caches
from homegame.tui.safe_app import SafeApp


class _Many(App[None]):
    def compose(self) -> ComposeResult:
        for number in range(40):
            yield Static(f"line {number}", classes="gone")


@pytest.mark.usefixtures("painted_frames")  # the cache fills only when frames are painted
def test_widgets_removed_after_drawing_leave_no_styles_cache_alive() -> None:
    keep_no_dead_styles_caches()

    async def scenario() -> list[weakref.ref[object]]:
        app = _Many()
        async with app.run_test(size=(40, 50)) as pilot:
            await pilot.pause()
            caches = [weakref.ref(w._styles_cache) for w in app.query(".gone")]
            await app.query(".gone").remove()
            await pilot.pause()
            return caches

    caches = asyncio.run(scenario())
    gc.collect()
    alive = sum(ref() is not None for ref in caches)
    assert caches
    assert alive == 0, f"{alive} of {len(caches)} removed widgets' styles caches are kept"


def test_keying_the_backgrounds_on_colours_is_done_once() -> None:
    from textual._styles_cache import StylesCache

    keep_no_dead_styles_caches()
    first = StylesCache.__dict__["get_inner_outer"]
    keep_no_dead_styles_caches()
    assert StylesCache.__dict__["get_inner_outer"] is first


class _Over(Screen[None]):
    def compose(self) -> ComposeResult:
        for number in range(10):
            yield Static(f"over {number}", classes="over")


@pytest.mark.usefixtures("painted_frames")  # lines are drawn only when frames are painted
def test_a_screen_taken_off_the_stack_lets_go_of_the_lines_it_drew() -> None:
    app = SafeApp()

    async def scenario() -> list[int]:
        async with app.run_test(size=(40, 20)) as pilot:
            await app.push_screen(_Over())
            widgets = list(app.screen.query(".over"))
            await until(pilot, lambda: all(len(w._styles_cache._cache) for w in widgets))
            app.pop_screen()
            await until(pilot, lambda: not isinstance(app.screen, _Over))
            return [len(w._styles_cache._cache) for w in widgets]

    assert asyncio.run(scenario()) == [0] * 10
