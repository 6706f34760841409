"""What one seat, or everyone, may see of a hand: frozen values built on demand.

A card the viewer may not see is absent from the view (`cards` is None, only `cards_held`
says how many there are), never present and flagged. A view carries the hand's number
(`hand_id`) and its `history`: every event so far in the form the viewer may see
(`Event.visible_to`), so bots and screens read what happened instead of inferring it. Screens
and bots render views, never the hand itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.engine.actions import LegalActions
from homegame.engine.events import Event
from homegame.engine.seat_status import SeatStatus

if TYPE_CHECKING:  # the hand builds its views; views never import the hand at run time
    from homegame.engine.hand import Hand


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

    def card_in(self, slot: str) -> Card | None:
        """The card in a board slot, or None when it is not dealt or not known."""
        for name, card in self.board:
            if name == slot:
                return card
        return None


def view_for(hand: Hand, seat: int | None) -> HandView:
    """What `seat` may see now (its own cards, the board, the betting, shown hands)."""
    if seat is not None:
        hand.check_in_hand(seat)  # a negative seat would show another seat's cards
    b = hand.betting
    seats = []
    for s in hand.seats:
        shown = s in hand.shown
        cards: tuple[Card | None, ...] | None = None
        if shown:
            cards = hand.shown[s]
        elif s == seat:
            cards = tuple(hand.hole[s])
        made = hand.made_hands(s) if shown else ()
        seats.append(
            SeatView(
                seat=s,
                name=hand.name(s),
                stack=b.stacks[s],
                bet=b.bets[s],
                folded=b.folded[s],
                all_in=not b.folded[s] and b.stacks[s] == 0 and hand.variant.has_betting,
                cards_held=0 if b.folded[s] else len(hand.hole[s]),
                cards=cards,
                shown=shown,
                mucked=s in hand.mucked,
                made_hand=" / ".join(m.category for m in made),
                is_button=s == hand.button,
                is_small_blind=s == hand.small_blind_seat,
                is_big_blind=s == hand.big_blind_seat,
                status=hand.status(s),
            )
        )
    legal = None
    if seat is not None and hand.to_act == seat:
        legal = hand.legal_actions()
    pots = tuple(PotView(p.amount, p.eligible, p.winners, p.shares) for p in hand.pots if p)
    return HandView(
        variant=hand.variant.key,
        viewer=seat,
        street=hand.street,
        phase=hand.phase.value,
        seats=tuple(seats),
        board=tuple((slot, hand.board[slot]) for slot in hand.dealt_slots if slot in hand.board),
        dealt_slots=tuple(hand.dealt_slots),
        pots=pots,
        pot_total=sum(p.amount for p in pots) + sum(b.bets),
        button=hand.button,
        small_blind_seat=hand.small_blind_seat,
        big_blind_seat=hand.big_blind_seat,
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        to_act=hand.to_act,
        legal=legal,
        discarded=tuple(hand.discarded[seat]) if seat is not None else (),
        is_over=hand.is_over,
        winners=hand.winners,
        hand_id=hand.hand_id,
        history=hand.history(seat),
    )


def public_view(hand: Hand) -> HandView:
    """What everyone at the table may see (for a shared screen): no hole card until shown."""
    return view_for(hand, None)
