"""The start screen as a new player meets it (issue 12): host mode, Enter moves on, the start key
is named, a loaded config keeps its bots' names, problems name the screen's labels."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select
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
            assert app.screen is screen and focused is not None and focused.id == "blinds"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert any(isinstance(s, TableScreen) for s in app.screen_stack)

    run(scenario())


def test_the_example_config_path_is_a_placeholder_not_a_value() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await until_shown(pilot, app, "Game")  # the form is drawn (Load is below the fold)
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
            await until_shown(pilot, app, "Game")  # the form is drawn (Load is below the fold)
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


#: Everything the form says, each of which must be read whole (issue 28 item 4).
SAID = [
    "homegame: deal a home game",
    "Mode (arrows and space choose, Enter or Tab: next box)",
    "Play here: pass-and-play, solo",
    "Host a live table (real cards)",
    "Texas Hold'em",
    "Yukon Hold'em",
    "KRG",
    "Pot-Limit Omaha",
    "Double Board Hold'em",
    "People      e.g. Ann, Bob (none: Player 1, Player 2)",
    "Bots",
    "Turn timer",
    "s (0: off)   Bot pause",
    "Config file e.g. sample_configs/krg-series.toml",
    "Load",
    "Start the game (Ctrl+S)",
]
BETTING = ["Stack", "at least 10 big blinds", "Blinds      10/20    up every 10      hands"]
SERIES = ["Wins", "Buy-in", "Ties", "Cube", "Side bets"]
#: A betting game's format, and the rabbit hunt beside it (HOUSE_RULES 22, 30).
FORMAT = ["Format      freezeout", "Rabbit hunt off", "Bomb pot every 0     hands"]
#: A cash game's rows in place of the stack and the blinds going up (HOUSE_RULES 22, 26, 29).
CASH = [
    "Format      cash game",
    "Blinds      10/20    fixed (a cash game)",
    "Max buy-in  100      big blinds   Chip value 0.01",
    "Straddle    off",
    "7-2 bounty 0       chips (0: off)",
]


async def _read_whole_form(pilot: Pilot[None], app: HomegameApp) -> str:
    """Every row of the form as the screen shows it, scrolled from its top to its bottom."""
    box = app.screen.query_one("#setup-box")
    seen = []
    y = 0
    while True:
        box.scroll_to(y=y, animate=False)
        await pilot.pause()
        seen.append(visible_text(app))
        if y >= box.max_scroll_y:
            return "\n".join(seen)
        y += max(1, box.size.height // 2)


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (120, 40)])
def test_every_choice_and_hint_of_the_start_screen_is_read_whole(size: tuple[int, int]) -> None:
    """At 60x20 the mode hint, both modes and two games ended in '…'; at 80 and 120 columns
    'Play here: pass-and…', 'Host a live table (…' and 'Double Board Hold'e…'."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await until_shown(pilot, app, "Game")
            text = await _read_whole_form(pilot, app)
            missing = [said for said in SAID + BETTING + FORMAT if said not in text]
            assert not missing and "…" not in text, (missing, text)
            app.screen.query_one("#format", Select).value = "cash"
            await until(pilot, lambda: app.screen.query_one("#max-buy-in").display)
            text = await _read_whole_form(pilot, app)
            missing = [said for said in SAID + CASH if said not in text]
            assert not missing and "…" not in text, (missing, text)
            assert "Stack" not in text and "up every" not in text  # a freezeout's rows
            await click(pilot, "#game-krg")
            await until(pilot, lambda: bool(app.screen.query(".series")))
            text = await _read_whole_form(pilot, app)
            missing = [said for said in SAID + SERIES if said not in text]
            assert not missing and "…" not in text, (missing, text)
            assert "Side bets   off" in text  # beside the cube it was cut at 60 columns

    run(scenario())


def test_every_bad_box_is_named_at_once_and_the_problems_come_into_sight() -> None:
    """Three bad boxes took three rounds: the bots' count was said alone."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            screen.query_one("#bots", Input).value = "99"
            screen.query_one("#stack", Input).value = "lots"
            screen.query_one("#blinds", Input).value = "ten"
            screen.query_one("#timer", Input).value = "-1"
            await pilot.press("ctrl+s")
            text = await until_shown(pilot, app, "Turn timer: expected")
            assert app.screen is screen
            lines = (
                "Bots: expected 0 to 9, got 99",
                'Stack: expected a whole number of chips >= 1, got "lots"',
                'Blinds: expected small/big, e.g. 10/20, got "ten"',
                "Turn timer: expected whole seconds",
            )
            assert all(line in text for line in lines), text
            at = [text.index(line) for line in lines]
            assert at == sorted(at), text  # in the order of the boxes

    run(scenario())


def test_a_stack_too_small_for_the_blinds_is_refused_on_the_start_screen() -> None:
    """A stack of 5 with blinds of 10/20 was taken and the game ended after one hand."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            screen.query_one("#stack", Input).value = "5"
            await pilot.press("ctrl+s")
            text = await until_shown(pilot, app, "Stack: expected at least")
            assert "Stack: expected at least 200 chips, 10 big blinds at the first blinds " in text
            screen.query_one("#blinds", Input).value = "25/50"
            screen.query_one("#stack", Input).value = "400"
            await pilot.press("ctrl+s")
            await until_shown(
                pilot, app, "at least 500 chips, 10 big blinds at the first blinds 25/50"
            )
            assert app.screen is screen

    run(scenario())


def test_the_blinds_box_sets_the_first_blinds_and_a_loaded_schedule_stays_whole() -> None:
    """The README says the start screen sets the blinds; it had no box for them."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await until_shown(pilot, app, "Load")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert screen.build().freezeout.blinds is None  # 10/20: the default schedule
            screen.query_one("#blinds", Input).value = " 25 / 50 "
            assert screen.build().freezeout.blinds == ((25, 50),)
            path = SAMPLES / "holdem-freezeout.toml"
            screen.query_one("#config-file", Input).value = str(path)
            await click(pilot, "#load")
            await until(pilot, lambda: screen.query_one("#blinds", Input).value == "10/20")
            listed = screen.build().freezeout.blinds
            assert listed is not None and len(listed) > 1 and listed[1] == (15, 25)
            screen.query_one("#blinds", Input).value = "50/100"
            assert screen.build().freezeout.blinds == ((50, 100),)

    run(scenario())


def test_switching_the_game_keeps_the_stack_and_blinds_typed() -> None:
    """From KRG (a KRG config loaded) to Omaha the stack and blinds typed were back at 1500."""
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await until_shown(pilot, app, "Load")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#stack", Input).value = "3000"
            screen.query_one("#blinds", Input).value = "25/50"
            screen.query_one("#config-file", Input).value = str(SAMPLES / "krg-series.toml")
            await click(pilot, "#load")
            await until(pilot, lambda: screen.selected_game() == "krg")
            await click(pilot, "#game-omaha")
            await until(pilot, lambda: screen.selected_game() == "omaha")
            text = visible_text(app)
            assert "Stack       3000" in text and "Blinds      25/50" in text, text
            config = screen.build()
            assert config.freezeout.starting_stack == 3000
            assert config.freezeout.blinds == ((25, 50),)

    run(scenario())
