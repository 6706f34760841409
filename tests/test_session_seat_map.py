"""The seat map: hand seats to table seats for every event a hand can emit."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from homegame.engine import events as hand_events
from homegame.engine.actions import LegalActions
from homegame.engine.events import (
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    PotsUpdated,
)
from homegame.engine.seat_map import (
    PER_SEAT_FIELDS,
    PLAIN_FIELDS,
    POT_FIELDS,
    SEAT_FIELDS,
    SEATS_FIELDS,
    SeatMap,
)

EVENT_TYPES = [
    cls
    for _, cls in inspect.getmembers(hand_events, inspect.isclass)
    if issubclass(cls, Event) and cls is not Event
]


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
def test_every_hand_event_field_is_known_to_the_seat_map(cls):
    known = SEAT_FIELDS | SEATS_FIELDS | PER_SEAT_FIELDS | POT_FIELDS | PLAIN_FIELDS
    unknown = [f.name for f in dataclasses.fields(cls) if f.name not in known]
    assert unknown == [], f"{cls.__name__} has fields the seat map does not know: {unknown}"


def test_hand_seats_become_table_seats():
    seat_map = SeatMap([0, 2, 5], 6)
    assert seat_map.to_table(1) == 2
    assert seat_map.to_hand(5) == 2
    assert seat_map.to_hand(1) is None
    started = seat_map.event(HandStarted("holdem", 2, None, 0, (100, 200, 300)))
    assert started == HandStarted("holdem", 5, None, 0, (100, 0, 200, 0, 0, 300))
    pots = seat_map.event(PotsUpdated(((60, (0, 1, 2)), (40, (1, 2)))))
    assert pots == PotsUpdated(((60, (0, 2, 5)), (40, (2, 5))))
    award = seat_map.event(PotAwarded(0, 61, (1, 2), (31, 30)))
    assert award == PotAwarded(0, 61, (2, 5), (31, 30))
    ended = seat_map.event(HandEnded((1, 2, 3), (-1, 0, 1)))
    assert ended == HandEnded((1, 0, 2, 0, 0, 3), (-1, 0, 0, 0, 0, 1))


def test_identity_map_passes_events_through_unchanged():
    seat_map = SeatMap([0, 1, 2], 3)
    event = PotAwarded(0, 60, (1,), (60,))
    assert seat_map.event(event) is event


def test_legal_actions_carry_the_table_seat():
    seat_map = SeatMap([0, 2, 5], 6)
    legal = LegalActions(seat=2, can_fold=True, call_amount=40, to_call=40, current_bet=40)
    assert seat_map.legal(legal) == LegalActions(
        seat=5, can_fold=True, call_amount=40, to_call=40, current_bet=40
    )
