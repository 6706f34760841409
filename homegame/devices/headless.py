"""A game played with no screen: the devices answer their seats, the bots theirs, and every
other request gets the answer a table would give by default. For tests and the benchmark."""

from __future__ import annotations

from collections.abc import Callable

from homegame.devices.seats import DeviceSeats
from homegame.play.driver import Refused
from homegame.play.requests import (
    AfterOut,
    BotCubeAnswer,
    BotTurn,
    DealResult,
    GameOver,
    OfferAfterOut,
)


async def play(seats: DeviceSeats, after: Callable[[], None] | None = None) -> None:
    """Answer the driver's requests until the game is over; `after`: called after each answer
    the driver took (a test checks the table there)."""
    driver = seats.driver
    seats.shown(driver.start())
    refusal = ""
    while (request := driver.request) is not None:
        if isinstance(request, GameOver):
            seats.shown([])
            return
        answer: object = None
        if seats.takes(request):
            answer = await seats.answer(request, refusal)
        elif isinstance(request, BotTurn):
            answer = request.bot.decide(request.view)
        elif isinstance(request, BotCubeAnswer):
            answer = request.bot.answer_cube(request.series, request.seat)
        elif isinstance(request, OfferAfterOut):
            answer = AfterOut.WATCH
        else:  # the seat draw, a deal's result (a cash game goes on), anything else
            answer = False if isinstance(request, DealResult) else None
        try:
            events = driver.answer(answer)
        except Refused as exc:
            refusal = f"Not allowed: {exc}"
            continue
        refusal = ""
        seats.shown(events)
        if after is not None:
            after()
