"""The live tournament clock: it waits to be started, pauses, moves levels, counts breaks."""

from __future__ import annotations

from homegame.defaults import Break
from homegame.engine.schedule import BlindSchedule
from homegame.host.clock import TournamentClock, mm_ss

SCHEDULE = BlindSchedule.by_minutes(
    [(25, 50), (50, 100), (75, 150)], minutes=10, breaks=[Break(2, 5, "colour up")]
)


def test_the_clock_stands_still_until_started() -> None:
    clock = TournamentClock(SCHEDULE)
    assert clock.position(5000.0) == 0
    assert not clock.status(5000.0).started
    assert clock.start(5000.0)
    assert not clock.start(5100.0)
    assert clock.position(5060.0) == 60


def test_pause_and_resume() -> None:
    clock = TournamentClock(SCHEDULE)
    clock.start(0.0)
    clock.pause(100.0)
    assert clock.status(900.0).paused
    assert clock.position(900.0) == 100
    clock.resume(900.0)
    assert clock.position(950.0) == 150
    assert clock.toggle(960.0) is False and clock.toggle(970.0) is True


def test_break_has_its_own_countdown_and_the_time_to_it() -> None:
    clock = TournamentClock(SCHEDULE)
    clock.start(0.0)
    status = clock.status(60.0)
    assert status.seconds_to_break == 19 * 60 and status.next_break == Break(2, 5, "colour up")
    status = clock.status(21 * 60.0)
    assert status.on_break is not None and status.seconds_left == 4 * 60
    assert status.next_level.number == 3


def test_alerts_fire_once_per_new_stretch() -> None:
    clock = TournamentClock(SCHEDULE)
    clock.start(0.0)
    assert clock.alerts(599.0) == []
    assert [a.describe() for a in clock.alerts(601.0)] == [
        "Level 2: blinds 50/100 from the next hand"
    ]
    assert clock.alerts(700.0) == []
    assert [a.describe() for a in clock.alerts(1201.0)] == ["Break for 5 minutes: colour up"]


def test_moving_levels_and_setting_the_time_left() -> None:
    clock = TournamentClock(SCHEDULE)
    clock.start(0.0)
    assert clock.move(30.0, 1).level.number == 2
    assert clock.move(30.0, 1).on_break is not None
    assert clock.move(30.0, -1).level.number == 2  # back skips the break to a level
    assert clock.move(30.0, -1).level.number == 1
    assert clock.move(30.0, -1).level.number == 1  # not before the first level
    clock.set_left(30.0, 150.0)
    assert mm_ss(clock.status(40.0).seconds_left) == "2:20"
    clock.set_left(40.0, 99999.0)
    assert clock.status(40.0).seconds_left == 600


def test_mm_ss() -> None:
    assert mm_ss(0) == "0:00" and mm_ss(59.2) == "1:00" and mm_ss(3725) == "1:02:05"
