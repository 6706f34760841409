"""The end of a deal: every shown hand with its best five marked (Yukon: which set), each pot and
who won it (R: the rabbit hunt after a hand that ended early), then on to the next hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen

from homegame.cards import Card
from homegame.engine.events import PotAwarded
from homegame.engine.views import HandView
from homegame.ranking import best_hand, best_hands
from homegame.tui.mount_styles import MountStyled
from homegame.tui.palette import themed
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.card import card_text
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.seat import fit_name
from homegame.variants import Variant


def shown_hand_line(
    variant: Variant,
    name: str,
    cards: Sequence[Card],
    board: dict[str, Card],
    winner: bool,
    run: int = 0,
) -> Text:
    """'Ann  A♥ 9♦  three of a kind, set B: 9♠ 9♣ 9♦ A♥ K♦' with the best five marked; `run`
    (HOUSE_RULES 27): the hand on that run of the board, said after the name."""
    line = Text()
    line.append("★ " if winner else "  ", style=themed("bold $gold"))
    # A board run twice says the run after a shorter name, so a line still fits 80 columns.
    line.append(f"{fit_name(name, 8 if run else 12)} ", style="bold" if winner else "")
    if run:
        line.append(f"Run {run} ", style=themed("bold $gold-pale"))
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
        line.append(f" {each}", style=themed("$felt-text"))
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
    line.append(f" {made.category}{where}: ", style=themed("$felt-text"))
    for card in made.cards:
        line.append_text(card_text(card, marked=True))
        line.append(" ")
    return line


def run_winners(view: HandView) -> tuple[set[int], set[int]]:
    """HOUSE_RULES 27: the seats that won something on run 1, and on run 2."""
    won: tuple[set[int], set[int]] = (set(), set())
    for event in view.history:
        if isinstance(event, PotAwarded) and event.run in (1, 2):
            won[event.run - 1].update(event.winners)
    return won


class ShowdownScreen(MountStyled, Screen[bool]):
    """The deal's result; only Enter goes on, so space tapped to hurry bots cannot skip it.
    In a cash game `e` ends the game instead (dismissed with True)."""

    CSS_PATH = "showdown.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Go on"),
        Binding("e", "end_game", "End the cash game"),
        Binding("R", "rabbit", "Rabbit hunt"),
    ]

    def __init__(
        self,
        variant: Variant,
        view: HandView,
        results: Sequence[str],
        title: str,
        next_label: str = "Next hand",
        can_end: bool = False,
        rabbit: Callable[[], str | None] | None = None,
    ) -> None:
        super().__init__()
        #: HOUSE_RULES 30: the cards that would have come, asked for with R (None: none).
        self.rabbit = rabbit
        #: A cash game: the players may end it here, between hands (HOUSE_RULES 22).
        self.can_end = can_end
        self.variant = variant
        self.view = view
        self.results = tuple(results)
        self.heading = title
        self.next_label = next_label

    def compose(self) -> ComposeResult:
        with Vertical(id="sd-box"):
            yield Plain(self.heading, id="sd-title")
            board, second = dict(self.view.board), self.view.second_board()
            yield Board(self.variant, board=board, second=second, id="sd-board")
            with VerticalScroll(id="sd-hands"):
                yield Plain(self._lines(), id="sd-lines")
            end = " · e: end the cash game (everyone cashes out)" if self.can_end else ""
            yield Plain(f"Enter: {self.next_label}{end}", id="sd-next")
        yield KeysFooter()

    def _lines(self) -> Text:
        """The shown hands, the mucks and the result lines, as one text: one widget to mount,
        style and lay out, however many lines the deal had."""
        view = self.view
        board = dict(view.board)
        second = view.second_board()  # HOUSE_RULES 27: each hand on each run
        lines: list[Text] = []
        shown = [s for s in view.seats if s.shown and s.cards]
        for seat in shown:
            cards = [c for c in seat.cards or () if c is not None]
            winner = seat.seat in view.winners
            if not second:
                lines.append(shown_hand_line(self.variant, seat.name, cards, board, winner))
                continue
            won = run_winners(view)
            lines.append(
                shown_hand_line(self.variant, seat.name, cards, board, seat.seat in won[0], 1)
            )
            lines.append(shown_hand_line(self.variant, "", cards, second, seat.seat in won[1], 2))
        if not shown:
            lines.append(Text("  Everyone else folded: no cards are shown."))
        lines += [Text(f"  {seat.name} mucks") for seat in view.seats if seat.mucked]
        lines += [Text(line, style=themed("$gold-pale")) for line in self.results]
        return Text("\n").join(lines)

    def drop_result(self, line: str) -> None:
        """Take a line that is no longer true (someone sitting out came back) off the screen."""
        if line in self.results:
            self.results = tuple(text for text in self.results if text != line)
            for widget in self.query("#sd-lines").results(Plain):
                widget.update(self._lines())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """e only in a cash game; R only after a hand that ended before its board was out."""
        if action == "rabbit":
            return self.rabbit is not None
        return self.can_end if action == "end_game" else True

    def action_rabbit(self) -> None:
        """HOUSE_RULES 30: show the cards that would have come, marked as not played (once)."""
        line = self.rabbit() if self.rabbit is not None else None
        self.rabbit = None
        self.refresh_bindings()
        if line is not None:
            self.results = (*self.results, line)
            for widget in self.query("#sd-lines").results(Plain):
                widget.update(self._lines())

    def action_next(self) -> None:
        self.dismiss(False)

    def action_end_game(self) -> None:
        """The people at the table end the cash game."""
        if self.can_end:
            self.dismiss(True)
