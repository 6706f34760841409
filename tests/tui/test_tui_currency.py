"""Issue 27 at the table: with a config's currency every amount the players read is in it (the
cash-out question, the log, the settlement), and with none the amounts have no sign."""

from __future__ import annotations

import random

import pytest
from tui_driver import run, settle, until, until_shown, visible_text

from homegame.config import CashGameSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.settlement import LeaveScreen, SettlementScreen
from homegame.tui.screens.table import TableScreen

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


@pytest.mark.parametrize("currency", ["", "$", "EUR"])
def test_a_cash_game_s_money_on_screen_in_the_config_s_currency(currency: str) -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "easy"))
    config = GameConfig(
        "holdem", players=players, timing=FAST, cash=CashGameSettings(), currency=currency
    )
    app = HomegameApp(config, rng=random.Random(1))

    def cash(amount: str) -> str:
        return {"": amount, "$": f"${amount}", "EUR": f"{amount} EUR"}[currency]

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await pilot.press("l")  # Ann gets up after this hand
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            assert f"1: Ann leaves with 1,990 chips ({cash('19.90')})" in visible_text(app)
            await pilot.press("1", "f")
            await until_shown(pilot, app, "Hand 1: result")
            await pilot.press("enter")  # the only person left: the cash game is over
            await until(pilot, lambda: isinstance(app.screen, SettlementScreen))
            return visible_text(app)

    text = run(scenario())
    assert f"Ann cashes out 1,990 chips ({cash('19.90')})" in text
    assert f"Check: the nets sum to {cash('0.00')}" in text
    assert f"Ann pays Bot {cash('0.10')}" in text
    if not currency:
        assert "$" not in text and "EUR" not in text
