"""Ranges: preflop scores, strength on the board, and narrowing by what an opponent did."""

from __future__ import annotations

import pytest

from homegame.bots.ranges import (
    ALL_COMBOS,
    Range,
    Signal,
    combo_key,
    narrowed,
    percentiles,
    preflop_score,
    strengths,
)
from homegame.cards import parse_cards
from homegame.showdown import parse_board
from homegame.variants import HOLDEM, YUKON


def _score(text: str) -> float:
    return preflop_score(parse_cards(text))


def test_preflop_score_orders_the_classic_hands() -> None:
    assert _score("As Ad") > _score("Ks Kd") > _score("Ah Kh") > _score("Ah Kd")
    assert _score("Ah Kh") > _score("Jc Tc") > _score("7c 2d")
    assert _score("5c 5d") > _score("9c 4d")


def test_uniform_range_has_every_combo_not_seen() -> None:
    assert len(ALL_COMBOS) == 1326
    rng = Range.uniform(parse_cards("Ah Kd"))
    assert len(rng) == 1326 - 2 * 51 + 1
    assert combo_key(parse_cards("Ad As")) in rng.combos


def test_board_strength_ranks_made_hands_and_yukon_needs_three_per_set() -> None:
    board = parse_board(HOLDEM, "Ah 7c 2d", partial=True)
    combos = [combo_key(parse_cards(t)) for t in ("7h 7d", "As Kd", "9c 8c")]
    sets_, top_pair, air = strengths(HOLDEM, board, combos)
    assert sets_ > top_pair > air
    flop = parse_board(YUKON, "Ah 7c / 2d 9s /", partial=True)
    assert strengths(YUKON, flop, combos) == [preflop_score(c) for c in combos]


def test_percentiles_run_from_zero_to_one_and_ties_share() -> None:
    assert percentiles([5, 1, 3, 3]) == [1.0, 0.0, pytest.approx(1 / 3), pytest.approx(1 / 3)]


def test_a_raise_keeps_the_top_of_the_range_and_shrinks_the_rest() -> None:
    base = Range.uniform()
    places = dict(
        zip(base.combos, percentiles([preflop_score(c) for c in base.combos]), strict=True)
    )
    raised = narrowed(base, places, Signal.RAISED, size=1.0)
    called = narrowed(base, places, Signal.CALLED, size=1.0)
    weight = dict(zip(raised.combos, raised.weights, strict=True))
    aces, junk = combo_key(parse_cards("As Ad")), combo_key(parse_cards("7c 2d"))
    assert weight[aces] == 1.0 and weight[junk] < 0.2
    assert raised.total() < called.total() < base.total()
    bigger = narrowed(base, places, Signal.RAISED, size=2.0)
    assert bigger.total() < raised.total()
    checked = narrowed(base, places, Signal.CHECKED)
    assert dict(zip(checked.combos, checked.weights, strict=True))[aces] < 1.0


def test_a_raise_from_a_player_who_always_raises_says_nothing() -> None:
    base = Range.uniform()
    places = dict(
        zip(base.combos, percentiles([preflop_score(c) for c in base.combos]), strict=True)
    )
    ignored = narrowed(base, places, Signal.RAISED, size=1.0, trust=0.0)
    half = narrowed(base, places, Signal.RAISED, size=1.0, trust=0.5)
    full = narrowed(base, places, Signal.RAISED, size=1.0)
    assert ignored.weights == base.weights
    assert full.total() < half.total() < ignored.total()


def test_hard_bot_trusts_raises_less_from_players_seen_raising_often() -> None:
    import random

    from homegame.bots.levels import HardBot

    bot = HardBot(random.Random(0))
    bot.tendencies = {1: [1, 40], 2: [30, 40]}
    assert bot._trust(1) == 1.0
    assert bot._trust(2) == 0.0
    assert 0.5 < bot._trust(3) < 1.0  # nothing seen yet: mostly trusted
