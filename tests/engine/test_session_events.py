"""Session events: one plain log line each, table names, money in dollars, never a card."""

from __future__ import annotations

import pytest

from homegame.engine.events import Event
from homegame.engine.session_events import (
    Busted,
    CameBack,
    CubeDoubled,
    CubeTurned,
    DealScored,
    DroppedOut,
    GameWon,
    LevelChanged,
    SatOut,
    SeriesStarted,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
    TimedOut,
    money,
)

NAMES = ("Ann", "Bob", "Cat")

LINES = [
    (LevelChanged(2, 15, 25), "Blinds up: level 2, 15/25"),
    (Busted(1, 3, 17), "Bob is out in 3rd place"),
    (Busted(0, 12, 3), "Ann is out in 12th place"),
    (GameWon(2, 4500, 88), "Cat wins the table after 88 hands"),
    (GameWon(0, 3000, 1), "Ann wins the table after 1 hand"),
    (TimedOut(0, True, 1), "Ann ran out of time and checks"),
    (TimedOut(0, False, 2), "Ann ran out of time and folds"),
    (SatOut(1), "Bob is sitting out"),
    (CameBack(1), "Bob is back"),
    (SeriesStarted(3, 500, 1500), "First to 3 wins; pool 15.00"),
    (SeriesStarted(4, 500, 1500, 300), "First to 4 wins; pool 15.00, side pool 3.00"),
    (DealScored(4, (0, 2), (0, 2)), "Deal 4: Ann and Cat each get a win"),
    (DealScored(5, (1,), (1,)), "Deal 5: Bob gets a win"),
    (DealScored(6, (0, 1), (), True), "Deal 6 is tied: it counts for nobody and is dealt again"),
    (DealScored(7, (0, 1), ()), "Deal 7 is tied: no win is credited"),
    (SeriesWon((2,), (1500,), 1500), "Cat wins the series and 15.00"),
    (
        SeriesWon((0, 2), (751, 750), 1501),
        "The series is tied: the pool of 15.01 is split: Ann 7.51, Cat 7.50",
    ),
    (CubeTurned(1, 4, 1000), "Bob turns the cube to 4"),
    (CubeDoubled(2, 1000), "Cat doubles, paying 10.00 more"),
    (DroppedOut(0, 500), "Ann drops out, forfeiting 5.00"),
    (
        SideBetWon("the first four of a kind", (1,), (300,)),
        "Bob won the side bet on the first four of a kind (3.00)",
    ),
    (
        SideBetReturned("the first four of a kind", (0, 1, 2), 100),
        "Nobody made the first four of a kind: each side bet of 1.00 is returned",
    ),
]


@pytest.mark.parametrize(("event", "line"), LINES, ids=lambda v: type(v).__name__)
def test_session_event_log_lines(event: object, line: str) -> None:
    assert isinstance(event, Event)
    assert event.describe(NAMES) == line
    assert event.public() is event


def test_session_events_without_names_say_seat_numbers() -> None:
    assert Busted(1, 2, 9).describe() == "Seat 2 is out in 2nd place"


def test_money_is_shown_in_dollars_and_cents() -> None:
    assert money(5) == "0.05"
    assert money(1234) == "12.34"
