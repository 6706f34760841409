"""The end of a deal: every shown hand with its best five marked (Yukon: which set), each pot and
who won it, then on to the next hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from homegame.cards import Card
from homegame.engine.views import HandView
from homegame.ranking import best_hand, best_hands
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.card import card_text
from homegame.variants import Variant


def shown_hand_line(
    variant: Variant, name: str, cards: Sequence[Card], board: dict[str, Card], winner: bool
) -> Text:
    """'Ann  A♥ 9♦  three of a kind, set B: 9♠ 9♣ 9♦ A♥ K♦' with the best five marked."""
    line = Text()
    line.append("★ " if winner else "  ", style="bold #f2c94c")
    line.append(f"{name[:12]:<12} ", style="bold" if winner else "")
    made = None
    complete = len(board) == len(variant.slots) and bool(cards)
    if complete and len(variant.boards) > 1:  # Double Board: each board's hand, by category
        for card in cards:
            line.append_text(card_text(card))
            line.append(" ")
        hands = best_hands(variant, cards, board)
        each = " · ".join(
            f"board {b}: {h.category}" for b, h in zip(variant.boards, hands, strict=True)
        )
        line.append(f" {each}", style="#cfe8d4")
        return line
    if complete:
        made = best_hand(variant, cards, board)
    used = set(made.cards) if made else set()
    for card in cards:
        line.append_text(card_text(card, marked=card in used))
        line.append(" ")
    if made is None:
        return line
    where = f", set {made.group}" if made.group else ""
    line.append(f" {made.category}{where}: ", style="#cfe8d4")
    for card in made.cards:
        line.append_text(card_text(card, marked=True))
        line.append(" ")
    return line


class ShowdownScreen(Screen[None]):
    """The deal's result; only Enter goes on, so space tapped to hurry bots cannot skip it."""

    CSS_PATH = "showdown.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Go on"),
        Binding("s", "show_mine", "Show my hand"),
    ]

    def __init__(
        self,
        variant: Variant,
        view: HandView,
        results: Sequence[str],
        title: str,
        next_label: str = "Next hand",
        may_show: tuple[str, Sequence[Card]] | None = None,
    ) -> None:
        super().__init__()
        #: Solo: the person's mucked losing hand, which they may choose to show (HOUSE_RULES 8).
        self.may_show = may_show
        self.shown_mine = False
        self.variant = variant
        self.view = view
        self.results = tuple(results)
        self.heading = title
        self.next_label = next_label

    def compose(self) -> ComposeResult:
        view = self.view
        board = dict(view.board)
        with Vertical(id="sd-box"):
            yield Static(self.heading, id="sd-title")
            yield Board(self.variant, id="sd-board")
            with VerticalScroll(id="sd-hands"):
                shown = [s for s in view.seats if s.shown and s.cards]
                for seat in shown:
                    cards = [c for c in seat.cards or () if c is not None]
                    winner = seat.seat in view.winners
                    yield Static(
                        shown_hand_line(self.variant, seat.name, cards, board, winner),
                        classes="sd-hand",
                    )
                if not shown:
                    yield Static("  Everyone else folded: no cards are shown.", classes="sd-hand")
                for seat in view.seats:
                    if seat.mucked:
                        yield Static(
                            f"  {seat.name} mucks", classes="sd-hand", id=f"sd-muck-{seat.seat}"
                        )
                for number, line in enumerate(self.results):
                    yield Static(line, classes="sd-result", id=f"sd-result-{number}")
            hint = " · s: show your hand" if self.may_show else ""
            yield Static(f"Enter: {self.next_label}{hint}", id="sd-next")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Board).show(dict(self.view.board))

    def drop_result(self, line: str) -> None:
        """Take a line that is no longer true (someone sitting out came back) off the screen."""
        for number, text in enumerate(self.results):
            if text == line:
                for widget in self.query(f"#sd-result-{number}"):
                    widget.remove()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """s only while the person's mucked hand may still be shown."""
        if action == "show_mine":
            return self.may_show is not None and not self.shown_mine
        return True

    def action_show_mine(self) -> None:
        """HOUSE_RULES 8: a player may muck a losing hand, or choose to show it."""
        if self.may_show is None or self.shown_mine:
            return
        self.shown_mine = True
        name, cards = self.may_show
        line = shown_hand_line(self.variant, name, cards, dict(self.view.board), winner=False)
        line.append("(shown by choice)", style="italic #b0b0b0")
        for seat in self.view.seats:
            if seat.mucked and seat.name == name:
                self.query_one(f"#sd-muck-{seat.seat}", Static).update(line)
        self.query_one("#sd-next", Static).update(f"Enter: {self.next_label}")
        self.refresh_bindings()

    def action_next(self) -> None:
        self.dismiss(None)
