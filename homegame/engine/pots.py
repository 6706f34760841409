"""Main and side pots from what each seat put in, and their award with the odd-chip rule.

A pot is settled on its own (HOUSE_RULES 4): its chips are split evenly among its winners and
any odd chips go one at a time to the tied winners in seat order, starting with the first seat
to the left of the button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """`amount` chips that only the `eligible` seats can win; `winners`/`shares` once awarded."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()


def build_pots(totals: Sequence[int], folded: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Main pot then side pots, from each seat's total put in and who has folded.

    Each live seat's total is a level: a pot holds, from every seat, the chips between the
    previous level and this one, and only live seats that reached the level can win it.
    Folded seats' chips count but they are eligible for nothing. `dead` chips (antes posted
    as dead money) go to the main pot, which every live seat can win. Pots with the same
    eligible seats are merged.
    """
    n = len(totals)
    if not dead:
        level = -1
        single = True
        for seat in range(n):
            if not folded[seat]:
                if level == -1:
                    level = totals[seat]
                elif totals[seat] != level:
                    single = False
                    break
        if single and level > 0 and max(totals) <= level:
            return [Pot(sum(totals), tuple(s for s in range(n) if not folded[s]))]
    levels = sorted({totals[s] for s in range(n) if not folded[s] and totals[s] > 0})
    pots: list[Pot] = []
    if dead:
        pots.append(Pot(dead, tuple(s for s in range(n) if not folded[s])))
    previous = 0
    for index, level in enumerate(levels):
        last = index == len(levels) - 1
        amount = 0
        for seat in range(n):
            put = totals[seat]
            top = put if last else level if put > level else put
            if top > previous:
                amount += top - previous
        eligible = tuple(s for s in range(n) if not folded[s] and totals[s] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
        previous = level
    if not levels and any(totals):
        pots.append(Pot(sum(totals), ()))
    return pots


def odd_chip_order(seats: Sequence[int], button: int, players: int) -> list[int]:
    """`seats` sorted by distance to the left of the button (first seat left of it first)."""
    return sorted(seats, key=lambda s: (s - button - 1) % players)


def split_pot(amount: int, winners: Sequence[int], button: int, players: int) -> tuple[int, ...]:
    """Each winner's share of `amount`, in the order given (HOUSE_RULES 4: odd chips leftwards)."""
    count = len(winners)
    base, odd = divmod(amount, count)
    shares = dict.fromkeys(winners, base)
    for seat in odd_chip_order(winners, button, players)[:odd]:
        shares[seat] += 1
    return tuple(shares[s] for s in winners)
