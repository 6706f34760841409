"""The players' figures across every saved game (`s` on the history): VPIP, PFR, 3-bet and
the rest, as `homegame stats` prints them; this game's players first, `a` for everyone."""

from __future__ import annotations

import sqlite3
from pathlib import Path
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
    from homegame.stats.collect import PlayerLine
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
        """Work the figures out from the journal, away from the event loop, and draw them."""
        self.query_one("#stats-title", Plain).update("Adding up the saved games…")
        folder, everyone = self.journal.folder, self.everyone
        self.run_worker(
            lambda: self._work(folder, everyone), thread=True, exclusive=True,
            group="player-stats", exit_on_error=False,
        )  # fmt: skip

    def _work(self, folder: Path, everyone: bool) -> None:
        """In a thread, on a connection of its own: the players' totals, then drawn."""
        from homegame.stats.report import game_players, player_lines
        from homegame.store import Journal, StoreError

        try:
            journal = Journal(folder, create=False)
            try:
                only = None
                if not everyone and self.game_id is not None:
                    only = game_players(journal, self.game_id)
                lines = player_lines(journal, names_only=only)
            finally:
                journal.close()
        except (StoreError, sqlite3.Error) as error:
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self._draw, lines, only is None)

    def _failed(self, why: str) -> None:
        if not self.is_attached:
            return
        self.query_one("#stats-title", Plain).update(f"The figures cannot be read: {why}")

    def _draw(self, lines: list[PlayerLine], everyone: bool) -> None:
        from homegame.stats.report import stats_tables

        if not self.is_attached:  # gone back before the figures came
            return

        who = "every player" if everyone else "this game's players"
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
