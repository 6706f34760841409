"""KRG: the discard prompt. Pick exactly N of your cards (number keys or the mouse) and confirm."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.events import Click
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from homegame.cards import Card
from homegame.tui.mount_styles import MountStyled
from homegame.tui.palette import themed
from homegame.tui.screens.rules_help import RulesHelpScreen
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.card import card_text
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain
from homegame.variants import Variant


class PickCard(Widget):
    """One of the player's cards with its number; click or press the number to pick it (the
    screen keeps one for each card a hand can hold, and hides those a smaller hand leaves)."""

    DEFAULT_CSS = """
    PickCard {
        width: 8;
        height: 4;
        border: round $thrown-edge;
        content-align: center middle;
        margin-right: 1;
    }
    PickCard.-picked {
        border: heavy $alarm;
        background: $thrown-back;
    }
    """

    def __init__(self, number: int, card: Card | None) -> None:
        super().__init__(id=f"pick-{number}")
        self.number = number
        self.card = card
        self.display = card is not None

    def hold(self, card: Card | None) -> None:
        """Show `card` unpicked (None: hidden, the hand has fewer cards)."""
        self.card = card
        self.set_class(False, "-picked")
        if self.display != (card is not None):
            self.display = card is not None
        self.refresh()

    def render(self) -> Text:
        out = Text()
        if self.card is None:
            return out
        out.append_text(card_text(self.card, width=6))
        if self.has_class("-picked"):
            out.append("\n✗ out ", style=themed("bold $alarm"))
        else:
            out.append(f"\nkey {self.number}", style=themed("$hint"))
        return out

    def on_click(self, event: Click) -> None:
        event.stop()
        screen = self.screen
        if isinstance(screen, DiscardScreen):
            screen.toggle(self.number)


@dataclass(frozen=True)
class DiscardAsk:
    """One discard to ask: whose, their cards, how many to throw away, the board, and the KRG
    series line for screens that cover the scoreboard."""

    player: str
    cards: Sequence[Card]
    count: int
    variant: Variant
    board: dict[str, Card]
    series: str = ""


class DiscardScreen(MountStyled, Screen[tuple[Card, ...]]):
    """Shows one player's cards and the board; dismisses with the cards to throw away. The app
    keeps one for its life and shows it again for each discard (`show_for`): a KRG deal asks
    for three, and one screen shown again is drawn without building, styling and freeing a
    screen's widgets each time."""

    CSS_PATH = "discard.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n})", f"card {n}", show=False) for n in range(1, 8)),
        Binding("enter", "confirm", "Discard the picked cards"),
        Binding("question_mark", "rules", "Rules"),
    ]
    #: The most cards a hand holds when it discards (KRG's six; one key more is bound).
    MOST_CARDS = 6

    def __init__(self, ask: DiscardAsk) -> None:
        super().__init__()
        self._hold(ask)

    def _hold(self, ask: DiscardAsk) -> None:
        self.series = ask.series
        self.player = ask.player
        self.cards = tuple(ask.cards)
        self.count = ask.count
        self.variant = ask.variant
        self.board = ask.board
        self.picked: list[int] = []

    def show_for(self, ask: DiscardAsk) -> None:
        """Ask the next discard: its player, cards, count and board, nothing picked yet."""
        self._hold(ask)
        with contextlib.suppress(NoMatches):  # not built yet (or never, at shutdown)
            self.query_one("#discard-title", Static).update(self._title())
            line = self.query_one("#discard-series", Static)
            line.update(self.series)
            line.display = bool(self.series)
            self.query_one(Board).show(self.board, variant=self.variant)
            for number, widget in enumerate(self.query(PickCard), start=1):
                widget.hold(self.cards[number - 1] if number <= len(self.cards) else None)
            self._refresh_status()
            self.query_one("#discard-help", Static).update(self._help())

    def _cards_to_throw(self) -> str:
        return f"{self.count} card{'s' if self.count > 1 else ''}"

    def _title(self) -> str:
        return f"{self.player}: throw away {self._cards_to_throw()}"

    def _help(self) -> str:
        return (
            f"Press 1-{len(self.cards)} or click to pick, Enter to discard. "
            "Discards are never shown to anyone."
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="discard-box"):
            yield Plain(self._title(), id="discard-title")
            series = Plain(self.series, id="discard-series")
            series.display = bool(self.series)
            yield series
            yield Board(self.variant, board=self.board, id="discard-board")
            with Horizontal(id="discard-cards"):
                for number in range(1, max(self.MOST_CARDS, len(self.cards)) + 1):
                    card = self.cards[number - 1] if number <= len(self.cards) else None
                    yield PickCard(number, card)
            yield Plain(self._status(), id="discard-status")
            yield Plain(self._help(), id="discard-help")
        yield KeysFooter()

    def toggle(self, number: int) -> None:
        """Pick or unpick card `number` (from 1); a pick beyond the count is refused, never
        swapped for an earlier one behind the player's back."""
        if not 1 <= number <= len(self.cards):
            return
        if number in self.picked:
            self.picked.remove(number)
        elif len(self.picked) < self.count:
            self.picked.append(number)
        else:
            self.query_one("#discard-status", Static).update(
                f"You have chosen {self._cards_to_throw()}: unpick one first."
            )
            return
        for widget in self.query(PickCard):
            if widget.card is not None:
                widget.set_class(widget.number in self.picked, "-picked")
                widget.refresh()
        self._refresh_status()

    def action_rules(self) -> None:
        """The rules card, over the discard prompt (it shows no cards)."""
        self.app.push_screen(RulesHelpScreen(self.variant))

    def action_pick(self, number: int) -> None:
        """1-7: pick or unpick that card (not Textual's own `toggle` action)."""
        self.toggle(number)

    def _status(self) -> str:
        left = self.count - len(self.picked)
        return f"Pick {left} more." if left else "Press Enter to discard the picked cards."

    def _refresh_status(self) -> None:
        self.query_one("#discard-status", Static).update(self._status())

    def action_confirm(self) -> None:
        if len(self.picked) != self.count:
            self.query_one("#discard-status", Static).update(
                f"Pick exactly {self.count}: {len(self.picked)} picked so far."
            )
            return
        self.dismiss(tuple(self.cards[n - 1] for n in sorted(self.picked)))
