"""Pot-Limit Omaha: four hole cards, exactly two of them with exactly three of the board."""

from __future__ import annotations

from homegame.variants.base import Group, HandType, Structure, Variant
from homegame.variants.steps import Bet, DealBoard, DealHole, Showdown

FLOP = ("flop 1", "flop 2", "flop 3")
BOARD = (*FLOP, "turn", "river")

OMAHA = Variant(
    key="omaha",
    name="Pot-Limit Omaha",
    hole_cards=4,
    slots=BOARD,
    groups=(Group(None, BOARD),),
    script=(
        DealHole(4),
        Bet("preflop"),
        DealBoard(FLOP),
        Bet("flop"),
        DealBoard(("turn",)),
        Bet("turn"),
        DealBoard(("river",)),
        Bet("river"),
        Showdown(),
    ),
    structure=Structure.POT_LIMIT,
    hand_type=HandType.TWO_PLUS_THREE,
    min_players=2,
    max_players=10,
    summary=(
        "Four hole cards each; five shared cards (flop, turn, river) with a pot-limit betting "
        "round before the flop and after each street: a bet or raise is at most the pot. Your "
        "hand is exactly two of your hole cards with exactly three of the board."
    ),
)
