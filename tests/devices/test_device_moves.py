"""issue 29: a person moves between their phone and the laptop between hands. The laptop never
shows a phone seat's hole cards, a seat moved to the laptop gets the "pass to" screen before
its cards, the moved-away phone is told its seat is played at the table and sent nothing else,
the same link works again once the seat moves back, a bad move (mid-hand, a bot's seat) is one
line that changes nothing, and the move is journalled: a game killed with SIGKILL and resumed
keeps it."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import aiohttp
import pytest
from device_clients import config_for

from homegame.devices.hub import PLAYED_HERE
from homegame.devices.seats import DeviceSeats
from homegame.devices.server import DeviceServer, make_app
from homegame.devices.tokens import new_setup, saved_setup
from homegame.engine.actions import passive
from homegame.engine.views import HandView
from homegame.play.driver import GameDriver, MoveRefused
from homegame.play.requests import AskAction, BotTurn, DealResult, Handoff, Request
from homegame.store.inputs import SEAT_PLACE
from homegame.store.journal import Journal
from homegame.store.recorder import GameLog

ROOT = Path(__file__).resolve().parents[2]


def answer(request: Request) -> object:
    """A quiet answer to anything: a bot decides, a person checks or calls, the rest goes on."""
    if isinstance(request, BotTurn):
        return request.bot.decide(request.view)
    if isinstance(request, AskAction):
        return passive(request.legal)
    return False if isinstance(request, DealResult) else None


def play_until(driver: GameDriver, stop: Callable[[Request], bool]) -> list[Request]:
    """Answer the driver's requests until one `stop` accepts; every request met on the way."""
    met: list[Request] = []
    for _ in range(5000):
        request = driver.request
        assert request is not None
        met.append(request)
        if stop(request):
            return met
        driver.answer(answer(request))
    raise AssertionError("the game never got there")


def hidden_cards_shown(view: HandView | None, driver: GameDriver) -> set[int]:
    """The seats on phones whose hole cards (not shown at a showdown) `view` holds."""
    if view is None:
        return set()
    return {
        s.seat
        for s in view.seats
        if s.seat in driver.on_devices and s.cards and any(s.cards) and not s.shown
    }


def a_table(
    journal: GameLog | None = None, tap: Callable[[int, str], None] | None = None
) -> tuple[GameDriver, DeviceSeats]:
    """Hold'em for P0, P1 and P2 on phones and one bot; no phone connected (`tap`: told
    every text sent to a device)."""
    if journal is not None:
        driver = GameDriver(journal.config, journal=journal)
        setup = saved_setup(journal)
        assert setup is not None
    else:
        driver = GameDriver(config_for("holdem"), random.Random(3))
        setup = new_setup([0, 1, 2], "127.0.0.1", 0)
    return driver, DeviceSeats(driver, setup, tap=tap)


def test_a_bad_move_is_one_line_and_changes_nothing() -> None:
    """Mid-hand, a bot's seat, a seat with no link, a seat already there: refused."""
    driver, seats = a_table()
    driver.start()
    play_until(driver, lambda r: isinstance(r, AskAction))
    before = (driver.on_devices, driver.request, seats.hub.message_for(1))
    with pytest.raises(MoveRefused, match=r"^P1 can move between hands, while a hand's result"):
        seats.move(1, False)
    with pytest.raises(MoveRefused, match=r"^Bot 0 is a bot: a bot's seat is played here"):
        driver.place_seat(3, True)
    play_until(driver, lambda r: isinstance(r, DealResult))
    with pytest.raises(MoveRefused, match=r"^P2 plays on their phone already"):
        driver.place_seat(2, True)
    driver.linked = frozenset({0, 2})
    with pytest.raises(MoveRefused, match=r"^P1 has no phone link at this table"):
        driver.place_seat(1, True)
    driver.linked = frozenset({0, 1, 2})
    assert (driver.on_devices, seats.hub.message_for(1)["type"]) == (before[0], "view")
    assert "\n" not in str(MoveRefused("x"))


def test_a_seat_moved_to_the_laptop_gets_the_pass_to_screen_and_phone_cards_never_show() -> None:
    """Between hands P1 moves to the laptop: the next hand hands the screen to P1 before their
    own cards show there, and never once does the shared screen's view hold the hole cards of
    P0 or P2 (on their phones). Moved back, P1's cards leave the laptop again."""
    driver, seats = a_table()
    driver.start()
    play_until(driver, lambda r: isinstance(r, DealResult))
    assert seats.move(1, False) == "P1 plays here at the table"
    assert driver.on_devices == {0, 2}
    assert seats.hub.seats == {0, 2}
    assert seats.hub.message_for(1) == {"type": "moved", "why": PLAYED_HERE}
    driver.answer(False)
    handed = private = 0
    while isinstance(driver.request, Request) and not isinstance(driver.request, DealResult):
        request = driver.request
        shown = driver.shown_view()
        assert not hidden_cards_shown(shown, driver), shown
        if isinstance(request, Handoff) and request.seat == 1:
            handed += 1
            assert shown is not None and shown.viewer is None  # nothing private before Enter
        if isinstance(request, AskAction) and request.seat == 1:
            assert handed, "P1's cards showed at the laptop with no pass-to screen first"
            assert shown is not None and shown.viewer == 1
            mine = next(s for s in shown.seats if s.seat == 1)
            private += bool(mine.cards and all(mine.cards))
        driver.answer(answer(request))
    assert handed and private
    assert seats.move(1, True) == "P1 plays on their phone"
    driver.answer(False)
    met = play_until(driver, lambda r: isinstance(r, AskAction) and r.seat == 1)
    assert driver.shown_view() is not None
    assert not hidden_cards_shown(driver.shown_view(), driver)
    assert seats.takes(met[-1])  # P1's phone answers again


