"""Nine phones at one table over real WebSockets on localhost: 500 hands, tap latency and memory.

The table (the game driver, the devices' hub and the aiohttp server, as `homegame play
--devices` runs them, with no screen) runs in this process; nine simulated phones run in a
child process, so the table's memory is its own. Each phone answers its questions at once
(check or call a small bet, fold a big one) and notes when it sent each answer and when each
message came. A tap's latency is from the phone sending it to (a) the table taking it and (b)
every other phone receiving the table that follows it. Targets: p95 under 100 ms for both, and
the table's resident memory flat over the night (its growth after the first 100 hands printed).
Run: `python benchmarks/bench_devices.py [--hands N]`.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TARGET_MS = 100.0
PHONES = 9


def rss_mb() -> float:
    """This process's resident memory now, in MB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


def config() -> Any:
    """Nine people, deep stacks: 500 hands are rarely cut short by busts."""
    from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings

    return GameConfig(
        "holdem",
        players=tuple(PlayerSetting(f"P{i}") for i in range(PHONES)),
        seed=1,
        freezeout=FreezeoutSettings(starting_stack=1_000_000, hands_per_level=1000),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )


# -- the phones (child process) ----------------------------------------------------------------


def answer_for(ask: dict[str, Any]) -> dict[str, Any]:
    """Check, call a small bet, fold a big one; go on after a result; show at the showdown."""
    if ask["kind"] == "action":
        if ask["check"]:
            return {"action": "check"}
        if ask["fold"] and ask["call"] > 1000:
            return {"action": "fold"}
        return {"action": "call"}
    if ask["kind"] == "show_or_muck":
        return {"show": True}
    return {"yes": True}


async def phone(url: str, log: list[tuple[str, float, int]]) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        async for frame in ws:
            now = time.monotonic()
            if frame.type != aiohttp.WSMsgType.TEXT:
                print(f"phone: {frame.type} {frame.data!r}", file=sys.stderr)
                break
            message = json.loads(frame.data)
            log.append(("got", now, 0))
            ask = message.get("ask")
            if message.get("type") == "view" and ask:
                said = {"type": "answer", "id": ask["id"], "answer": answer_for(ask)}
                log.append(("sent", time.monotonic(), ask["id"]))
                await ws.send_str(json.dumps(said))


async def phones(urls: list[str]) -> None:
    logs: list[list[tuple[str, float, int]]] = [[] for _ in urls]
    await asyncio.gather(*(phone(u, log) for u, log in zip(urls, logs, strict=True)))
    print(json.dumps(logs))


# -- the table (this process) ------------------------------------------------------------------


async def table(hands: int) -> dict[str, Any]:
    from homegame.devices.headless import play
    from homegame.devices.seats import DeviceSeats
    from homegame.devices.server import DeviceServer, make_app
    from homegame.devices.tokens import new_setup
    from homegame.play.driver import GameDriver

    driver = GameDriver(config(), random.Random(1))
    setup = new_setup(driver.people, "127.0.0.1", 0)
    seats = DeviceSeats(driver, setup)
    taken: dict[int, float] = {}
    receive = seats.hub.receive

    def timed(seat: int, text: str) -> None:
        held = seats.hub.questions.get(seat)
        receive(seat, text)
        if held is not None and held[1].done():
            taken[held[0].number] = time.monotonic()

    seats.hub.receive = timed  # type: ignore[method-assign]
    server = DeviceServer(make_app(setup, seats.hub), "127.0.0.1", 0)
    port = await server.start()
    urls = [f"ws://127.0.0.1:{port}/seat/{setup.tokens[s]}/ws" for s in driver.people]
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--phones", *urls, stdout=subprocess.PIPE
    )
    memory: list[tuple[int, float]] = [(0, rss_mb())]
    done = asyncio.Event()

    def after() -> None:
        if driver.game.deals > memory[-1][0] and driver.game.deals % 100 == 0:
            memory.append((driver.game.deals, rss_mb()))
        if driver.game.deals > hands:
            done.set()

    game = asyncio.create_task(play(seats, after))
    started = time.monotonic()
    ended = asyncio.create_task(done.wait())
    out_task = asyncio.create_task(child.communicate())  # read as it comes: never a full pipe
    await asyncio.wait([game, ended, out_task], timeout=3600, return_when=asyncio.FIRST_COMPLETED)
    if out_task.done():
        print(f"the phones stopped at hand {driver.game.deals}", file=sys.stderr)
    seconds = time.monotonic() - started
    game.cancel()
    await seats.hub.close()
    out, _ = await out_task
    await server.stop()
    return {
        "deals": driver.game.deals - 1,
        "seconds": seconds,
        "memory": memory,
        "taken": taken,
        "logs": json.loads(out),
    }


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up `values` (0.95: the p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def report(result: dict[str, Any]) -> None:
    logs: list[list[list[Any]]] = result["logs"]
    taken: dict[int, float] = result["taken"]
    to_table: list[float] = []
    to_others: list[float] = []
    arrivals = [[t for k, t, _ in log if k == "got"] for log in logs]  # in time order
    for seat, log in enumerate(logs):
        for kind, at, number in log:
            if kind != "sent" or number not in taken:
                continue
            to_table.append((taken[number] - at) * 1000)
            for other, times in enumerate(arrivals):
                first = bisect.bisect_right(times, at)
                if other != seat and first < len(times):
                    to_others.append((times[first] - at) * 1000)
    memory = result["memory"]
    print(f"{result['deals']} hands, {len(to_table)} taps in {result['seconds']:.1f} s")
    print(
        f"tap -> table taken: p50 {percentile(to_table, 0.5):.1f} ms, "
        f"p95 {percentile(to_table, 0.95):.1f} ms"
    )
    print(
        f"tap -> every other phone: p50 {percentile(to_others, 0.5):.1f} ms, "
        f"p95 {percentile(to_others, 0.95):.1f} ms (target {TARGET_MS:.0f} ms)"
    )
    print("table memory (hands: MB): " + ", ".join(f"{h}: {mb:.1f}" for h, mb in memory))
    if len(memory) > 2:
        print(f"growth after hand {memory[1][0]}: {memory[-1][1] - memory[1][1]:+.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--phones", nargs="*")
    args = parser.parse_args()
    if args.phones:
        asyncio.run(phones(args.phones))
        return
    report(asyncio.run(table(args.hands)))


if __name__ == "__main__":
    main()
