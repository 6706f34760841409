"""KRG's pool, cube stakes and side pools as lines of the night's ledger (HOUSE_RULES 15-17, 23)."""

from __future__ import annotations

import random

from homegame.engine.krg_series import KrgSeries
from homegame.engine.session import KrgSession
from homegame.money.night import night


def test_house_rule_16_cube_stakes_and_the_pool_are_ledger_lines() -> None:
    s = KrgSeries(("Ann", "Bob", "Cat"), cube=True, buy_in=500, side_bet=100, dealer=0)
    s.turn_cube(1)
    s.answer_cube(2, double=True)
    s.answer_cube(0, double=False)  # Ann drops out, forfeiting 5.00
    s.score_deal([2], four_of_a_kind=[1])
    for _ in range(2):
        s.score_deal([2])
    lines = s.ledger("krg")
    items = [(line.party, line.item, line.cents_in, line.cents_out) for line in lines]
    assert items == [
        ("Ann", "buy-in", 500, 0),
        ("Ann", "side bet", 100, 0),
        ("Bob", "buy-in", 500, 0),
        ("Bob", "side bet", 100, 0),
        ("Cat", "buy-in", 500, 0),
        ("Cat", "side bet", 100, 0),
        ("Bob", "cube stake", 500, 0),
        ("Cat", "cube stake", 500, 0),
        ("Bob", "side pool", 0, 300),
        ("Cat", "pool", 0, 2500),
    ]
    result = night(lines)
    assert result.balanced
    assert {t.party: t.net for t in result.totals} == {"Ann": -600, "Bob": -800, "Cat": 1400}
    assert [str(t) for t in result.transfers] == ["Bob pays Cat 8.00", "Ann pays Cat 6.00"]


def test_an_unfinished_series_still_holds_its_pool() -> None:
    s = KrgSeries(("Ann", "Bob"), buy_in=500)
    s.score_deal([0])
    (wrong,) = night(s.ledger("krg 1")).mismatches
    assert (wrong.game, wrong.cents) == ("krg 1", -1000)


def test_the_krg_session_feeds_the_same_ledger() -> None:
    game = KrgSession(("Ann", "Bob"), rng=random.Random(1), buy_in=250)
    assert game.tournament() is None  # no freezeout money: the series has its own lines
    assert [line.cents_in for line in game.ledger_lines("g")] == [250, 250]


def test_house_rule_15_a_tied_pool_splits_in_the_ledger_odd_cents_left_of_the_dealer() -> None:
    s = KrgSeries(("Ann", "Bob", "Cat"), buy_in=333, dealer=2)  # pool 9.99 between Ann and Bob
    for _ in range(3):
        s.score_deal([0, 1])
    won = {line.party: line.cents_out for line in s.ledger("krg") if line.item == "pool"}
    assert won == {"Ann": 500, "Bob": 499}  # Ann sits first left of the dealer (Cat)
    result = night(s.ledger("krg"))
    assert result.balanced
    assert {t.party: t.net for t in result.totals} == {"Ann": 167, "Bob": 166, "Cat": -333}
