"""The event loop's garbage collections stay short: removed widgets are freed, not kept by a
cache, a screen taken off the stack lets go of its lines, and start-up's objects are left out
of later collections (tests/tui/test_tui_startup.py checks the freeze in a process of its own)."""

from __future__ import annotations

import asyncio
import gc
import random
import weakref
from pathlib import Path

import pytest
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static
from tui_driver import Record, drive, table_of, until

import homegame.tui.app
import homegame.tui.gc_pauses as gc_pauses
from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.textual_workaround import has_the_bug, keep_no_dead_styles_caches


class _Many(App[None]):
    def compose(self) -> ComposeResult:
        for number in range(40):
            yield Static(f"line {number}", classes="gone")


def test_widgets_removed_after_drawing_leave_no_styles_cache_alive() -> None:
    keep_no_dead_styles_caches()

    async def scenario() -> list[weakref.ref[StylesCache]]:
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
    keep_no_dead_styles_caches()
    first = StylesCache.__dict__["get_inner_outer"]
    keep_no_dead_styles_caches()
    assert StylesCache.__dict__["get_inner_outer"] is first


def test_textual_still_caches_the_backgrounds_per_widget_so_the_workaround_is_needed() -> None:
    """Fails once Textual fixes its issue #6665: then delete homegame/tui/textual_workaround.py."""
    assert has_the_bug(), "Textual no longer caches get_inner_outer per widget"


@pytest.fixture
def no_automatic_collections() -> object:
    """Only the app's own collections run, so what one frees is not freed by chance."""
    gc.disable()
    yield
    gc.enable()


@pytest.mark.usefixtures("no_automatic_collections")
def test_a_finished_games_table_is_freed_and_frozen_only_once_no_game_screen_is_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "hard"))
    config = GameConfig(
        "holdem",
        players=players,
        freezeout=FreezeoutSettings(starting_stack=40),
        timing=TimingSettings(bot_pause=0.0),
    )
    app = HomegameApp(config, rng=random.Random(3), certificate_folder=tmp_path)
    up_when_frozen: list[list[str]] = []
    collect = gc_pauses.collect_between_games  # the one the app calls, unwatched

    def watched(gone: list[weakref.ref[Screen[object]]]) -> bool:
        frozen = collect(gone)
        if frozen:
            up_when_frozen.append([type(s).__name__ for s in app.screen_stack])
        return frozen

    monkeypatch.setattr(homegame.tui.app, "collect_between_games", watched)
    tables: list[weakref.ref[TableScreen]] = []

    def note_table(app: App[None], record: Record) -> None:
        table = table_of(app)
        if table is not None and all(table is not t() for t in tables):
            tables.append(weakref.ref(table))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for game in (1, 2):  # the first table is frozen with start-up: the second is not
                if game == 2:
                    app.play_again(config)  # the start screen's Start
                record = await drive(app, pilot, check=note_table)
                assert record.certificate  # the game ended and its certificate led back
                await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert len(tables) == 2
            # After the first game and as the start screen starts the second; after the second
            # too unless something (here the test's own task) still held its table then.
            assert len(up_when_frozen) >= 2
            assert all(up == ["Screen"] for up in up_when_frozen)  # the app's own screen only
            if len(up_when_frozen) == 3:
                assert tables[1]() is None, "the finished table was frozen, never to be freed"

    asyncio.run(scenario())


def test_an_app_that_ends_gives_what_it_froze_back_to_the_collector() -> None:
    app = HomegameApp()  # the start screen

    async def scenario() -> int:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: gc.get_freeze_count() > 0)
            return gc.get_freeze_count()

    assert asyncio.run(scenario()) > 10_000
    # Another app in this process (tests) would otherwise keep this one's garbage for good.
    assert gc.get_freeze_count() == 0


def test_quitting_as_the_next_game_is_set_up_leaves_no_step_never_run() -> None:
    """The swap between games is handed to a worker as a function, not a coroutine made in
    advance: quitting before the worker starts left a coroutine never awaited, whose warning
    printed after the terminal was given back."""
    import warnings

    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=0))

    async def scenario() -> None:
        app = HomegameApp(config, rng=random.Random(1))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.play_again(config)
            app.exit()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(scenario())
        gc.collect()
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []


def test_a_full_collection_is_made_between_deals_only_when_due() -> None:
    """While a table deals the collector makes only young collections; the table makes the full
    one between deals once as many young ones have run as would have started it."""
    from homegame.tui.gc_pauses import DUE, collect_if_due

    gc.collect()
    for _ in range(DUE - 1):
        gc.collect(1)  # each counts as a young collection towards the next full one
    asyncio.run(collect_if_due())
    assert gc.get_count()[2] == DUE - 1  # not due yet: no full collection
    gc.collect(1)
    asyncio.run(collect_if_due())
    assert gc.get_count()[2] == 0  # a full collection ran


def test_a_table_holds_the_collectors_full_collections_until_it_is_gone() -> None:
    from homegame.tui.gc_pauses import HELD

    before = gc.get_threshold()
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "easy"))
    app = HomegameApp(GameConfig("holdem", players=players), rng=random.Random(4))
    held: list[int] = []

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            held.append(gc.get_threshold()[2])

    asyncio.run(scenario())
    assert held == [HELD]
    assert gc.get_threshold() == before


def test_a_quiet_moment_comes_after_a_timer_due_while_the_loop_was_busy() -> None:
    """A table's full collection waits for a quiet moment: a single sleep's wake-up, queued
    while a long piece of work (a screen's draw) ran, went before the timer or key due by
    then, and the collection joined the draw in one stretch."""
    import time

    from homegame.tui.gc_pauses import ASIDE, quiet_moment

    order: list[str] = []

    def draw() -> None:
        time.sleep(0.02)
        order.append("draw")

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        loop.call_soon(time.sleep, 0.003)  # busy past the sleep's end and the draw's start
        loop.call_later(ASIDE * 1.5, draw)  # due just after the sleep's end
        loop.call_later(0.005, order.append, "timer")
        await quiet_moment()
        order.append("quiet")

    asyncio.run(scenario())
    assert order == ["draw", "timer", "quiet"]
