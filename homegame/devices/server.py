"""The web server each seat's device talks to: aiohttp, one page and one WebSocket per seat.

`/seat/TOKEN` is the seat's page and `/seat/TOKEN/ws` its WebSocket; the page's script and
style come from this machine only. A wrong or old token gets a plain "not a seat of this
table" and nothing else, later each time that address tries again; a WebSocket opened from a
page of another site (its Origin is not this server) is refused. No access log is kept, so no
token is ever written down.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import WSMsgType, web

from homegame.devices.hub import DeviceHub
from homegame.devices.tokens import DeviceSetup

#: The whole answer to a token that is no seat's.
NOT_A_SEAT = "not a seat of this table"
#: The page's own files (homegame/data/devices), by the name they are served under.
FILES = {"seat.js": "application/javascript", "seat.css": "text/css"}
#: Headers on every page: nothing cached, no referrer (the link is the secret), nothing loaded
#: from anywhere but here.
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
        "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}


class Slowdown:
    """Wrong tokens from one address wait longer each time: 0.25 s after the second, doubling
    to 8 s; forgotten after `forget` seconds without one."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, forget: float = 600.0) -> None:
        self._clock = clock
        self._forget = forget
        self._misses: dict[str, tuple[int, float]] = {}

    def missed(self, address: str) -> float:
        """Count a wrong token from `address`; the seconds it now waits."""
        now = self._clock()
        count, last = self._misses.get(address, (0, now))
        if now - last > self._forget:
            count = 0
        count += 1
        self._misses[address] = (count, now)
        if len(self._misses) > 10_000:  # never grows without end
            self._misses = {address: (count, now)}
        return 0.0 if count < 2 else min(8.0, 0.25 * 2 ** (count - 2))


def _data(name: str) -> bytes:
    return (resources.files("homegame") / "data" / "devices" / name).read_bytes()


def same_origin(request: web.Request) -> bool:
    """A WebSocket's Origin, when it sends one (a browser always does), is this server."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    host = request.headers.get("Host", "")
    return origin in (f"http://{host}", f"https://{host}")


def make_app(
    setup: DeviceSetup,
    hub: DeviceHub,
    *,
    slowdown: Slowdown | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> web.Application:
    """The server's routes for one table."""
    slow = slowdown or Slowdown()
    page = _data("seat.html")

    async def refuse(request: web.Request) -> web.Response:
        wait = slow.missed(request.remote or "")
        if wait:
            await sleep(wait)
        return web.Response(status=404, text=NOT_A_SEAT, headers={"Cache-Control": "no-store"})

    async def seat_page(request: web.Request) -> web.StreamResponse:
        if setup.seat_of(request.match_info["token"]) is None:
            return await refuse(request)
        return web.Response(body=page, content_type="text/html", headers=PAGE_HEADERS)

    async def asset(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in FILES:
            raise web.HTTPNotFound()
        return web.Response(body=_data(name), content_type=FILES[name], headers=PAGE_HEADERS)

    async def socket(request: web.Request) -> web.StreamResponse:
        seat = setup.seat_of(request.match_info["token"])
        if seat is None:
            return await refuse(request)
        if not same_origin(request):
            return web.Response(status=403, text="this page belongs to another site")
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=4096)
        await ws.prepare(request)
        device = hub.join(seat, ws)
        try:
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    hub.receive(seat, message.data)
        finally:
            hub.leave(seat, device)
        return ws

    app = web.Application()
    app.router.add_get("/seat/{token}", seat_page)
    app.router.add_get("/seat/{token}/ws", socket)
    app.router.add_get("/static/{name}", asset)
    return app


class DeviceServer:
    """The server running on the event loop it was started on."""

    def __init__(self, app: web.Application, host: str, port: int) -> None:
        self.app = app
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> int:
        """Listen; the port listened on (the one asked for, or the one given for 0)."""
        runner = web.AppRunner(self.app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        self._runner = runner
        addresses = runner.addresses
        self.port = int(addresses[0][1]) if addresses else self.port
        return self.port

    async def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
