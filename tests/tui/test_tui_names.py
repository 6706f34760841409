"""Issue 14: every name a person types is shown as typed: '[/]', '[red]x[/red]' and '[bold]' are
text, not markup, on every screen and in the command line."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from every_game import GAMES
from textual.app import App
from textual.widgets import Input
from tui_driver import Record, click, drive, visible_text
from typer.testing import CliRunner

from homegame.cli import app as cli_app
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.certificate import Certificate, CertificateScreen
from homegame.tui.screens.discard import DiscardScreen
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen

MARKUP_NAMES = ("[/]", "[red]x[/red]", "[bold]")
FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


@pytest.mark.parametrize("game", GAMES)
def test_markup_names_show_as_typed_on_handoff_table_and_result(game: str) -> None:
    players = tuple(PlayerSetting(n) for n in MARKUP_NAMES)
    app = HomegameApp(GameConfig(game, players=players, timing=FAST), rng=random.Random(5))
    seen: dict[type, str] = {}

    def check(app: App[None], record: Record) -> None:
        seen[type(app.screen)] = seen.get(type(app.screen), "") + visible_text(app)

    def stop(app: App[None], record: Record) -> bool:
        return ShowdownScreen in seen

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await drive(app, pilot, check=check, stop=stop)

    asyncio.run(scenario())
    assert "Pass to [red]x[/red]" in seen[HandoffScreen] or "Pass to [/]" in seen[HandoffScreen]
    where = seen[DiscardScreen] if DiscardScreen in seen else seen[TableScreen]
    for name in MARKUP_NAMES:
        assert name in seen[ShowdownScreen] + where, name


def test_a_markup_name_on_the_certificate_and_its_saved_text(tmp_path: Path) -> None:
    cert = Certificate("[bold]", "Texas Hold'em freezeout, 2 players", "2026-12-01", 9)
    app = HomegameApp(GameConfig("holdem"), rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            app.push_screen(CertificateScreen(cert, tmp_path))
            await pilot.pause()
            assert "Winner: [bold]" in visible_text(app)
            await pilot.press("t")
            await pilot.pause()

    asyncio.run(scenario())
    (saved,) = tmp_path.glob("*.txt")
    assert "Winner: [bold]" in saved.read_text()


def test_start_screen_takes_markup_names_and_shows_a_markup_path_as_typed() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            box = screen.query_one("#config-file", Input)
            box.value = "[/]missing[red].toml"
            box.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "[/]missing[red].toml: no such file" in visible_text(app)
            screen.query_one("#people", Input).value = "[/], [bold]"
            await click(pilot, "#start")
            await pilot.pause()
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            assert table.game.names == ("[/]", "[bold]")
            assert "Pass to [/]" in visible_text(app)

    asyncio.run(scenario())


def test_markup_names_in_the_command_line_odds_and_showdown() -> None:
    runner = CliRunner()
    odds = runner.invoke(
        cli_app,
        ["odds", "holdem", "--player", "[/]=Ah Kh", "--player", "[red]x[/red]=Qs Qd", "--exact",
         "--board", "2c 7d 9h Jc"],
    )  # fmt: skip
    assert odds.exit_code == 0, odds.output
    assert "[/]" in odds.output and "[red]x[/red]" in odds.output
    shown = runner.invoke(
        cli_app,
        ["showdown", "holdem", "--board", "2c 7d 9h Jc 3s", "--player", "[bold]=Ah Kh",
         "--player", "[/]=Qs Qd"],
    )  # fmt: skip
    assert shown.exit_code == 0, shown.output
    assert "[bold]" in shown.output and "Winner: [/]" in shown.output
