"""Weighted ranges of two-card hands: what a bot believes an opponent may hold.

A `Range` is every possible two-card combo with a weight (0 = ruled out). The hard bot starts an
opponent on every combo it cannot see, then narrows the range as the opponent bets: a raise keeps
mostly strong combos, a call medium ones, a check leans weak. Strength comes from the evaluator
(on the board when it is big enough) or, before the flop, from a preflop score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from homegame.cards import ALL_CARDS, Card

Combo = tuple[Card, Card]

#: All 1,326 two-card combos, each ordered high card first.
ALL_COMBOS: tuple[Combo, ...] = tuple((b, a) for a, b in combinations(ALL_CARDS, 2))


@dataclass(frozen=True)
class Range:
    """Two-card combos with positive weights; the cards an opponent may hold, and how likely."""

    combos: tuple[Combo, ...]
    weights: tuple[float, ...]

    @classmethod
    def uniform(cls, exclude: Iterable[Card] = ()) -> Range:
        """Every combo that avoids `exclude`, equally likely (an opponent we know nothing of)."""
        gone = set(exclude)
        combos = tuple(c for c in ALL_COMBOS if c[0] not in gone and c[1] not in gone)
        return cls(combos, (1.0,) * len(combos))

    @classmethod
    def of(cls, weights: dict[Combo, float]) -> Range:
        """A range from a combo -> weight mapping; non-positive weights are dropped."""
        items = [(c, w) for c, w in weights.items() if w > 0]
        return cls(tuple(c for c, _ in items), tuple(w for _, w in items))

    def __len__(self) -> int:
        return len(self.combos)

    def without(self, cards: Iterable[Card]) -> Range:
        """The range with every combo holding one of `cards` removed (card removal)."""
        gone = set(cards)
        kept = [
            (c, w)
            for c, w in zip(self.combos, self.weights, strict=True)
            if c[0] not in gone and c[1] not in gone
        ]
        return Range(tuple(c for c, _ in kept), tuple(w for _, w in kept))

    def reweighted(self, factor: Callable[[Combo], float]) -> Range:
        """Each weight multiplied by `factor(combo)`; combos that fall to zero are dropped."""
        return Range.of({c: w * factor(c) for c, w in zip(self.combos, self.weights, strict=True)})

    def total(self) -> float:
        return sum(self.weights)


def combo_key(cards: Sequence[Card]) -> Combo:
    """Two cards as the combo tuple `ALL_COMBOS` uses (high card first)."""
    a, b = cards
    return (a, b) if a > b else (b, a)
