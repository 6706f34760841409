"""Preflop: the shipped equity matrix and push/fold charts, and how the hard bot plays them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

import pytest

from homegame.bots import make_bot
from homegame.bots.equity import equity
from homegame.bots.pushfold import (
    CLASSES,
    COMBOS,
    INDEX,
    STACKS,
    blockers,
    class_of,
    combos_of,
    load,
    solve,
)
from homegame.cards import Card, parse_cards
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Fold
from homegame.engine.hand import Hand, view_for
from homegame.variants import HOLDEM, YUKON, Variant


def _hard(hand: Hand, seed: int = 0) -> Action:
    return make_bot("hard", random.Random(seed)).decide(view_for(hand, hand.to_act))


def test_there_are_169_classes_holding_all_1326_combos() -> None:
    assert len(CLASSES) == 169 and sum(COMBOS) == 1326
    assert class_of(parse_cards("As Kd")) == INDEX["AKo"]
    assert class_of(parse_cards("7h 8h")) == INDEX["87s"]
    assert class_of(parse_cards("5c 5d")) == INDEX["55"]
    removal = blockers()
    assert removal[INDEX["AA"]][INDEX["AA"]] == 1
    assert removal[INDEX["AA"]][INDEX["AKo"]] == 6
    assert removal[INDEX["72o"]][INDEX["KQs"]] == 4


def test_the_shipped_equity_matrix_is_antisymmetric_and_knows_the_classics() -> None:
    eq = load().equity
    for a in range(169):
        assert eq[a][a] == 500
        for b in range(a + 1, 169):
            assert eq[a][b] + eq[b][a] == 1000
    assert 790 <= eq[INDEX["AA"]][INDEX["KK"]] <= 845
    assert 840 <= eq[INDEX["AA"]][INDEX["72o"]] <= 900
    assert 520 <= eq[INDEX["22"]][INDEX["AKo"]] <= 560  # the classic coin flip


@pytest.mark.parametrize(("first", "second"), [("KK", "AKs"), ("T9s", "AJo"), ("A5o", "66")])
def test_shipped_equities_match_a_recomputation_with_the_engine(first: str, second: str) -> None:
    """A few entries, recomputed by the engine against every combo of the second class, agree
    to within 2.5 points."""
    total = weight = 0.0
    for a in combos_of(INDEX[first])[:1]:
        for b in combos_of(INDEX[second]):
            if set(a) & set(b):
                continue
            rng = random.Random(len(a) + weight)
            total += equity(HOLDEM, {}, [a, b], exact=False, samples=5000, rng=rng).equity[0]
            weight += 1
    shipped = load().equity[INDEX[first]][INDEX[second]] / 1000
    assert shipped == pytest.approx(total / weight, abs=0.025)


def test_yukons_shipped_matrix_is_antisymmetric_and_favours_pairs_more_than_holdems() -> None:
    """Yukon's own table: seven board cards and a choice of sets make pairs stronger against
    overcards than in Hold'em (AKo against 77: 42% in Yukon, 46% in Hold'em)."""
    yukon, holdem = load("yukon").equity, load().equity
    for a in range(169):
        assert yukon[a][a] == 500
        for b in range(a + 1, 169):
            assert yukon[a][b] + yukon[b][a] == 1000
    assert 750 <= yukon[INDEX["AA"]][INDEX["KK"]] <= 830  # 81% in Hold'em
    for pair, overcards in (("77", "AKo"), ("88", "A9s"), ("TT", "AJo")):
        assert yukon[INDEX[pair]][INDEX[overcards]] > holdem[INDEX[pair]][INDEX[overcards]] + 10


@pytest.mark.parametrize(("first", "second"), [("77", "AKo"), ("T9s", "AJo"), ("KK", "AKs")])
def test_shipped_yukon_equities_match_a_recomputation_with_the_engine(
    first: str, second: str
) -> None:
    """Yukon entries, recomputed by the engine against every combo of the second class, agree
    to within 3 points (the table ran 2,000 boards a pair)."""
    total = weight = 0.0
    a = combos_of(INDEX[first])[0]
    for b in combos_of(INDEX[second]):
        if set(a) & set(b):
            continue
        rng = random.Random(len(b) + weight)
        total += equity(YUKON, {}, [a, b], exact=False, samples=1500, rng=rng).equity[0]
        weight += 1
    shipped = load("yukon").equity[INDEX[first]][INDEX[second]] / 1000
    assert shipped == pytest.approx(total / weight, abs=0.03)


def test_the_yukon_heads_up_chart_matches_a_fresh_best_response_iteration() -> None:
    """Fictitious play from Yukon's matrix reproduces its shipped 10 BB chart."""
    data = load("yukon")
    fresh = solve(data.equity, blockers(), 10, 1, iterations=120)
    shipped = data.chart(1, 10)
    differ = sum(abs(a - b) * k for a, b, k in zip(fresh.push, shipped.push, COMBOS, strict=True))
    assert differ / 1326 <= 0.03
    assert 0.5 <= shipped.push_fraction() <= 0.8


