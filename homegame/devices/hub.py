"""The devices at one table: who is connected, the question each seat's device was asked, and
every message sent, built at the moment it is queued from that seat's own view.

A device answers only the question put to its own seat, by its number; anything else is
refused and nothing changes. A second device opening the same link takes the seat over and the
first is told. A device that connects (again) is sent the table as it is now, the open
question included, so a phone that slept or reloaded carries on. A seat moved to the laptop
is played there: its device is told so and sent nothing else, its answers are not taken, and
the same link works again once the seat moves back.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from homegame.devices.messages import BadAnswer, Question, Table, encoded, read_answer, seat_message
from homegame.engine.views import HandView
from homegame.play.requests import Request

#: What a device is told when its answer is not taken.
NOT_YOUR_TURN = "Nothing is asked of you now: nothing changed."
#: What the first device is told when the same link is opened on another.
TAKEN_OVER = "This seat was opened on another device."
#: What a seat's device is told while the seat is played at the laptop instead (and nothing
#: else: no view, no question).
PLAYED_HERE = "Your seat is now played at the table."


class Socket(Protocol):
    """The part of a WebSocket the hub uses (aiohttp's `WebSocketResponse` is one)."""

    async def send_str(self, data: str) -> None: ...

    async def close(self, *, code: int = ..., message: bytes = ...) -> bool: ...


class Device:
    """One connected device: its socket and the messages waiting to go, sent in order by
    one writer task."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.last = ""
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        self.outbox.put_nowait(text)

    def close(self) -> None:
        """Send what is queued, then close the socket."""
        self.outbox.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            try:
                if text is None:
                    await self.socket.close()
                    return
                await self.socket.send_str(text)
            except (ConnectionError, RuntimeError):  # the device went away mid-send
                return


class DeviceHub:
    """The devices of the seats played on devices, and the questions put to them."""

    def __init__(
        self,
        seats: Callable[[], frozenset[int]],
        view_of: Callable[[int], HandView | None],
        table: Callable[[], Table],
        *,
        tap: Callable[[int, str], None] | None = None,
    ) -> None:
        self._seats = seats
        self._view_of = view_of
        self._table = table
        #: Told every text sent to a device (seat, text) when it is queued (tests, benchmark).
        self._tap = tap
        self.devices: dict[int, Device] = {}
        self.questions: dict[int, tuple[Question, asyncio.Future[object]]] = {}
        self._numbers = itertools.count(1)
        #: Called whenever a device connects or goes away (the laptop shows who is away).
        self.on_change: Callable[[], None] = lambda: None

    # -- who is here -------------------------------------------------------------------------

    @property
    def seats(self) -> frozenset[int]:
        """The seats played on devices now (a seat moved to the laptop is not one)."""
        return self._seats()

    @property
    def away(self) -> frozenset[int]:
        """Seats played on devices with no device connected now."""
        return frozenset(s for s in self.seats if s not in self.devices)

    def join(self, seat: int, socket: Socket) -> Device:
        """A device opened `seat`'s link: it takes the seat over from any device before it,
        which is told, and is sent the table as it is."""
        old = self.devices.pop(seat, None)
        if old is not None:
            self._send(old, seat, {"type": "taken_over", "why": TAKEN_OVER})
            old.close()
        device = self.devices[seat] = Device(socket)
        self._send_view(seat, device)
        self.on_change()
        return device

    def leave(self, seat: int, device: Device) -> None:
        """`device` went away (not when another took the seat over)."""
        if self.devices.get(seat) is device:
            del self.devices[seat]
            self.on_change()
        device.close()

    # -- questions ---------------------------------------------------------------------------

    def ask(self, seat: int, request: Request, refusal: str = "") -> asyncio.Future[object]:
        """Put `request` to `seat`'s device; the future is its answer (or is set by the caller
        when the question goes away, e.g. the turn timer ran out)."""
        future: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        question = Question(next(self._numbers), request, refusal)
        self.questions[seat] = (question, future)
        future.add_done_callback(lambda _: self._done(seat, question))
        self.push()
        return future

    def _done(self, seat: int, question: Question) -> None:
        held = self.questions.get(seat)
        if held is not None and held[0] is question:
            del self.questions[seat]
            self.push()

    def asked(self, seat: int) -> Request | None:
        """The request now put to `seat`'s device, if any."""
        held = self.questions.get(seat)
        return None if held is None else held[0].request

    def receive(self, seat: int, text: str) -> None:
        """What `seat`'s device sent: an answer to its own open question is taken; anything
        else is refused in one line and changes nothing."""
        try:
            sent = json.loads(text)
        except ValueError:
            sent = None
        if not isinstance(sent, dict) or sent.get("type") != "answer":
            return  # not an answer (a ping, a stray frame): nothing to do
        if seat not in self.seats:
            return  # played at the laptop: its device answers nothing
        held = self.questions.get(seat)
        if held is None or sent.get("id") != held[0].number or held[1].done():
            self._refuse(seat, NOT_YOUR_TURN)
            return
        question, future = held
        try:
            answer = read_answer(question.request, sent)
        except BadAnswer as exc:
            self._refuse(seat, str(exc))
            return
        future.set_result(answer)

    def _refuse(self, seat: int, why: str) -> None:
        device = self.devices.get(seat)
        if device is not None:
            self._send(device, seat, {"type": "refused", "why": why})

    # -- sending -----------------------------------------------------------------------------

    def push(self) -> None:
        """Send every connected device the table as it is now (unless it has it already)."""
        for seat, device in list(self.devices.items()):
            self._send_view(seat, device)

    def message_for(self, seat: int) -> dict[str, Any]:
        """The message `seat`'s device draws now: only that the seat is played at the
        laptop, while it is."""
        if seat not in self.seats:
            return {"type": "moved", "why": PLAYED_HERE}
        table = replace(self._table(), away=self.away)
        held = self.questions.get(seat)
        return seat_message(seat, self._view_of(seat), table, None if held is None else held[0])

    def _send_view(self, seat: int, device: Device) -> None:
        text = encoded(self.message_for(seat))
        if text != device.last:
            device.last = text
            self._queue(device, seat, text)

    def _send(self, device: Device, seat: int, message: dict[str, Any]) -> None:
        self._queue(device, seat, encoded(message))

    def _queue(self, device: Device, seat: int, text: str) -> None:
        if self._tap is not None:
            self._tap(seat, text)
        device.send(text)

    async def close(self) -> None:
        """Close every device's socket (the table is closing)."""
        devices = list(self.devices.values())
        self.devices.clear()
        for device in devices:
            device.close()
        for device in devices:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(device.writer, timeout=2)
