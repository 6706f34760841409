"""Each game as data: board layout, the groups a hand may use, and the script of a deal."""

from __future__ import annotations

from homegame.variants.base import Group, HandType, Structure, Variant
from homegame.variants.holdem import HOLDEM
from homegame.variants.krg import KRG
from homegame.variants.steps import Bet, DealBoard, DealHole, Discard, Showdown, Step
from homegame.variants.yukon import YUKON

VARIANTS: dict[str, Variant] = {v.key: v for v in (HOLDEM, YUKON, KRG)}


def get_variant(key: str) -> Variant:
    """The variant named `key` ("holdem", "yukon", "krg"); ValueError names the unknown one."""
    try:
        return VARIANTS[key.lower()]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise ValueError(f"unknown variant {key!r}: choose one of {known}") from None


__all__ = [
    "HOLDEM",
    "KRG",
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
