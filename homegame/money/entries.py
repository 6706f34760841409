"""HOUSE_RULES 19-20: the money a player puts in a freezeout, and when each kind is allowed.

An entry is a buy-in or a late entry (these count for the payout structure); a rebuy or an
add-on adds money and chips but is not an entry. Each record keeps the hand number and the game
time (seconds since the start) it was made at. The `why_not_*` functions return the one line a
host sees when a move is refused, or None when it is allowed; the session asks before it does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from homegame.money.settings import MoneySettings


class EntryKind(Enum):
    """The kinds of money in."""

    BUY_IN = "buy-in"
    LATE_ENTRY = "late entry"
    REBUY = "rebuy"
    ADD_ON = "add-on"

    @property
    def is_entry(self) -> bool:
        """True for the kinds that count as entries for the payouts (HOUSE_RULES 18)."""
        return self in (EntryKind.BUY_IN, EntryKind.LATE_ENTRY)


@dataclass(frozen=True)
class Entry:
    """Money one player put in: `cents` for `chips`, at hand `hand`, `seconds` into the game."""

    player: str
    kind: EntryKind
    cents: int
    chips: int
    hand: int
    seconds: float


def entry_count(entries: Iterable[Entry]) -> int:
    """How many entries count for the payout structure: each player who bought in or entered
    late, once (rebuys and add-ons do not count, and no place is paid that nobody can win)."""
    return len({e.player for e in entries if e.kind.is_entry})


def money_in(entries: Iterable[Entry]) -> int:
    """All the cents put in."""
    return sum(e.cents for e in entries)


def why_not_buy_in(player: str, entries: Sequence[Entry]) -> str | None:
    """A player buys in once; rebuys are their own move."""
    if any(e.player == player and e.kind.is_entry for e in entries):
        return f"{player} has already bought in"
    return None


def why_not_late_entry(
    player: str, entries: Sequence[Entry], *, level: int, until_level: int
) -> str | None:
    """HOUSE_RULES 20: a new player may enter until the end of level `until_level` (0: never)."""
    if not until_level:
        return "this game takes no late entries"
    if level > until_level:
        return f"late entry ended with level {until_level}"
    return why_not_buy_in(player, entries)


def why_not_rebuy(
    settings: MoneySettings, player: str, *, level: int, stack: int, starting_stack: int
) -> str | None:
    """HOUSE_RULES 19: a rebuy while busted or at or below the starting stack, to level N's end."""
    if not settings.rebuys:
        return "this game has no rebuys"
    if level > settings.rebuy_until_level:
        return f"rebuys ended with level {settings.rebuy_until_level}"
    if stack > starting_stack:
        return f"{player} has {stack:,}, above the starting stack {starting_stack:,}"
    return None


def why_not_add_on(
    settings: MoneySettings, player: str, entries: Sequence[Entry], *, at_first_break: bool
) -> str | None:
    """HOUSE_RULES 19: one add-on per player, at the first break."""
    if settings.add_on is None:
        return "this game has no add-on"
    if not at_first_break:
        return "the add-on is bought at the first break"
    if any(e.player == player and e.kind is EntryKind.ADD_ON for e in entries):
        return f"{player} has already taken the add-on"
    return None
