"""The house's default settings, the limits of every number a config holds and the closed sets a
config names, in one place for both the engine and the config: reading a config or drawing the
start screen loads no engine from here.

Plain values, enums, bounded types (a `Limits` on a field: the config's schema reads them, as
`msgspec.Meta`, when a config is checked) and one small value type; this module imports nothing
of homegame, and no msgspec until a config is checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Literal, get_args

if TYPE_CHECKING:
    from msgspec import Meta

#: Cents in a dollar: money is integer cents in the engine, dollars in configs and on screen.
CENTS = 100

#: HOUSE_RULES 10: everyone starts with 1500 chips.
DEFAULT_STACK = 1500
#: HOUSE_RULES 10: the blinds start at 10/20 (small, big).
DEFAULT_FIRST_BLINDS = (10, 20)
#: The smallest starting stack of a freezeout, in big blinds of its first level: below 10 every
#: hand is all-in or fold from the first deal (the push/fold range) and a game of 5 chips
#: against blinds of 10/20 ended after one hand, so the start screen and a config refuse it.
MIN_STACK_BIG_BLINDS = 10
#: HOUSE_RULES 10: the blinds rise every 10 hands.
DEFAULT_HANDS_PER_LEVEL = 10
#: HOUSE_RULES 20: a late player may join until the end of level 4.
DEFAULT_LATE_ENTRY_UNTIL_LEVEL = 4

#: HOUSE_RULES 15: a KRG series is played to three or four wins; three, for a buy-in of 5.00
#: (in cents), unless the config says otherwise.
Wins = Literal[3, 4]
WINS_TARGETS: tuple[int, ...] = get_args(Wins)
DEFAULT_WINS: Wins = 3
DEFAULT_BUY_IN = 500

#: HOUSE_RULES 22: a cash game's fixed blinds (small, big), unless the config says otherwise.
DEFAULT_CASH_BLINDS = (10, 20)

#: The bot kinds a seat may name; `homegame.bots.SEAT_KINDS` has a factory for each (a test
#: keeps the two in step; this list stays here so reading a config never loads the bots).
BotLevel = Literal["random", "easy", "medium", "hard"]
BOT_LEVELS: tuple[str, ...] = get_args(BotLevel)
#: Seconds a user's bot file may think per decision before it loses the decision.
BOT_FILE_SECONDS = 2.0
#: The address space, in bytes, of the process a user's bot file runs in at the app's table.
BOT_FILE_MEMORY = 1 << 30
MAX_NAME_LENGTH = 16
#: The longest turn timer, in seconds (an hour): checked before it reaches the clock.
MAX_TURN_TIMER = 3600
#: The longest blind level by the clock, in minutes (a day).
MAX_LEVEL_MINUTES = 1440
#: The longest break, in minutes.
MAX_BREAK_MINUTES = 240
#: The longest break note, in characters.
MAX_NOTE_LENGTH = 60
#: The most chips in one stack, blind or add-on: a billion, far past any table, so a typo is
#: refused and every sum of stacks stays exact in a float.
MAX_CHIPS = 1_000_000_000
#: The highest level number a setting may name, and the most hands a level may last.
MAX_LEVEL = 1000
#: The largest seed (18 digits): a signed 64-bit integer holds it, so any store keeps it exact.
MAX_SEED = 10**18 - 1
#: The largest maximum buy-in of a cash game, in big blinds.
MAX_BUY_IN_BIG_BLINDS = 10_000
#: The longest pause before a bot acts, in seconds.
MAX_BOT_PAUSE = 10
#: The most hands (KRG: deals) one `homegame simulate` plays: minutes of random play, hours
#: of hard bots; a run past it is refused rather than left running without end.
MAX_SIMULATED_HANDS = 10_000_000


class Limits:
    """The least and the most a number may be (or a text's length) and what it is in words, as
    a field's type says them (`Annotated[int, Limits(ge=1, le=9)]`); `meta()` is the same as a
    `msgspec.Meta`, made when a config is first checked, so importing the settings loads no
    msgspec. A `description` may place the limits itself: "seconds from {ge} (off) to {le}"."""

    __slots__ = ("description", "ge", "le", "max_length", "min_length")

    def __init__(
        self,
        *,
        ge: float | None = None,
        le: float | None = None,
        min_length: int | None = None,
        max_length: int | None = None,
        description: str = "",
    ) -> None:
        self.ge, self.le = ge, le
        self.min_length, self.max_length = min_length, max_length
        self.description = description

    def meta(self) -> Meta:
        """These limits as msgspec checks them."""
        from msgspec import Meta

        given = {name: getattr(self, name) for name in self.__slots__}
        return Meta(**{name: value for name, value in given.items() if value not in (None, "")})


#: A number of chips (a stack, a blind, an add-on).
Chips = Annotated[int, Limits(ge=1, le=MAX_CHIPS, description="a whole number of chips")]
#: A level of the blind schedule, numbered from 1.
LevelNumber = Annotated[int, Limits(ge=1, le=MAX_LEVEL, description="a level number")]


class Written(Enum):
    """How a config writes a value that is not a plain TOML number, string or boolean: a mark
    in a field's type that `homegame.config` reads it by."""

    #: The name of a game, in any case.
    GAME = "game"
    #: A person's name: spaces around it are dropped.
    NAME = "name"
    #: A bot level or a bot file, "path/to/file.py:ClassName".
    BOT = "bot"
    #: A blind schedule: [small, big] levels, each big blind above the one before.
    BLINDS = "blinds"
    #: Dollars as a TOML number (5 or 2.50), held as written.
    DOLLARS = "dollars"
    #: An amount of money (12.50, 12 or "12.50"), held in cents.
    AMOUNT = "amount"
    #: A house fee: an amount, or a percentage like "10%".
    FEE = "fee"
    #: A payout table: "default" or percentages like [50, 30, 20].
    PAYOUTS = "payouts"
    #: Antes, one per blind level from level 1: whole numbers of chips, 0 or more.
    ANTES = "antes"
    #: The currency money is written in: a sign or code of at most 8 printable characters.
    CURRENCY = "currency"


class TieRule(Enum):
    """How a tied KRG deal is scored (HOUSE_RULES.md 14)."""

    SHARE = "share"
    REPLAY = "replay"
    NONE = "none"


class AnteKind(Enum):
    """Who posts a level's ante (HOUSE_RULES 25): nobody, every player dealt in, or the big
    blind once for the whole table."""

    OFF = "off"
    EVERY_PLAYER = "every-player"
    BIG_BLIND = "big-blind"


@dataclass(frozen=True)
class Break:
    """A pause in the play after level `after_level`, lasting `minutes`; `note` says what for."""

    after_level: LevelNumber
    minutes: Annotated[float, Limits(ge=1, le=MAX_BREAK_MINUTES, description="minutes")]
    note: Annotated[str, Limits(max_length=MAX_NOTE_LENGTH, description="text")] = ""


def is_bot_file(value: object) -> bool:
    """A bot named by its file, "path/to/file.py:ClassName" (see homegame.bots.interface)."""
    if not isinstance(value, str):
        return False
    path, sep, name = value.rpartition(":")
    return bool(sep and name.isidentifier() and path.endswith(".py"))
