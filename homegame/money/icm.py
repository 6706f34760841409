"""The Independent Chip Model (Malmuth-Harville), exact: each player's share of a prize list.

The chance a player finishes first is their share of the chips; given who has finished above,
the chance of the next place is their share of the chips that are left. A player's equity is
the sum over places of the chance of that place times its prize. Exact (fractions) and over all
finishing orders by a walk over the subsets already placed: 2^n states, fine for a table.
This is the one place ICM is computed; bots use it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

#: More players than this left in: ICM is not worth its 2^n states at a home table.
MAX_ICM_PLAYERS = 12


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's exact expected prize; the equities sum to the prizes that can be won."""
    n = len(stacks)
    if n > MAX_ICM_PLAYERS:
        raise ValueError(f"ICM takes at most {MAX_ICM_PLAYERS} players, not {n}")
    if any(s < 0 for s in stacks) or not any(stacks):
        raise ValueError("ICM needs chip counts that are 0 or more, not all 0")
    places = min(len(prizes), n)
    total = sum(stacks)
    equity = [Fraction(0)] * n
    reach: dict[int, Fraction] = {0: Fraction(1)}
    for place in range(places):
        following: dict[int, Fraction] = {}
        for placed, chance in reach.items():
            left = total - sum(stacks[i] for i in range(n) if placed >> i & 1)
            if left == 0:  # only zero stacks are left: they share the places in turn equally
                rest = [i for i in range(n) if not placed >> i & 1]
                weights = {i: Fraction(1, len(rest)) for i in rest}
            else:
                weights = {
                    i: Fraction(stacks[i], left)
                    for i in range(n)
                    if not placed >> i & 1 and stacks[i]
                }
            for i, weight in weights.items():
                p = chance * weight
                equity[i] += p * prizes[place]
                key = placed | 1 << i
                following[key] = following.get(key, Fraction(0)) + p
        reach = following
    return tuple(equity)
