"""issue 29: `homegame play --devices` at the laptop: the public table with each person's link,
their turns answered by their phones (simulated over real WebSockets), and not one hole card of
a person on the laptop's screen before the showdown shows it."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections.abc import Callable
from pathlib import Path

import aiohttp
from device_clients import answer_for
from textual.widgets import Input, Select
from tui_driver import everything_text, shows_card, until, until_shown, visible_text

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.play.requests import AskAction, DealResult
from homegame.tui.app import HomegameApp
from homegame.tui.devices_app import DevicesApp
from homegame.tui.screens.devices import (
    AWAY,
    DevicesTableScreen,
    LinksScreen,
    away_name,
)
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.seat_draw import SeatDrawScreen
from homegame.tui.screens.setup import SetupScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.seat import Seat

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def phone(
    http: aiohttp.ClientSession, url: str, seed: int, turns: asyncio.Queue[asyncio.Event]
) -> None:
    """A phone that answers every question it is asked, each once the test lets it (after it
    read the laptop's screen while the table waits on this phone), until the table closes."""
    rng = random.Random(seed)
    for _ in range(100):
        try:
            async with http.ws_connect(url) as ws:
                async for frame in ws:
                    message = json.loads(frame.data)
                    said = answer_for(message, rng) if message["type"] == "view" else None
                    if said is not None:
                        go = asyncio.Event()
                        turns.put_nowait(go)
                        await go.wait()
                        answer = {"type": "answer", "id": message["ask"]["id"], "answer": said}
                        await ws.send_str(json.dumps(answer))
                return
        except aiohttp.ClientError:  # the server is not listening yet
            await asyncio.sleep(0.05)


def test_the_laptop_shows_the_links_and_the_public_table_while_phones_play() -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=FAST)
    port = free_port()
    app = DevicesApp(config, rng=random.Random(4), host="127.0.0.1", port=port, seat_draw=True)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await pilot.pause()
            assert isinstance(app.screen, LinksScreen)
            shown = visible_text(app)
            assert "Ann's phone (not connected yet) · 1 of 2" in shown
            assert f"http://127.0.0.1:{port}/seat/" in shown
            assert "█" in shown  # the QR code
            table = next(s for s in app.screen_stack if isinstance(s, DevicesTableScreen))
            links = [table.setup.link(s).replace("http", "ws") + "/ws" for s in (0, 1)]
            turns: asyncio.Queue[asyncio.Event] = asyncio.Queue()
            phones = [asyncio.create_task(phone(http, u, i, turns)) for i, u in enumerate(links)]
            results = checked = waited = 0
            seen: set[int] = set()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while results < 3 and loop.time() < deadline:
                await pilot.pause(0.01)
                game, driver = table.game, table.driver
                if driver.started and game.in_hand:
                    public = {c for s in game.view_for(None).seats for c in s.cards or () if c}
                    text = everything_text(app)
                    for seat in (0, 1):
                        if game.in_deal(seat):
                            for card in game.hole_cards(seat):
                                if card is not None and card not in public:
                                    checked += 1
                                    assert not shows_card(text, card), (card, text)
                screen = app.screen
                if isinstance(screen, LinksScreen | SeatDrawScreen):
                    await pilot.press("enter")
                elif isinstance(screen, ShowdownScreen) and table.game.deals not in seen:
                    # Enter at the laptop goes on after one deal, Next deal on a phone after
                    # the next.
                    seen.add(table.game.deals)
                    results += 1
                    if results % 2:
                        await pilot.press("enter")
                if not turns.empty():  # the laptop was read while the phones held their turn
                    waited += "phone" in visible_text(app).split("Waiting for ")[-1]
                while not turns.empty():
                    turns.get_nowait().set()
            assert results == 3
            assert not isinstance(app.screen, ShowdownScreen) or table.game.deals > 3
            assert checked > 0
            assert waited > 0  # "Waiting for NAME's phone"
            for task in phones:
                task.cancel()

    asyncio.run(scenario())


class HandClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_table_waits_for_an_away_phone_and_its_turn_timer_runs_out() -> None:
    """HOUSE_RULES 12 at a table of phones: the laptop says whose phone is away, the turn
    timer runs as for a key, and when it runs out the seat checks or folds and its phone is
    asked nothing more."""
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"))
    timing = TimingSettings(turn_timer=2, bot_pause=0.0)
    config = GameConfig("holdem", players=players, timing=timing)
    clock = HandClock()
    app = DevicesApp(config, rng=random.Random(4), host="127.0.0.1", port=free_port(), clock=clock)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the links: nobody has opened theirs
            table = next(s for s in app.screen_stack if isinstance(s, DevicesTableScreen))
            for _ in range(200):
                await pilot.pause(0.01)
                if table.devices.hub.asked(0) is not None:
                    break
            assert "Waiting for Ann's phone (not connected: d shows the link)" in visible_text(app)
            assert table.devices.hub.away == frozenset({0})
            first = table.devices.hub.questions[0][0]
            clock.now += 3
            table._tick()
            await pilot.pause()
            log = "\n".join(table.query_one("#log", HandLog).entries)
            assert "Ann ran out of time and" in log
            held = table.devices.hub.questions.get(0)
            assert held is None or held[0] is not first  # that question is over

    asyncio.run(scenario())


