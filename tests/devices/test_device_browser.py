"""issue 29: the seat's page in a real headless browser (Debian's chromium through playwright)
on a 390x844 touch screen: each person taps their own actions until the deal is over. Skipped
when playwright or chromium is not installed (`.ci/run` installs both)."""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from device_clients import config_for

from homegame.devices.headless import play
from homegame.devices.seats import DeviceSeats
from homegame.devices.server import DeviceServer, make_app
from homegame.devices.tokens import new_setup
from homegame.play.driver import GameDriver

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.async_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine")

#: A phone held upright.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
#: What a player taps first when it is offered (the passive answer, so a deal reaches its end).
PREFERRED = ("Check", "Call", "Show", "Double", "Not now", "Top up", "Rebuy")


async def tap_turn(page: Any) -> bool:
    """If it is this page's turn, tap an answer as a person would; True when it tapped."""
    if await page.locator("#turn:not(.hidden)").count() == 0:
        return False
    prompt = page.locator("#actions div", has_text="cards to throw away")
    if await prompt.count():
        count = int((await prompt.inner_text()).split()[1])
        cards = page.locator("#mine.picking .card")
        for index in range(count):
            await cards.nth(index).tap()
        await page.locator("#actions button", has_text="Discard").tap()
        return True
    buttons = page.locator("#actions button:enabled")
    labels = [t.strip() for t in await buttons.all_inner_texts()]
    for word in PREFERRED:
        for index, label in enumerate(labels):
            if label.startswith(word):
                await buttons.nth(index).tap()
                return True
    if labels:
        await buttons.first.tap()
        return True
    return False


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_a_deal_is_played_by_tapping_on_phone_pages(game: str, tmp_path: Path) -> None:
    async def go() -> None:
        driver = GameDriver(config_for(game, people=2, bots=1), random.Random(2))
        setup = new_setup(driver.people, "127.0.0.1", 0)
        seats = DeviceSeats(driver, setup)
        server = DeviceServer(make_app(setup, seats.hub), "127.0.0.1", 0)
        port = await server.start()
        table = asyncio.create_task(play(seats))
        try:
            async with playwright.async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                pages = []
                for seat in driver.people:
                    context = await browser.new_context(**PHONE)
                    page = await context.new_page()
                    await page.goto(f"http://127.0.0.1:{port}/seat/{setup.tokens[seat]}")
                    pages.append(page)
                seen_own = set()
                taps = 0
                loop = asyncio.get_running_loop()
                deadline = loop.time() + 60
                while driver.game.deals < 2 and loop.time() < deadline:
                    for seat, page in zip(driver.people, pages, strict=True):
                        if driver.game.in_hand and driver.game.in_deal(seat):
                            shown = await page.locator("#mine .card").all_inner_texts()
                            own = [c.symbol for c in driver.game.hole_cards(seat) if c]
                            if shown == own:
                                seen_own.add(seat)
                        if taps == 0 and await page.locator("#turn:not(.hidden)").count():
                            await page.screenshot(path=str(tmp_path / f"{game}-turn.png"))
                        if await tap_turn(page):
                            taps += 1
                    await asyncio.sleep(0.05)
                assert driver.game.deals >= 2, f"the first deal never ended: {driver.request}"
                assert taps > 0
                assert seen_own == set(driver.people)
                await pages[0].screenshot(path=str(tmp_path / f"{game}-after.png"))
                await browser.close()
        finally:
            table.cancel()
            await seats.hub.close()
            await server.stop()

    asyncio.run(go())
