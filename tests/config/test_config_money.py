"""The [money] table of a config: each key, its default (HOUSE_RULES 18-19) and its errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.config import ConfigError, load_config, parse_config
from homegame.money.settings import AddOn, HouseFee, MoneySettings

HOLDEM = 'game = "holdem"\n'


def money(body: str) -> MoneySettings:
    settings = parse_config(f"{HOLDEM}[money]\n{body}\n").money
    assert settings is not None
    return settings


def test_no_money_table_means_chips_only() -> None:
    assert parse_config(HOLDEM).money is None


def test_money_defaults_are_the_house_rules() -> None:
    assert money("buy_in = 10") == MoneySettings(buy_in=1000)
    settings = money("buy_in = 10")
    assert settings.payouts == () and settings.rounding == 100
    assert not settings.rebuys and settings.rebuy_until_level == 4 and settings.add_on is None


def test_every_money_key_is_read() -> None:
    settings = money(
        'buy_in = "12.50"\nhouse_fee = "10%"\npayouts = [50, 30, 20]\nrounding = 0.25\n'
        "rebuys = true\nrebuy_until_level = 6\nadd_on = { chips = 2000, price = 5 }"
    )
    assert settings == MoneySettings(
        buy_in=1250,
        house_fee=HouseFee(basis_points=1000),
        payouts=(5000, 3000, 2000),
        rounding=25,
        rebuys=True,
        rebuy_until_level=6,
        add_on=AddOn(2000, 500),
    )
    assert money("buy_in = 10\nhouse_fee = 2.5").house_fee == HouseFee(cents=250)
    assert money('buy_in = 10\npayouts = "default"').payouts == ()
    assert money("buy_in = 10\npayouts = [62.5, 37.5]").payouts == (6250, 3750)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("", "money.buy_in: missing"),
        ("buy_in = 12.505", "money.buy_in: expected an amount above 0 with at most two decimals"),
        ("buy_in = -5", "money.buy_in: expected an amount above 0"),
        ("buy_in = 0", "money.buy_in: expected an amount above 0"),
        ('buy_in = "ten"', "money.buy_in: expected an amount"),
        ("buy_in = 5000000", "money.buy_in: expected an amount"),
        ("buy_in = 10\npayouts = [60, 30]", "money.payouts: must sum to 100 (they sum to 90)"),
        ("buy_in = 10\npayouts = [30, 70]", "money.payouts: a place may not get more"),
        ('buy_in = 10\npayouts = "top3"', 'money.payouts: expected "default" or a list'),
        ("buy_in = 10\npayouts = [50, 0, 50]", "money.payouts: every place must get more"),
        ('buy_in = 10\nhouse_fee = "120%"', "money.house_fee: expected a percentage above 0"),
        ("buy_in = 10\nhouse_fee = 0", "money.house_fee: expected a fixed amount"),
        ("buy_in = 10\nrounding = 0", "money.rounding: expected an amount"),
        ("buy_in = 10\nrebuys = 1", "money.rebuys: expected true or false"),
        ("buy_in = 10\nrebuy_until_level = 0", "money.rebuy_until_level: expected a level"),
        ("buy_in = 10\nadd_on = 5", "money.add_on: expected a table with chips and price"),
        ("buy_in = 10\nadd_on = { chips = 100 }", "money.add_on.price: missing"),
        ("buy_in = 10\nadd_on = { chips = 0, price = 5 }", "money.add_on.chips: expected"),
        ("buy_in = 10\ntip = 5", "money.tip: unknown key"),
    ],
)
def test_a_bad_money_key_is_named_in_one_line(body: str, problem: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(f"{HOLDEM}[money]\n{body}\n")
    assert any(line.startswith(problem) for line in info.value.problems), info.value.problems
    assert all("\n" not in line for line in info.value.problems)


def test_money_is_for_games_with_betting() -> None:
    with pytest.raises(ConfigError, match=r"money: only for games with betting"):
        parse_config('game = "krg"\n[money]\nbuy_in = 10\n')


def test_the_sample_configs_say_what_they_are_played_for() -> None:
    samples = Path(__file__).resolve().parents[2] / "sample_configs"
    night = load_config(samples / "host-night.toml").money
    assert night is not None and night.rebuys and night.add_on == AddOn(5000, 1000)
    assert night.buy_in == 2000 and night.house_fee == HouseFee(basis_points=500)
    assert load_config(samples / "holdem-freezeout.toml").money == MoneySettings(buy_in=500)
