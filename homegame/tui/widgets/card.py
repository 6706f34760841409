"""A playing card drawn as a card: rank and suit symbol, red hearts and diamonds, or its back."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.cards import Card
from homegame.tui.palette import themed

FACE_RED = "bold $card-red on $card-face"
FACE_BLACK = "bold $card-ink on $card-face"
BACK = "$card-back-edge on $card-back"
EMPTY = "$card-slot"
MARKED = "bold $card-ink on $gold"
MARKED_RED = "bold $card-red on $gold"


def card_face(card: Card) -> str:
    """Rank and suit symbol, e.g. '10♥' or 'A♠'."""
    return card.symbol


def card_text(card: Card | None, marked: bool = False, width: int = 4) -> Text:
    """One card inline, padded to `width` cells; None draws the back of a card."""
    if card is None:
        return Text("▒" * width, style=themed(BACK))
    face = card_face(card).center(width)
    if marked:
        return Text(face, style=themed(MARKED_RED if card.is_red else MARKED))
    return Text(face, style=themed(FACE_RED if card.is_red else FACE_BLACK))


def cards_text(cards: list[Card | None] | tuple[Card | None, ...], marked=()) -> Text:
    """Several cards inline, one cell apart; cards in `marked` are highlighted."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card, marked=card is not None and card in marked))
    return out


class CardView(Widget):
    """One card: face up, face down (its back), or an empty slot not dealt yet."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    CardView {
        width: 4;
        height: 1;
        margin: 0 1 0 0;
    }
    .roomy CardView {
        width: 6;
        height: 3;
        border: round $card-edge;
        background: $card-face;
    }
    .roomy CardView.-back {
        background: $card-back;
        border: round $card-back-edge;
    }
    .roomy CardView.-empty {
        background: transparent;
        border: round $card-slot-edge;
    }
    .roomy CardView.-marked {
        border: round $gold;
    }
    """

    card: reactive[Card | None] = reactive(None)
    face_down: reactive[bool] = reactive(False)
    marked: reactive[bool] = reactive(False)

    def __init__(
        self,
        card: Card | None = None,
        face_down: bool = False,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.set_reactive(CardView.card, card)
        self.set_reactive(CardView.face_down, face_down)
        self._update_classes()

    def show(self, card: Card | None, face_down: bool = False, marked: bool = False) -> None:
        """Show `card` (None and not face down: an empty slot)."""
        self.card = card
        self.face_down = face_down
        self.marked = marked

    def _update_classes(self) -> None:
        self.set_class(self.face_down, "-back")
        self.set_class(self.card is None and not self.face_down, "-empty")
        self.set_class(self.marked, "-marked")

    def watch_card(self) -> None:
        self._update_classes()

    def watch_face_down(self) -> None:
        self._update_classes()

    def watch_marked(self) -> None:
        self._update_classes()

    def render(self) -> Text:
        if self.face_down:
            return Text("▒▒▒▒", style=themed(BACK))
        if self.card is None:
            return Text(" ·  ", style=themed(EMPTY))
        return card_text(self.card, self.marked)
