"""issue 29: what a device is sent comes from the engine's views only. No module of the devices'
code (nor the laptop's devices screen) reaches for a seat's cards any other way, so no message
can carry another seat's hidden card, drawn or not."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "homegame"
SOURCES = [*sorted((PACKAGE / "devices").glob("*.py")), PACKAGE / "tui/screens/devices.py"]
#: The ways to a seat's cards other than `view_for`: the session's and the hand's own.
RAW = {"hole_cards", "hole", "hand", "deck", "source", "_hand", "_deck"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_devices_code_reads_cards_only_from_views(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    raw = [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in RAW
    ]
    assert raw == []


def test_nothing_of_a_token_or_a_card_goes_into_a_log(caplog: pytest.LogCaptureFixture) -> None:
    """Every logger at its most talkative while a phone opens its page and socket, is sent its
    cards, and a wrong token is tried: no token and no card text in any record."""
    import asyncio
    import logging
    import random

    import aiohttp
    from device_clients import config_for

    from homegame.devices.headless import play
    from homegame.devices.seats import DeviceSeats
    from homegame.devices.server import DeviceServer, make_app
    from homegame.devices.tokens import new_setup
    from homegame.play.driver import GameDriver

    driver = GameDriver(config_for("holdem", bots=0), random.Random(8))
    setup = new_setup(driver.people, "127.0.0.1", 0)
    seats = DeviceSeats(driver, setup)

    async def go() -> list[str]:
        server = DeviceServer(make_app(setup, seats.hub), "127.0.0.1", 0)
        port = await server.start()
        game = asyncio.create_task(play(seats))
        base = f"http://127.0.0.1:{port}/seat/"
        frames = []
        async with aiohttp.ClientSession() as http:
            async with http.get(base + setup.tokens[0]) as page:
                await page.read()
            async with http.get(base + "x" * 27) as wrong:
                await wrong.read()
            async with http.ws_connect(base + setup.tokens[0] + "/ws") as ws:
                frames.append(await ws.receive_str())
        game.cancel()
        await seats.hub.close()
        await server.stop()
        return frames

    with caplog.at_level(logging.DEBUG):
        frames = asyncio.run(go())
    assert '"mine":{' in frames[0]
    mine = [c.symbol for c in driver.game.hole_cards(0) if c is not None]
    for token in setup.tokens.values():
        assert token not in caplog.text
    for card in mine:
        assert card not in caplog.text
