"""The house's default settings and the closed sets a config names, in one place for both the
engine and the config: reading a config or drawing the start screen loads no engine from here.

Plain values, an enum and one small value type; this module imports nothing of homegame.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

#: Cents in a dollar: money is integer cents in the engine, dollars in configs and on screen.
CENTS = 100

#: HOUSE_RULES 10: everyone starts with 1500 chips.
DEFAULT_STACK = 1500
#: HOUSE_RULES 10: the blinds rise every 10 hands.
DEFAULT_HANDS_PER_LEVEL = 10
#: HOUSE_RULES 20: a late player may join until the end of level 4.
DEFAULT_LATE_ENTRY_UNTIL_LEVEL = 4

#: HOUSE_RULES 15: a KRG series is played to three or four wins; three, for a buy-in of 5.00
#: (in cents), unless the config says otherwise.
WINS_TARGETS = (3, 4)
DEFAULT_WINS = 3
DEFAULT_BUY_IN = 500


class TieRule(Enum):
    """How a tied KRG deal is scored (HOUSE_RULES.md 14)."""

    SHARE = "share"
    REPLAY = "replay"
    NONE = "none"


@dataclass(frozen=True)
class Break:
    """A pause in the play after level `after_level`, lasting `minutes`; `note` says what for."""

    after_level: int
    minutes: float
    note: str = ""