def test_the_charts_cover_5_to_20_bb_and_shorter_stacks_shove_wider() -> None:
    data = load()
    for behind in (1, 2, 5, 8):
        fractions = [data.chart(behind, s).push_fraction() for s in STACKS]
        assert all(a >= b - 0.02 for a, b in pairwise(fractions))
    heads_up = data.chart(1, 10)
    # Heads-up at 10 BB the small blind shoves well over half of all hands.
    assert 0.5 <= heads_up.push_fraction() <= 0.75
    assert heads_up.call_fraction() < heads_up.push_fraction()
    # More players behind: tighter.
    assert data.chart(8, 10).push_fraction() < data.chart(2, 10).push_fraction() < 0.75
    assert heads_up.push[INDEX["AA"]] == 1 and heads_up.push[INDEX["32o"]] <= 0.5


def test_the_heads_up_chart_matches_a_fresh_best_response_iteration() -> None:
    """Fictitious play from the shipped matrix reproduces the shipped 10 BB chart."""
    data = load()
    fresh = solve(data.equity, blockers(), 10, 1, iterations=120)
    shipped = data.chart(1, 10)
    differ = sum(abs(a - b) * k for a, b, k in zip(fresh.push, shipped.push, COMBOS, strict=True))
    assert differ / 1326 <= 0.03


def test_at_10_bb_heads_up_hard_shoves_the_equilibrium_range_within_5_percent() -> None:
    chart = load().chart(1, 10)
    shoved = 0.0
    mismatch = 0.0
    for index in range(169):
        combo = combos_of(index)[0]
        rest = [c for c in parse_cards("2c 3d 4h 5s 6c 7d 8h 9s") if c not in combo]
        villain = rest[:2] if combo[0].rank != 0 else rest[2:4]
        hand = Hand(
            HOLDEM, [200, 200], 0, 10, 20, hole_cards=[list(combo), villain], rng=random.Random(0)
        )
        action = _hard(hand, seed=index)
        assert isinstance(action, AllIn | Fold), (CLASSES[index], action)
        pushed = isinstance(action, AllIn)
        shoved += pushed * COMBOS[index]
        mismatch += abs(pushed - chart.push[index]) * COMBOS[index]
    assert mismatch / 1326 <= 0.05
    assert abs(shoved / 1326 - chart.push_fraction()) <= 0.05


