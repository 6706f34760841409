"""Work the event loop must not wait on runs in a worker thread that rests now and then, so the
loop gets the interpreter lock when it wants it (homegame.tui.background, issue 15)."""

from __future__ import annotations

import asyncio
import sys
import threading
import time

import homegame.tui.background as background
from homegame.pace import give_way


def test_work_in_background_runs_in_another_thread_and_rests_after_each_slice(monkeypatch):
    rests: list[float] = []
    monkeypatch.setattr(background.time, "sleep", rests.append)
    monkeypatch.setattr(sys, "getswitchinterval", lambda: 0.005)
    switched: list[float] = []
    monkeypatch.setattr(sys, "setswitchinterval", switched.append)

    def work(seconds: float) -> str:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            give_way()
        return threading.current_thread().name

    name = asyncio.run(background.in_background(work, 10 * background.SLICE))
    assert name != threading.current_thread().name
    assert 5 <= len(rests) <= 11 and set(rests) == {background.REST}
    assert switched == [background.SWITCH]


def test_the_table_asks_its_bots_and_the_odds_in_background(monkeypatch) -> None:
    import random

    from tui_driver import drive, table_of

    import homegame.tui.screens.table as table_module
    from homegame.config import GameConfig, PlayerSetting, TimingSettings
    from homegame.tui.app import HomegameApp

    asked: list[str] = []
    run = table_module.in_background

    async def recorded(work, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(work.__name__)
        return await run(work, *args, **kwargs)

    monkeypatch.setattr(table_module, "in_background", recorded)
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "hard"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=0.0))
    app = HomegameApp(config, rng=random.Random(2))

    def odds_on(app: HomegameApp, record: object) -> bool:
        table = table_of(app)
        if table is not None and not table.show_odds:
            table.action_odds()
        return table is not None and table.hand_number > 2

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await drive(app, pilot, stop=odds_on, max_steps=400)

    asyncio.run(scenario())
    assert "decide_told" in asked and "odds_text" in asked
