"""A screen is built without work that changes nothing (issue 15: stalls).

Textual restyled a widget whose class changed in its constructor, against the whole
stylesheet, before it mounted and was styled again; and it laid out and drew a screen once for
its resume and again, in the same turn of the event loop, for the Resize that layout posted to
the screen itself. Both made a screen's build run past 50 ms in one stretch of the loop."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import replace

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


def _regions(screen: Screen[object]) -> dict[str, object]:
    return {f"{type(w).__name__}#{w.id}:{i}": w.region for i, w in enumerate(screen.query("*"))}


def test_the_start_screen_first_shown_after_a_game_does_not_move_after_its_first_layout(
    monkeypatch,
) -> None:  # type: ignore[no-untyped-def]
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


class Turns:
    """Counts the event loop's turns once `start` runs, and notes the turn of the first layout
    of a screen `picked` chooses and of the first draw (`draw`, a Compositor method) after it."""

    def __init__(self, monkeypatch, picked, draw: str) -> None:  # type: ignore[no-untyped-def]
        from textual._compositor import Compositor

        self.turn = 0
        self.seen: dict[str, int] = {}
        refresh_layout = Screen._refresh_layout
        render = getattr(Compositor, draw)

        def noted(screen: Screen[object], *args: object, **kwargs: object) -> None:
            if picked(screen):
                self.seen.setdefault("layout", self.turn)
            refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

        def drawn(compositor: Compositor, *args: object, **kwargs: object) -> object:
            if "layout" in self.seen:
                self.seen.setdefault("draw", self.turn)
            return render(compositor, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", noted)
        monkeypatch.setattr(Compositor, draw, drawn)

    def start(self) -> None:
        self.turn += 1
        asyncio.get_running_loop().call_soon(self.start)


def test_a_screen_shown_is_drawn_in_a_later_turn_of_the_loop_than_its_layout(
    monkeypatch, painted_frames
) -> None:  # type: ignore[no-untyped-def]
    from tui_driver import visible_text

    turns = Turns(monkeypatch, lambda screen: isinstance(screen, SetupScreen), "render_full_update")
    seen = turns.seen
    count_turns = turns.start
    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            count_turns()
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            return visible_text(app)

    shown = asyncio.run(scenario())
    assert seen["draw"] > seen["layout"]
    assert "deal a home game" in shown and "Start the game" in shown


def test_a_layout_asked_for_before_the_last_full_layout_began_is_not_done_again(
    monkeypatch,
) -> None:  # type: ignore[no-untyped-def]
    from textual.messages import Layout
    from tui_driver import count_layouts

    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.2)
            table = table_of(app)
            layouts = count_layouts(monkeypatch)
            log = table.query_one("#log")
            stale = Layout(log)
            stale.time = table._laid_out_at - 1
            table.post_message(stale)
            await pilot.pause(0.1)
            assert [s for s in layouts if s is table] == []
            table.post_message(Layout(log))  # asked for now: laid out
            await pilot.pause(0.1)
            assert [s for s in layouts if s is table] != []

    asyncio.run(scenario())


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


def _narrower_log(table: Screen[object]) -> None:
    table.query_one("#log").styles.width = 30  # a layout, and a draw of what moved


def _layout_and_repaint(table: Screen[object]) -> None:
    table.refresh(layout=True, repaint=True)


@pytest.mark.parametrize("change", [_narrower_log, _layout_and_repaint])
def test_the_draw_after_a_layout_of_the_table_comes_in_a_later_turn_of_the_loop(
    monkeypatch, painted_frames, change
) -> None:  # type: ignore[no-untyped-def]
    """A layout and the draw of what it moved were up to 30 ms in one stretch; and Textual
    draws again in the layout's turn when a widget changed meanwhile (a repaint asked for
    with it), which drew the whole screen in that stretch too."""
    turns = Turns(
        monkeypatch, lambda screen: screen is table_of(app) and turns.turn, "render_update"
    )
    seen = turns.seen
    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> str:
        from tui_driver import visible_text

        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.2)
            turns.start()
            table = table_of(app)
            assert table is not None
            change(table)
            await until(pilot, lambda: "draw" in seen)
            return visible_text(app)

    shown = asyncio.run(scenario())
    assert seen["draw"] > seen["layout"]
    assert "Blinds" in shown and "f Fold" in shown


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


def _count_lines_drawn(monkeypatch, draw: str, turn: list[int]) -> tuple[list[int], list[int]]:  # type: ignore[no-untyped-def]
    """From now on, the lines widgets draw, each as the loop's turn (`turn[0]`) it was drawn
    in: ahead of a call of the Compositor method `draw`, and within one."""
    from textual._compositor import Compositor
    from textual._styles_cache import StylesCache

    ahead: list[int] = []
    within: list[int] = []
    drawing = [False]
    render_line = StylesCache.render_line
    render = getattr(Compositor, draw)

    def counted(self: StylesCache, *args: object, **kwargs: object) -> object:
        (within if drawing[0] else ahead).append(turn[0])
        return render_line(self, *args, **kwargs)  # type: ignore[arg-type]

    def drawn(self: Compositor, *args: object, **kwargs: object) -> object:
        drawing[0] = True
        try:
            return render(self, *args, **kwargs)
        finally:
            drawing[0] = False

    monkeypatch.setattr(StylesCache, "render_line", counted)
    monkeypatch.setattr(Compositor, draw, drawn)
    return ahead, within


def test_a_new_tables_lines_are_drawn_a_few_widgets_a_turn_before_its_full_draw(
    monkeypatch, painted_frames
) -> None:  # type: ignore[no-untyped-def]
    """The table's first full draw was 25-30 ms of one stretch; its widgets' lines are drawn
    ahead of it in slices (SLICE of drawing a turn), and the full draw finds them drawn."""
    from tui_driver import visible_text

    import homegame.tui.mount_styles as mount_styles

    monkeypatch.setattr(mount_styles, "SLICE", 0.0)  # a turn for each widget
    turn, count_turns = _turn_counter()
    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> tuple[str, tuple[list[int], list[int]]]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.2)
            await _back_to_start(app, pilot, 0.2)
            lines = _count_lines_drawn(monkeypatch, "render_full_update", turn)
            count_turns()
            app.start_game(_config())
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.3)
            return visible_text(app), lines

    shown, (ahead, in_full_draw) = asyncio.run(scenario())
    assert "Blinds" in shown and "q Quit" in shown
    assert len(set(ahead)) > 5  # the lines were drawn over several turns
    first_full = min(in_full_draw, default=turn[0])
    assert len([t for t in in_full_draw if t == first_full]) < 5


def test_the_start_screens_rows_mount_one_a_turn_and_nothing_is_drawn_till_the_last(
    monkeypatch,
) -> None:  # type: ignore[no-untyped-def]
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


def test_a_timer_due_as_a_screen_mounts_runs_before_its_first_layout(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Textual lays a screen out as it handles its first resume, right after its mount (the
    start screen: 8 ms, then 21 ms), and a timer or a key due meanwhile waited for both."""
    seen: list[str] = []
    on_mount = SetupScreen.on_mount
    refresh_layout = Screen._refresh_layout

    def mounted(self: SetupScreen) -> None:
        seen.append("mount")
        asyncio.get_running_loop().call_later(0, seen.append, "timer")
        on_mount(self)

    def laid_out(self: Screen[object], *args: object, **kwargs: object) -> None:
        if isinstance(self, SetupScreen):
            seen.append("layout")
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(SetupScreen, "on_mount", mounted)
    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.2)
            await _back_to_start(app, pilot, 0.3)

    asyncio.run(scenario())
    assert seen[0] == "mount" and "layout" in seen
    assert seen.index("timer") < seen.index("layout")


