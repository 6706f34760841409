"""The games a test covers, read from the registry: a game added to `homegame.variants.VARIANTS`
is tested wherever a test means every game (or every chip game), with no test to edit."""

from __future__ import annotations

import random

from homegame.engine.actions import Discard
from homegame.engine.hand import Hand
from homegame.variants import VARIANTS, Variant

#: Every game's key, in the registry's order.
GAMES: tuple[str, ...] = tuple(VARIANTS)
#: Every game.
ALL: tuple[Variant, ...] = tuple(VARIANTS.values())
#: The games played for chips (freezeout, cash), and those played as a series of deals.
CHIP_GAMES: tuple[str, ...] = tuple(k for k, v in VARIANTS.items() if v.has_chips)
SERIES_GAMES: tuple[str, ...] = tuple(k for k, v in VARIANTS.items() if v.has_series)


def variant_id(variant: Variant) -> str:
    """A test id for a parametrized variant: its key."""
    return variant.key


def new_hand(
    variant: Variant,
    players: int,
    button: int,
    rng: random.Random,
    stack: int = 2000,
    blinds: tuple[int, int] = (10, 20),
) -> Hand:
    """A fresh deal of any game: `stack` each and `blinds` in a chip game, no chips otherwise."""
    if variant.has_chips:
        return Hand(variant, [stack] * players, button, *blinds, rng=rng)
    return Hand(variant, [0] * players, button, rng=rng)


def first_cards_thrown(hand: Hand, count: int) -> Discard:
    """The seat to act throws its first `count` cards (a dealt hand: every card is known)."""
    seat = hand.to_act
    assert seat is not None
    return Discard(tuple(c for c in hand.hole[seat][:count] if c is not None))
