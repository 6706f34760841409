"""Pot-Limit Omaha: four hole cards, exactly two of them with exactly three of the board."""

from __future__ import annotations

from homegame.variants import streets
from homegame.variants.base import Group, HandType, Structure, Variant
from homegame.variants.holdem import BOARD, HOLDEM
from homegame.variants.steps import DealHole

OMAHA = Variant(
    key="omaha",
    name="Pot-Limit Omaha",
    hole_cards=4,
    slots=BOARD,
    groups=(Group(None, BOARD),),
    # Hold'em's streets, dealt to four hole cards instead of two.
    script=(DealHole(4, streets.PREFLOP), *HOLDEM.script[1:]),
    structure=Structure.POT_LIMIT,
    deal_word="hand",
    hand_type=HandType.TWO_PLUS_THREE,
    min_players=2,
    max_players=10,
    summary=(
        "Four hole cards each; five shared cards (flop, turn, river) with a pot-limit betting "
        "round before the flop and after each street: a bet or raise is at most the pot. Your "
        "hand is exactly two of your hole cards with exactly three of the board."
    ),
)
