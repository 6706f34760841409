"""The seat draw for the button: each player draws a card, the high card takes the button.

Issue 10 ("seats that match the table"): when nobody names the first button, the players draw
for it. Cards are compared by rank only (an ace is high); players who tie for the highest rank
draw again among themselves, until one is left. The cards come from a card source, so a
seeded `Dealt` source gives the same draw every time; the draw is pure, like the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine.card_sources import CardSource
from homegame.engine.events import seat_name


@dataclass(frozen=True)
class SeatDraw:
    """Every round of the draw, (seat, card) in seat order, and the seat that won the button."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    button: int

    def lines(self, names: Sequence[str]) -> list[str]:
        """The draw in words, one line a round, and who takes the button."""
        out = []
        for number, drawn in enumerate(self.rounds):
            cards = " · ".join(f"{seat_name(names, s)} {c.symbol}" for s, c in drawn)
            out.append(("Seat draw: " if number == 0 else "Tie, drawn again: ") + cards)
        out.append(f"High card: {seat_name(names, self.button)} takes the button")
        return out


def draw_for_button(seats: Sequence[int], cards: CardSource) -> SeatDraw:
    """Draw one card for each of `seats` from `cards`; ties for the high card draw again."""
    drawing = list(seats)
    if len(drawing) < 2:
        raise ValueError("a seat draw needs at least two players")
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        cards.begin((), len(drawing))
        drawn: list[tuple[int, Card]] = []
        for seat, card in zip(drawing, cards.deal(len(drawing)), strict=True):
            if card is None:
                raise ValueError("the seat draw needs cards the app deals")
            drawn.append((seat, card))
        rounds.append(tuple(drawn))
        top = max(card.rank for _, card in drawn)
        drawing = [seat for seat, card in drawn if card.rank == top]
        if len(drawing) == 1:
            return SeatDraw(tuple(rounds), drawing[0])
