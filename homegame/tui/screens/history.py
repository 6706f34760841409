"""The history of this game (`h`): the chart, then each finished hand in plain words, only what
the table saw; opened on one hand, it shows that hand's full action."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from homegame.store.history import GameHistory, chart_series
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.stack_chart import StackChart


class HistoryScreen(MountStyled, Screen[None]):
    """The game so far; h, Esc or Enter goes back, s shows the players' figures."""

    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h,enter", "back_to_game", "Back"),
        Binding("c", "toggle_chart", "Chart"),
        Binding("s", "player_stats", "Players"),
    ]

    def __init__(self, history: GameHistory, hand: int | None = None) -> None:
        super().__init__()
        self.history = history
        self.hand = hand

    def compose(self) -> ComposeResult:
        history = self.history
        names = history.names
        word = history.variant.deal_word.capitalize()
        hands = [h for h in history.finished_hands() if self.hand in (None, h.number)]
        title = f"{word} {self.hand}: every action" if self.hand else "This game so far"
        yield Plain(title, id="history-title")
        chart = StackChart(id="history-chart")
        chart.display = self.hand is None
        yield chart
        with VerticalScroll(id="history-hands"):
            if not hands:
                yield Plain(f"No {word.lower()} has finished yet.", classes="history-line")
            for entry in reversed(hands):  # the latest first: the one people ask about
                lines = "\n".join(entry.lines(names, history.record.config.currency))
                yield Plain(f"== {word} {entry.number} ==\n{lines}", classes="history-hand")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(StackChart).show(*chart_series(self.history))

    def action_toggle_chart(self) -> None:
        """Show or hide the chart (more room for the hands)."""
        chart = self.query_one(StackChart)
        chart.display = not chart.display

    def action_player_stats(self) -> None:
        """s: the players' figures across every saved game, this game's players first."""
        from homegame.tui.screens.player_stats import PlayerStatsScreen

        journal = getattr(self.app, "journal", None)
        if journal is not None:
            self.app.push_screen(PlayerStatsScreen(journal, self.history.record.id))

    def action_back_to_game(self) -> None:
        """Back to the table."""
        self.dismiss(None)
