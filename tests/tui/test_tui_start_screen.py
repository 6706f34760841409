"""The start screen as a new player meets it (issue 12): host mode, Enter moves on, the start key
is named, a loaded config keeps its bots' names, problems name the screen's labels."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Input
from tui_driver import click, run, until, until_shown, visible_text

from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen, on_screen
from homegame.tui.screens.table import TableScreen

SAMPLES = Path(__file__).resolve().parents[2] / "sample_configs"


def test_enter_in_a_box_moves_to_the_next_box_and_the_footer_names_the_start_key() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert "^s Start the game" in visible_text(app).splitlines()[-1]
            screen.query_one("#people").focus()
            await pilot.press(*"Ann, Bob", "enter")
            await pilot.pause()
            assert app.screen is screen, "Enter does not start the game"
            assert screen.focused is not screen.query_one("#people")
            screen.query_one("#stack").focus()
            await pilot.press("enter")
            await pilot.pause()
            focused = screen.focused
            assert app.screen is screen and focused is not None and focused.id == "hands-per-level"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert any(isinstance(s, TableScreen) for s in app.screen_stack)

    run(scenario())


def test_the_example_config_path_is_a_placeholder_not_a_value() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await until_shown(pilot, app, "Load")  # the form is drawn before it is clicked
            box = app.screen.query_one("#config-file", Input)
            assert box.value == "" and box.placeholder.startswith("e.g. ")
            await click(pilot, "#load")
            await until_shown(pilot, app, "Type the path of a config file first.")

    run(scenario())


def test_loading_a_config_keeps_the_bots_names() -> None:
    """'Easy Ed' stays 'Easy Ed' (the bug renamed 'Yukon Jack' to 'Bot 1')."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await until_shown(pilot, app, "Load")  # the form is drawn before it is clicked
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#config-file", Input).value = str(SAMPLES / "solo-vs-bots.toml")
            await click(pilot, "#load")
            await until(pilot, lambda: screen.build().players[0].name == "Sam")
            config = screen.build()
            assert [p.name for p in config.players] == ["Sam", "Easy Ed", "Mid Mo", "Hard Hal"]
            assert [p.bot for p in config.players][1:] == ["easy", "medium", "hard"]
            screen.query_one("#bots", Input).value = "2"  # a different number of bots: new names
            assert [p.name for p in screen.build().players] == ["Sam", "Bot 1", "Bot 2"]

    run(scenario())


def test_start_screen_problems_name_the_labels_on_the_screen() -> None:
    assert on_screen("freezeout.starting_stack: expected a whole number") == (
        "Stack: expected a whole number"
    )
    assert on_screen("series.buy_in: expected an amount").startswith("Buy-in: ")
    assert on_screen("timing.bot_pause: expected seconds").startswith("Bot pause: ")
    assert on_screen("players[2].name: expected a name").startswith("People (player 2): ")
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            await click(pilot, "#game-krg")
            screen = app.screen
            screen.query_one("#buy-in", Input).value = "0.005"
            screen.query_one("#timer", Input).value = "-1"
            await pilot.press("ctrl+s")
            text = await until_shown(pilot, app, "Buy-in: expected an amount")
            assert app.screen is screen
            assert "Buy-in: expected an amount of at least 0.01 in whole cents" in text
            assert "Turn timer: expected whole seconds" in text
            assert "series.buy_in" not in text and "timing." not in text

    run(scenario())


def test_host_mode_on_the_start_screen_opens_the_host_console() -> None:
    from homegame.tui.screens.host import HostScreen

    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            await click(pilot, "#mode-host")
            await pilot.pause()
            assert not screen.query_one("#bots").display or not any(
                row.display for row in screen.query(".here")
            )
            assert "Host the game" in visible_text(app)
            screen.query_one("#people", Input).value = "Ann, Bob, Cy"
            await pilot.press("ctrl+s")
            await pilot.pause()
            host = app.screen
            assert isinstance(host, HostScreen)
            assert host.names == ("Ann", "Bob", "Cy")
            assert all(not p.is_bot for p in host.config.players)

    run(scenario())
