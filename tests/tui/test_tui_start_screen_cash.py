"""Issue 30 on the start screen: a betting game is a freezeout or a cash game (HOUSE_RULES 22),
the cash game with its options (the most a buy-in may be, a chip's value, straddles (26), the
7-2 bounty (29)); every bad box is named at once, switching the game keeps what was typed, and
the game started is a cash game at the table."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widget import Widget
from textual.widgets import Input, Select
from tui_driver import click, run, until, until_shown, visible_text

from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen
from homegame.tui.screens.table import TableScreen

SAMPLES = Path(__file__).resolve().parents[2] / "sample_configs"


def shown(screen: SetupScreen, box: str) -> bool:
    """True when the box and every row it sits in are displayed."""
    widget = screen.query_one(f"#{box}")
    return all(w.display for w in widget.ancestors_with_self if isinstance(w, Widget))


def _set(screen: SetupScreen, **boxes: object) -> None:
    """Type or choose in the boxes named by their ids (`_` for `-`)."""
    for name, value in boxes.items():
        widget = screen.query_one(f"#{name.replace('_', '-')}")
        if isinstance(widget, Input):
            widget.value = str(value)
        elif isinstance(widget, Select):
            widget.value = value


def test_house_rules_22_26_29_a_cash_game_with_straddles_and_the_bounty_starts_at_the_table() -> (
    None
):
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert screen.build().cash is None  # a freezeout unless the format says otherwise
            _set(screen, people="Ann", bots="3", format="cash", blinds="25/50")
            _set(screen, max_buy_in="80", chip_value="0.05", straddle=True, seven_deuce="50")
            _set(screen, timer="0", bot_pause="0")
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, TableScreen), max_wait=10)
            table = app.screen
            assert isinstance(table, TableScreen)
            cash = table.config.cash
            assert cash is not None
            assert (cash.small_blind, cash.big_blind, cash.max_buy_in_big_blinds) == (25, 50, 80)
            assert (cash.cents_per_chip, cash.straddle, cash.seven_deuce_bounty) == (5, True, 50)
            assert table.cash is not None and table.cash.level.big_blind == 50
            await until_shown(pilot, app, "Cash out")  # the cash game's key at the table
            assert "Blinds 25/50" in visible_text(app)

    run(scenario())


def test_every_bad_cash_box_is_named_at_once_in_the_order_of_the_form() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            _set(screen, format="cash", blinds="ten", max_buy_in="0", chip_value="0.001")
            _set(screen, seven_deuce="-1", timer="-1")
            await pilot.press("ctrl+s")
            text = await until_shown(pilot, app, "Turn timer: expected")
            assert app.screen is screen
            return text

    text = run(scenario())
    lines = (
        'Blinds: expected small/big, e.g. 10/20, got "ten"',
        "Max buy-in: expected big blinds",
        "Chip value: expected an amount above 0",
        "7-2 bounty: expected a whole number of chips",
        "Turn timer: expected whole seconds",
    )
    assert all(line in text for line in lines), text
    at = [text.index(line) for line in lines]
    assert at == sorted(at), text


def test_switching_the_game_keeps_the_cash_boxes_and_hides_what_does_not_apply() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert not shown(screen, "max-buy-in")  # a freezeout's form
            _set(screen, format="cash", max_buy_in="60", chip_value="0.25", seven_deuce="20")
            await until(pilot, lambda: shown(screen, "max-buy-in"))
            assert not shown(screen, "stack")
            assert not shown(screen, "hands-per-level")
            await click(pilot, "#game-krg")
            await until(pilot, lambda: not shown(screen, "format"))
            assert not shown(screen, "max-buy-in")  # no cash game of KRG
            assert screen.build().cash is None
            await click(pilot, "#game-omaha")
            await until(pilot, lambda: shown(screen, "max-buy-in"))
            assert not shown(screen, "seven-deuce")  # a 7-2 needs two hole cards
            omaha = screen.build().cash
            assert omaha is not None and omaha.seven_deuce_bounty == 0
            await click(pilot, "#game-holdem")
            await until(pilot, lambda: shown(screen, "seven-deuce"))
            cash = screen.build().cash
            assert cash is not None
            assert (cash.max_buy_in_big_blinds, cash.cents_per_chip) == (60, 25)
            assert cash.seven_deuce_bounty == 20
            _set(screen, format="freezeout")
            await until(pilot, lambda: shown(screen, "stack"))
            assert screen.build().cash is None

    run(scenario())


def test_a_loaded_cash_config_fills_the_cash_boxes() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#config-file", Input).value = str(SAMPLES / "cash-game.toml")
            await click(pilot, "#load")
            await until(pilot, lambda: screen.query_one("#format", Select).value == "cash")
            assert screen.query_one("#blinds", Input).value == "25/50"
            cash = screen.build().cash
            assert cash is not None and (cash.small_blind, cash.big_blind) == (25, 50)

    run(scenario())


def test_house_rule_30_the_start_screen_turns_the_rabbit_hunt_on_but_not_for_a_live_table() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_shown(pilot, app, "Game")
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert screen.build().rules.rabbit_hunt is False
            _set(screen, rabbit_hunt=True)
            assert screen.build().rules.rabbit_hunt is True
            await click(pilot, "#mode-host")
            await until(pilot, lambda: not shown(screen, "rabbit-hunt"))
            assert screen.build().rules.rabbit_hunt is False

    run(scenario())
