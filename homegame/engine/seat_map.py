"""Seat numbers between a whole game's table and one hand dealt to the players still in it.

A `Hand` seats only the players who take part (numbered 0..k-1); the table keeps every seat,
busted or dropped ones included, for the whole game. A `SeatMap` turns the hand's events and
legal actions into table seat numbers so screens, storage and bots see one numbering.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace

from homegame.engine.actions import LegalActions
from homegame.engine.events import Event
from homegame.engine.views import HandView

#: Event fields holding one seat, several seats, one value per seat, or pots with their seats.
SEAT_FIELDS = frozenset({"seat", "button", "small_blind_seat", "big_blind_seat"})
SEATS_FIELDS = frozenset({"winners", "seats", "eligible"})
PER_SEAT_FIELDS = frozenset({"stacks", "net"})
POT_FIELDS = frozenset({"pots"})
#: Fields known to hold no seat number (checked by a test, so a new seat field is noticed).
PLAIN_FIELDS = frozenset(
    {
        "variant",
        "game",
        "amount",
        "amounts",
        "blind",
        "all_in",
        "count",
        "cards",
        "street",
        "slots",
        "slot",
        "card",
        "kind",
        "to",
        "hand",
        "pot",
    }
)

_PLAIN, _SEAT, _SEATS, _PER_SEAT, _POTS = range(5)
#: Per event class: the kind of every field in order, or None when no field holds a seat.
_PLANS: dict[type, tuple[tuple[str, int], ...] | None] = {}


def _plan(kind: type) -> tuple[tuple[str, int], ...] | None:
    try:
        return _PLANS[kind]
    except KeyError:
        pass
    steps = []
    for f in fields(kind):
        if f.name in SEAT_FIELDS:
            steps.append(_SEAT)
        elif f.name in SEATS_FIELDS:
            steps.append(_SEATS)
        elif f.name in PER_SEAT_FIELDS:
            steps.append(_PER_SEAT)
        elif f.name in POT_FIELDS:
            steps.append(_POTS)
        else:
            steps.append(_PLAIN)
    names = [f.name for f in fields(kind)]
    plan = _PLANS[kind] = tuple(zip(names, steps, strict=True)) if any(steps) else None
    return plan


class SeatMap:
    """Hand seat i is table seat `seats[i]`; the table has `size` seats."""

    __slots__ = ("identity", "index", "seats", "size")

    def __init__(self, seats: Sequence[int], size: int) -> None:
        self.seats = tuple(seats)
        self.size = size
        self.index = {table: hand for hand, table in enumerate(self.seats)}
        self.identity = self.seats == tuple(range(size))

    def to_table(self, hand_seat: int) -> int:
        """The table seat of a hand seat."""
        return self.seats[hand_seat]

    def to_hand(self, table_seat: int) -> int | None:
        """The hand seat of a table seat, or None when that seat is not in the hand."""
        return self.index.get(table_seat)

    def per_seat(self, values: Sequence[int], fill: int = 0) -> tuple[int, ...]:
        """Values given per hand seat, spread over the table's seats (`fill` for the others)."""
        out = [fill] * self.size
        for hand_seat, value in enumerate(values):
            out[self.seats[hand_seat]] = value
        return tuple(out)

    def event(self, event: Event) -> Event:
        """`event` with every seat number turned into a table seat."""
        if self.identity:
            return event
        cls = type(event)
        plan = _plan(cls)
        if plan is None:
            return event
        seats = self.seats
        values = []
        for name, kind in plan:
            value = getattr(event, name)
            if kind == _PLAIN or value is None:
                values.append(value)
            elif kind == _SEAT:
                values.append(seats[value])
            elif kind == _SEATS:
                values.append(tuple(seats[s] for s in value))
            elif kind == _PER_SEAT:
                values.append(self.per_seat(value))
            else:
                values.append(
                    tuple((amount, tuple(seats[s] for s in eligible)) for amount, eligible in value)
                )
        return cls(*values)

    def events(self, events: Sequence[Event]) -> list[Event]:
        """Every event in table seats."""
        if self.identity:
            return list(events)
        return [self.event(e) for e in events]

    def legal(self, legal: LegalActions) -> LegalActions:
        """Legal actions with the table seat."""
        return legal if self.identity else replace(legal, seat=self.seats[legal.seat])

    def view(self, view: HandView, button: int | None = None) -> HandView:
        """A hand view in table seats (`button`: the table's button, which may be a dead one)."""
        seats = self.seats
        if self.identity and button in (None, view.button):
            return view

        def one(seat: int | None) -> int | None:
            return None if seat is None else seats[seat]

        table_button = seats[view.button] if button is None else button
        return replace(
            view,
            viewer=one(view.viewer),
            seats=tuple(
                replace(s, seat=seats[s.seat], is_button=seats[s.seat] == table_button)
                for s in view.seats
            ),
            pots=tuple(
                replace(
                    p,
                    eligible=tuple(seats[s] for s in p.eligible),
                    winners=tuple(seats[s] for s in p.winners),
                )
                for p in view.pots
            ),
            button=table_button,
            small_blind_seat=one(view.small_blind_seat),
            big_blind_seat=one(view.big_blind_seat),
            to_act=one(view.to_act),
            legal=None if view.legal is None else self.legal(view.legal),
            winners=tuple(seats[s] for s in view.winners),
        )
