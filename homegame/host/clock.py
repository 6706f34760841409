"""The tournament clock of a live night: levels and breaks by minutes, paused and moved by the host.

The clock's position is the time played on the structure (`BlindSchedule` segments), not the
time since the app opened: it stands still until the host starts it (the first deal), while
paused, and jumps when the host moves a level or sets the time left. Time comes in as a number
of seconds from any steady source (`now`); nothing here reads a clock, so tests pass it in.
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.defaults import Break
from homegame.engine.schedule import BlindSchedule, Level, Segment


@dataclass(frozen=True)
class ClockStatus:
    """What the clock shows now: the stretch, the time left in it, and what comes next."""

    segment: Segment
    seconds_left: float
    started: bool
    paused: bool
    next_level: Level
    seconds_to_break: float | None
    next_break: Break | None

    @property
    def on_break(self) -> Break | None:
        """The break being taken now, or None during a level."""
        return self.segment.on_break

    @property
    def level(self) -> Level:
        """The level being played (during a break: the one that follows it)."""
        return self.segment.level


@dataclass(frozen=True)
class ClockAlert:
    """The clock entered a new stretch: a level (`on_break` None) or a break."""

    segment: Segment

    def describe(self) -> str:
        """The log line for the room."""
        level = self.segment.level
        brk = self.segment.on_break
        if brk is not None:
            note = f": {brk.note}" if brk.note else ""
            return f"Break for {minutes_text(self.segment.seconds)}{note}"
        return f"Level {level.number}: blinds {level} from the next hand"


def minutes_text(seconds: float) -> str:
    """'10 minutes', '1 minute', '90 seconds'."""
    whole = round(seconds)
    if whole % 60:
        return f"{whole} seconds"
    minutes = whole // 60
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def mm_ss(seconds: float) -> str:
    """Seconds as the clock shows them: '14:59', '1:02:00' past an hour."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


class TournamentClock:
    """A minutes schedule run live: start, pause, resume, move a level, set the time left."""

    def __init__(self, schedule: BlindSchedule) -> None:
        self.schedule = schedule
        self._played = 0.0  # seconds on the structure when the clock last stopped or moved
        self._since: float | None = None  # `now` when it last started running
        self.started = False
        self._seen = 0  # the segment last announced

    def position(self, now: float) -> float:
        """Seconds played on the structure at `now`."""
        if self._since is None:
            return self._played
        return self._played + max(0.0, now - self._since)

    @property
    def running(self) -> bool:
        """True while the clock counts down."""
        return self._since is not None

    def start(self, now: float) -> bool:
        """Start the clock at the first deal; False when it had already started."""
        if self.started:
            return False
        self.started = True
        self._since = now
        return True

    def pause(self, now: float) -> None:
        """Stop the clock where it is."""
        self._played = self.position(now)
        self._since = None

    def resume(self, now: float) -> None:
        """Run the clock again from where it stopped."""
        self.started = True
        if self._since is None:
            self._since = now

    def toggle(self, now: float) -> bool:
        """Pause a running clock or run a stopped one; True when it runs afterwards."""
        if self.running:
            self.pause(now)
            return False
        self.resume(now)
        return True

    def move(self, now: float, step: int) -> Segment:
        """Go to the start of the next stretch (`step` 1) or back to the previous level (-1)."""
        here = self.schedule.segment_at(self.position(now))
        index = here.index + step
        if step < 0:
            while index > 0 and self.schedule.segment(index).on_break is not None:
                index -= 1
        index = max(0, index)
        target = self.schedule.segment(index)
        self._set_position(now, target.start)
        return target

    def set_left(self, now: float, seconds: float) -> Segment:
        """Set the time left in the current stretch (at most its whole length)."""
        here = self.schedule.segment_at(self.position(now))
        left = min(max(seconds, 0.0), here.seconds)
        # A time left of 0 would be the next stretch: keep a sliver of this one.
        self._set_position(now, max(here.start, here.end - max(left, 0.001)))
        return here

    def _set_position(self, now: float, seconds: float) -> None:
        self._played = seconds
        if self._since is not None:
            self._since = now

    def status(self, now: float) -> ClockStatus:
        """The stretch at `now`, the time left in it, the next level and the next break."""
        position = self.position(now)
        segment = self.schedule.segment_at(position)
        left = segment.end - position
        following = self.schedule.segment(segment.index + 1)
        # A break carries the level that follows it, so either way this is the next blinds.
        next_level = segment.level if segment.on_break is not None else following.level
        to_break: float | None = None
        upcoming: Break | None = None
        if segment.on_break is None:
            later = [b for b in self.schedule.breaks if b.after_level >= segment.level.number]
            if later:
                upcoming = later[0]
                seg = segment
                while seg.on_break is not upcoming:
                    seg = self.schedule.segment(seg.index + 1)
                to_break = seg.start - position
        return ClockStatus(
            segment=segment,
            seconds_left=left,
            started=self.started,
            paused=self.started and not self.running,
            next_level=next_level,
            seconds_to_break=to_break,
            next_break=upcoming,
        )

    def alerts(self, now: float) -> list[ClockAlert]:
        """Each stretch entered since the last call (a level change or a break), once."""
        segment = self.schedule.segment_at(self.position(now))
        if segment.index == self._seen:
            return []
        seen = self._seen
        self._seen = segment.index
        if segment.index < seen:  # moved back: announce where the clock is now
            return [ClockAlert(segment)]
        return [ClockAlert(self.schedule.segment(i)) for i in range(seen + 1, segment.index + 1)][
            -2:
        ]
