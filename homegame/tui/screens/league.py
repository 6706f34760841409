"""The season's league (Ctrl+L on the start screen): each player's points after each of the
season's freezeouts as a chart, then the table `homegame league` prints."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.stack_chart import StackChart

if TYPE_CHECKING:
    from homegame.stats.league import League
    from homegame.store import Journal


class LeagueScreen(MountStyled, Screen[None]):
    """The league of the latest season, points 10, 7, 5, 3, 1; Esc goes back, c hides the
    chart, b shows the bots too."""

    CSS_PATH = "league.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "back", "Back"),
        Binding("c", "toggle_chart", "Chart"),
        Binding("b", "toggle_bots", "Bots"),
    ]

    def __init__(self, journal: Journal, season: str | None = None) -> None:
        super().__init__()
        self.journal = journal
        self.season = season
        self.bots = False

    def compose(self) -> ComposeResult:
        yield Plain("", id="league-title")
        yield StackChart(id="league-chart")
        with VerticalScroll(id="league-body"):
            yield Plain("", id="league-table")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_league()

    def show_league(self) -> None:
        """Work the league out from the journal, away from the event loop, and draw it."""
        self.query_one("#league-title", Plain).update("Adding up the season…")
        folder, bots = self.journal.folder, self.bots
        self.run_worker(
            lambda: self._work(folder, bots), thread=True, exclusive=True, group="league",
            exit_on_error=False,
        )  # fmt: skip

    def _work(self, folder: Path, bots: bool) -> None:
        """In a thread, on a connection of its own: the league, then drawn."""
        from homegame.stats.league import DEFAULT_POINTS
        from homegame.stats.report import load_league
        from homegame.store import Journal, StoreError

        try:
            journal = Journal(folder, create=False)
            try:
                league = load_league(journal, season=self.season, points=DEFAULT_POINTS, bots=bots)
            finally:
                journal.close()
        except (StoreError, sqlite3.Error) as error:
            self.app.call_from_thread(self._draw, None, str(error))
            return
        self.app.call_from_thread(self._draw, league, "")

    def _draw(self, league: League | None, why: str) -> None:
        from homegame.stats.report import league_chart, league_view

        if not self.is_attached:  # gone back before the figures came
            return

        title = self.query_one("#league-title", Plain)
        table = self.query_one("#league-table", Plain)
        chart = self.query_one(StackChart)
        if league is None:
            title.update("League")
            table.update(why or "No league games yet: a finished freezeout with names is one.")
            chart.display = False
            return
        title.update("The season's league: points 10, 7, 5, 3, 1 by finish")
        table.update(league_view(league))
        chart.show("points", league_chart(league), "game")

    def action_toggle_chart(self) -> None:
        """Show or hide the chart (more room for the table)."""
        chart = self.query_one(StackChart)
        chart.display = not chart.display

    def action_toggle_bots(self) -> None:
        """Show the bots in the table too, or not."""
        self.bots = not self.bots
        self.show_league()

    def action_back(self) -> None:
        """Back to the start screen."""
        self.dismiss(None)
