"""Who plays each seat: a person, or a bot built (and its module imported) at its first use.

The bots' modules are heavy; a table opens before any of them loads.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homegame.defaults import BOT_LEVELS, is_bot_file
from homegame.engine.actions import Action
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.bots.base import Bot
    from homegame.engine.krg_series import Scoreboard


@dataclass
class LaterBot:
    """A bot of `kind` built when it is first asked anything; it answers for the bot it stands
    for, the doubling cube included."""

    kind: str
    rng: random.Random
    _bot: Bot | None = field(default=None, repr=False)

    def built(self) -> Bot:
        """The bot itself (built now if it was not yet)."""
        if self._bot is None:
            from homegame.bots import make_bot as build

            self._bot = build(self.kind, self.rng)
        return self._bot

    def decide(self, view: HandView) -> Action:
        return self.built().decide(view)

    def answer_cube(self, series: Scoreboard, seat: int) -> bool:
        """The built bot's own answer to the turned cube (HOUSE_RULES 16)."""
        from homegame.bots.base import doubles

        return doubles(self.built(), series, seat)


def make_bot(kind: str, rng: random.Random) -> Bot:
    """A bot of `kind` ("random", "easy", "medium", "hard" or "path/to/file.py:ClassName") with
    its own random source."""
    if kind.lower() not in BOT_LEVELS and not is_bot_file(kind):
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(BOT_LEVELS)}")
    return LaterBot(kind, rng)
