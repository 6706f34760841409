"""The start screen, the certificate and the `homegame play` command."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.widgets import Input, Select
from tui_driver import click, settle, table_of, until, until_shown, visible_text
from typer.testing import CliRunner

from homegame.cli import app as cli_app
from homegame.config import GameConfig, PlayerSetting
from homegame.store.history import Chart
from homegame.tui.app import HomegameApp
from homegame.tui.screens.certificate import Certificate, CertificateScreen
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.setup import SetupScreen
from homegame.tui.screens.table import TableScreen

SAMPLES = Path(__file__).resolve().parents[2] / "sample_configs"


def test_start_screen_starts_a_krg_series_with_bots() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            text = visible_text(app)
            assert "Texas Hold'em" in text and "Yukon Hold'em" in text and "KRG" in text
            await click(pilot, "#game-krg")
            app.screen.query_one("#people", Input).value = "Ann"
            app.screen.query_one("#bots", Input).value = "2"
            app.screen.query_one("#bot-level", Select).value = "easy"
            text = await until_shown(pilot, app, "Buy-in")
            assert "Stack" not in text
            await click(pilot, "#start")
            await until(pilot, lambda: table_of(app) is not None)
            table = table_of(app)  # the table, under a handoff that may already show
            assert isinstance(table, TableScreen)
            assert table.config.game == "krg"
            assert [(p.name, p.bot) for p in table.config.players] == [
                ("Ann", None),
                ("Bot 1", "easy"),
                ("Bot 2", "easy"),
            ]
            assert table.solo_seat == 0

    asyncio.run(scenario())


def test_start_screen_shows_every_problem_and_does_not_start() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            screen.query_one("#people", Input).value = "Ann, Ann"
            screen.query_one("#stack", Input).value = "lots"
            await click(pilot, "#start")
            await pilot.pause()
            assert app.screen is screen
            text = visible_text(app)
            # Problems name the boxes on the screen, not the config keys (issue 12).
            assert 'Stack: expected a whole number of chips >= 1, got "lots"' in text
            assert "freezeout.starting_stack" not in text
            assert 'the name "Ann" is used twice' in text

    asyncio.run(scenario())


def test_start_screen_loads_a_sample_config_into_the_form() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            screen.query_one("#config-file", Input).value = str(SAMPLES / "yukon-home.toml")
            await click(pilot, "#load")
            await until(pilot, lambda: screen.query_one("#people", Input).value == "Ann, Bob, Cleo")
            assert screen.query_one("#stack", Input).value == "2000"
            await click(pilot, "#start")
            await until(pilot, lambda: table_of(app) is not None)
            table = table_of(app)  # the table, under a handoff that may already show
            assert isinstance(table, TableScreen) and table.config.timing.bot_pause == 1.0
            table.action_hurry()
            await settle(pilot, app)
            assert isinstance(app.screen, HandoffScreen)
            assert "Pass to" in visible_text(app)

    asyncio.run(scenario())


def test_house_rule_11_certificate_shows_and_saves_as_text_and_svg(tmp_path: Path) -> None:
    cert = Certificate("Ann", "Texas Hold'em freezeout, 4 players", "2026-11-30", 57)
    app = HomegameApp(GameConfig("holdem"), rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            app.push_screen(CertificateScreen(cert, tmp_path))
            await pilot.pause()
            text = visible_text(app)
            for line in (
                "Winner: Ann",
                "Texas Hold'em freezeout",
                "2026-11-30",
                "Hands played: 57",
            ):
                assert line in text
            await pilot.press("t")
            await pilot.press("s")
            await pilot.pause()

    asyncio.run(scenario())
    saved = sorted(tmp_path.iterdir())
    assert [p.suffix for p in saved] == [".svg", ".txt"]
    assert "Winner: Ann" in saved[1].read_text()
    assert saved[0].read_text().lstrip().startswith("<svg")


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
def test_the_certificate_sits_in_the_middle_of_the_screen_above_its_chart(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    cert = Certificate("Ann", "Texas Hold'em freezeout, 3 players", "2026-12-02", 31)
    chart = Chart(
        "chips", {"Ann": [1000, 1400, 3000], "Bob": [1000, 600, 0], "Cy": [1000] * 3}, "hand"
    )
    app = HomegameApp(GameConfig("holdem"), rng=random.Random(1))

    async def scenario() -> tuple[int, int, int]:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.push_screen(CertificateScreen(cert, tmp_path, chart))
            await until_shown(pilot, app, "Winner: Ann")
            box = app.screen.query_one("#cert-box").region
            return box.x, box.right, app.screen.query_one("#cert-chart").region.width

    left, right, chart_width = asyncio.run(scenario())
    assert abs(left - (size[0] - right)) <= 1, f"box at {left}..{right} of {size[0]} columns"
    assert chart_width > right - left


def _captured_play(monkeypatch: pytest.MonkeyPatch) -> list[GameConfig | None]:
    """The config of each app `homegame` runs from now on (None: the app opens its start
    screen)."""
    seen: list[GameConfig | None] = []

    def fake_run(self: HomegameApp) -> None:
        seen.append(self.config)

    monkeypatch.setattr(HomegameApp, "run", fake_run)
    from homegame.commands import _errors

    monkeypatch.setattr(_errors, "stdin_is_terminal", lambda: True)  # the app is not run
    return seen


def _configs(seen: list[GameConfig | None]) -> list[GameConfig]:
    """The configs the apps were started with, every one of them given."""
    assert None not in seen, seen
    return [c for c in seen if c is not None]


def test_play_solo_with_bots_seats_you_and_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _captured_play(monkeypatch)
    result = CliRunner().invoke(cli_app, ["play", "holdem", "--bots", "2", "--seed", "7"])
    assert result.exit_code == 0, result.output
    config = _configs(seen)[0]
    assert [(p.name, p.bot) for p in config.players] == [
        ("Player", None),
        ("Bot 1", "medium"),
        ("Bot 2", "medium"),
    ]
    assert config.seed == 7 and config.is_solo


def test_play_with_a_sample_config_and_players(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _captured_play(monkeypatch)
    for name, game in (
        ("holdem-freezeout", "holdem"),
        ("yukon-home", "yukon"),
        ("krg-series", "krg"),
        ("solo-vs-bots", "holdem"),
    ):
        result = CliRunner().invoke(
            cli_app, ["play", game, "--config", str(SAMPLES / f"{name}.toml")]
        )
        assert result.exit_code == 0, result.output
    assert [c.game for c in _configs(seen)] == ["holdem", "yukon", "krg", "holdem"]
    result = CliRunner().invoke(cli_app, ["play", "krg", "--players", "Ann,Bob,Cleo"])
    assert result.exit_code == 0
    assert [p.name for p in _configs(seen)[-1].players] == ["Ann", "Bob", "Cleo"]


def test_play_refuses_a_broken_config_one_line_per_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _captured_play(monkeypatch)
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "holdem"\nsize = 3\n[freezeout]\nstarting_stack = -5\n')
    result = CliRunner().invoke(cli_app, ["play", "holdem", "--config", str(bad)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == [
        f"homegame: error: {bad}: size: unknown key (expected one of game, players, seed, "
        "freezeout, series, rules, timing, cash, money, devices, currency)",
        f"homegame: error: {bad}: freezeout.starting_stack: expected a whole number of chips "
        ">= 1, got -5",
    ]
    assert seen == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "razz"], "unknown variant 'razz'"),
        (["play", "krg", "--bots", "9"], "KRG is for 2 to 7 players, not 10 (1 person and 9 bots)"),
        (["play", "holdem", "--players", "Ann,ann"], 'the name "ann" is used twice'),
        (["play", "yukon", "--config", str(SAMPLES / "krg-series.toml")], 'game is "krg"'),
    ],
)
def test_play_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _captured_play(monkeypatch)
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert message in result.output
    assert seen == []


def test_quit_needs_q_twice() -> None:
    config = GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))
    app = HomegameApp(config, rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(notifications=True) as pilot:
            await settle(pilot, app)
            await pilot.press("q")
            await pilot.pause()
            assert app.is_running
            assert "Press q again within" in visible_text(app)
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_start_screen_takes_one_level_per_bot() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            screen.query_one("#people", Input).value = "Ann"
            screen.query_one("#bots", Input).value = "easy, hard, expert"
            await click(pilot, "#start")
            await pilot.pause()
            assert app.screen is screen
            assert 'Bots (player 4): expected one of "random", "easy"' in visible_text(app)
            screen.query_one("#bots", Input).value = "easy, hard"
            await pilot.press("ctrl+s")
            await pilot.pause()
            table = table_of(app)  # the table, under a handoff that may already show
            assert isinstance(table, TableScreen)
            assert [p.bot for p in table.config.players] == [None, "easy", "hard"]

    asyncio.run(scenario())


@pytest.mark.parametrize("name", ["holdem-freezeout", "yukon-home", "krg-series", "solo-vs-bots"])
def test_every_sample_config_starts_a_game(name: str) -> None:
    from dataclasses import replace

    from homegame.config import load_config

    config = load_config(SAMPLES / f"{name}.toml")
    fast = replace(config, timing=replace(config.timing, bot_pause=0.0))
    app = HomegameApp(fast, rng=random.Random(2))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            text = visible_text(app)
            person = config.people[0].name
            if config.is_solo:
                assert f"{person}, your turn" in text
            else:
                assert "Pass to " in text

    asyncio.run(scenario())


def test_homegame_with_no_command_opens_the_start_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _captured_play(monkeypatch)
    result = CliRunner().invoke(cli_app, [])
    assert result.exit_code == 0
    assert seen == [None]  # the app with no config opens on its start screen


def test_house_rules_14_16_17_start_screen_sets_krg_ties_cube_and_side_bets() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 30)) as pilot:
            await pilot.pause()
            await click(pilot, "#game-krg")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            text = visible_text(app)
            assert "Ties" in text and "Cube" in text and "Side bets" in text
            assert screen.build().series.tie_rule.value == "share"
            assert not screen.build().series.doubling_cube
            assert not screen.build().series.side_bets
            screen.query_one("#people", Input).value = "Ann"
            screen.query_one("#bots", Input).value = "1"
            screen.query_one("#tie-rule", Select).value = "replay"
            screen.query_one("#cube", Select).value = True
            screen.query_one("#side-bets", Select).value = True
            await pilot.pause()
            assert "replay" in visible_text(app)
            await click(pilot, "#start")
            await pilot.pause()
            table = table_of(app)  # the table, under a handoff that may already show
            assert isinstance(table, TableScreen)
            series = table.config.series
            assert (series.tie_rule.value, series.doubling_cube, series.side_bets) == (
                "replay",
                True,
                True,
            )

    asyncio.run(scenario())


def test_the_pass_to_screen_is_whole_at_40x12() -> None:
    """Issue 28 item 11: at 40x12 the box stayed 60 wide and ran off the right and the bottom."""

    config = GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bob")))
    app = HomegameApp(config, rng=random.Random(1), button=0)

    async def scenario() -> None:
        async with app.run_test(size=(40, 12)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.pause()
            box = app.screen.query_one("#handoff-box").region
            assert box.x >= 0 and box.right <= 40 and box.bottom <= 11, box
            text = visible_text(app)
            for said in ("Pass to ", "make sure nobody else can see", "then press Enter."):
                assert said in text, text
            assert "show my cards" in text and "…" not in text, text

    asyncio.run(scenario())
