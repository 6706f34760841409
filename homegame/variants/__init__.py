"""Each game as data: board layout, the groups a hand may use, the script of a deal, the hand
type and the betting structure. A new game is a new file here plus its line in `VARIANTS`."""

from __future__ import annotations

from homegame.variants.base import Group, HandType, Structure, Variant
from homegame.variants.double_board import DOUBLE_BOARD
from homegame.variants.holdem import HOLDEM
from homegame.variants.krg import KRG
from homegame.variants.omaha import OMAHA
from homegame.variants.steps import Bet, DealBoard, DealHole, Discard, Showdown, Step
from homegame.variants.yukon import YUKON

VARIANTS: dict[str, Variant] = {v.key: v for v in (HOLDEM, YUKON, KRG, OMAHA, DOUBLE_BOARD)}

#: The game keys for help texts: "holdem, yukon, krg or omaha".
KEYS_TEXT = ", ".join(list(VARIANTS)[:-1]) + " or " + list(VARIANTS)[-1]


def get_variant(key: str) -> Variant:
    """The variant named `key` (see `VARIANTS`); ValueError names the unknown one."""
    try:
        return VARIANTS[key.lower()]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ValueError(f"unknown variant {key!r}: choose one of {known}") from None


__all__ = [
    "DOUBLE_BOARD",
    "HOLDEM",
    "KEYS_TEXT",
    "KRG",
    "OMAHA",
    "VARIANTS",
    "YUKON",
    "Bet",
    "DealBoard",
    "DealHole",
    "Discard",
    "Group",
    "HandType",
    "Showdown",
    "Step",
    "Structure",
    "Variant",
    "get_variant",
]
