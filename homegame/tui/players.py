"""Who plays each seat: a person at the keyboard, or a bot that sees only its own seat's view."""

from __future__ import annotations

import random

from homegame.bots import make_bot as _make_bot
from homegame.bots.base import Bot

__all__ = ["Bot", "make_bot"]


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of `level` ("random", "easy", "medium", "hard") with its own random source."""
    return _make_bot(level, rng)
