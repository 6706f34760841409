"""Who plays each seat: a person at the keyboard, or a bot that sees only its own seat's view.

The bots (and the equity engine under them) are imported at a bot's first decision, not when
the table opens: the first frame does not wait for them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homegame.config import BOT_LEVELS
from homegame.engine.actions import Action
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.bots.base import Bot

__all__ = ["make_bot"]


@dataclass
class _LaterBot:
    """A bot of `level` built (and its module imported) when it first decides."""

    level: str
    rng: random.Random
    _bot: Bot | None = field(default=None, repr=False)

    def decide(self, view: HandView) -> Action:
        if self._bot is None:
            from homegame.bots import make_bot as build

            self._bot = build(self.level, self.rng)
        return self._bot.decide(view)


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of `level` ("random", "easy", "medium", "hard") with its own random source."""
    if level.lower() not in BOT_LEVELS:
        raise ValueError(f"unknown bot {level!r}: choose one of {', '.join(BOT_LEVELS)}")
    return _LaterBot(level, rng)
