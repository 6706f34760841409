"""What a game may have beyond the core `Session`: each capability a small Protocol.

A caller asks the session (`session.tournament()`, `session.cash_game()`, `session.cube()`,
`session.host_entry()`) and gets the session itself, seen as that capability, or None when the
game has no such thing; nobody tests a session's type. Each capability is a `Session` with the
few names it adds, so the answer is usable as both. The input verbs keep their names (the
journal records and replays them by name).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from homegame.cards import Card
from homegame.engine.events import Event
from homegame.engine.schedule import BlindSchedule, Level
from homegame.engine.session_interface import Session
from homegame.money.cash import CashSettings
from homegame.money.chop import ChopKind
from homegame.money.freezeout import FreezeoutMoney


class ChipTable(Session, Protocol):
    """A game of chips on the table (the freezeout, the cash game)."""

    #: The blind level the hands are dealt at now.
    level: Level

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind for every table seat now (during a hand, bets are in the middle)."""
        ...

    @property
    def stacks_at_deal(self) -> tuple[int, ...]:
        """Each seat's chips as the hand being played was dealt (between hands: now)."""
        ...

    def chips_in_play(self) -> int:
        """Every chip at the table: stacks plus what is in the middle of the current hand."""
        ...

    @property
    def next_is_bomb_pot(self) -> bool:
        """HOUSE_RULES 28: the next hand is a bomb pot (its number, or the host called one)."""
        ...

    def call_bomb_pot(self) -> list[Event]:
        """Host mode, between hands: the next hand is a bomb pot (HOUSE_RULES 28)."""
        ...


class Tournament(ChipTable, Protocol):
    """A freezeout: the blind clock, late entry and, when played for money, its money moves
    (HOUSE_RULES 10, 18-20). Without money the money moves are refused and `money()` is None."""

    #: Chips each entry starts with (a rebuy and a late entry buy as many).
    starting_stack: int

    @property
    def schedule(self) -> BlindSchedule:
        """The blind levels (and breaks) by hands or by minutes."""
        ...

    def set_clock(self, elapsed: float) -> None:
        """Host mode, between hands: the live clock now stands at `elapsed` seconds."""
        ...

    def join(self, name: str, stack: int) -> list[Event]:
        """A late player takes a new seat with `stack` chips (a game for chips only)."""
        ...

    def money(self) -> FreezeoutMoney | None:
        """Entries, pool, payouts, prizes, the chop; None when played for chips only."""
        ...

    def buy_in(self, name: str) -> list[Event]:
        """A new player buys the starting stack (after the first hand: a late entry)."""
        ...

    def rebuy(self, seat: int) -> list[Event]:
        """The starting stack again for the buy-in."""
        ...

    def rebuys_open(self) -> tuple[int, ...]:
        """The busted players who may still rebuy now (HOUSE_RULES 19)."""
        ...

    @property
    def waiting_for_rebuy(self) -> bool:
        """One player has every chip, but the last bust came while rebuys were open: the game
        waits for a rebuy or `no_rebuys`."""
        ...

    def no_rebuys(self) -> list[Event]:
        """Nobody rebuys: the player with every chip wins."""
        ...

    def add_on(self, seat: int) -> list[Event]:
        """The add-on at the first break."""
        ...

    def chop(self, kind: ChopKind | str) -> list[Event]:
        """The players still in share the prizes left: equal, chips or icm."""
        ...


class CashGame(ChipTable, Protocol):
    """A cash game (HOUSE_RULES 22): buy-ins, top-ups and cash-outs between hands, then the end."""

    #: The chip rate and the buy-in limit.
    cash: CashSettings

    def seated(self, seat: int) -> bool:
        """True while the seat's player is at the table (with chips or busted)."""
        ...

    def money_on_table(self) -> int:
        """Cents of the chips still at the table."""
        ...

    def buy_in(self, name: str, chips: int | None = None) -> list[Event]:
        """A new player (or one who left) buys in; default the maximum buy-in."""
        ...

    def top_up(self, seat: int, chips: int) -> list[Event]:
        """A seated player adds chips, up to the maximum buy-in."""
        ...

    def cash_out(self, seat: int, chips: int | None = None) -> list[Event]:
        """A player leaves with every chip in front of them."""
        ...

    def end(self) -> list[Event]:
        """The host ends the game: everyone still seated cashes out."""
        ...

    #: HOUSE_RULES 26: straddles are on, and the seat that said it straddles the next hand.
    straddles: bool
    straddling: int | None

    @property
    def straddle_amount(self) -> int:
        """What a straddle is: two big blinds."""
        ...

    def straddler(self) -> int | None:
        """Between hands, the seat that may straddle the next hand (None: nobody, or off)."""
        ...

    def straddle(self, seat: int) -> list[Event]:
        """`seat` straddles the next hand (HOUSE_RULES 26)."""
        ...


class DoublingCube(Session, Protocol):
    """KRG's doubling cube between deals (HOUSE_RULES 16)."""

    def cube_turners(self) -> list[int]:
        """Seats that may turn the cube now."""
        ...

    def cube_pending(self) -> list[int]:
        """Seats that still must answer the cube, first to answer first."""
        ...

    def turn_cube(self, seat: int) -> list[Event]:
        """`seat` turns the cube."""
        ...

    def answer_cube(self, seat: int, double: bool) -> list[Event]:
        """`seat` doubles its stake or drops out."""
        ...


class HostEntry(Session, Protocol):
    """Host mode: the cards the host types and the pots the host awards."""

    def reveal_board(self, slot: str, card: Card, run: int = 1) -> list[Event]:
        """Enter the card dealt into a board slot (`run` 2: the second run, HOUSE_RULES 27)."""
        ...

    def show(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """Enter the cards `seat` turned up."""
        ...

    def pending_awards(self) -> list[int]:
        """Indexes of the pots (KRG: the deal, index 0) waiting for the host to name winners."""
        ...

    def award(
        self,
        pot_index: int,
        winners: Sequence[int],
        four_of_a_kind: Sequence[int] = (),
        boards: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Name the seats that win a pot (KRG: the deal, and who made four of a kind; Double
        Board: `boards` names each board's winners instead, each winning its share)."""
        ...
