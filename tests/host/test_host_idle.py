"""The host console idle (issue 34): nothing ticks before its clock runs or while it is paused,
and a tick redraws only a line whose text changed, without laying the screen out again
(benchmarks/bench_idle.py measures the CPU this saves)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from textual.pilot import Pilot
from textual.widgets import Input, Static

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.tui.screens.host import HostApp, HostScreen


async def _type(pilot: Pilot[None], text: str) -> None:
    pilot.app.screen.query_one("#host-input", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def _app(now: list[float], minutes: int | None = 15) -> HostApp:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy")),
        freezeout=FreezeoutSettings(minutes_per_level=minutes),
    )
    return HostApp(config, random.Random(7), button=0, clock=lambda: now[0])


def test_the_host_console_ticks_only_while_its_clock_runs() -> None:
    async def scenario() -> None:
        now = [0.0]
        async with _app(now).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, HostScreen)
            assert not screen.ticking, "a tick before the first deal"
            await _type(pilot, "n")
            assert screen.ticking
            await _type(pilot, "p")
            assert "paused" in screen.clock_text and not screen.ticking
            await _type(pilot, "p")
            assert screen.ticking

    asyncio.run(scenario())


def test_a_console_without_a_minutes_clock_never_ticks() -> None:
    async def scenario() -> None:
        now = [0.0]
        async with _app(now, minutes=None).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, HostScreen)
            await _type(pilot, "n")
            assert not screen.ticking

    asyncio.run(scenario())


def test_a_tick_redraws_only_the_lines_that_changed() -> None:
    async def scenario() -> None:
        now = [0.0]
        async with _app(now).run_test(size=(80, 24)) as pilot:
            screen = pilot.app.screen
            assert isinstance(screen, HostScreen)
            await _type(pilot, "n")
            drawn: list[tuple[str, bool]] = []
            for name in ("#host-header", "#host-clock"):
                line = screen.query_one(name, Static)
                update = line.update

                def counted(
                    content: object = "",
                    *,
                    layout: bool = True,
                    _u: Callable[..., None] = update,
                    _n: str = name,
                ) -> None:
                    drawn.append((_n, layout))
                    _u(content, layout=layout)

                line.update = counted  # type: ignore[method-assign]
            now[0] += 0.4  # the same second: nothing to redraw
            screen.tick()
            assert drawn == []
            now[0] += 1.0
            screen.tick()
            assert drawn == [("#host-clock", False)], "only the clock, and no layout"
            assert screen.clock_text == "Clock 14:59 to 15/25"

    asyncio.run(scenario())
