"""What the game driver asks for, one at a time: a small closed set of frozen values.

Each request names who must answer and what they may see; the answer's type is written beside
it. A front end turns a request into a widget or a screen and its reply into the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from homegame.engine.actions import LegalActions
from homegame.engine.seat_draw import SeatDraw
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.engine.krg_series import Scoreboard
    from homegame.money.freezeout import FreezeoutMoney
    from homegame.play.seats import LaterBot


@dataclass(frozen=True)
class ShowSeatDraw:
    """The players drew for the button; everyone may see it. Answer: None."""

    draw: SeatDraw


@dataclass(frozen=True)
class Handoff:
    """Pass the screen to `seat` before their private view (pass-and-play). Answer: None."""

    seat: int
    why: str


@dataclass(frozen=True)
class AskAction:
    """A person's betting action at `seat`. Answer: an `Action` (refused: IllegalAction)."""

    seat: int
    legal: LegalActions


@dataclass(frozen=True)
class AskDiscard:
    """A person at `seat` throws `count` cards away (KRG). Answer: a `Discard` action."""

    seat: int
    count: int


@dataclass(frozen=True)
class AskShowOrMuck:
    """A losing hand at the showdown is shown or mucked (HOUSE_RULES 8). Answer: Show or Muck."""

    seat: int


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn: the front end waits the bot's pause, has the bot decide on `view` (its
    own seat's) off its event loop, told `money`, and answers with the action, or `BotFailed`
    when the bot gave none; a refused or failed action is played passively, with a log line."""

    seat: int
    bot: LaterBot
    view: HandView
    money: FreezeoutMoney | None


@dataclass(frozen=True)
class BotFailed:
    """A bot gave no action (it raised, ran out of time, its process ended): `reason` says
    so in words for the log, naming no card ("took longer than 2 s")."""

    reason: str


@dataclass(frozen=True)
class AskCubeTurn:
    """Between KRG deals, people who may turn the doubling cube. Answer: a seat, or None."""

    seats: tuple[int, ...]
    cube: int


@dataclass(frozen=True)
class AskCubeAnswer:
    """`seat` doubles its stake to `stake` cents or drops out (HOUSE_RULES 16). Answer: bool."""

    seat: int
    owner: int
    cube: int
    stake: int


@dataclass(frozen=True)
class BotCubeAnswer:
    """The bot at `seat` doubles or drops out of the turned cube (HOUSE_RULES 16): the front end
    asks the bot off its event loop, with the scoreboard `series`. Answer: bool (True doubles),
    or `BotFailed` (it doubles, with a log line)."""

    seat: int
    bot: LaterBot
    series: Scoreboard


@dataclass(frozen=True)
class AskTopUp:
    """A cash game's person at `seat` has no chips: top up to `chips` or leave. Answer: bool."""

    seat: int
    chips: int
    cents: int


@dataclass(frozen=True)
class AskStraddle:
    """HOUSE_RULES 26, before the cards: does the person at `seat`, left of the big blind,
    straddle `chips` this hand? Answer: bool."""

    seat: int
    chips: int


@dataclass(frozen=True)
class AskRunTwice:
    """HOUSE_RULES 27, in an all-in run-out before the river: does the person at `seat` agree
    to run the rest of the board twice (`seats`: everyone asked, in turn)? The hands are face
    up, so no handoff comes first. Answer: bool (False keeps one run)."""

    seat: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class AskRebuy:
    """A freezeout's person at `seat` busted while rebuys are open: buy the starting stack
    (`chips`) again for `cents`? (HOUSE_RULES 19) Answer: bool."""

    seat: int
    chips: int
    cents: int


@dataclass(frozen=True)
class DealResult:
    """A deal is over: its result lines. `people_in`: a person at the keyboard played in it
    (else the bots played it alone). Answer: True to end a cash game now, else False."""

    number: int
    lines: tuple[str, ...]
    people_in: bool
    can_end: bool


class AfterOut(Enum):
    """What the one person in a solo game wants once they are out with bots still playing."""

    WATCH = "watch"
    SKIP = "skip"
    AGAIN = "again"


@dataclass(frozen=True)
class OfferAfterOut:
    """Solo: the person is out (in `place`, None unknown) with `left` players on. Answer:
    AfterOut."""

    seat: int
    place: int | None
    left: int


@dataclass(frozen=True)
class AskHostLine:
    """Host mode: the host types the next line; `prompt` says what fits now. Answer: the
    line's text (`HostNight.answer` returns what it did, refused lines included)."""

    prompt: str


@dataclass(frozen=True)
class GameOver:
    """The game has its winners (or a cash game ended): `homegame.play.results` says what.
    Answer: None (the driver has nothing more to ask)."""


Request = (
    ShowSeatDraw
    | AskHostLine
    | Handoff
    | AskAction
    | AskDiscard
    | AskShowOrMuck
    | BotTurn
    | AskCubeTurn
    | AskCubeAnswer
    | BotCubeAnswer
    | AskTopUp
    | AskStraddle
    | AskRunTwice
    | AskRebuy
    | DealResult
    | OfferAfterOut
    | GameOver
)
