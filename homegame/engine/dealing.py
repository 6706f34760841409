"""The deal every kind of game plays: the current `Hand` in table seats, its views, host entry.

`Dealing` is the core each session kind builds on (`ChipGame` for the freezeout and the cash
game, `KrgSession`): it holds the current deal, answers who acts and what each seat may see,
takes the cards and results a host types (every kind can be hosted), and says which other
capabilities the game has (none unless the kind says so). What a finished deal does to the game
is the kind's `_continue`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from homegame.cards import Card
from homegame.engine.actions import Action, LegalActions
from homegame.engine.capabilities import CashGame, DoublingCube, HostEntry, Tournament
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import Hand
from homegame.engine.seat_draw import SeatDraw
from homegame.engine.views import HandView


class Dealing(ABC):
    """The current deal in table seats, and the time passed in."""

    #: How the first button was drawn (None: it was named), for the screens to show.
    seat_draw: SeatDraw | None = None
    names: tuple[str, ...]
    hand: Hand | None
    deals: int
    elapsed: float

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def _continue(self) -> list[Event]:
        """What the game does after an input to the deal (the deal over: settle it)."""

    # -- capabilities: a kind returns itself for each it has ---------------------------------

    def tournament(self) -> Tournament | None:
        """None: not a freezeout."""
        return None

    def cash_game(self) -> CashGame | None:
        """None: not a cash game."""
        return None

    def cube(self) -> DoublingCube | None:
        """None: no doubling cube."""
        return None

    def host_entry(self: HostEntry) -> HostEntry:
        """This game: every kind can be hosted (the cards typed, hands shown, pots awarded)."""
        return self

    # -- the deal ----------------------------------------------------------------------------

    def _require_hand(self) -> Hand:
        hand = self.hand
        if hand is None or hand.is_over:
            raise IllegalAction("no hand is being played: start the next one")
        return hand

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None and not self.hand.is_over

    @property
    def to_act(self) -> int | None:
        """The table seat that must act now, or None."""
        hand = self.hand
        return None if hand is None else hand.to_act

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do."""
        return self._require_hand().legal_actions()

    def hand_seat(self, seat: int) -> int:
        """`seat`, checked to be dealt into the current hand (IllegalAction when it is not)."""
        hand = self.hand
        if hand is None or not (isinstance(seat, int) and 0 <= seat < hand.n):
            raise IllegalAction(f"seat {seat} is not in this hand")
        hand.check_in_hand(seat)
        return seat

    def in_deal(self, seat: int) -> bool:
        """True when table seat `seat` was dealt into the current (or last) deal."""
        hand = self.hand
        return hand is not None and 0 <= seat < hand.n and seat not in hand.out

    def _tick(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"time only moves forward, not by {seconds} seconds")
        self.elapsed += seconds

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        """Table seat `seat`'s cards in the current hand (for that seat, a bot or a test)."""
        if self.hand is None:
            return ()
        return self.hand.hole_cards(self.hand_seat(seat))

    def rabbit_hunt(self) -> tuple[tuple[str, Card], ...]:
        """HOUSE_RULES 30: the cards the last hand would have dealt, had it not ended before
        its board was out ((slot, card) in dealing order; () when there are none)."""
        return () if self.hand is None else self.hand.rabbit_hunt()

    def view_for(self, seat: int | None) -> HandView:
        """What table seat `seat` (None: everyone) may see of the current hand."""
        if self.hand is None:
            raise IllegalAction("no hand has been dealt yet")
        return self.hand.view_for(None if seat is None else self.hand_seat(seat))

    def _act(self, action: Action, seat: int | None) -> list[Event]:
        hand = self._require_hand()
        return hand.act(action, None if seat is None else self.hand_seat(seat))

    # -- host entry --------------------------------------------------------------------------

    def reveal_board(self, slot: str, card: Card, run: int = 1) -> list[Event]:
        """Host mode: enter the card dealt into a board slot (`run` 2: the board's second run,
        HOUSE_RULES 27)."""
        hand = self._require_hand()
        return hand.reveal_board(slot, card, run) + self._continue()

    def show(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """Host mode: enter the cards table seat `seat` turned up (showdown or all-in run-out)."""
        hand = self._require_hand()
        return hand.show(self.hand_seat(seat), cards) + self._continue()

    def pending_awards(self) -> list[int]:
        """Host mode: indexes of the pots waiting for the host to name their winners."""
        return [] if self.hand is None else self.hand.pending_awards()

    def award(
        self,
        pot_index: int,
        winners: Sequence[int],
        four_of_a_kind: Sequence[int] = (),
        boards: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Host mode: name the table seats that win a pot the cards could not settle (Double
        Board: or each board's, in `boards`)."""
        hand = self._require_hand()
        chosen = [self.hand_seat(s) for s in winners]
        each = [[self.hand_seat(s) for s in named] for named in boards]
        return hand.award(pot_index, chosen, each) + self._continue()
