"""The blind schedule of a freezeout: levels that rise by hands played or by minutes elapsed.

HOUSE_RULES 10: blinds start at 10/20 and rise about 25% every 10 hands, each level a clean value
that can be paid in the smallest chip. The listed levels are kept exactly; past the end of a list
the schedule climbs a fixed ladder of clean big blinds (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a
power of ten) in the list's own smallest chip (the largest chip that pays every listed blind), so
any schedule goes on forever and the same way every time. Where the ladder's next value in that
chip is more than a third up, the next level is the first multiple of the chip at least 20% up.
Time is passed in by the caller (seconds elapsed since the game began); this module never reads
a clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from itertools import pairwise
from math import gcd

#: Big-blind mantissas of the ladder (times 10**k): each step rises roughly 20-33%.
LADDER = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)

DEFAULT_SMALLEST_CHIP = 5
DEFAULT_HANDS_PER_LEVEL = 10
DEFAULT_MINUTES_PER_LEVEL = 15.0


@dataclass(frozen=True)
class Level:
    """One blind level: `number` counts from 1."""

    number: int
    small_blind: int
    big_blind: int

    def __str__(self) -> str:
        return f"{self.small_blind}/{self.big_blind}"


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
    start: tuple[int, int] = (10, 20),
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

    def __post_init__(self) -> None:
        if not self.levels:
            raise ValueError("a blind schedule needs at least one level")
        if self.per_level <= 0:
            raise ValueError(f"a level must last more than 0 {self.clock.value}")
        for level in self.levels:
            if not 0 < level.small_blind <= level.big_blind:
                raise ValueError(f"level {level.number} ({level}): need 0 < small blind <= big")
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
        cls, levels: Iterable[tuple[int, int]] | None = None, hands: int = 10
    ) -> BlindSchedule:
        """A schedule that rises every `hands` hands (default HOUSE_RULES 10)."""
        return cls(_numbered(levels), Clock.HANDS, hands)

    @classmethod
    def by_minutes(
        cls, levels: Iterable[tuple[int, int]] | None = None, minutes: float = 15.0
    ) -> BlindSchedule:
        """A schedule that rises every `minutes` minutes of elapsed time passed in by the caller."""
        return cls(_numbered(levels), Clock.MINUTES, minutes)

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
        return Level(number, small_blind_for(big, chip), big)

    def level_number(self, hands_played: int = 0, elapsed_seconds: float = 0.0) -> int:
        """The level number after `hands_played` hands (or `elapsed_seconds`, minutes clock)."""
        if hands_played < 0 or elapsed_seconds < 0:
            raise ValueError("hands played and elapsed time cannot be negative")
        if self.clock is Clock.HANDS:
            return 1 + int(hands_played // self.per_level)
        return 1 + int(elapsed_seconds // (self.per_level * 60))

    def level_at(self, hands_played: int = 0, elapsed_seconds: float = 0.0) -> Level:
        """The level in force for the next hand, given what has been played and the time elapsed."""
        return self.level(self.level_number(hands_played, elapsed_seconds))

    def seconds_to_next_level(self, elapsed_seconds: float) -> float | None:
        """For a minutes clock, seconds left in the current level; None for a hands clock."""
        if self.clock is not Clock.MINUTES:
            return None
        length = self.per_level * 60
        return length - (elapsed_seconds % length)

    def hands_to_next_level(self, hands_played: int) -> int | None:
        """For a hands clock, hands left in the current level; None for a minutes clock."""
        if self.clock is not Clock.HANDS:
            return None
        per = int(self.per_level)
        return per - (hands_played % per)


def _numbered(levels: Iterable[tuple[int, int]] | None) -> tuple[Level, ...]:
    if levels is None:
        return DEFAULT_LEVELS
    return tuple(Level(i, sb, bb) for i, (sb, bb) in enumerate(levels, start=1))
