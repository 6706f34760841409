"""Events of a whole game, between and around hands: levels, busts, timeouts, the KRG series.

They subclass the engine's common `Event`, so screens and storage follow a session the same way
they follow a hand. None of them carries a card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from homegame.engine.events import Event, seat_name
from homegame.money.amounts import money_text
from homegame.money.freezeout import ordinal as _ordinal


def money(cents: int, currency: str = "") -> str:
    """Cents as money for log lines: 550 -> "5.50", in the config's currency ("$5.50")."""
    return money_text(cents, currency)


class MoneyEvent:
    """What an event that names an amount of money has besides `Event` (listed before it): its
    line is written in the config's currency, which the callers holding the config pass to
    `describe_in`; `describe` writes none. Not a dataclass: the journal holds no such value."""

    __slots__ = ()

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The line with no currency."""
        return self.describe_in("", names)

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        """The line with its money in `currency`."""
        raise NotImplementedError


def _names(seats: Sequence[int], names: Sequence[str] | None) -> str:
    return " and ".join(seat_name(names, s) for s in seats)


# Freezeout


@dataclass(frozen=True, slots=True)
class LevelChanged(Event):
    """The blinds go up before the next hand (HOUSE_RULES 10)."""

    level: int
    small_blind: int
    big_blind: int
    #: HOUSE_RULES 25: the level's ante (0: none).
    ante: int = 0

    def describe(self, names: Sequence[str] | None = None) -> str:
        ante = f", ante {self.ante:,}" if self.ante else ""
        return f"Blinds up: level {self.level}, {self.small_blind:,}/{self.big_blind:,}{ante}"


@dataclass(frozen=True, slots=True)
class BombPotCalled(Event):
    """HOUSE_RULES 28: the host calls a bomb pot for the next hand."""

    def describe(self, names: Sequence[str] | None = None) -> str:
        return "The next hand is a bomb pot"


@dataclass(frozen=True, slots=True)
class Busted(Event):
    """A player has no chips left and is out of the game, finishing in `place`."""

    seat: int
    place: int
    hand_number: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} is out in {_ordinal(self.place)} place"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """The last player with chips wins the table (HOUSE_RULES 11): the winner certificate."""

    seat: int
    chips: int
    hands: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        hands = "1 hand" if self.hands == 1 else f"{self.hands} hands"
        return f"{seat_name(names, self.seat)} wins the table after {hands}"


@dataclass(frozen=True, slots=True)
class TimedOut(Event):
    """The turn timer ran out; the game checked or folded for the seat (HOUSE_RULES 12)."""

    seat: int
    checked: bool
    in_a_row: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        verb = "checks" if self.checked else "folds"
        return f"{seat_name(names, self.seat)} ran out of time and {verb}"


@dataclass(frozen=True, slots=True)
class SatOut(Event):
    """The player sits out until back: two timeouts in a row (HOUSE_RULES 12) or the host (21)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} is sitting out"


@dataclass(frozen=True, slots=True)
class PlayerJoined(Event):
    """A late entry (HOUSE_RULES 20): a new seat with `stack` chips, dealt in from the next hand."""

    seat: int
    name: str
    stack: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{self.name} joins with {self.stack:,} chips, dealt in from the next hand"


@dataclass(frozen=True, slots=True)
class CameBack(Event):
    """A player who was sitting out is back and acts for themselves again."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} is back"


@dataclass(frozen=True, slots=True)
class StacksCorrected(Event):
    """The host set stacks by hand between hands, where the real table disagreed."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    note: str = ""

    def describe(self, names: Sequence[str] | None = None) -> str:
        changes = ", ".join(
            f"{seat_name(names, seat)} {old} -> {new}"
            for seat, (old, new) in enumerate(zip(self.before, self.after, strict=True))
            if old != new
        )
        tail = f" ({self.note})" if self.note else ""
        return f"The host corrected the stacks: {changes or 'no change'}{tail}"


