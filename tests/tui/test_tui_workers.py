"""The table never works out odds or a bot's decision in its own process, and drops late odds."""

from __future__ import annotations

import asyncio
import functools
import random
import sys
from collections.abc import Callable, Iterator

import pytest
from tui_driver import drive, settle, table_of

import homegame.bots.equity as equity_module
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine.views import HandView
from homegame.tui.app import HomegameApp
from homegame.tui.players import TableWork
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.odds import OddsView
from homegame.work import Odds

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)
ENGINE = ("equity", "keep_choices", "outs")


def _on_event_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


@pytest.fixture
def engine_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Every call of the equity engine, from any module that imported it, records whether it
    ran on an event loop's thread (True: the loop waited on it)."""
    calls: list[bool] = []

    def guarded(work: Callable[..., object]) -> Callable[..., object]:
        @functools.wraps(work)
        def run(*args: object, **kwargs: object) -> object:
            calls.append(_on_event_loop())
            return work(*args, **kwargs)

        return run

    import homegame.bots  # noqa: F401  (every module that binds the engine's names, loaded)

    originals: dict[str, Callable[..., object]] = {
        name: getattr(equity_module, name) for name in ENGINE
    }
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("homegame"):
            continue
        for name, work in originals.items():
            if getattr(module, name, None) is work:
                monkeypatch.setattr(module, name, guarded(work))
    yield calls


def _solo(game: str) -> GameConfig:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "hard"), PlayerSetting("Bot 2", "hard"))
    return GameConfig(game, players=players, timing=FAST)


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_odds_key_and_bot_turns_run_the_equity_engine_in_a_worker_process(
    game: str, engine_calls: list[bool]
) -> None:
    """Hard bots play and the odds show, and the table's own process never runs the equity
    engine: the bots and the odds are worked out in its worker process."""
    app = HomegameApp(_solo(game), rng=random.Random(7))
    shown: list[str] = []

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = table_of(app)
            assert table is not None
            if app.screen is table:
                await pilot.press("o")  # the key handler turns the odds on
            else:  # KRG opens on the discard screen: the same action, from under it
                table.action_odds()
            odds = table.query_one(OddsView)

            def seen(app: object, record: object) -> bool:
                shown.append(odds.text.plain)
                return len(getattr(record, "showdowns", ())) >= 3

            record = await drive(app, pilot, stop=seen)
            assert table.show_odds
            assert table.work.started
            lost = [line for line in record.log_lines if "'s bot " in line]
            assert lost == [], "a built-in bot lost a decision in its worker"

    asyncio.run(scenario())
    assert any("equity" in text for text in shown) or game == "krg", "no odds were shown"
    assert engine_calls == [], "the table's process ran the equity engine itself"


def test_odds_that_arrive_after_the_person_folded_are_dropped_and_the_display_is_cleared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release: asyncio.Event | None = None
    finished: list[bool] = []

    async def slow_odds(self: TableWork, view: HandView, rng: random.Random) -> Odds:
        assert release is not None
        await release.wait()
        finished.append(True)
        return Odds(note="LATE RESULT")

    monkeypatch.setattr(TableWork, "odds", slow_odds)
    app = HomegameApp(_solo("holdem"), rng=random.Random(8))  # a deal where Ann faces a bet

    async def scenario() -> tuple[str, str, str]:
        nonlocal release
        release = asyncio.Event()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen)
            odds = table.query_one(OddsView)
            await pilot.press("o")
            await pilot.pause()
            working = odds.text.plain
            await pilot.press("f")  # folds before the odds arrive
            await pilot.pause()
            after_fold = odds.text.plain
            release.set()
            for _ in range(100):
                if finished:
                    break
                await pilot.pause()
            await pilot.pause()
            return working, after_fold, odds.text.plain

    working, after_fold, late = asyncio.run(scenario())
    assert finished
    assert working.startswith("Odds: working")
    assert after_fold == ""
    assert late == "", "odds worked out for a hand the player had folded were shown"
