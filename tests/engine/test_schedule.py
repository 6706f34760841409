"""The blind schedule: HOUSE_RULES 10 (10/20 rising about 25% every 10 hands, or by minutes)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from homegame.engine.schedule import (
    DEFAULT_LEVELS,
    BlindSchedule,
    Clock,
    Level,
    next_big_blind,
    small_blind_for,
)

RULE_10_LIST = [
    (10, 20),
    (15, 25),
    (15, 30),
    (20, 40),
    (25, 50),
    (30, 60),
    (40, 80),
    (50, 100),
    (60, 120),
    (75, 150),
    (100, 200),
]


def test_house_rule_10_default_levels_are_the_listed_ones() -> None:
    assert [(lv.small_blind, lv.big_blind) for lv in DEFAULT_LEVELS] == RULE_10_LIST
    assert [lv.number for lv in DEFAULT_LEVELS] == list(range(1, 12))


def test_house_rule_10_level_changes_every_ten_hands() -> None:
    schedule = BlindSchedule()
    assert schedule.clock is Clock.HANDS
    assert schedule.level_at(hands_played=0) == Level(1, 10, 20)
    assert schedule.level_at(hands_played=9) == Level(1, 10, 20)
    assert schedule.level_at(hands_played=10) == Level(2, 15, 25)
    assert schedule.level_at(hands_played=19).number == 2
    assert schedule.level_at(hands_played=20) == Level(3, 15, 30)
    assert schedule.level_at(hands_played=100) == Level(11, 100, 200)
    assert schedule.hands_to_next_level(13) == 7


def test_house_rule_10_schedule_continues_about_25_percent_in_clean_chips() -> None:
    schedule = BlindSchedule()
    bigs = [schedule.level(n).big_blind for n in range(1, 40)]
    assert bigs[11:15] == [250, 300, 400, 500]
    for low, high in pairwise(bigs):
        assert 1.15 <= high / low <= 1.34
    for n in range(1, 40):
        level = schedule.level(n)
        assert level.small_blind % 5 == 0 and level.big_blind % 5 == 0
        assert level.big_blind / 2 <= level.small_blind < level.big_blind
        assert level.number == n
    assert schedule.level(30) == BlindSchedule().level(30)


def test_house_rule_10_custom_schedule_kept_then_continued() -> None:
    schedule = BlindSchedule.by_hands([(25, 50), (50, 100)], hands=5)
    assert schedule.level_at(hands_played=4) == Level(1, 25, 50)
    assert schedule.level_at(hands_played=5) == Level(2, 50, 100)
    # The list is paid in 25-chips: it goes on about 25% a level in 25s (125, then the ladder).
    assert schedule.level_at(hands_played=10) == Level(3, 75, 125)
    assert schedule.level_at(hands_played=15) == Level(4, 75, 150)


def test_house_rule_10_a_custom_list_continues_in_its_own_smallest_chip() -> None:
    """1/2, 2/4 goes on in 1-chips about 25% a level, not jumping to a 5-chip 5/10."""
    schedule = BlindSchedule.by_hands([(1, 2), (2, 4)])
    assert schedule.chip == 1
    levels = [str(schedule.level(n)) for n in range(1, 10)]
    assert levels == ["1/2", "2/4", "3/5", "3/6", "4/8", "5/10", "6/12", "8/15", "10/20"]
    bigs = [schedule.level(n).big_blind for n in range(3, 40)]
    for low, high in pairwise(bigs):
        assert 1.15 <= high / low <= 1.34


def test_house_rule_10_a_list_in_25_chips_continues_in_25_chips() -> None:
    schedule = BlindSchedule.by_hands([(25, 50), (50, 100)])
    assert schedule.chip == 25
    for n in range(3, 30):
        level = schedule.level(n)
        assert level.small_blind % 25 == 0 and level.big_blind % 25 == 0


def test_house_rule_10_by_minutes_uses_elapsed_time_passed_in() -> None:
    schedule = BlindSchedule.by_minutes(minutes=12)
    assert schedule.clock is Clock.MINUTES
    assert schedule.level_at(hands_played=500, elapsed_seconds=0).number == 1
    assert schedule.level_at(elapsed_seconds=12 * 60 - 0.5).number == 1
    assert schedule.level_at(elapsed_seconds=12 * 60) == Level(2, 15, 25)
    assert schedule.level_at(elapsed_seconds=60 * 60).number == 6
    assert schedule.seconds_to_next_level(13 * 60) == pytest.approx(11 * 60)
    assert schedule.hands_to_next_level(3) is None


def test_small_blind_is_half_the_big_rounded_up_to_the_smallest_chip() -> None:
    assert small_blind_for(25) == 15
    assert small_blind_for(150) == 75
    assert small_blind_for(250) == 125
    assert small_blind_for(30, smallest_chip=25) == 25


def test_next_big_blind_respects_the_smallest_chip() -> None:
    assert next_big_blind(100) == 120
    # 150 is 50% up: the first multiple of 25 at least 20% up is nearer 25% a level.
    assert next_big_blind(100, smallest_chip=25) == 125
    assert next_big_blind(125, smallest_chip=25) == 150
    assert next_big_blind(4, smallest_chip=1) == 5


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        ([], "at least one level"),
        ([(20, 10)], "small blind <= big"),
        ([(10, 20), (10, 20)], "rise"),
    ],
)
def test_bad_schedules_are_refused(levels: list[tuple[int, int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        BlindSchedule.by_hands(levels)


def test_negative_time_is_refused() -> None:
    with pytest.raises(ValueError):
        BlindSchedule().level_at(elapsed_seconds=-1)
