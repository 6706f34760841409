"""The streets of a deal, by the names every game's script, the bots and the host use.

The scripts (`homegame.variants.steps`) open each street by one of these names; the bots read
them from their view (`HandView.street`) and a host types the board streets to enter their
cards. Written once here, so no other module spells a street.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BOARD_STREETS", "FLOP", "PREFLOP", "RIVER", "TURN"]

#: The street of the hole cards, before any board card.
PREFLOP: Final = "preflop"
FLOP: Final = "flop"
TURN: Final = "turn"
RIVER: Final = "river"

#: The streets that deal to the board, in order (a host types them to enter the board).
BOARD_STREETS: Final = (FLOP, TURN, RIVER)
