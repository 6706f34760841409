"""The driver's requests for the seats played on devices, answered by those devices.

`DeviceSeats` says which requests a device answers (its seat's action, discard, show or muck,
cube answer, top-up and rebuy; a handoff to a device seat needs no answer, its cards are on its
own phone; the cube's turn when every seat that may turn it is on a device) and waits for the
answer. A front end (the laptop's table, `homegame.devices.headless`) asks it first and answers
the rest itself; what the device answered goes to the driver, and so to the journal, as a key
at the laptop does. Between hands a seat moves between its device and the laptop (`move`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from homegame.devices.hub import DeviceHub
from homegame.devices.messages import DEVICE_REQUESTS, Table
from homegame.devices.tokens import DeviceSetup
from homegame.engine.events import Event, HandStarted
from homegame.engine.views import HandView
from homegame.play.driver import GameDriver, log_lines
from homegame.play.requests import AskCubeTurn, GameOver, Handoff, Request
from homegame.play.series_text import series_line

#: How many of the log's last lines a device is sent.
LOG_LINES = 12


class DeviceSeats:
    """The seats of `setup` played on devices, over `driver`'s game."""

    def __init__(
        self,
        driver: GameDriver,
        setup: DeviceSetup,
        *,
        tap: Callable[[int, str], None] | None = None,
    ) -> None:
        self.driver = driver
        self.setup = setup
        self.log: list[str] = []
        self.over = ""
        self._waiting: int | None = None
        driver.linked = frozenset(setup.tokens)  # their cards stay off the shared screen
        self.hub = DeviceHub(
            lambda: driver.on_devices,
            self.view_of,
            self.table,
            tap=tap,
        )

    def view_of(self, seat: int) -> HandView | None:
        """The engine's view for `seat` (None before the first deal; the public view while
        the seat is not dealt in: busted, or out of a KRG series)."""
        game = self.driver.game
        if not self.driver.started:
            return None
        return game.view_for(seat if game.in_deal(seat) else None)

    def table(self) -> Table:
        """What every device is told of the table, all of it public."""
        driver = self.driver
        game = driver.game
        standings = game.scoreboard()
        stacks = {p.seat: p.stack for p in standings.players if p.stack is not None}
        waiting = "" if self._waiting is None else driver.names[self._waiting]
        return Table(
            driver.variant,
            driver.names,
            tuple(self.log[-LOG_LINES:]),
            stacks=stacks,
            series=series_line(standings.series, driver.config.currency),
            waiting_for=waiting,
            over=self.over,
            currency=driver.config.currency,
        )

    def takes(self, request: Request) -> bool:
        """A device answers `request` (else the front end does)."""
        seats = self.hub.seats
        if isinstance(request, (Handoff, *DEVICE_REQUESTS)):
            return request.seat in seats
        if isinstance(request, AskCubeTurn):
            return all(s in seats for s in request.seats)
        return False

    def seat_of(self, request: Request) -> int | None:
        """The one seat a device request waits on (None for none, or several)."""
        if isinstance(request, DEVICE_REQUESTS) and request.seat in self.hub.seats:
            return request.seat
        return None

    async def answer(self, request: Request, refusal: str = "") -> object:
        """The device's answer to `request` (one that `takes`)."""
        if isinstance(request, Handoff):
            return None
        if isinstance(request, AskCubeTurn):
            return await self._cube_turn(request)
        return await self.ask(request, refusal)

    def ask(self, request: Request, refusal: str = "") -> asyncio.Future[object]:
        """The question for a one-seat request, as a future the caller may also settle (the
        turn timer ran out): the device's answer once it gives one. Every device is told
        whose phone the table waits for."""
        assert isinstance(request, DEVICE_REQUESTS)
        seat = request.seat
        self._waiting = seat
        future = self.hub.ask(seat, request, refusal)
        future.add_done_callback(lambda _: self._answered(seat))
        return future

    def _answered(self, seat: int) -> None:
        if self._waiting == seat:
            self._waiting = None
            self.hub.push()

    async def _cube_turn(self, request: AskCubeTurn) -> int | None:
        """Every seat that may turn the cube is asked at once: the first to turn it does; when
        all decline, nobody does."""
        asked = {seat: self.hub.ask(seat, request) for seat in request.seats}
        try:
            pending = set(asked.values())
            while pending:
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for seat, future in asked.items():
                    if future in done and future.result() is True:
                        return seat
            return None
        finally:
            for future in asked.values():
                if not future.done():
                    future.cancel()

    def move(self, seat: int, device: bool) -> str:
        """`seat` moves to its device or to the laptop, between hands (`GameDriver.place_seat`:
        MoveRefused changes nothing); every device is sent the table at once, the seat's own
        only that it is played at the table while it is. The log's line."""
        line = self.driver.place_seat(seat, device)
        self.log = [*self.log, line][-LOG_LINES:]
        self.hub.push()
        self.hub.on_change()
        return line

    def shown(self, events: Sequence[Event]) -> None:
        """The driver's events since the last: the log's public lines, then every device is
        sent the table as it is now."""
        names = self.driver.names
        starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
        if starts:
            self.log = []
            events = events[starts[-1] :]
        self.log += log_lines(events, names, self.driver.config.currency)
        self.log = self.log[-LOG_LINES:]
        if isinstance(self.driver.request, GameOver) and not self.over:
            self.over = "The game is over."
        self.hub.push()
