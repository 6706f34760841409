"""The core Session every kind of game implements: freezeout, KRG series, cash game.

The TUI, the host console, `simulate` and the bots drive a game only through these names and
the capabilities they ask it for (`homegame.engine.capabilities`), so a new kind of game is a
new class, not new branches in every screen. Seat numbers are table seats throughout. Time
comes in as a value (`advance_time`); a session never reads a clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from homegame.cards import Card
from homegame.engine.actions import Action, LegalActions
from homegame.engine.events import Event
from homegame.engine.krg_series import Scoreboard as SeriesScore
from homegame.engine.schedule import Level
from homegame.engine.seat_draw import SeatDraw
from homegame.engine.views import HandView
from homegame.money.ledger import LedgerLine
from homegame.variants import Variant

if TYPE_CHECKING:
    from homegame.engine.capabilities import CashGame, DoublingCube, HostEntry, Tournament


@dataclass(frozen=True)
class PlayerStanding:
    """One seat on the scoreboard: out or still in, sitting out, and chips when the game has any."""

    seat: int
    name: str
    out: bool
    sitting_out: bool
    stack: int | None
    place: int | None


@dataclass(frozen=True)
class Standings:
    """The game at a glance: every seat, the blind level and clock, and a KRG series' score."""

    deals: int
    players: tuple[PlayerStanding, ...]
    level: Level | None = None
    hands_to_next_level: int | None = None
    seconds_to_next_level: float | None = None
    series: SeriesScore | None = None


class Session(Protocol):
    """A whole game, deal after deal, to its winners; every input returns the events it caused."""

    variant: Variant
    names: tuple[str, ...]
    #: Seconds of game time passed in so far (the minutes blind clock reads it).
    elapsed: float
    #: The seat draw for the first button (None when it was named).
    seat_draw: SeatDraw | None

    # -- the game as a whole -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the game has its winners."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game (empty until it is over)."""
        ...

    @property
    def deals(self) -> int:
        """Deals dealt so far, the current one included (its number while it is played)."""
        ...

    def is_out(self, seat: int) -> bool:
        """True for a seat no longer in the game (busted, dropped out) and not in this deal."""
        ...

    def scoreboard(self) -> Standings:
        """Every seat's standing, the level and the series score."""
        ...

    def audit(self) -> str | None:
        """What is wrong with the chips or the money now (None: every one is accounted for)."""
        ...

    # -- one deal ----------------------------------------------------------------------------

    def start_deal(self) -> list[Event]:
        """Deal the next hand (KRG: the next deal)."""
        ...

    @property
    def in_hand(self) -> bool:
        """True while a deal is being played (or waits for the host to name its winners)."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat that must act now, or None."""
        ...

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do."""
        ...

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """The seat to act (`seat`, if given, must be it) plays `action`; IllegalAction else."""
        ...

    def in_deal(self, seat: int) -> bool:
        """True when `seat` was dealt into the current deal."""
        ...

    def view_for(self, seat: int | None) -> HandView:
        """What `seat` (None: everyone at the table) may see of the current deal."""
        ...

    def rabbit_hunt(self) -> tuple[tuple[str, Card], ...]:
        """HOUSE_RULES 30: the cards the last deal would have dealt had it not ended early."""
        ...

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        """The seat's own cards in the current deal (for that seat or its bot only)."""
        ...

    # -- time --------------------------------------------------------------------------------

    def advance_time(self, seconds: float, *, turn_clock: bool = True) -> list[Event]:
        """`seconds` passed; `turn_clock` False while the app, not the player, holds the turn."""
        ...

    def time_left(self) -> float | None:
        """Seconds the seat to act has left on the turn timer, or None when it is off."""
        ...

    # -- players -----------------------------------------------------------------------------

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats the game plays for (HOUSE_RULES 12, 21)."""
        ...

    def ledger_lines(self, game: str) -> tuple[LedgerLine, ...]:
        """The game's money lines for the night's ledger (`homegame ledger`), named `game`."""
        ...

    def sit_out(self, seat: int) -> list[Event]:
        """A player steps away: the game checks or folds for them until they come back."""
        ...

    def come_back(self, seat: int) -> list[Event]:
        """A player who was sitting out acts for themselves again."""
        ...

    def correct_stacks(self, stacks: Mapping[int, int], note: str = "") -> list[Event]:
        """Host mode, between deals: set seats' chips where the real table disagrees."""
        ...

    # -- capabilities: the session itself when the game has it, else None -------------------

    def tournament(self) -> Tournament | None:
        """A freezeout's blind clock, late entry and money moves."""
        ...

    def cash_game(self) -> CashGame | None:
        """A cash game's buy-ins, top-ups, cash-outs and end."""
        ...

    def cube(self) -> DoublingCube | None:
        """KRG's doubling cube."""
        ...

    def host_entry(self) -> HostEntry | None:
        """Host mode's typed cards, shown hands and awards."""
        ...
