"""issue 29: the seat links' security and a phone's life at the table: tokens, a wrong token,
the origin check, answers out of turn, reconnecting, a second device taking the seat over, the
links kept for resume, and answers journalled like keys."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from device_clients import config_for

from homegame.devices.headless import play
from homegame.devices.hub import NOT_YOUR_TURN, TAKEN_OVER
from homegame.devices.seats import DeviceSeats
from homegame.devices.server import NOT_A_SEAT, DeviceServer, Slowdown, make_app
from homegame.devices.tokens import (
    TOKEN_BYTES,
    DeviceSetup,
    keep_setup,
    new_setup,
    saved_setup,
)
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog

Message = dict[str, Any]


@dataclass
class Table:
    driver: GameDriver
    seats: DeviceSeats
    setup: DeviceSetup
    port: int
    http: aiohttp.ClientSession
    waits: list[float]

    def url(self, seat: int, *, page: bool = False) -> str:
        tail = "" if page else "/ws"
        return f"http://127.0.0.1:{self.port}/seat/{self.setup.tokens[seat]}{tail}"

    def state(self) -> tuple[object, ...]:
        driver = self.driver
        journal = driver.journal
        return (
            driver.request,
            driver.game.view_for(None),
            None if journal is None else journal.count(),
        )


@asynccontextmanager
async def table(driver: GameDriver, setup: DeviceSetup | None = None) -> AsyncIterator[Table]:
    """`driver`'s game served on localhost and played headless; no phone connected yet."""
    setup = setup or new_setup(driver.people, "127.0.0.1", 0)
    seats = DeviceSeats(driver, setup)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    server = DeviceServer(make_app(setup, seats.hub, sleep=sleep), "127.0.0.1", 0)
    port = await server.start()
    game = asyncio.create_task(play(seats))
    try:
        async with aiohttp.ClientSession() as http:
            yield Table(driver, seats, setup, port, http, waits)
    finally:
        game.cancel()
        await seats.hub.close()
        await server.stop()


async def until(ws: aiohttp.ClientWebSocketResponse, wanted: Callable[[Message], bool]) -> Message:
    """The next message from the table that `wanted` accepts."""
    while True:
        message: Message = json.loads(await asyncio.wait_for(ws.receive_str(), timeout=10))
        if wanted(message):
            return message


def asked(message: Message) -> bool:
    return message.get("type") == "view" and message.get("ask") is not None


def answer(ask: Message, said: Message) -> str:
    return json.dumps({"type": "answer", "id": ask["id"], "answer": said})


def holdem(journal: GameLog | None = None) -> GameDriver:
    if journal is not None:
        return GameDriver(journal.config, journal=journal)
    return GameDriver(config_for("holdem", bots=0), random.Random(5))


async def first_turn(t: Table) -> int:
    """Wait until the driver asks a seat for its action; that seat."""
    for _ in range(1000):
        request = t.driver.request
        if isinstance(request, AskAction) and t.seats.hub.asked(request.seat) is request:
            return request.seat
        await asyncio.sleep(0.005)
    raise AssertionError("no seat was asked")


def test_a_seat_token_is_unguessable_and_new_for_every_game() -> None:
    one, two = new_setup([0, 1, 2], "localhost", 8765), new_setup([0, 1, 2], "localhost", 8765)
    tokens = [*one.tokens.values(), *two.tokens.values()]
    assert len(set(tokens)) == 6
    assert TOKEN_BYTES * 8 >= 128
    assert all(len(t) >= 26 for t in tokens)  # 160 bits in URL-safe base64
    assert one.seat_of(one.tokens[1]) == 1
    assert one.seat_of(two.tokens[1]) is None
    assert one.seat_of(one.tokens[1][:-1]) is None
    assert one.seat_of("") is None
    assert one.link(2) == f"http://localhost:8765/seat/{one.tokens[2]}"


def test_a_wrong_token_gets_one_plain_line_and_repeated_ones_are_slowed() -> None:
    async def go() -> None:
        async with table(holdem()) as t:
            for _ in range(4):
                async with t.http.get(f"http://127.0.0.1:{t.port}/seat/nope") as response:
                    assert response.status == 404
                    assert await response.text() == NOT_A_SEAT
            async with t.http.get(t.url(0).replace(t.setup.tokens[0], "x" * 27)) as response:
                assert await response.text() == NOT_A_SEAT
            assert t.waits == [0.25, 0.5, 1.0, 2.0]
            async with t.http.get(t.url(0, page=True)) as response:
                assert response.status == 200
                page = await response.text()
                assert "seat.js" in page
                assert response.headers["Cache-Control"] == "no-store"
                assert response.headers["Referrer-Policy"] == "no-referrer"

    asyncio.run(go())


def test_the_slowdown_doubles_to_a_limit_and_forgets_an_address_left_alone() -> None:
    now = [0.0]
    slow = Slowdown(clock=lambda: now[0], forget=60)
    assert [slow.missed("a") for _ in range(8)] == [0, 0.25, 0.5, 1, 2, 4, 8, 8]
    assert slow.missed("b") == 0
    now[0] = 61
    assert slow.missed("a") == 0


def test_a_websocket_from_a_page_of_another_site_is_refused() -> None:
    async def go() -> None:
        async with table(holdem()) as t:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await t.http.ws_connect(t.url(0), origin="http://evil.example")
            assert refused.value.status == 403
            own = f"http://127.0.0.1:{t.port}"
            ws = await t.http.ws_connect(t.url(0), origin=own)
            assert (await until(ws, lambda m: m["type"] == "view"))["seat"] == 0
            await ws.close()

    asyncio.run(go())


