"""The blind schedule of a freezeout: levels that rise by hands played or by minutes elapsed.

HOUSE_RULES 10: blinds start at 10/20 and rise about 25% every 10 hands, each level a clean value
that can be paid in the smallest chip. The listed levels are kept exactly; past the end of a list
the schedule climbs a fixed ladder of clean big blinds (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a
power of ten) in the list's own smallest chip (the largest chip that pays every listed blind), so
any schedule goes on forever and the same way every time. Where the ladder's next value in that
chip is more than a third up, the next level is the first multiple of the chip at least 20% up.
Time is passed in by the caller (seconds elapsed since the game began); this module never reads
a clock.

A level may carry an ante (HOUSE_RULES 25): posted by every player dealt in, or (`bb_ante`) by
the big blind once for the table. Past the list the ante keeps the last listed level's share of
the big blind, rounded down to the chip (never below one chip while the list has antes).

A minutes schedule may hold breaks: a break after level N has its own length, and the clock
runs through it to level N + 1. The timeline is a list of segments, each a level or a break.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import pairwise
from math import gcd

from homegame.defaults import DEFAULT_FIRST_BLINDS, DEFAULT_HANDS_PER_LEVEL, AnteKind, Break

#: Big-blind mantissas of the ladder (times 10**k): each step rises roughly 20-33%.
LADDER = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)

DEFAULT_SMALLEST_CHIP = 5
DEFAULT_MINUTES_PER_LEVEL = 15.0


@dataclass(frozen=True)
class Level:
    """One blind level: `number` counts from 1."""

    number: int
    small_blind: int
    big_blind: int
    #: HOUSE_RULES 25: the ante of this level (0: none).
    ante: int = 0

    def __str__(self) -> str:
        blinds = f"{self.small_blind}/{self.big_blind}"
        return f"{blinds} ante {self.ante}" if self.ante else blinds


@dataclass(frozen=True)
class Segment:
    """One stretch of a minutes clock: a level, or a break before `level` (the next one)."""

    index: int
    level: Level
    start: float
    end: float
    on_break: Break | None = None

    @property
    def seconds(self) -> float:
        """How long the segment lasts."""
        return self.end - self.start


class Clock(Enum):
    """What makes the blinds go up: hands played or minutes elapsed."""

    HANDS = "hands"
    MINUTES = "minutes"


def small_blind_for(big_blind: int, smallest_chip: int = DEFAULT_SMALLEST_CHIP) -> int:
    """Half the big blind, rounded up to the smallest chip (25 -> 15 with 5-chips)."""
    half = -(-big_blind // 2)
    return -(-half // smallest_chip) * smallest_chip


def next_big_blind(big_blind: int, smallest_chip: int = DEFAULT_SMALLEST_CHIP) -> int:
    """The next big blind about 25% above `big_blind`, clean and payable in the smallest chip."""
    step = -(-big_blind * 6 // 5)  # 20% up, rounded up
    nearest = max(-(-step // smallest_chip) * smallest_chip, big_blind + smallest_chip)
    scale = 1
    while True:
        for mantissa in LADDER:
            value, rest = divmod(mantissa * scale, 10)
            if not rest and value > big_blind and value % smallest_chip == 0:
                return value if value * 3 <= big_blind * 4 else min(value, nearest)
        scale *= 10


def chip_of(levels: Iterable[Level]) -> int:
    """The largest chip that pays every blind of `levels`: the list's own smallest chip."""
    return gcd(*(amount for level in levels for amount in (level.small_blind, level.big_blind)))


def ladder_levels(
    count: int,
    start: tuple[int, int] = DEFAULT_FIRST_BLINDS,
    smallest_chip: int = DEFAULT_SMALLEST_CHIP,
) -> tuple[Level, ...]:
    """`count` levels from `start` (small, big) up the ladder."""
    levels = [Level(1, start[0], start[1])]
    while len(levels) < count:
        big = next_big_blind(levels[-1].big_blind, smallest_chip)
        levels.append(Level(len(levels) + 1, small_blind_for(big, smallest_chip), big))
    return tuple(levels[:count])


#: HOUSE_RULES 10, the first eleven levels as the rules list them.
DEFAULT_LEVELS: tuple[Level, ...] = ladder_levels(11)


