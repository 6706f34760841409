"""A bot's decision as the table runs it: in a thread, told what the places pay.

The bots (and the equity engine under them) are imported at a bot's first decision, not when
the table opens: the first frame does not wait for them.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING

from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.play.seats import LaterBot
from homegame.tui.background import unpaced

if TYPE_CHECKING:
    from homegame.bots.base import Bot
    from homegame.money.freezeout import FreezeoutMoney

__all__ = ["decide_told"]


def bots_loaded() -> bool:
    """Have the bots' modules been imported (by an earlier decision)?"""
    return "homegame.bots" in sys.modules


def decide_told(bot: Bot, view: HandView, money: FreezeoutMoney | None) -> Action:
    """A bot's action, once told what the table's places pay (a hard bot then judges all-ins by
    ICM); run in the bot's thread, where the bots' modules load, the first time `unpaced`."""
    with nullcontext() if bots_loaded() else unpaced():
        from homegame.bots import brief

        built = bot.built() if isinstance(bot, LaterBot) else bot
    brief(built, money)
    return bot.decide(view)
