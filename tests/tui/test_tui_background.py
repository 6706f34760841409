"""Work the event loop must not wait on runs in a worker thread that rests now and then, so the
loop gets the interpreter lock when it wants it (homegame.tui.background, issue 15)."""

from __future__ import annotations

import asyncio
import itertools
import random
import threading
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from textual.app import App

import homegame.tui.background as background
from homegame.pace import give_way


class _Clock:
    """The background module's `time` in a test: its clock moves a tenth of a slice at each
    reading, however busy the machine (on the wall clock a worker put aside for a while saw
    fewer slices and rested less), and its sleeps are noted, not slept."""

    def __init__(self) -> None:
        self.readings = itertools.count()
        self.rests: list[float] = []

    def perf_counter(self) -> float:
        return next(self.readings) * background.SLICE / 10

    def sleep(self, seconds: float) -> None:
        self.rests.append(seconds)


class _Interpreter:
    """The background module's `sys` in a test: the switch interval it reads and what it sets."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.switched: list[float] = []

    def getswitchinterval(self) -> float:
        return self.interval

    def setswitchinterval(self, seconds: float) -> None:
        self.switched.append(seconds)


# The stand-ins are the module's own `time` and `sys`, never the process's: `time.perf_counter`
# replaced for the whole process reached pytest-xdist's threads too, and a passing run ended
# with a KeyboardInterrupt raised inside this test's fake clock (issue 28 item 12).


def test_work_in_background_runs_in_another_thread_and_rests_after_each_slice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock, interpreter = _Clock(), _Interpreter(0.005)
    monkeypatch.setattr(background, "time", clock)
    monkeypatch.setattr(background, "sys", interpreter)

    def work(calls: int) -> str:
        for _ in range(calls):
            give_way()
        return threading.current_thread().name

    name = asyncio.run(background.in_background(work, 100))
    assert name != threading.current_thread().name
    assert 5 <= len(clock.rests) <= 11 and set(clock.rests) == {background.REST}
    assert interpreter.switched == [background.SWITCH]


def test_unpaced_work_has_the_lock_handed_over_often_and_then_the_long_interval_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    interpreter = _Interpreter(background.SWITCH)
    monkeypatch.setattr(background, "sys", interpreter)
    with background.unpaced():
        assert interpreter.switched == [background.UNPACED_SWITCH]
    assert interpreter.switched == [background.UNPACED_SWITCH, background.SWITCH]


@pytest.mark.parametrize("loaded", [False, True])
def test_the_first_decision_loads_the_bots_unpaced_and_later_ones_are_paced(
    monkeypatch: pytest.MonkeyPatch, loaded: bool
) -> None:
    """An import runs none of the bots' `give_way()` calls (70-100 ms at the first decision)."""
    from homegame.engine.hand import Hand, view_for
    from homegame.play.seats import make_bot
    from homegame.tui import players
    from homegame.variants import HOLDEM

    entered: list[bool] = []

    @contextmanager
    def recorded() -> Iterator[None]:
        entered.append(True)
        yield

    monkeypatch.setattr(players, "bots_loaded", lambda: loaded)
    monkeypatch.setattr(players, "unpaced", recorded)
    hand = Hand(HOLDEM, [1000, 1000], 0, 10, 20, rng=random.Random(1))
    bot = make_bot("hard", random.Random(2))
    action = players.decide_told(bot, view_for(hand, hand.to_act), None)
    assert hand.is_legal(action)
    assert entered == ([] if loaded else [True])


def test_the_table_asks_its_bots_and_the_odds_in_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:

    from tui_driver import Record, drive, table_of

    import homegame.tui.screens.table as table_module
    import homegame.tui.widgets.odds as odds_module
    from homegame.config import GameConfig, PlayerSetting, TimingSettings
    from homegame.tui.app import HomegameApp

    asked: list[str] = []
    run: Callable[..., Awaitable[Any]] = background.in_background  # what the table calls

    async def recorded(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        asked.append(work.__name__)
        return await run(work, *args, **kwargs)

    monkeypatch.setattr(table_module, "in_background", recorded)
    monkeypatch.setattr(odds_module, "in_background", recorded)
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "hard"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=0.0))
    app = HomegameApp(config, rng=random.Random(2))

    def odds_on(app: App[None], record: Record) -> bool:
        table = table_of(app)
        if table is not None and not table.show_odds:
            table.action_odds()
        return table is not None and table.driver.hand_number > 2

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await drive(app, pilot, stop=odds_on, max_steps=400)

    asyncio.run(scenario())
    assert "decide_told" in asked and "odds_text" in asked
