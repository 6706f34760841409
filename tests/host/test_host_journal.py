"""Host mode with the journal (issue 9): u and undo take back the last input again and again,
across hands, saying what was undone; a killed night resumes on the same hand with its clock
paused where it stood."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input
from tui_driver import visible_text

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.chip_game import ChipGame
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog
from homegame.tui.screens.host import HostApp, HostScreen

NAMES = ("Ann", "Bob", "Cy")


def _config(minutes: int | None = None) -> GameConfig:
    return GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES),
        freezeout=FreezeoutSettings(starting_stack=1500, minutes_per_level=minutes),
    )


async def _type(pilot: Pilot[None], text: str) -> None:
    pilot.app.screen.query_one("#host-input", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def _state(screen: HostScreen) -> tuple[object, ...]:
    session = screen.console.session
    assert isinstance(session, ChipGame)  # a freezeout night
    view = session.view_for(None) if session.hand is not None else None
    return (session.in_hand, session.to_act, session.stacks, view, screen.console.hand_number)


def test_five_undos_in_a_row_take_back_five_inputs_across_a_hand(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), HOST)
    app = HostApp(_config(), button=0, journal=log)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, HostScreen)
            states = [_state(screen)]
            commands = ["n", "c", "c", "k", "b Ah Kd 7c", "r 100", "f", "f", "n", "c"]
            for command in commands:
                await _type(pilot, command)
                assert screen.error == "", (command, screen.error)
                states.append(_state(screen))
            said = []
            for step in range(5):
                await _type(pilot, "u" if step % 2 == 0 else "undo")
                said.append(screen.error)
                assert _state(screen) == states[-2 - step]
            assert re.fullmatch(r"undone: (Ann|Bob|Cy) calls 20", said[0])
            assert said[1].startswith("undone: New hand")
            assert all(re.fullmatch(r"undone: (Ann|Bob|Cy) folds", s) for s in said[2:4])
            assert re.fullmatch(r"undone: (Ann|Bob|Cy) bets 100", said[4])
            assert screen.log_lines[-1] == said[4]

    asyncio.run(scenario())
    history = [r for r in journal.inputs(log.game_id, live=False) if r.kind == "undo"]
    assert len(history) == 5


def test_an_undone_late_entry_s_seat_line_goes_and_the_next_entry_gets_one(
    tmp_path: Path,
) -> None:
    log = GameLog.new(Journal(tmp_path), _config(), HOST)
    app = HostApp(_config(), button=0, journal=log)

    def table() -> str:  # the seat table as the screen shows it: above the board line
        return visible_text(app).split(" Board:")[0]

    async def scenario() -> None:
        async with app.run_test(size=(80, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, HostScreen)
            await _type(pilot, "join Dee 900")
            await _type(pilot, "u")
            await pilot.pause()
            assert screen.error == "undone: join Dee 900" and "Dee" not in table()
            await _type(pilot, "join Eve 800")  # DuplicateIds: the undone line was still there
            await pilot.pause()
            assert screen.error == "" and "Eve" in table() and "Dee" not in table()
            info = screen.seat_info(3)
            assert info is not None and info.name == "Eve" and info.stack == 800

    asyncio.run(scenario())


def test_a_killed_host_night_resumes_on_the_same_hand_with_its_clock_paused(
    tmp_path: Path,
) -> None:
    now = [1000.0]
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(minutes=20), HOST)

    async def first() -> tuple[object, ...]:
        app = HostApp(_config(minutes=20), button=0, journal=log, clock=lambda: now[0])
        async with app.run_test(size=(100, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, HostScreen)
            for command in ("n", "c", "c"):
                await _type(pilot, command)
                now[0] += 60
            screen.tick()
            assert screen.console.clock is not None  # levels by the minute
            return _state(screen), screen.console.clock.position(now[0])

    async def second(expected: tuple[object, ...]) -> None:
        now[0] = 5.0  # a new process: its own monotonic clock
        again = GameLog(Journal(tmp_path), log.game_id)
        app = HostApp(again.config, journal=again, clock=lambda: now[0])
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, HostScreen)
            state, position = expected
            assert _state(screen) == state
            clock = screen.console.clock
            assert clock is not None
            assert not clock.running
            assert clock.position(now[0]) == position
            now[0] += 300
            assert clock.position(now[0]) == position  # paused: waits for the host's p
            assert "paused" in screen.error

    asyncio.run(second(asyncio.run(first())))


def test_naming_a_busted_player_as_winner_is_refused_in_one_line() -> None:
    from homegame.host.console import HostConsole

    console = HostConsole(_config(), button=0)
    for line in ("set Cy 0", "n", "c", "k", "b Ah Kd 7c", "k", "k", "b 2c", "k", "k", "b 3d"):
        assert console.run(line).ok, line
    for line in ("k", "k"):
        console.run(line)
    outcome = console.run("w Cy")
    assert not outcome.ok
    assert outcome.message == "Cy is not in this hand"
