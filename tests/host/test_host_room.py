"""The room's big view of a live game: clock, blinds, field, KRG scores; no card, ever."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, SeriesSettings
from homegame.host.console import HostConsole
from homegame.host.room import room_view

NAMES = ("Ann", "Bob", "Cy")


def _console(game: str, **kw: Any) -> HostConsole:
    config = GameConfig(game, players=tuple(PlayerSetting(n) for n in NAMES), **kw)
    return HostConsole(config, random.Random(2), button=0)


def test_room_view_of_a_clocked_freezeout() -> None:
    console = _console("holdem", freezeout=FreezeoutSettings(minutes_per_level=10))
    view = room_view(console, 0.0)
    assert view.clock == "10:00" and view.clock_state == "not started"
    assert view.leader_line == "Chip lead shared at 1,500 by 3 players"
    for line in ("n", "r 100", "f", "f"):
        assert console.run(line, now=0.0).ok
    view = room_view(console, 30.0)
    assert view.clock == "9:30" and view.clock_state == "running"
    assert view.headline == "Level 1 · blinds 10/20" and view.next_line == "Next: 15/25"
    assert view.leader_line == "Chip leader: Ann 1,530"
    assert view.field_line == "3 of 3 players left · average 1,500"
    console.run("p", now=40.0)
    assert room_view(console, 500.0).clock_state == "paused"
    console.run("p", now=500.0)
    # Time ran into level 2 while the last hand was played: the room sees it coming.
    assert room_view(console, 1200.0).headline.endswith("from the next hand")


def test_room_view_of_a_krg_series_has_scores_and_money() -> None:
    console = _console("krg", series=SeriesSettings(doubling_cube=True))
    for line in ("n", "d all", "d all", "d all", "w Bob"):
        assert console.run(line).ok
    view = room_view(console, 0.0)
    assert view.scores == (("Ann", 0), ("Bob", 1), ("Cy", 0))
    assert view.money_line.startswith("Pool 15.00") and "cube 1" in view.money_line


def test_room_view_holds_no_hole_card_even_after_hands_are_shown_only_the_board() -> None:
    console = _console("holdem")
    for line in ("n", "a", "c", "c", "b Ah Kd 7c", "b 2s", "b 3h", "s Ann Qs Qd", "s Bob Jc Jd"):
        assert console.run(line).ok, line
    view = room_view(console, 0.0)
    text = " ".join(str(v) for v in dataclasses.astuple(view))
    for shown in ("Q♠", "Qs", "Q♦", "Qd", "J♣", "Jc", "J♦", "Jd"):
        assert shown not in text
    assert text.count("A♥") == 1 and view.board_line == "Board: A♥ K♦ 7♣ 2♠ 3♥"


def test_room_view_shows_a_board_dealt_but_not_typed_as_dots() -> None:
    console = _console("holdem")
    for line in ("n", "c", "c", "k"):
        assert console.run(line).ok, line
    assert room_view(console, 0.0).board_line == "Board: ·· ·· ··"


def test_display_app_draws_the_room_view_and_q_quits() -> None:
    import asyncio

    from homegame.tui.screens.display import DisplayApp, RoomBoard

    console = _console("holdem", freezeout=FreezeoutSettings(minutes_per_level=10))
    console.run("n", now=0.0)
    now = [65.0]
    app = DisplayApp(lambda: room_view(console, now[0]), interval=0.05)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            board = app.screen.query_one(RoomBoard)
            assert "8:55" in board.text()
            now[0] = 125.0
            await pilot.pause(0.2)
            assert "7:55" in board.text()
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())
