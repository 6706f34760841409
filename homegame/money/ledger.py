"""HOUSE_RULES 23: the night's ledger: every money line, each player's in, out and net.

A line is money a party put in (`cents_in`: a buy-in, a rebuy, a KRG stake) or took out
(`cents_out`: a prize, a cash-out, the house fee). The house (snacks fund) is a party like a
player, named `HOUSE`. Net is out minus in; over a game the nets sum to zero, and a game whose
lines do not is named as a `Mismatch`, never hidden.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: The party that takes the house fee.
HOUSE = "(house)"


@dataclass(frozen=True)
class LedgerLine:
    """One money line of one game: `party` put in `cents_in` or took out `cents_out`."""

    game: str
    party: str
    item: str
    cents_in: int = 0
    cents_out: int = 0
    hand: int | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class PartyTotal:
    """One party's night: all in, all out, and net (out minus in)."""

    party: str
    cents_in: int
    cents_out: int

    @property
    def net(self) -> int:
        return self.cents_out - self.cents_in


@dataclass(frozen=True)
class Mismatch:
    """A game whose money out is not its money in: `cents` = out - in (positive: paid too much)."""

    game: str
    cents_in: int
    cents_out: int

    @property
    def cents(self) -> int:
        return self.cents_out - self.cents_in


def _sums(lines: Iterable[LedgerLine], key: str) -> dict[str, tuple[int, int]]:
    """(in, out) summed by the lines' `key` field, in the order the keys first appear."""
    sums: dict[str, tuple[int, int]] = {}
    for line in lines:
        name = getattr(line, key)
        cents_in, cents_out = sums.get(name, (0, 0))
        sums[name] = (cents_in + line.cents_in, cents_out + line.cents_out)
    return sums


def totals(lines: Iterable[LedgerLine]) -> tuple[PartyTotal, ...]:
    """Each party's total, in the order they first appear."""
    return tuple(PartyTotal(p, i, o) for p, (i, o) in _sums(lines, "party").items())


def mismatches(lines: Iterable[LedgerLine]) -> tuple[Mismatch, ...]:
    """The games whose lines do not sum to zero, in the order they first appear."""
    return tuple(Mismatch(g, i, o) for g, (i, o) in _sums(lines, "game").items() if i != o)
