"""Seat numbers between a whole game's table and one hand dealt to the players still in it.

A `Hand` seats only the players who take part (numbered 0..k-1); the table keeps every seat,
busted or dropped ones included, for the whole game. A `SeatMap` turns the hand's events and
legal actions into table seat numbers so screens, storage and bots see one numbering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from operator import attrgetter

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

_SEAT, _SEATS, _PER_SEAT, _POTS = range(4)
_KINDS = (
    (SEAT_FIELDS, _SEAT),
    (SEATS_FIELDS, _SEATS),
    (PER_SEAT_FIELDS, _PER_SEAT),
    (POT_FIELDS, _POTS),
)
#: Per class: a getter of all its fields in order, and (position, kind) of those holding seats;
#: None when no field holds a seat.
_PLANS: dict[type, tuple[Callable[[object], tuple], tuple[tuple[int, int], ...]] | None] = {}


def _plan(cls: type) -> tuple[Callable[[object], tuple], tuple[tuple[int, int], ...]] | None:
    try:
        return _PLANS[cls]
    except KeyError:
        pass
    names = [f.name for f in fields(cls)]
    steps = tuple(
        (position, kind)
        for position, name in enumerate(names)
        for group, kind in _KINDS
        if name in group
    )
    getter = attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),))
    plan = _PLANS[cls] = (getter, steps) if steps else None
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
        getter, steps = plan
        seats = self.seats
        values = list(getter(event))
        for position, kind in steps:
            value = values[position]
            if value is None:
                continue
            if kind == _SEAT:
                values[position] = seats[value]
            elif kind == _SEATS:
                values[position] = tuple(seats[s] for s in value)
            elif kind == _PER_SEAT:
                values[position] = self.per_seat(value)
            else:
                values[position] = tuple(
                    (amount, tuple(seats[s] for s in eligible)) for amount, eligible in value
                )
        return cls(*values)

    def events(self, events: Sequence[Event]) -> list[Event]:
        """Every event in table seats."""
        if self.identity:
            return list(events)
        return [self.event(e) for e in events]

    def legal(self, legal: LegalActions) -> LegalActions:
        """Legal actions with the table seat."""
        if self.identity:
            return legal
        getter, ((position, _kind),) = _plan(LegalActions)  # type: ignore[misc]
        values = list(getter(legal))
        values[position] = self.seats[legal.seat]
        return LegalActions(*values)

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
