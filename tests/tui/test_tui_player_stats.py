"""The players' screens at 80x24: the figures from the history (s), the league from the start
screen (Ctrl+L) with its chart, and the regulars offered in the People box."""

from __future__ import annotations

import asyncio
from pathlib import Path

from nights import play_game
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from tui_driver import visible_text

from homegame.store.history import load_history
from homegame.store.journal import Journal
from homegame.tui.app import HomegameApp
from homegame.tui.screens.history import HistoryScreen
from homegame.tui.screens.league import LeagueScreen
from homegame.tui.screens.player_stats import PlayerStatsScreen
from homegame.tui.widgets.stack_chart import StackChart

FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")


class _WithJournal(App[None]):
    """A bare app holding a journal, as the table app does."""

    def __init__(self, journal: Journal) -> None:
        super().__init__()
        self.journal = journal


async def _worked(app: App[None], pilot: Pilot[None]) -> None:
    """The screen's figures worked out (its thread done) and drawn."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def _nights(folder: Path) -> Journal:
    journal = Journal(folder)
    for seed in (1, 2, 3):
        play_game(journal, FIVE, seed)
    play_game(journal, ("Ann", "Zed"), 9)
    return journal


def test_s_on_the_history_shows_this_games_players_and_a_everyone(tmp_path: Path) -> None:
    journal = _nights(tmp_path)
    app = _WithJournal(journal)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(HistoryScreen(load_history(journal, 4)))
            await pilot.pause()
            await pilot.press("s")
            await _worked(app, pilot)
            assert isinstance(app.screen, PlayerStatsScreen)
            text = visible_text(app)
            assert "this game's players" in text and "VPIP" in text and "bb/100" in text
            rows = {line.split()[0] for line in text.splitlines() if line.strip()}
            assert {"Ann", "Zed"} <= rows and "Bob" not in rows
            await pilot.press("a")
            await _worked(app, pilot)
            text = visible_text(app)
            assert "every player" in text and "Bob" in text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)

    asyncio.run(scenario())
    journal.close()


def test_the_start_screen_offers_the_regulars_and_ctrl_l_shows_the_league_and_its_chart(
    tmp_path: Path,
) -> None:
    journal = _nights(tmp_path)
    app = HomegameApp(journal=journal)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            box = app.screen.query_one("#people", Input)
            assert box.placeholder.startswith("regulars: Ann, Bob, Cy, Dee, Eve")
            box.focus()
            await pilot.press("A", "n", "n", ",", "space", "d")
            await app.workers.wait_for_complete()  # the suggestion
            await pilot.pause()
            await pilot.press("right")
            assert box.value == "Ann, Dee"  # spelt as the list spells it
            await pilot.press("ctrl+l")
            await _worked(app, pilot)
            assert isinstance(app.screen, LeagueScreen)
            text = visible_text(app)
            assert "League 2026" in text and "Points by game" in text
            assert "rank" in text and "points" in text
            chart = app.screen.query_one(StackChart)
            assert chart.display and chart.size.height >= 8
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, LeagueScreen)

    asyncio.run(scenario())
    journal.close()
