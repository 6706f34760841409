"""Weighted ranges of two-card hands: what a bot believes an opponent may hold.

A `Range` is every possible two-card combo with a weight (0 = ruled out). The hard bot starts an
opponent on every combo it cannot see, then narrows the range as the opponent bets: a raise keeps
mostly strong combos, a call medium ones, a check leans weak. Strength comes from the evaluator
(on the board when it is big enough) or, before the flop, from a preflop score.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from homegame.cards import ALL_CARDS, Card
from homegame.ranking import group_cards, group_values
from homegame.variants import Variant

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


def preflop_score(combo: Sequence[Card]) -> float:
    """A quick preflop strength (after Bill Chen's published point count): higher is better."""
    a, b = sorted(combo, reverse=True)
    points = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}
    score = points.get(a.rank, (a.rank + 2) / 2)
    if a.rank == b.rank:
        return max(5.0, 2 * score)
    if a.suit == b.suit:
        score += 2
    gap = a.rank - b.rank - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and a.rank < 10:
        score += 1
    return score


_PREFLOP: dict[Combo, float] = {}


def strengths(
    variant: Variant, board: Mapping[str, Card], combos: Sequence[Combo]
) -> Sequence[float]:
    """Each combo's strength now: its showdown value on the board when every group has at least
    three cards (so five can be ranked), else its preflop score."""
    groups = [cards for _, cards in group_cards(variant, board, variant.boards[0])]
    if any(len(g) < 3 for g in groups):
        if not _PREFLOP:
            _PREFLOP.update((c, preflop_score(c)) for c in ALL_COMBOS)
        return [_PREFLOP[c] for c in combos]
    values = [group_values(variant.hand_type, combos, g) for g in groups]
    if len(values) == 1:
        return values[0]
    return [max(v) for v in zip(*values, strict=True)]


def percentiles(values: Sequence[float]) -> list[float]:
    """Each value's place among all of them, 0 (weakest) to 1 (strongest); ties share a place."""
    n = len(values)
    below: dict[float, int] = {}
    for i, v in enumerate(sorted(values)):
        below.setdefault(v, i)
    return [below[v] / max(1, n - 1) for v in values]


class Signal(Enum):
    """What an opponent's betting on a street says about their hand."""

    CHECKED = "checked"
    CALLED = "called"
    RAISED = "raised"


#: Per signal: (share of the range, from the top, kept at full weight; weight of the rest).
NARROWING = {
    Signal.CHECKED: (1.0, 1.0),
    Signal.CALLED: (0.6, 0.3),
    Signal.RAISED: (0.3, 0.1),
}


def narrowed(
    rng_: Range,
    places: Mapping[Combo, float],
    signal: Signal,
    size: float = 1.0,
    trust: float = 1.0,
) -> Range:
    """The range after `signal`: combos below the kept top share lose most of their weight.

    `size` (bet over pot, about 0.3 to 2) makes a raise or call say more when it is bigger. A
    check keeps everything but the very top at full weight (strong hands sometimes check).
    `trust` (0 to 1) is how much the signal means from this player: 0 for one who raises with
    anything, so their range stays as it was.
    """
    keep, rest = NARROWING[signal]
    if signal is Signal.CHECKED:
        return rng_.reweighted(lambda c: 0.6 if places.get(c, 0.0) > 0.9 else 1.0)
    keep = max(0.12, min(0.9, keep / max(0.5, min(size, 2.0)) ** 0.5))
    cut = 1.0 - keep
    rest += (1.0 - rest) * (1.0 - max(0.0, min(1.0, trust)))
    return rng_.reweighted(lambda c: 1.0 if places.get(c, 0.0) >= cut else rest)