def test_the_moved_phone_is_told_and_sent_nothing_more_and_the_same_link_works_again() -> None:
    """Over real WebSockets: P1's open page gets one line and no view (no cards) while P1 plays
    at the laptop, its answers change nothing, and when P1 moves back the same open page (and
    the same link opened afresh) has P1's cards again."""
    sent: list[tuple[int, str]] = []
    driver, seats = a_table(tap=lambda seat, text: sent.append((seat, text)))

    async def go() -> None:
        server = DeviceServer(make_app(seats.setup, seats.hub), "127.0.0.1", 0)
        port = await server.start()
        link = f"ws://127.0.0.1:{port}/seat/{seats.setup.tokens[1]}/ws"
        seats.shown(driver.start())
        play_until(driver, lambda r: isinstance(r, DealResult))
        try:
            async with aiohttp.ClientSession() as http, http.ws_connect(link) as ws:
                first = json.loads(await ws.receive_str(timeout=5))
                assert first["type"] == "view" and first["mine"]["cards"]
                seats.move(1, False)
                told = json.loads(await ws.receive_str(timeout=5))
                assert told == {"type": "moved", "why": PLAYED_HERE}
                mark = len(sent)
                await ws.send_str(json.dumps({"type": "answer", "id": 1, "answer": {}}))
                seats.shown(driver.answer(False))  # the next hand is dealt, P1 at the laptop
                play_until(driver, lambda r: isinstance(r, DealResult))
                seats.shown([])
                await asyncio.sleep(0.1)
                assert all(seat != 1 for seat, _ in sent[mark:])  # not one byte more for P1
                seats.move(1, True)
                back = json.loads(await ws.receive_str(timeout=5))
                assert back["type"] == "view" and back["mine"]["cards"]
                async with http.ws_connect(link) as again:
                    fresh = json.loads(await again.receive_str(timeout=5))
                    assert fresh["type"] == "view" and fresh["seat"] == 1
        finally:
            await seats.hub.close()
            await server.stop()

    asyncio.run(go())


#: The child process: a saved game on the phones; P1 moves to the laptop at the first result,
#: then the game goes on until the process is killed.
CHILD = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from device_clients import config_for
from homegame.devices.seats import DeviceSeats
from homegame.devices.tokens import keep_setup, new_setup, saved_setup
from homegame.engine.actions import passive
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction, BotTurn, DealResult
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog

log = GameLog.new(Journal(Path(sys.argv[1])), config_for("holdem"), PASS_AND_PLAY)
keep_setup(log, new_setup([0, 1, 2], "127.0.0.1", 0))
driver = GameDriver(log.config, journal=log)
seats = DeviceSeats(driver, saved_setup(log))
driver.start()
results = 0
while True:
    request = driver.request
    if isinstance(request, DealResult):
        results += 1
        if results == 1:
            seats.move(1, False)
        if results == 2:
            print("MOVED", flush=True)
            time.sleep(60)
    if isinstance(request, BotTurn):
        driver.answer(request.bot.decide(request.view))
    elif isinstance(request, AskAction):
        driver.answer(passive(request.legal))
    else:
        driver.answer(False if isinstance(request, DealResult) else None)
"""


def test_a_moved_seat_stays_moved_after_a_kill_and_resume(tmp_path: Path) -> None:
    """SIGKILL a game a hand after P1 moved to the laptop: the resumed game plays P1 at the
    laptop (pass-to screen, no phone), P1's phone is told so, and moving back is journalled."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-c", CHILD, str(tmp_path), str(ROOT / "tests")]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "MOVED"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    journal = Journal(tmp_path)
    (record,) = journal.games()
    log = GameLog(journal, record.id)
    assert [r.label for r in log.inputs() if r.kind == SEAT_PLACE] == ["P1 plays here at the table"]
    driver, seats = a_table(log)
    assert driver.on_devices == {0, 2}
    assert seats.hub.message_for(1) == {"type": "moved", "why": PLAYED_HERE}
    driver.start()
    met = play_until(driver, lambda r: isinstance(r, AskAction) and r.seat == 1)
    assert any(isinstance(r, Handoff) and r.seat == 1 for r in met)
    assert not seats.takes(met[-1])
    play_until(driver, lambda r: isinstance(r, DealResult))
    seats.move(1, True)
    assert GameLog(journal, record.id).seat_places() == {1: True}
    again = GameDriver(log.config, journal=GameLog(journal, record.id))
    again.linked = frozenset({0, 1, 2})
    assert again.on_devices == {0, 1, 2}
    journal.close()