@dataclass(frozen=True)
class BlindSchedule:
    """Blind levels and when they change; `per_level` is hands, or minutes for `Clock.MINUTES`."""

    levels: tuple[Level, ...] = DEFAULT_LEVELS
    clock: Clock = Clock.HANDS
    per_level: float = DEFAULT_HANDS_PER_LEVEL
    #: The chip the levels past the list are paid in; None: the list's own (`chip_of`).
    smallest_chip: int | None = None
    breaks: tuple[Break, ...] = ()
    #: HOUSE_RULES 25: the big blind posts the ante once for the whole table.
    bb_ante: bool = False

    def __post_init__(self) -> None:
        if self.breaks and self.clock is not Clock.MINUTES:
            raise ValueError("breaks need a clock in minutes")
        afters = [b.after_level for b in self.breaks]
        if any(a < 1 for a in afters) or len(set(afters)) != len(afters):
            raise ValueError("each break comes after a different level, numbered from 1")
        if any(b.minutes <= 0 for b in self.breaks):
            raise ValueError("a break must last more than 0 minutes")
        if not self.levels:
            raise ValueError("a blind schedule needs at least one level")
        if self.per_level <= 0:
            raise ValueError(f"a level must last more than 0 {self.clock.value}")
        for level in self.levels:
            if not 0 < level.small_blind <= level.big_blind:
                raise ValueError(f"level {level.number} ({level}): need 0 < small blind <= big")
            if level.ante < 0:
                raise ValueError(f"level {level.number} ({level}): the ante cannot be negative")
        bigs = [level.big_blind for level in self.levels]
        if any(b <= a for a, b in pairwise(bigs)):
            raise ValueError("blind levels must rise: each big blind above the one before")
        if self.smallest_chip is None:
            object.__setattr__(self, "smallest_chip", chip_of(self.levels))
        elif self.smallest_chip <= 0:
            raise ValueError("the smallest chip must be positive")

    @property
    def chip(self) -> int:
        """The smallest chip the levels past the list are paid in."""
        return self.smallest_chip or DEFAULT_SMALLEST_CHIP

    @classmethod
    def by_hands(
        cls,
        levels: Iterable[tuple[int, ...]] | None = None,
        hands: int = 10,
        *,
        bb_ante: bool = False,
    ) -> BlindSchedule:
        """A schedule that rises every `hands` hands (default HOUSE_RULES 10); each level is
        (small, big) or (small, big, ante)."""
        return cls(_numbered(levels), Clock.HANDS, hands, bb_ante=bb_ante)

    @classmethod
    def by_minutes(
        cls,
        levels: Iterable[tuple[int, ...]] | None = None,
        minutes: float = 15.0,
        breaks: Iterable[Break] = (),
        *,
        bb_ante: bool = False,
    ) -> BlindSchedule:
        """A schedule that rises every `minutes` minutes of elapsed time passed in by the caller."""
        ordered = tuple(sorted(breaks, key=lambda b: b.after_level))
        return cls(_numbered(levels), Clock.MINUTES, minutes, breaks=ordered, bb_ante=bb_ante)

    def with_antes(self, antes: Sequence[int]) -> BlindSchedule:
        """This schedule with `antes[i]` on level i + 1 (HOUSE_RULES 25); levels past `antes`
        but still listed keep the last ante's share of the big blind, as the ladder does."""
        listed = list(self.levels)
        while len(listed) < len(antes):
            listed.append(self.level(len(listed) + 1))
        levels: list[Level] = []
        for index, level in enumerate(listed):
            if index < len(antes):
                ante = antes[index]
            else:
                ante = scaled_ante(levels[-1], level.big_blind, self.chip) if antes else 0
            levels.append(Level(level.number, level.small_blind, level.big_blind, ante))
        return replace(self, levels=tuple(levels))

    def level(self, number: int) -> Level:
        """Level `number` (from 1); past the listed levels, continue up the ladder."""
        if number < 1:
            raise ValueError(f"levels count from 1, not {number}")
        if number <= len(self.levels):
            return self.levels[number - 1]
        last = self.levels[-1]
        big = last.big_blind
        chip = self.chip
        for _ in range(number - len(self.levels)):
            big = next_big_blind(big, chip)
        return Level(number, small_blind_for(big, chip), big, scaled_ante(last, big, chip))

    def level_number(self, hands_played: int = 0, elapsed_seconds: float = 0.0) -> int:
        """The level number after `hands_played` hands (or `elapsed_seconds`, minutes clock)."""
        if hands_played < 0 or elapsed_seconds < 0:
            raise ValueError("hands played and elapsed time cannot be negative")
        if self.clock is Clock.HANDS:
            return 1 + int(hands_played // self.per_level)
        if self.breaks:
            return self.segment_at(elapsed_seconds).level.number
        return 1 + int(elapsed_seconds // (self.per_level * 60))

    def level_at(self, hands_played: int = 0, elapsed_seconds: float = 0.0) -> Level:
        """The level in force for the next hand, given what has been played and the time elapsed."""
        return self.level(self.level_number(hands_played, elapsed_seconds))

    def seconds_to_next_level(self, elapsed_seconds: float) -> float | None:
        """For a minutes clock, seconds left in the current level; None for a hands clock."""
        if self.clock is not Clock.MINUTES:
            return None
        if self.breaks:
            return self.segment_at(elapsed_seconds).end - elapsed_seconds
        length = self.per_level * 60
        return length - (elapsed_seconds % length)

    def segment(self, index: int) -> Segment:
        """The `index`-th stretch of a minutes clock (from 0): levels with the breaks between."""
        if self.clock is not Clock.MINUTES:
            raise ValueError("only a clock in minutes has a timeline")
        if index < 0:
            raise ValueError(f"segments count from 0, not {index}")
        length = self.per_level * 60
        start = 0.0
        number = 1
        at = 0
        for brk in self.breaks:  # the levels up to each break, then the break itself
            levels = brk.after_level - number + 1
            if index < at + levels:
                break
            start += levels * length
            at += levels
            number = brk.after_level + 1
            if index == at:
                return Segment(at, self.level(number), start, start + brk.minutes * 60, brk)
            start += brk.minutes * 60
            at += 1
        number += index - at
        start += (index - at) * length
        return Segment(index, self.level(number), start, start + length)

    def segment_at(self, elapsed_seconds: float) -> Segment:
        """The stretch of a minutes clock that `elapsed_seconds` falls in."""
        if elapsed_seconds < 0:
            raise ValueError("elapsed time cannot be negative")
        length = self.per_level * 60
        last_break = max((b.after_level for b in self.breaks), default=0)
        segment = self.segment(0)
        while elapsed_seconds >= segment.end:
            if segment.on_break is None and segment.level.number > last_break:
                # Past the last break every level lasts the same: jump straight there.
                return self.segment(
                    segment.index + int((elapsed_seconds - segment.start) // length)
                )
            segment = self.segment(segment.index + 1)
        return segment

    def hands_to_next_level(self, hands_played: int) -> int | None:
        """For a hands clock, hands left in the current level; None for a minutes clock."""
        if self.clock is not Clock.HANDS:
            return None
        per = int(self.per_level)
        return per - (hands_played % per)


def scaled_ante(last: Level, big_blind: int, chip: int) -> int:
    """The ante of a level of `big_blind` past `last`: the same share of the big blind, rounded
    down to the chip, at least one chip (0 when `last` has no ante)."""
    if not last.ante:
        return 0
    share = last.ante * big_blind // last.big_blind
    return max(chip, share // chip * chip)


def default_ante(big_blind: int, kind: AnteKind, chip: int = DEFAULT_SMALLEST_CHIP) -> int:
    """HOUSE_RULES 25's ante for a level when the config names none: a big-blind ante is one
    big blind; every player's ante a tenth of it, rounded up to the chip."""
    if kind is AnteKind.OFF:
        return 0
    if kind is AnteKind.BIG_BLIND:
        return big_blind
    tenth = -(-big_blind // 10)
    return -(-tenth // chip) * chip


def _numbered(levels: Iterable[tuple[int, ...]] | None) -> tuple[Level, ...]:
    if levels is None:
        return DEFAULT_LEVELS
    return tuple(Level(i, *level) for i, level in enumerate(levels, start=1))
