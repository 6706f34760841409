"""HOUSE_RULES 18: the prize pool and how it is paid out by finishing place.

The pool is all money in (entries, rebuys, add-ons) less the house fee. The default structure
goes by the number of entries (a rebuy is not an entry): 2-5 winner takes all, 6-8 65/35, 9-10
50/30/20, 11 or more 40/25/20/15. A structure is in hundredths of a percent (10000 is 100%).
Every prize but the first is rounded down to the rounding unit and first place gets the rest,
so the prizes always add up to the pool exactly. A custom structure with more places than there
are entries pays only as many places as entries; the unpaid places' share goes to first.
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.money.errors import MoneyError
from homegame.money.settings import WHOLE, HouseFee, percent_text

#: HOUSE_RULES 18, by the smallest number of entries each row applies to.
DEFAULT_STRUCTURES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (11, (4000, 2500, 2000, 1500)),
    (9, (5000, 3000, 2000)),
    (6, (6500, 3500)),
    (0, (WHOLE,)),
)


def default_structure(entries: int) -> tuple[int, ...]:
    """The HOUSE_RULES 18 structure for `entries` entries, in hundredths of a percent."""
    return next(shares for least, shares in DEFAULT_STRUCTURES if entries >= least)


def structure_problem(shares: Sequence[int]) -> str | None:
    """Why `shares` (hundredths of a percent, first place first) is not a payout structure."""
    if not shares:
        return "must list at least one place"
    if any(s <= 0 for s in shares):
        return "every place must get more than 0%"
    if list(shares) != sorted(shares, reverse=True):
        return "a place may not get more than the place above it"
    if sum(shares) != WHOLE:
        return f"must sum to 100 (they sum to {percent_text(sum(shares))})"
    return None


def pool_after_fee(total_in: int, fee: HouseFee) -> tuple[int, int]:
    """(prize pool, house fee) out of `total_in` cents."""
    taken = fee.of(total_in)
    return total_in - taken, taken


def payouts(
    pool: int, entries: int, shares: Sequence[int] = (), rounding: int = 100
) -> tuple[int, ...]:
    """The prize of each paid place, first place first, summing exactly to `pool` cents.

    `shares` empty means the default structure for `entries`.
    """
    if pool < 0 or rounding <= 0:
        raise MoneyError("the pool and the rounding unit must be positive")
    shares = tuple(shares) or default_structure(entries)
    problem = structure_problem(shares)
    if problem:
        raise MoneyError(f"payouts: {problem}")
    paid = shares[: max(1, entries)]
    lower = tuple(pool * share // WHOLE // rounding * rounding for share in paid[1:])
    return (pool - sum(lower), *lower)
