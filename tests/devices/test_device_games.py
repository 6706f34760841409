"""issue 29: whole games of every game played by simulated phones over real WebSockets on
localhost, every byte sent to every device checked for another seat's hidden cards."""

from __future__ import annotations

import asyncio
import json

import pytest
from device_clients import config_for, serve_game
from every_game import GAMES

from homegame.play.requests import GameOver


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_played_on_phones_never_sends_a_seat_another_seats_hidden_card(
    game: str,
) -> None:
    served = asyncio.run(serve_game(config_for(game)))
    scan = served.scan
    assert isinstance(served.driver.request, GameOver)
    assert scan.leaks == []
    assert scan.hidden_checked > 0
    for phone in served.phones:
        # What the wire carried is exactly what the scan saw queued for that seat.
        assert phone.frames == scan.sent[phone.seat]
        assert phone.answered > 0
        assert scan.own_seen.get(phone.seat, 0) > 0  # its own cards did reach it
    last = json.loads(served.phones[0].frames[-1])
    assert last["over"] == "The game is over."


def test_the_privacy_scan_finds_a_hidden_card_when_one_is_sent() -> None:
    """The scan itself: another seat's hole card in a text sent to a seat is a leak."""
    import random

    from device_clients import PrivacyScan

    from homegame.play.driver import GameDriver

    driver = GameDriver(config_for("holdem"), random.Random(3))
    driver.start()
    while not driver.started:
        driver.answer(None)
    scan = PrivacyScan(driver)
    other = driver.game.hole_cards(1)[0]
    assert other is not None
    scan.tap(0, f'{{"cards":["{other.symbol}"]}}')
    scan.tap(2, f"P1 held {other}")
    assert len(scan.leaks) == 2
