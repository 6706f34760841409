"""Bots: equity for every game, and players of three levels that see only their own seat.

`make_bot(kind, rng)` builds a seat controller by name: "random" (the random legal policy),
"easy", "medium" or "hard". Each has `decide(view) -> Action`, where `view` is the engine's
`view_for(seat)`; `SEAT_KINDS` maps each name to its factory (for `homegame simulate --seats`
and the start screen).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from homegame.bots.base import Bot, RandomBot
from homegame.bots.levels import LEVELS

#: Seat kind name -> factory taking the injected random source.
SEAT_KINDS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, **LEVELS}


def make_bot(kind: str, rng: random.Random) -> Bot:
    """The bot of `kind` ("random", "easy", "medium", "hard"); ValueError names an unknown one."""
    try:
        factory = SEAT_KINDS[kind.lower()]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(SEAT_KINDS)}") from None
    return factory(rng)


__all__ = ["SEAT_KINDS", "Bot", "make_bot"]
