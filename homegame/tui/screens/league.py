"""The season's league (Ctrl+L on the start screen): each player's points after each of the
season's freezeouts as a chart, then the table `homegame league` prints."""

from __future__ import annotations

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
        """Work the league out from the journal and draw it."""
        from homegame.stats.league import DEFAULT_POINTS
        from homegame.stats.report import league_chart, league_view, load_league

        league = load_league(
            self.journal, season=self.season, points=DEFAULT_POINTS, bots=self.bots
        )
        title = self.query_one("#league-title", Plain)
        table = self.query_one("#league-table", Plain)
        chart = self.query_one(StackChart)
        if league is None:
            title.update("League")
            table.update("No league games yet: a finished freezeout with names is one.")
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