def _six_max(hero_seat: int, hero: str, actions: Sequence[Action] = ()) -> Hand:
    """Six-handed at 100 BB, button seat 0 (blinds 1 and 2, first to act seat 3)."""
    deck = iter(parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks 2d 3h 4s"))
    mine = parse_cards(hero)
    holes: list[list[Card]] = []
    for seat in range(6):
        if seat == hero_seat:
            holes.append(mine)
        else:
            cards: list[Card] = []
            while len(cards) < 2:
                c = next(deck)
                if c not in mine:
                    cards.append(c)
            holes.append(cards)
    hand = Hand(HOLDEM, [2000] * 6, 0, 10, 20, hole_cards=holes, rng=random.Random(0))
    for action in actions:
        hand.act(action)
    return hand


@pytest.mark.parametrize("hero", ["As Ad", "Ks Kd", "Qs Qd", "Ts Td", "As Kd", "Ah Qh"])
def test_first_in_under_the_gun_hard_raises_the_big_hands(hero: str) -> None:
    action = _hard(_six_max(3, hero))
    assert isinstance(action, BetRaise) and 40 < action.to <= 80


def test_first_in_hard_never_limps_and_opens_wider_on_the_button() -> None:
    utg = {"raise": 0, "fold": 0}
    for label in CLASSES:
        combo = combos_of(INDEX[label])[0]
        hero = f"{combo[0]} {combo[1]}"
        action = _hard(_six_max(3, hero))
        assert isinstance(action, BetRaise | Fold), (label, action)
        utg["raise" if isinstance(action, BetRaise) else "fold"] += COMBOS[INDEX[label]]
    assert 0.1 <= utg["raise"] / 1326 <= 0.25
    # K9s and 76s: folded under the gun, opened on the button.
    for hero in ("Ks 9s", "7h 6h"):
        assert isinstance(_hard(_six_max(3, hero)), Fold)
        button = _six_max(0, hero, [Fold(), Fold(), Fold()])
        assert isinstance(_hard(button), BetRaise)


def test_facing_an_open_hard_3bets_aces_defends_its_big_blind_and_folds_junk() -> None:
    opened = [BetRaise(50)]  # under the gun opens to 2.5 BB
    three_bet = _hard(_six_max(4, "As Ad", opened))
    assert isinstance(three_bet, BetRaise) and three_bet.to >= 150
    assert isinstance(_hard(_six_max(4, "7c 2d", opened)), Fold)
    # Button opens, the small blind folds: the big blind defends a suited king.
    steal: list[Action] = [Fold(), Fold(), Fold(), BetRaise(50), Fold()]
    assert isinstance(_hard(_six_max(2, "Kh 8h", steal)), Call | BetRaise)
    assert isinstance(_hard(_six_max(2, "7c 2d", steal)), Fold)


@pytest.mark.parametrize(
    ("hero", "calls"),
    [("As Ad", True), ("Ks Kd", True), ("8s 8d", False), ("As 9d", False), ("Ks Jd", False)],
)
def test_facing_a_100_bb_shove_hard_calls_only_what_beats_the_price(hero: str, calls: bool) -> None:
    action = _against_a_shove(hero)
    assert isinstance(action, Call) is calls, action


def _against_a_shove(hero: str, variant: Variant = HOLDEM) -> Action:
    """Heads-up at 100 BB, the button shoves first in: the big blind's (hard's) action."""
    hand = Hand(
        variant,
        [2000, 2000],
        0,
        10,
        20,
        hole_cards=[parse_cards("5c 4d"), parse_cards(hero)],
        rng=random.Random(0),
    )
    hand.act(AllIn())
    return _hard(hand)


def test_medium_raises_before_the_flop_and_easy_stays_passive() -> None:
    hand = Hand(
        HOLDEM,
        [2000, 2000],
        0,
        10,
        20,
        hole_cards=[parse_cards("Ah Kh"), parse_cards("7c 2d")],
        rng=random.Random(0),
    )
    medium = make_bot("medium", random.Random(1)).decide(view_for(hand, 0))
    assert isinstance(medium, BetRaise) and medium.to == 60
    easy = make_bot("easy", random.Random(1)).decide(view_for(hand, 0))
    assert isinstance(easy, Call | Check)


@pytest.mark.parametrize(
    ("variant", "calls", "folds"), [(HOLDEM, "As Kd", "Ts Td"), (YUKON, "Ts Td", "As Kd")]
)
def test_facing_a_shove_hard_prices_the_call_by_its_own_games_table(
    variant: Variant, calls: str, folds: str
) -> None:
    """Against a 100 BB shove heads-up, Hold'em's table calls AKo and folds TT; Yukon's, where
    pairs hold up better against overcards, calls TT and folds AKo."""
    assert isinstance(_against_a_shove(calls, variant), Call)
    assert isinstance(_against_a_shove(folds, variant), Fold)