def test_a_changed_widgets_lines_are_drawn_ahead_of_the_draw_that_shows_them(
    monkeypatch, painted_frames
) -> None:  # type: ignore[no-untyped-def]
    """The table's draw after an action was up to 25 ms in one stretch, a third of it the hand
    log and its scroll bar: the lines of what changed are drawn in slices first."""
    from tui_driver import visible_text

    from homegame.tui.widgets.hand_log import HandLog

    app = HomegameApp(_config(), rng=random.Random(1))

    async def scenario() -> tuple[str, tuple[list[int], list[int]]]:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.3)
            table = table_of(app)
            assert table is not None
            lines = _count_lines_drawn(monkeypatch, "render_update", [0])
            table.query_one(HandLog).add("Ann said hello")
            await pilot.pause(0.3)
            return visible_text(app), lines

    shown, (ahead, in_draw) = asyncio.run(scenario())
    assert "Ann said hello" in shown
    assert len(ahead) > 5
    assert len(in_draw) < len(ahead) / 4


def test_the_apps_first_screen_is_built_and_drawn_in_one_go(monkeypatch, painted_frames) -> None:  # type: ignore[no-untyped-def]
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


def test_a_widget_that_fails_to_draw_in_a_draw_that_waited_ends_the_app_as_a_crash(
    monkeypatch, painted_frames
) -> None:  # type: ignore[no-untyped-def]
    """The draw runs in a task of its own: its error still reaches the app's crash handling
    (a short message, exit status 1), not a log line nobody reads."""
    from homegame.tui.widgets.hand_log import HandLog

    app = HomegameApp(_config(), rng=random.Random(1))

    def broken(self: HandLog, y: int) -> object:
        raise RuntimeError("the log cannot draw")

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.pause(0.3)
            table = table_of(app)
            assert table is not None
            monkeypatch.setattr(HandLog, "render_line", broken)
            table.query_one(HandLog).add("one more line")
            await pilot.pause(0.3)

    with pytest.raises(RuntimeError, match="the log cannot draw"):
        asyncio.run(scenario())
    assert app.return_code == 1
