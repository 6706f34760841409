"""A screen is built without work that changes nothing: a widget whose class changes in its
constructor is styled once it is in the app, a screen's first layout stays put, and the start
screen's rows mount one a turn."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet
from textual.pilot import Pilot
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


def _regions(screen: Screen[Any]) -> dict[str, object]:
    return {f"{type(w).__name__}#{w.id}:{i}": w.region for i, w in enumerate(screen.query("*"))}


def test_the_start_screen_first_shown_after_a_game_does_not_move_after_its_first_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The scroll bar's room is kept from the start and the filled-in game is on from the
    start: before, the bar and the switch of rows each moved the whole form after its first
    layout, laying it out and drawing it all again."""
    first: dict[str, object] = {}
    refresh_layout = Screen._refresh_layout

    def noted(self: Screen[object], *args: object, **kwargs: object) -> None:
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]
        if isinstance(self, SetupScreen) and not first:
            first.update(_regions(self))

    monkeypatch.setattr(Screen, "_refresh_layout", noted)
    for game in ("holdem", "krg"):
        first.clear()
        config = GameConfig(game, players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))
        app = HomegameApp(config, rng=random.Random(1))

        async def scenario(
            app: HomegameApp = app, config: GameConfig = config
        ) -> dict[str, object]:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: app.screen is not app.screen_stack[0])
                app.back_to_start(config)
                await until(pilot, lambda: isinstance(app.screen, SetupScreen))
                await pilot.pause(0.2)
                # The KRG rows are made for a KRG game only (a third of the form's build).
                assert bool(app.screen.query("#wins")) == (config.game == "krg")
                return _regions(app.screen)

        settled = asyncio.run(scenario())
        assert first and settled == first, game


def test_the_krg_rows_wait_for_krg_and_then_show_the_filled_in_configs_series() -> None:
    """Back at the start screen after a Hold'em game the KRG rows are not made (a third of the
    form); picking KRG makes them with the series of the config the form was filled in with."""
    from textual.widgets import Select
    from tui_driver import click

    from homegame.config import SeriesSettings

    config = replace(_config(), series=SeriesSettings(wins=4, buy_in=7))
    app = HomegameApp(config, rng=random.Random(1))

    async def scenario() -> tuple[bool, object, str]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            app.back_to_start(config)
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            made_early = bool(app.screen.query("#wins"))
            await click(pilot, "#game-krg")
            await until(pilot, lambda: bool(app.screen.query("#wins")))
            await pilot.pause()
            wins = app.screen.query_one("#wins", Select).value
            return made_early, wins, app.screen.query_one("#buy-in", Input).value

    made_early, wins, buy_in = asyncio.run(scenario())
    assert not made_early
    assert (wins, buy_in) == (4, "7")


def _turn_counter() -> tuple[list[int], Callable[[], None]]:
    """The event loop's turns, counted from the call of the function returned."""
    turn = [0]

    def count_turns() -> None:
        turn[0] += 1
        asyncio.get_running_loop().call_soon(count_turns)

    return turn, count_turns


async def _back_to_start(app: HomegameApp, pilot: Pilot[None], settle: float) -> None:
    """From the table back to the start screen, and `settle` seconds more."""
    app.back_to_start()
    await until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause(settle)


def test_the_start_screens_rows_mount_one_a_turn_and_nothing_is_drawn_till_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its rows, mounted at once the first time it was shown after a game, were 45-55 ms in
    one turn of the loop."""
    from textual._compositor import Compositor
    from textual.app import App
    from tui_driver import visible_text

    turn, count_turns = _turn_counter()
    rows: list[tuple[int, object]] = []
    draws: list[int] = []
    register = App._register
    render_update = Compositor.render_update

    def noted(self: App[object], parent: object, *widgets: object, **kwargs: object) -> object:
        if getattr(parent, "id", None) == "setup-box":
            rows.extend((turn[0], widget) for widget in widgets)
        return register(self, parent, *widgets, **kwargs)  # type: ignore[arg-type]

    def drawn(self: Compositor, *args: object, **kwargs: object) -> object:
        if isinstance(app.screen, SetupScreen):
            draws.append(len(rows))
        return render_update(self, *args, **kwargs)  # type: ignore[arg-type]

    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> tuple[str, int]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.2)
            monkeypatch.setattr(App, "_register", noted)
            monkeypatch.setattr(Compositor, "render_update", drawn)
            count_turns()
            await _back_to_start(app, pilot, 0.3)
            return visible_text(app), len(app.screen.query_one("#setup-box").children)

    shown, children = asyncio.run(scenario())
    assert "deal a home game" in shown and "Start the game" in shown
    assert len(rows) == children > 8
    assert len({at for at, _ in rows}) == children  # a turn of its own for each
    assert draws and min(draws) == children  # the first draw had every row in


def test_the_apps_first_screen_is_built_and_drawn_in_one_go(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Before the first frame nothing waits on the loop but that frame: the start screen's rows
    mount together and its lines are drawn in the draw itself, not ahead in slices."""
    from textual._compositor import Compositor
    from textual._styles_cache import StylesCache
    from tui_driver import visible_text

    ahead_of_first_draw: list[int] = []
    drawn: list[int] = []
    drawing = [False]
    render_line = StylesCache.render_line
    render_update = Compositor.render_update

    def counted(self: StylesCache, *args: object, **kwargs: object) -> object:
        if not drawn and not drawing[0]:
            ahead_of_first_draw.append(1)
        return render_line(self, *args, **kwargs)  # type: ignore[arg-type]

    def full(self: Compositor, *args: object, **kwargs: object) -> object:
        drawing[0] = True
        try:
            return render_update(self, *args, **kwargs)  # type: ignore[arg-type]
        finally:
            drawing[0] = False
            if isinstance(app.screen, SetupScreen):
                drawn.append(1)

    monkeypatch.setattr(StylesCache, "render_line", counted)
    monkeypatch.setattr(Compositor, "render_update", full)
    app = HomegameApp()

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause(0.3)
            return visible_text(app)

    shown = asyncio.run(scenario())
    assert "deal a home game" in shown and drawn
    assert ahead_of_first_draw == []
