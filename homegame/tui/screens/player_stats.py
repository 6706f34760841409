"""The players' figures across every saved game (`s` on the history): VPIP, PFR, 3-bet and
the rest, as `homegame stats` prints them; this game's players first, `a` for everyone."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain

if TYPE_CHECKING:
    from homegame.store import Journal


class PlayerStatsScreen(MountStyled, Screen[None]):
    """Each player's figures; Esc, s or h goes back, a shows everyone or this game's players."""

    CSS_PATH = "player_stats.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,h,enter", "back", "Back"),
        Binding("a", "everyone", "Everyone / this game"),
    ]

    def __init__(self, journal: Journal, game_id: int | None = None) -> None:
        super().__init__()
        self.journal = journal
        self.game_id = game_id
        #: True: every player; False: only this game's.
        self.everyone = game_id is None

    def compose(self) -> ComposeResult:
        yield Plain("", id="stats-title")
        with VerticalScroll(id="stats-body"):
            yield Plain("", id="stats-tables")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_figures()

    def show_figures(self) -> None:
        """Work the figures out from the journal and draw them."""
        from homegame.stats.report import game_players, player_lines, stats_tables

        only = None
        if not self.everyone and self.game_id is not None:
            only = game_players(self.journal, self.game_id)
        lines = player_lines(self.journal, names_only=only)
        who = "every player" if only is None else "this game's players"
        self.query_one("#stats-title", Plain).update(f"Across the saved games: {who}")
        tables = stats_tables(lines, None)
        body = self.query_one("#stats-tables", Plain)
        if tables:
            body.update(Group(*tables))  # type: ignore[arg-type]
        else:
            body.update("No finished hand yet for these players.")

    def action_everyone(self) -> None:
        """Everyone, or back to this game's players."""
        if self.game_id is None:
            return
        self.everyone = not self.everyone
        self.show_figures()

    def action_back(self) -> None:
        """Back to the history."""
        self.dismiss(None)