def test_the_start_screen_starts_a_game_on_the_phones(tmp_path: Path) -> None:
    """The start screen's Phones choice opens the table as `--devices` does: first the links."""
    port = free_port()
    path = tmp_path / "phones.toml"
    people = '[[players]]\nname = "Ann"\n[[players]]\nname = "Bob"\n'
    path.write_text(f'game = "holdem"\n{people}[devices]\nport = {port}\n')
    app = HomegameApp(rng=random.Random(4))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#config-file", Input).value = str(path)
            screen.load_file()
            await pilot.pause()
            assert screen.query_one("#phones", Select).value == ""  # the config left them off
            screen.query_one("#phones", Select).value = "localhost"
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(app.screen, LinksScreen))
            shown = visible_text(app)
            assert "Ann's phone (not connected yet) · 1 of 2" in shown
            assert f"http://localhost:{port}/seat/" in shown
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, DevicesTableScreen))

    asyncio.run(scenario())


def test_the_seat_list_marks_each_person_whose_phone_is_away() -> None:
    """Not only the prompt of the seat to act: every person's line says their phone is away
    until it connects, and again once it goes."""
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=FAST)
    app = DevicesApp(config, rng=random.Random(4), host="127.0.0.1", port=free_port())

    def line(table: DevicesTableScreen, seat: int) -> str:
        return table.query_one(f"#seat-{seat}", Seat).render().plain

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await until(pilot, lambda: isinstance(app.screen, LinksScreen))
            await pilot.press("enter")
            table = next(s for s in app.screen_stack if isinstance(s, DevicesTableScreen))
            await until(pilot, lambda: AWAY in line(table, 0))
            assert AWAY in line(table, 1) and AWAY not in line(table, 2)  # a bot has no phone
            await until(pilot, lambda: table.game.in_hand)  # cards on the lines: still said
            await until(pilot, lambda: "Bob (away)" in visible_text(app))
            url = table.setup.link(0).replace("http", "ws") + "/ws"
            async with http.ws_connect(url):
                await until(pilot, lambda: AWAY not in line(table, 0))
                assert AWAY in line(table, 1)
            await until(pilot, lambda: AWAY in line(table, 0))

    asyncio.run(scenario())


def test_a_long_name_is_cut_short_before_the_away_mark() -> None:
    assert away_name("Ann", 10) == "Ann (away)"
    assert away_name("Alexandra", 10) == "Al… (away)"


def test_a_person_moves_to_the_laptop_between_hands_and_back() -> None:
    """d over a hand's result, then m: Bob plays here; his next turn starts with the pass-to
    screen and his action keys, while Ann's cards (on her phone) never show at the laptop; m
    mid-hand is one line that changes nothing; moved back, his phone answers again."""
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=FAST)
    app = DevicesApp(config, rng=random.Random(4), host="127.0.0.1", port=free_port())

    def ann_hidden(table: DevicesTableScreen) -> None:
        game = table.game
        if not (table.driver.started and game.in_hand and game.in_deal(0)):
            return
        public = {c for s in game.view_for(None).seats for c in s.cards or () if c}
        text = everything_text(app)
        for card in game.hole_cards(0):
            assert card is None or card in public or not shows_card(text, card), text

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot, aiohttp.ClientSession() as http:
            await until(pilot, lambda: isinstance(app.screen, LinksScreen))
            await pilot.press("enter")
            table = next(s for s in app.screen_stack if isinstance(s, DevicesTableScreen))
            links = [table.setup.link(s).replace("http", "ws") + "/ws" for s in (0, 1)]
            turns: asyncio.Queue[asyncio.Event] = asyncio.Queue()
            phones = [asyncio.create_task(phone(http, u, i, turns)) for i, u in enumerate(links)]

            async def play_on(done: Callable[[], bool]) -> None:
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 30
                while not done():
                    assert loop.time() < deadline, visible_text(app)
                    await pilot.pause(0.01)
                    ann_hidden(table)
                    # A phone's Next deal waits: the laptop moves seats over the result.
                    while not turns.empty() and not isinstance(table.driver.request, DealResult):
                        turns.get_nowait().set()

            def bob_choosing() -> bool:
                request = table.driver.request
                return table.choosing and isinstance(request, AskAction) and request.seat == 1

            await play_on(lambda: isinstance(app.screen, ShowdownScreen))
            await until_shown(pilot, app, "d Phone links")  # the result's keys say so
            await pilot.press("d")
            await until(pilot, lambda: isinstance(app.screen, LinksScreen))
            await pilot.press("right", "m")
            await until_shown(pilot, app, "Bob plays here at the table")
            assert table.driver.on_devices == {0}
            await pilot.press("enter", "enter")  # the links, then the result: the next hand
            await play_on(lambda: isinstance(app.screen, HandoffScreen))
            assert "Pass to Bob" in visible_text(app)
            await pilot.press("enter")
            await play_on(bob_choosing)
            bob = [c for c in table.game.hole_cards(1) if c is not None]
            assert any(shows_card(visible_text(app), c) for c in bob)
            await pilot.press("d", "right", "m")  # mid-hand: one line, nothing moves
            await until_shown(pilot, app, "Bob can move between hands")
            assert table.driver.on_devices == {0}
            await pilot.press("enter", "c")
            laptop = HandoffScreen | ShowOrMuckScreen
            while not isinstance(app.screen, ShowdownScreen):  # Bob plays the hand out here
                await play_on(
                    lambda: bob_choosing() or isinstance(app.screen, ShowdownScreen | laptop)
                )
                if isinstance(app.screen, laptop):
                    await pilot.press("enter")  # pass to Bob; muck a losing hand
                elif bob_choosing():
                    await pilot.press("c")
                await pilot.pause(0.05)
            await pilot.press("d", "right", "m")
            await until_shown(pilot, app, "Bob plays on their phone")
            assert table.driver.on_devices == {0, 1}
            await pilot.press("enter", "enter")
            await play_on(lambda: table.devices.hub.asked(1) is not None)
            for task in phones:
                task.cancel()

    asyncio.run(scenario())
