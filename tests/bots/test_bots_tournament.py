"""Push/fold by ICM in a freezeout that pays places (the project's one ICM, homegame.money)."""

from __future__ import annotations

import random

import pytest

from homegame.bots import make_bot
from homegame.bots.base import Facts
from homegame.bots.preflop import spot, winnable_pot
from homegame.bots.pushfold import CLASSES, INDEX, combos_of, load
from homegame.bots.tournament import call_gain
from homegame.cards import ALL_CARDS, parse_cards
from homegame.engine.actions import AllIn, Fold
from homegame.engine.hand import Hand
from homegame.engine.views import view_for
from homegame.variants import HOLDEM

pytest.importorskip("homegame.money.icm")

#: Four left, three paid: the bubble. The chip leader under the gun has 40 big blinds.
STACKS = [1500, 1500, 1500, 4000]


def _bubble(hero: str) -> Hand:
    """Seat 3 (40 BB) shoves, the button and small blind fold: the big blind (15 BB) decides."""
    mine = parse_cards(hero)
    deck = iter(c for c in ALL_CARDS if c not in mine)
    holes = [mine if seat == 2 else [next(deck), next(deck)] for seat in range(4)]
    hand = Hand(HOLDEM, STACKS, 0, 50, 100, hole_cards=holes, rng=random.Random(0))
    for action in (AllIn(), Fold(), Fold()):
        hand.act(action)
    assert hand.to_act == 2
    return hand


def _calls(prizes: tuple[int, ...]) -> set[str]:
    calls = set()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        bot = make_bot("hard", random.Random(0))
        bot.prizes = prizes
        if not isinstance(bot.decide(view_for(_bubble(f"{first[0]} {first[1]}"), 2)), Fold):
            calls.add(label)
    return calls


def test_on_the_bubble_icm_calls_a_big_stacks_shove_with_fewer_hands_than_chips_would() -> None:
    """Busting on the bubble loses the 20% every other player is sure of: a call needs more
    equity than the chips' price."""
    by_chips, by_icm = _calls(()), _calls((50, 30, 20))
    assert {"AA", "KK", "QQ"} <= by_icm < by_chips
    assert len(by_chips) - len(by_icm) >= 5


def test_winner_takes_all_icm_is_chip_ev() -> None:
    """With one prize a stack is worth its share of the chips: ICM's call is the chips' call
    (equity against the range beats the price) for every hand."""
    assert winnable_pot(Facts.of(view_for(_bubble("As Ad"), 2))) == 2 * 1500 + 50
    data = load()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        view = view_for(_bubble(f"{first[0]} {first[1]}"), 2)
        facts = Facts.of(view)
        shover = max(facts.opponents, key=lambda s: s.bet)
        eq = data.equity_against(INDEX[label], [0.3] * len(CLASSES))
        by_chips = eq * winnable_pot(facts) - facts.to_call
        gain = call_gain(view, facts, shover, eq, (100,))
        assert (gain > 1e-9) == (by_chips > 1e-9), label
    assert spot(view, facts).behind == 0


def _shoves(prizes: tuple[int, ...]) -> set[str]:
    """Every class hard shoves first in on the button, four left with 10 big blinds each."""
    shoves = set()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        mine = [first[0], first[1]]
        deck = iter(c for c in ALL_CARDS if c not in mine)
        holes = [mine if seat == 0 else [next(deck), next(deck)] for seat in range(4)]
        hand = Hand(HOLDEM, [1000] * 4, 0, 50, 100, hole_cards=holes, rng=random.Random(0))
        hand.act(Fold())  # under the gun folds to the button
        bot = make_bot("hard", random.Random(0))
        bot.prizes = prizes
        if isinstance(bot.decide(view_for(hand, 0)), AllIn):
            shoves.add(label)
    return shoves


def test_on_the_bubble_icm_shoves_fewer_hands_than_the_chip_chart() -> None:
    """Equal stacks of 10 big blinds, three of four paid: a lost all-in busts, so the button's
    shoving range is a part of the chart's (whose callers call as for chips)."""
    chart, by_icm = _shoves(()), _shoves((50, 30, 20))
    assert {"AA", "KK", "AKs"} <= by_icm < chart
    assert len(by_icm) <= 0.75 * len(chart)
