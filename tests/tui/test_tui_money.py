"""Issue 11 in the app: a freezeout played for money (a [money] table) ends with the places,
the prizes and who pays whom, and the certificate gives the finishing order with each prize."""

from __future__ import annotations

import asyncio
import random

from textual.app import App
from tui_driver import Record, drive

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.money.settings import MoneySettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.settlement import SettlementScreen

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def test_issue_11_the_app_freezeout_shows_places_prizes_and_the_settlement() -> None:
    players = (
        PlayerSetting("Ann"),
        PlayerSetting("Bot 1", "easy"),
        PlayerSetting("Bot 2", "easy"),
        PlayerSetting("Bot 3", "easy"),
        PlayerSetting("Bot 4", "easy"),
        PlayerSetting("Bot 5", "easy"),
    )
    config = GameConfig(
        "holdem",
        players=players,
        timing=FAST,
        freezeout=FreezeoutSettings(starting_stack=100),
        money=MoneySettings(buy_in=1000),  # 6 entries of 10.00: 65/35 of 60.00
    )
    app = HomegameApp(config, rng=random.Random(3))
    money_text: list[str] = []

    def look(app: App[None], record: Record) -> None:
        if isinstance(app.screen, SettlementScreen):
            money_text.append(app.screen.text)

    async def scenario() -> Record:
        async with app.run_test(size=(100, 34)) as pilot:
            return await drive(app, pilot, check=look, after_out="s", max_steps=6000, max_wait=120)

    record = asyncio.run(scenario())
    assert money_text, "no result in money was shown"
    text = money_text[-1]
    assert "Prize pool 60.00 · 6 entries" in text
    lines = text.splitlines()
    first = next(line for line in lines if line.strip().startswith("1st"))
    second = next(line for line in lines if line.strip().startswith("2nd"))
    assert first.endswith("39.00") and second.endswith("21.00")
    assert "Check: the nets sum to 0.00" in text and "Settlement (" in text
    cert = [line.strip(" │┃║") for line in record.certificate.splitlines()]
    assert any("Prize: 39.00" in line for line in cert)
    assert any(line.startswith("1st") and line.endswith("39.00") for line in cert)
    assert any(line.startswith("2nd") and line.endswith("21.00") for line in cert)
