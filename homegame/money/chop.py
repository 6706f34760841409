"""HOUSE_RULES 18: a chop of the prizes still to be won, by agreement of the players still in.

Equal, by chip count, or by ICM (`homegame.money.icm`). Shares are whole cents that add up to
exactly the amount chopped: each player gets their exact share rounded down, and the cents left
over (fewer than the number of players) go one each in the order the players are given. The
session gives them from the first seat left of the button, as HOUSE_RULES 4 and 15 split odd
chips and odd cents.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from fractions import Fraction
from math import floor

from homegame.money.errors import MoneyError
from homegame.money.icm import icm_equities


class ChopKind(Enum):
    """How the players still in share the remaining prizes."""

    EQUAL = "equal"
    CHIPS = "chips"
    ICM = "icm"


def whole_cents(exact: Sequence[Fraction], amount: int) -> tuple[int, ...]:
    """`exact` shares of `amount` in whole cents: each rounded down, the rest one each in order."""
    shares = [floor(x) for x in exact]
    left = amount - sum(shares)
    if not 0 <= left <= len(shares):
        raise MoneyError("the shares do not add up to the amount chopped")
    return tuple(s + (1 if i < left else 0) for i, s in enumerate(shares))


def chop(kind: ChopKind, prizes: Sequence[int], stacks: Sequence[int]) -> tuple[int, ...]:
    """Each player's cents from `prizes` (the places still to be paid) by `kind`.

    `stacks` are the chips of the players still in, in the order odd cents go.
    """
    if len(stacks) < 2:
        raise MoneyError("a chop needs at least two players still in")
    if any(s <= 0 for s in stacks):
        raise MoneyError("everyone in a chop must still have chips")
    paid = list(prizes[: len(stacks)])
    amount = sum(paid)
    n = len(stacks)
    if kind is ChopKind.EQUAL:
        exact = [Fraction(amount, n)] * n
    elif kind is ChopKind.CHIPS:
        exact = [Fraction(amount * s, sum(stacks)) for s in stacks]
    else:
        exact = list(icm_equities(stacks, paid))
    return whole_cents(exact, amount)