def test_an_answer_out_of_turn_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config_for("holdem", bots=0), PASS_AND_PLAY)

    async def go() -> None:
        async with table(holdem(log)) as t:
            seat = await first_turn(t)
            other = (seat + 1) % 3
            ws = await t.http.ws_connect(t.url(other))
            view = await until(ws, lambda m: m["type"] == "view")
            assert view["ask"] is None
            before = t.state()
            await ws.send_str(json.dumps({"type": "answer", "id": 1, "answer": {"action": "fold"}}))
            refused = await until(ws, lambda m: m["type"] == "refused")
            assert refused["why"] == NOT_YOUR_TURN
            assert t.state() == before
            mine = await t.http.ws_connect(t.url(seat))
            ask = (await until(mine, asked))["ask"]
            # An old question's number, a malformed answer, a raise the engine refuses.
            await mine.send_str(answer({"id": ask["id"] - 1}, {"action": "fold"}))
            assert (await until(mine, lambda m: m["type"] == "refused"))["why"] == NOT_YOUR_TURN
            await mine.send_str(answer(ask, {"action": "dance"}))
            assert (await until(mine, lambda m: m["type"] == "refused"))["why"]
            await mine.send_str("not json")
            await mine.send_str(answer(ask, {"action": "raise", "to": 1}))
            again = (await until(mine, asked))["ask"]
            assert again["refusal"].startswith("Not allowed")
            assert t.state()[1:] == before[1:]
            count = journal.count(log.game_id)
            await mine.send_str(answer(again, {"action": "call"}))
            await until(mine, lambda m: m["type"] == "view" and m["ask"] is None)
            for _ in range(100):
                if journal.count(log.game_id) > count:
                    break
                await asyncio.sleep(0.01)
            last = journal.inputs(log.game_id)[-1]
            assert last.kind == "act"
            assert last.calls[0].get("seat") == seat  # journalled as a key at the laptop is
            await ws.close()
            await mine.close()

    asyncio.run(go())


def test_a_phone_that_reconnects_gets_the_table_and_its_question_back() -> None:
    async def go() -> None:
        async with table(holdem()) as t:
            seat = await first_turn(t)
            ws = await t.http.ws_connect(t.url(seat))
            first = await until(ws, asked)
            await ws.close()
            await asyncio.sleep(0.05)
            assert seat in t.seats.hub.away
            ws = await t.http.ws_connect(t.url(seat))
            back = await until(ws, asked)
            assert back["ask"] == first["ask"]
            assert back["mine"]["cards"] == first["mine"]["cards"]
            assert seat not in t.seats.hub.away
            await ws.send_str(answer(back["ask"], {"action": "call"}))
            await until(ws, lambda m: m["type"] == "view" and m["ask"] is None)
            await ws.close()

    asyncio.run(go())


def test_the_same_link_opened_on_a_second_device_takes_over_and_the_first_is_told() -> None:
    async def go() -> None:
        async with table(holdem()) as t:
            seat = await first_turn(t)
            first = await t.http.ws_connect(t.url(seat))
            await until(first, asked)
            second = await t.http.ws_connect(t.url(seat))
            ask = (await until(second, asked))["ask"]
            told = await until(first, lambda m: m["type"] == "taken_over")
            assert told["why"] == TAKEN_OVER
            closed = await asyncio.wait_for(first.receive(), timeout=5)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            await second.send_str(answer(ask, {"action": "call"}))
            await until(second, lambda m: m["type"] == "view" and m["ask"] is None)
            assert t.seats.hub.away == frozenset(s for s in (0, 1, 2) if s != seat)
            await second.close()

    asyncio.run(go())


def test_a_resumed_game_serves_the_same_links_and_the_phone_carries_on(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config_for("holdem", bots=0), PASS_AND_PLAY)
    setup = new_setup([0, 1, 2], "127.0.0.1", 0)
    keep_setup(log, setup)

    async def go(driver: GameDriver, saved: DeviceSetup) -> tuple[int, Message]:
        async with table(driver, saved) as t:
            seat = await first_turn(t)
            ws = await t.http.ws_connect(t.url(seat))
            message = await until(ws, asked)
            await ws.close()
            return seat, message

    seat, before = asyncio.run(go(holdem(log), setup))
    again = GameLog(journal, log.game_id)
    saved = saved_setup(again)
    assert saved == setup
    seat_after, after = asyncio.run(go(holdem(again), saved))
    assert seat_after == seat
    assert after["mine"]["cards"] == before["mine"]["cards"]


def test_the_shared_screen_never_shows_a_device_seats_private_view() -> None:
    """The driver's shown view (what the laptop draws) stays the public one while a seat
    played on its own device is the viewer; a seat at the laptop still sees its own."""
    from homegame.play.requests import Handoff

    for on_devices, private in ((frozenset({0, 1, 2}), False), (frozenset(), True)):
        driver = holdem()
        driver.linked = on_devices
        driver.start()
        while not isinstance(driver.request, AskAction):
            driver.answer(None)
        seat = driver.request.seat
        assert driver.viewer == seat
        shown = driver.shown_view()
        assert shown is not None
        assert (shown.viewer == seat) is private
        assert any(s.cards for s in shown.seats) is private
        assert not isinstance(driver.request, Handoff)
