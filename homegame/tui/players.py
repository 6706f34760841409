"""Who plays each seat: a person at the keyboard, or a bot that sees only its own seat's view.

The bots (and the equity engine under them) are imported at a bot's first decision, not when
the table opens: the first frame does not wait for them.
"""

from __future__ import annotations

import random
import sys
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homegame.config import BOT_LEVELS, is_bot_file
from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.tui.background import unpaced

if TYPE_CHECKING:
    from homegame.bots.base import Bot
    from homegame.engine.krg_series import Scoreboard
    from homegame.money.freezeout import FreezeoutMoney

__all__ = ["decide_told", "make_bot"]


@dataclass
class _LaterBot:
    """A bot of `kind` built (and its module imported) when it is first asked anything; it
    answers for the bot it stands for, the doubling cube included."""

    kind: str
    rng: random.Random
    _bot: Bot | None = field(default=None, repr=False)

    def _built(self) -> Bot:
        if self._bot is None:
            from homegame.bots import make_bot as build

            self._bot = build(self.kind, self.rng)
        return self._bot

    def decide(self, view: HandView) -> Action:
        return self._built().decide(view)

    def answer_cube(self, series: Scoreboard, seat: int) -> bool:
        """The built bot's own answer to the turned cube (HOUSE_RULES 16), as `doubles` gives it."""
        from homegame.bots.base import doubles

        return doubles(self._built(), series, seat)


def make_bot(kind: str, rng: random.Random) -> Bot:
    """A bot of `kind` ("random", "easy", "medium", "hard" or "path/to/file.py:ClassName") with
    its own random source."""
    if kind.lower() not in BOT_LEVELS and not is_bot_file(kind):
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(BOT_LEVELS)}")
    return _LaterBot(kind, rng)


def bots_loaded() -> bool:
    """Have the bots' modules been imported (by an earlier decision)?"""
    return "homegame.bots" in sys.modules


def decide_told(bot: Bot, view: HandView, money: FreezeoutMoney | None) -> Action:
    """A bot's action, once told what the table's places pay (a hard bot then judges all-ins by
    ICM); run in the bot's thread, where the bots' modules load, the first time `unpaced`."""
    with nullcontext() if bots_loaded() else unpaced():
        from homegame.bots import brief

        built = bot._built() if isinstance(bot, _LaterBot) else bot
    brief(built, money)
    return bot.decide(view)
