"""The evaluator orders random 5, 6 and 7-card hands exactly as treys (and eval7) do."""

from __future__ import annotations

import random

import pytest
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from homegame.cards import ALL_CARDS, Card
from homegame.evaluator import evaluate, evaluate_many

TREYS = {card: TreysCard.new(str(card)) for card in ALL_CARDS}


def _random_hands(n_cards: int, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(ALL_CARDS, n_cards) for _ in range(count)]


def _treys_values(hands: list[list[Card]]) -> list[int]:
    """treys ranks 1 (royal flush) .. 7462 (seven-high); lower is better."""
    score = TreysEvaluator().evaluate
    return [score([TREYS[c] for c in h[:2]], [TREYS[c] for c in h[2:]]) for h in hands]


def _assert_same_order(ours: list[int], theirs: list[int], higher_wins: bool) -> None:
    """Pairs of hands compare alike, and equal values exactly when the reference says equal."""
    sign = 1 if higher_wins else -1
    for i in range(len(ours) - 1):
        a, b = ours[i] - ours[i + 1], sign * (theirs[i] - theirs[i + 1])
        assert (a > 0) - (a < 0) == (b > 0) - (b < 0), (i, ours[i : i + 2], theirs[i : i + 2])
    pairs = set(zip(ours, theirs, strict=True))
    assert len(pairs) == len({o for o, _ in pairs}) == len({t for _, t in pairs})
    ordered = [t * sign for _, t in sorted(pairs)]
    assert ordered == sorted(ordered), "some hand classes are ordered differently"


@pytest.mark.parametrize(("n_cards", "count"), [(7, 60_000), (6, 60_000), (5, 60_000)])
def test_ordering_matches_treys_on_random_hands(n_cards: int, count: int) -> None:
    hands = _random_hands(n_cards, count, seed=1000 + n_cards)
    ours = evaluate_many(hands)
    assert ours[:1000] == [evaluate(h) for h in hands[:1000]]
    _assert_same_order(ours, _treys_values(hands), higher_wins=False)


@pytest.mark.slow
@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_ordering_matches_eval7_on_a_million_random_hands(n_cards: int) -> None:
    eval7 = pytest.importorskip("eval7")
    codes = {card: eval7.Card(str(card)) for card in ALL_CARDS}
    hands = _random_hands(n_cards, 1_000_000, seed=2000 + n_cards)
    theirs = [eval7.evaluate([codes[c] for c in h]) for h in hands]
    _assert_same_order(evaluate_many(hands), theirs, higher_wins=True)
