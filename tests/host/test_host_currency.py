"""Issue 27 in host mode: the money lines the host and the room read are in the config's
currency, or in none when it names none; the journal's events stay in cents."""

from __future__ import annotations

import random

import pytest

from homegame.config import CashGameSettings, GameConfig, PlayerSetting
from homegame.engine.cash_session import CashMoved
from homegame.host.console import HostConsole
from homegame.host.room import room_view
from homegame.money.settings import MoneySettings

NAMES = ("Ann", "Bob", "Cy")


def _console(currency: str, **kw: object) -> HostConsole:
    players = tuple(PlayerSetting(n) for n in NAMES)
    config = GameConfig("holdem", players=players, currency=currency, **kw)  # type: ignore[arg-type]
    return HostConsole(config, random.Random(7), button=0)


@pytest.mark.parametrize(
    ("currency", "fifteen", "seventy_five"),
    [("", "15.00", "75.00"), ("$", "$15.00", "$75.00"), ("EUR", "15.00 EUR", "75.00 EUR")],
)
def test_a_cash_game_s_money_lines_in_the_config_s_currency(
    currency: str, fifteen: str, seventy_five: str
) -> None:
    console = _console(currency, cash=CashGameSettings())
    assert f"Dee buys in for 1,500 chips ({fifteen})" in console.run("buy Dee 1500").lines
    assert f"{seventy_five} on the table" in console.header(0.0)
    assert room_view(console, 0.0).money_line.startswith(f"On the table {seventy_five} · ")
    moved = [e for e in console.history if isinstance(e, CashMoved)][-1]
    assert moved.cents == 1500  # the event holds cents, whatever the currency


@pytest.mark.parametrize(
    ("currency", "pool"), [("", "Prize pool 60.00"), ("£", "Prize pool £60.00")]
)
def test_a_freezeout_s_pool_and_payouts_in_the_config_s_currency(currency: str, pool: str) -> None:
    console = _console(currency, money=MoneySettings(buy_in=2000))
    lines = console.money_lines()
    assert lines[0].startswith(pool)
    assert lines[1] == f"Pays 1st {pool.removeprefix('Prize pool ')}"
