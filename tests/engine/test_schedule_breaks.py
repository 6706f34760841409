"""A minutes schedule with breaks: the timeline of levels and breaks a live night runs on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homegame.defaults import Break
from homegame.engine.schedule import BlindSchedule, Clock

NIGHT = BlindSchedule.by_minutes(
    [(25, 50), (50, 100), (75, 150), (100, 200), (150, 300)],
    minutes=20,
    breaks=[Break(4, 15, "colour up the 25s"), Break(2, 10)],
)


def test_breaks_sit_between_levels_in_order() -> None:
    timeline = [NIGHT.segment(i) for i in range(7)]
    kinds = [("break" if s.on_break else f"L{s.level.number}") for s in timeline]
    assert kinds == ["L1", "L2", "break", "L3", "L4", "break", "L5"]
    assert [s.start / 60 for s in timeline] == [0, 20, 40, 50, 70, 90, 105]
    assert timeline[5].on_break == Break(4, 15, "colour up the 25s")
    # A break carries the level after it: a hand dealt during it gets the next blinds.
    assert timeline[2].level.number == 3


def test_the_level_in_force_walks_through_the_breaks() -> None:
    assert NIGHT.level_at(0, 39 * 60).number == 2
    assert NIGHT.level_at(0, 45 * 60).number == 3  # during the first break
    assert NIGHT.level_at(0, 50 * 60).number == 3
    assert NIGHT.level_at(0, 105 * 60).number == 5
    assert NIGHT.level_at(0, 125 * 60).number == 6  # past the list: up the ladder
    assert NIGHT.seconds_to_next_level(45 * 60) == 5 * 60


def test_breaks_need_a_minutes_clock_and_sensible_values() -> None:
    with pytest.raises(ValueError, match="minutes"):
        BlindSchedule(clock=Clock.HANDS, breaks=(Break(2, 10),))
    with pytest.raises(ValueError, match="different level"):
        BlindSchedule.by_minutes(minutes=10, breaks=[Break(2, 10), Break(2, 5)])
    with pytest.raises(ValueError, match="more than 0"):
        BlindSchedule.by_minutes(minutes=10, breaks=[Break(2, 0)])


@given(st.floats(min_value=0, max_value=10 * 3600, allow_nan=False))
def test_every_moment_falls_in_exactly_one_segment(elapsed: float) -> None:
    segment = NIGHT.segment_at(elapsed)
    assert segment.start <= elapsed < segment.end
    assert NIGHT.segment(segment.index) == segment
    if segment.index:
        assert NIGHT.segment(segment.index - 1).end == segment.start


def test_without_breaks_the_minutes_clock_is_unchanged() -> None:
    plain = BlindSchedule.by_minutes(minutes=15)
    for minutes in (0, 14.9, 15, 44, 301):
        assert plain.segment_at(minutes * 60).level.number == plain.level_number(0, minutes * 60)
