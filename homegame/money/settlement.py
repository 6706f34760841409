"""HOUSE_RULES 23: who pays whom, in the fewest transfers that pay every net exactly.

With n parties whose nets are not zero, the fewest transfers is n minus the largest number of
disjoint groups whose nets each sum to zero (a group of k settles in k - 1 transfers, and no
fewer). Up to `EXACT_LIMIT` parties that number is found exactly by a walk over the subsets
(bitmask dynamic programming, 2^n states); beyond it, a greedy settlement: first every debtor
whose debt equals some creditor's credit pays them, then the largest debtor pays the largest
creditor until all are paid (at most n - 1 transfers, not always the fewest). Ties go by name,
so the same nets always give the same list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from homegame.money.amounts import format_cents, money_text
from homegame.money.errors import MoneyError

#: The most parties (with a net that is not zero) settled by the exact search.
EXACT_LIMIT = 16


@dataclass(frozen=True)
class Transfer:
    """`payer` pays `payee` `cents`."""

    payer: str
    payee: str
    cents: int

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {format_cents(self.cents)}"

    def said(self, currency: str) -> str:
        """'Bob pays Ann $12.50': the transfer for people to read, in the config's currency."""
        return f"{self.payer} pays {self.payee} {money_text(self.cents, currency)}"


def settle(nets: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The transfers that pay every net (out minus in) exactly (MoneyError unless they sum to 0)."""
    total = sum(nets.values())
    if total:
        raise MoneyError(f"the nets do not sum to zero: {format_cents(total)} is unaccounted for")
    parties = sorted((p for p, n in nets.items() if n), key=lambda p: (-abs(nets[p]), p))
    if len(parties) > EXACT_LIMIT:
        return greedy_settle(nets)
    transfers: list[Transfer] = []
    for group in zero_sum_groups([nets[p] for p in parties]):
        transfers += _greedy({parties[i]: nets[parties[i]] for i in group})
    return tuple(transfers)


def greedy_settle(nets: Mapping[str, int]) -> tuple[Transfer, ...]:
    """The greedy settlement: exact pairs first, then largest debtor to largest creditor."""
    left = {p: n for p, n in nets.items() if n}
    transfers: list[Transfer] = []
    for debtor in sorted((p for p in left if left[p] < 0), key=lambda p: (left[p], p)):
        match = sorted(p for p in left if left[p] == -left[debtor])
        if match:
            transfers.append(Transfer(debtor, match[0], left[match[0]]))
            left[debtor] = left[match[0]] = 0
    return tuple(transfers) + _greedy(left)


def _greedy(nets: Mapping[str, int]) -> tuple[Transfer, ...]:
    """Largest debtor pays largest creditor until all are paid (k - 1 transfers at most)."""
    left = {p: n for p, n in nets.items() if n}
    transfers: list[Transfer] = []
    while left:
        debtor = min(left, key=lambda p: (left[p], p))
        creditor = min(left, key=lambda p: (-left[p], p))
        cents = min(-left[debtor], left[creditor])
        transfers.append(Transfer(debtor, creditor, cents))
        for party, change in ((debtor, cents), (creditor, -cents)):
            left[party] += change
            if not left[party]:
                del left[party]
    return tuple(transfers)


def zero_sum_groups(values: list[int]) -> list[list[int]]:
    """The most disjoint groups of indexes of `values` each summing to zero (values sum to 0)."""
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    best = [0] * (1 << n)
    came_from = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        top, pick, bits = -1, 0, mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            if best[mask ^ bit] > top:
                top, pick = best[mask ^ bit], bit
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        came_from[mask] = mask ^ pick
    groups: list[list[int]] = []
    mask, members = full, []
    while mask:
        members.append(mask ^ came_from[mask])
        mask = came_from[mask]
        if sums[mask] == 0:
            groups.append([b.bit_length() - 1 for b in members])
            members = []
    return groups
