"""KRG opponents modelled as hands that discard well, not two random cards."""

from __future__ import annotations

import random

from homegame.bots.equity import equity
from homegame.cards import parse_cards
from homegame.variants import KRG

FLOP = dict(zip(("flop 1", "flop 2", "flop 3"), parse_cards("Kd 8s 4c"), strict=True))


def test_an_opponent_still_holding_four_cards_is_stronger_than_two_random_ones() -> None:
    """A set of eights on the flop beats two random cards nearly always; a hand that will keep
    the best two of four makes more of the straights, flushes and better sets that beat it."""
    mine = parse_cards("8h 8d")
    rng = random.Random(3)
    random_two = equity(KRG, FLOP, [mine, None], rng=rng, samples=4000, exact=False).equity[0]
    keeps_best = equity(KRG, FLOP, [mine, 4], rng=rng, samples=4000, exact=False).equity[0]
    assert random_two > 0.8
    assert keeps_best < random_two - 0.05


def test_a_count_of_cards_the_game_cannot_hold_is_refused() -> None:
    mine = parse_cards("8h 8d")
    for count in (1, 7):
        try:
            equity(KRG, FLOP, [mine, count], samples=10, exact=False)
        except ValueError as error:
            assert "cards" in str(error)
        else:
            raise AssertionError(f"a KRG hand of {count} cards was accepted")