@dataclass(frozen=True, slots=True)
class MoneyIn(MoneyEvent, Event):
    """HOUSE_RULES 19-20: a buy-in, late entry, rebuy or add-on of `cents` for `chips`."""

    seat: int
    kind: str
    cents: int
    chips: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        what = {"buy-in": "buys in", "late entry": "enters late", "rebuy": "rebuys"}
        verb = what.get(self.kind, "takes the add-on")
        worth = money(self.cents, currency)
        return f"{seat_name(names, self.seat)} {verb} for {worth} ({self.chips:,} chips)"


@dataclass(frozen=True, slots=True)
class Chopped(MoneyEvent, Event):
    """HOUSE_RULES 18: the players still in agreed to chop the prizes left (`kind`)."""

    kind: str
    seats: tuple[int, ...]
    cents: tuple[int, ...]

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        shares = ", ".join(
            f"{seat_name(names, s)} {money(c, currency)}"
            for s, c in zip(self.seats, self.cents, strict=True)
        )
        how = {"equal": "equally", "chips": "by chip count", "icm": "by ICM"}.get(self.kind, "")
        return f"{_names(self.seats, names)} chop the prizes {how}: {shares}"


# KRG series


@dataclass(frozen=True, slots=True)
class SeriesStarted(MoneyEvent, Event):
    """Each player pays the buy-in into the pool (HOUSE_RULES 15); `side_pool` for side bets."""

    target: int
    buy_in: int
    pool: int
    side_pool: int = 0

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        tail = f", side pool {money(self.side_pool, currency)}" if self.side_pool else ""
        return f"First to {self.target} wins; pool {money(self.pool, currency)}{tail}"


@dataclass(frozen=True, slots=True)
class DealScored(Event):
    """A deal's result on the scoreboard: `credited` seats get a win (none on a replay)."""

    deal: int
    winners: tuple[int, ...]
    credited: tuple[int, ...]
    replay: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.replay:
            return f"Deal {self.deal} is tied: it counts for nobody and is dealt again"
        if not self.credited:
            return f"Deal {self.deal} is tied: no win is credited"
        verb = "gets" if len(self.credited) == 1 else "each get"
        return f"Deal {self.deal}: {_names(self.credited, names)} {verb} a win"


@dataclass(frozen=True, slots=True)
class SeriesWon(MoneyEvent, Event):
    """The first to the target takes the pool; several on the same deal split it."""

    winners: tuple[int, ...]
    amounts: tuple[int, ...]
    pool: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        if len(self.winners) == 1:
            pool = money(self.pool, currency)
            return f"{seat_name(names, self.winners[0])} wins the series and {pool}"
        split = ", ".join(
            f"{seat_name(names, s)} {money(a, currency)}"
            for s, a in zip(self.winners, self.amounts, strict=True)
        )
        return f"The series is tied: the pool of {money(self.pool, currency)} is split: {split}"


@dataclass(frozen=True, slots=True)
class CubeTurned(Event):
    """A player turns the doubling cube to `value`, paying their own stake up to match."""

    seat: int
    value: int
    paid: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} turns the cube to {self.value}"


@dataclass(frozen=True, slots=True)
class CubeDoubled(MoneyEvent, Event):
    """A player answers the cube by doubling their stake in the pool."""

    seat: int
    paid: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} doubles, paying {money(self.paid, currency)} more"


@dataclass(frozen=True, slots=True)
class DroppedOut(MoneyEvent, Event):
    """A player answers the cube by dropping out, forfeiting what they have paid in."""

    seat: int
    forfeited: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        return (
            f"{seat_name(names, self.seat)} drops out, forfeiting {money(self.forfeited, currency)}"
        )


@dataclass(frozen=True, slots=True)
class SideBetWon(MoneyEvent, Event):
    """The side pool for the first four of a kind goes to who made it (split if several)."""

    bet: str
    winners: tuple[int, ...]
    amounts: tuple[int, ...]

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        total = money(sum(self.amounts), currency)
        return f"{_names(self.winners, names)} won the side bet on {self.bet} ({total})"


@dataclass(frozen=True, slots=True)
class SideBetReturned(MoneyEvent, Event):
    """Nobody won the side bet before the series ended: each stake goes back."""

    bet: str
    seats: tuple[int, ...]
    amount: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        return (
            f"Nobody made {self.bet}: each side bet of {money(self.amount, currency)} is returned"
        )
