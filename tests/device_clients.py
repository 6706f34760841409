"""Simulated phones for the device tests: a real WebSocket client per seat on localhost that
answers every question it is asked with a random legal answer and keeps every frame it got,
and the table's side of it: a game served to those clients, with every text the server sent
each seat scanned for another seat's hidden cards at the moment it was sent."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from homegame.cards import Card
from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, SeriesSettings
from homegame.devices.headless import play
from homegame.devices.seats import DeviceSeats
from homegame.devices.server import DeviceServer, make_app
from homegame.devices.tokens import DeviceSetup, new_setup
from homegame.play.driver import GameDriver


def config_for(game: str, people: int = 3, bots: int = 1, seed: int = 7) -> GameConfig:
    """A short game: small stacks and quick levels, a KRG series to three with the cube."""
    players = [PlayerSetting(f"P{i}") for i in range(people)]
    players += [PlayerSetting(f"Bot {i}", "random") for i in range(bots)]
    return GameConfig(
        game,
        players=tuple(players),
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=400, hands_per_level=4),
        series=SeriesSettings(wins=3, doubling_cube=True, side_bets=True),
    )


def answer_for(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random answer among those the page offers for the question in `message`."""
    ask = message.get("ask")
    if not ask:
        return None
    kind = ask["kind"]
    if kind == "action":
        options: list[dict[str, Any]] = []
        if ask["fold"]:
            options.append({"action": "fold"})
        if ask["check"]:
            options += [{"action": "check"}] * 3
        if ask["call"]:
            options += [{"action": "call"}] * 3
        if ask["raise_min"] is not None and rng.random() < 0.3:
            options += [{"action": "raise", "to": p["to"]} for p in ask["presets"]]
            low, high = ask["raise_min"], ask["raise_max"]
            options.append({"action": "raise", "to": rng.randint(low, min(high, 3 * low))})
        if ask["all_in"] is not None and rng.random() < 0.03:
            options.append({"action": "all_in"})
        return rng.choice(options)
    if kind == "discard":
        cards = [c for c in message["mine"]["cards"] if c]
        return {"discard": rng.sample(cards, ask["count"])}
    if kind == "next":
        return {"yes": True}
    if kind == "show_or_muck":
        return {"show": rng.random() < 0.7}
    return {"yes": rng.random() < 0.7}


@dataclass
class Phone:
    """One seat's simulated device: every text frame it received, in order."""

    seat: int
    url: str
    rng: random.Random
    frames: list[str] = field(default_factory=list)
    answered: int = 0

    async def run(self, http: aiohttp.ClientSession) -> None:
        """Play until the table closes the socket."""
        async with http.ws_connect(self.url) as ws:
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                self.frames.append(frame.data)
                message = json.loads(frame.data)
                if message.get("type") == "view":
                    said = answer_for(message, self.rng)
                    if said is not None:
                        self.answered += 1
                        await ws.send_str(
                            json.dumps(
                                {"type": "answer", "id": message["ask"]["id"], "answer": said}
                            )
                        )


#: Any card as text, either form: 'A♠', '10♥' or 'As', 'Th'.
CARD_TEXT = re.compile(r"(?:10|[2-9TJQKA])[♠♥♦♣]|(?<![A-Za-z0-9])[2-9TJQKA][shdc](?![a-z])")


@dataclass
class PrivacyScan:
    """Every text the server queued for each seat, checked as it is queued against the cards
    of the other seats that the table has not shown."""

    driver: GameDriver
    sent: dict[int, list[str]] = field(default_factory=dict)
    own_seen: dict[int, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)
    bytes_sent: int = 0
    hidden_checked: int = 0

    def hidden_from(self, seat: int) -> set[Card]:
        """The cards another seat holds now that the public view does not show."""
        game = self.driver.game
        if not self.driver.started:
            return set()
        shown = {c for s in game.view_for(None).seats for c in s.cards or () if c is not None}
        hidden: set[Card] = set()
        for other in range(len(self.driver.names)):
            if other != seat and game.in_deal(other):
                hidden |= {c for c in game.hole_cards(other) if c is not None} - shown
        return hidden

    def tap(self, seat: int, text: str) -> None:
        self.sent.setdefault(seat, []).append(text)
        self.bytes_sent += len(text.encode())
        found = set(CARD_TEXT.findall(text))
        for card in self.hidden_from(seat):
            self.hidden_checked += 1
            if card.symbol in found or str(card) in found:
                self.leaks.append(f"seat {seat} was sent {card.symbol}: {text[:200]}")
        if self.driver.started and self.driver.game.in_deal(seat):
            own = {c.symbol for c in self.driver.game.hole_cards(seat) if c is not None}
            if own & found:
                self.own_seen[seat] = self.own_seen.get(seat, 0) + 1


@dataclass
class Served:
    """A game served on localhost: its driver, seats, scan and the phones' results."""

    driver: GameDriver
    seats: DeviceSeats
    scan: PrivacyScan
    phones: list[Phone]


def link(setup: DeviceSetup, port: int, seat: int) -> str:
    return f"ws://127.0.0.1:{port}/seat/{setup.tokens[seat]}/ws"


async def serve_game(
    config: GameConfig,
    seed: int = 1,
    after: Callable[[Served], None] | None = None,
    timeout: float = 240,
) -> Served:
    """Play `config` to its end with a simulated phone at every person's seat."""
    driver = GameDriver(config, random.Random(seed), bot_rng=random.Random(seed + 1))
    setup = new_setup(driver.people, "127.0.0.1", 0)
    scan = PrivacyScan(driver)
    seats = DeviceSeats(driver, setup, tap=scan.tap)
    server = DeviceServer(make_app(setup, seats.hub), "127.0.0.1", 0)
    port = await server.start()
    phones = [Phone(s, link(setup, port, s), random.Random(seed * 100 + s)) for s in driver.people]
    served = Served(driver, seats, scan, phones)
    tasks: list[asyncio.Task[None]] = []
    try:
        async with aiohttp.ClientSession() as http:
            tasks = [asyncio.create_task(p.run(http)) for p in phones]
            check = None if after is None else (lambda: after(served))
            await asyncio.wait_for(play(seats, check), timeout=timeout)
            await seats.hub.close()
            await asyncio.wait_for(asyncio.gather(*tasks), timeout=30)
    finally:
        for task in tasks:
            task.cancel()
        await server.stop()
    return served
