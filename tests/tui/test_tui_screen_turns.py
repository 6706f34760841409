"""A screen is built without work that changes nothing (issue 15: stalls).

Textual restyled a widget whose class changed in its constructor, against the whole
stylesheet, before it mounted and was styled again; and it laid out and drew a screen once for
its resume and again, in the same turn of the event loop, for the Resize that layout posted to
the screen itself. Both made a screen's build run past 50 ms in one stretch of the loop."""

from __future__ import annotations

import asyncio
import random

from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widgets import Input
from tui_driver import table_of, until

from homegame.config import GameConfig, PlayerSetting
from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen


def _config() -> GameConfig:
    return GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))


def test_a_widget_is_restyled_once_it_is_in_the_app_not_while_it_is_built(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    restyled: list[object] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes, animate: bool = False) -> None:  # type: ignore[no-untyped-def]
        nodes = list(nodes)
        restyled.extend(nodes)
        update_nodes(self, nodes, animate=animate)

    app = HomegameApp()

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            monkeypatch.setattr(Stylesheet, "update_nodes", counted)
            built = Input("7", compact=True, tooltip="a tip")
            assert restyled == []  # the constructor's class changes wait for the mount
            await app.screen.mount(built)
            await pilot.pause()
            assert built.styles.border_top[0] in ("", "none")  # compact: no border
            built.compact = False  # a class change once mounted restyles, as in Textual
            await pilot.pause()
            assert built in restyled
            assert built.styles.border_top[0] not in ("", "none")

    asyncio.run(scenario())


def test_a_screen_is_not_laid_out_again_for_the_resize_its_own_layout_posts(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    resized: list[tuple[Screen[object], tuple[int, int]]] = []
    screen_resized = Screen._screen_resized

    def counted(self: Screen[object], size) -> None:  # type: ignore[no-untyped-def]
        resized.append((self, tuple(size)))
        screen_resized(self, size)

    monkeypatch.setattr(Screen, "_screen_resized", counted)
    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause()
            table = table_of(app)
            assert [s for s, _ in resized if s is table] == []
            assert "-tall" in table.classes and "-short" not in table.classes
            await pilot.resize_terminal(70, 22)  # a real resize still lays out and restyles
            await until(pilot, lambda: table.size == (70, 22))
            assert (table, (70, 22)) in resized
            assert "-short" in table.classes and "-narrow" in table.classes
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            assert [s for s, _ in resized if s is app.screen] == []

    asyncio.run(scenario())
