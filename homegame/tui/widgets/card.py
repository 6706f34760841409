"""A playing card as text: rank and suit symbol, red hearts and diamonds, or its back."""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text

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


def cards_text(
    cards: list[Card | None] | tuple[Card | None, ...], marked: Collection[Card] = ()
) -> Text:
    """Several cards inline, one cell apart; cards in `marked` are highlighted."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card, marked=card is not None and card in marked))
    return out
