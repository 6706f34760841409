"""What one seat, or everyone, may see of a hand: frozen values the hand builds on demand
(`homegame.engine.hand.view_for`); this module knows nothing of the hand.

A card the viewer may not see is absent from the view (`cards` is None, only `cards_held`
says how many there are), never present and flagged. A view carries the hand's number
(`hand_id`) and its `history`: every event so far in the form the viewer may see
(`Event.visible_to`), so bots and screens read what happened instead of inferring it. Screens
and bots render views, never the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.cards import Card
from homegame.engine.actions import LegalActions
from homegame.engine.events import Event
from homegame.engine.seat_status import SeatStatus


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat dealt into the hand as the viewer sees it; `cards` only for its own or shown."""

    seat: int
    name: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards_held: int
    cards: tuple[Card | None, ...] | None
    shown: bool
    mucked: bool
    made_hand: str
    is_button: bool
    is_small_blind: bool
    is_big_blind: bool
    status: SeatStatus


@dataclass(frozen=True, slots=True)
class PotView:
    """A pot: its chips, who can win it, and (once awarded) who won what."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandView:
    """The table as `viewer` sees it (None: the shared screen, public information only)."""

    variant: str
    viewer: int | None
    street: str
    phase: str
    seats: tuple[SeatView, ...]
    board: tuple[tuple[str, Card], ...]
    dealt_slots: tuple[str, ...]
    pots: tuple[PotView, ...]
    pot_total: int
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    small_blind: int
    big_blind: int
    to_act: int | None
    legal: LegalActions | None
    discarded: tuple[Card | None, ...]
    is_over: bool
    winners: tuple[int, ...]
    hand_id: int
    #: Every event of the hand so far as the viewer may see it (`Event.visible_to`).
    history: tuple[Event, ...]
    #: HOUSE_RULES 27: the board's second run, its own cards by slot as dealt so far (the
    #: slots before the question are shared with run 1); () when the board runs once.
    second_run: tuple[tuple[str, Card], ...] = ()
    #: The slots the second run deals, in order (its cards may be unknown in host mode).
    second_slots: tuple[str, ...] = ()

    def second_board(self) -> dict[str, Card]:
        """HOUSE_RULES 27: the board's second run as known so far, the cards dealt before the
        question with the second run's own ({} when the board ran once)."""
        if not self.second_slots:
            return {}
        again = set(self.second_slots)
        shared = {slot: card for slot, card in self.board if slot not in again}
        return {**shared, **dict(self.second_run)}

    def card_in(self, slot: str) -> Card | None:
        """The card in a board slot, or None when it is not dealt or not known."""
        for name, card in self.board:
            if name == slot:
                return card
        return None
