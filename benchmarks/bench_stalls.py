"""Event-loop stalls: the longest wait a key press could meet while solo games play headless.

Plays solo games of each variant (one person, two hard bots, no bot pause, odds turned on) with
`App.run_test` and the test suite's driver (the person checks or calls, discards the first cards,
moves past each result screen; once they bust the bots play on), until 200 hands of each game
have been dealt. An asyncio callback scheduled every 10 ms on the app's event loop records the
time between its runs: anything the loop does in one go (an equity enumeration, a bot's
decision, a screen's layout) shows as a long gap, and a key pressed in that gap waits as long.
Prints per game the median, 99th percentile and longest gap, and the same for "busy": the CPU
time the loop's own thread used within a gap, which leaves out time the operating system gave
to other programs (a shared, loaded machine stretches the gaps, not the busy times). Target:
longest gap <= 50 ms (the 10 ms interval itself included).

Run: `python benchmarks/bench_stalls.py [--hands N] [--games holdem,yukon,krg]`.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from tui_driver import Record, drive, table_of

from homegame.config import (
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    SeriesSettings,
    TimingSettings,
)
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen

INTERVAL = 0.010
TARGET = 0.050


@dataclass
class Ticker:
    """Runs every INTERVAL on the loop and keeps each gap between its runs, in seconds, and the
    CPU time the loop's thread spent in that gap (its own work, whatever else the machine runs)."""

    gaps: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)
    _last: float = 0.0
    _last_cpu: float = 0.0
    _handle: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        self._handle = asyncio.get_running_loop().call_later(INTERVAL, self._tick)

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.gaps.append(now - self._last)
        self.busy.append(cpu - self._last_cpu)
        self._last, self._last_cpu = now, cpu
        self._handle = asyncio.get_running_loop().call_later(INTERVAL, self._tick)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def config_for(game: str, seed: int) -> GameConfig:
    """One person against two hard bots; deep stacks and long series so games run long."""
    players = (
        PlayerSetting("Player"),
        PlayerSetting("Bot 1", "hard"),
        PlayerSetting("Bot 2", "hard"),
    )
    return GameConfig(
        game,
        players=players,
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=10_000),
        series=SeriesSettings(wins=4),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )


async def play_one(game: str, seed: int, hands_left: int, folder: Path, ticker: Ticker) -> int:
    """Play one game (or `hands_left` hands of it) with odds on; the hands dealt."""
    app = HomegameApp(config_for(game, seed), rng=random.Random(seed), certificate_folder=folder)
    dealt = 0

    def stop(app: HomegameApp, record: Record) -> bool:
        nonlocal dealt
        table = table_of(app)
        if table is None:
            return False
        if not ticker_started[0]:
            table.action_odds()
            ticker.start()
            ticker_started[0] = True
        dealt = table.hand_number
        return dealt > hands_left

    ticker_started = [False]
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            await drive(app, pilot, stop=stop, max_steps=100_000, max_wait=600)
        finally:
            ticker.stop()
        table = table_of(app)
        if isinstance(table, TableScreen):
            dealt = table.hand_number
    return min(dealt, hands_left)


async def play_game(game: str, hands: int, folder: Path) -> tuple[Ticker, int]:
    """The ticks over `hands` hands of `game` (as many games as that takes) and the games."""
    ticker = Ticker()
    played = games = 0
    while played < hands:
        played += await play_one(game, 1000 + games, hands - played, folder, ticker)
        games += 1
    return ticker, games


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands of each game")
    parser.add_argument("--games", default="holdem,yukon,krg", help="games, comma-separated")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {args.hands} solo hands of each game, odds on")
    print(
        f"{'game':<8}{'games':>6}{'ticks':>8}{'median ms':>11}{'p99 ms':>9}{'longest ms':>12}"
        f"{'busy p99':>10}{'busy max':>10}"
    )
    worst = worst_busy = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games.split(","):
            start = time.perf_counter()
            ticker, games = asyncio.run(play_game(game, args.hands, Path(folder)))
            gaps, busy = ticker.gaps, ticker.busy
            worst, worst_busy = max(worst, max(gaps)), max(worst_busy, max(busy))
            print(
                f"{game:<8}{games:>6}{len(gaps):>8}{statistics.median(gaps) * 1000:>11.1f}"
                f"{percentile(gaps, 0.99) * 1000:>9.1f}{max(gaps) * 1000:>12.1f}"
                f"{percentile(busy, 0.99) * 1000:>10.1f}{max(busy) * 1000:>10.1f}"
                f"   ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )
    verdict = "met" if worst <= TARGET else "NOT met"
    print(f"target: longest gap <= {TARGET * 1000:.0f} ms: {verdict}")
    verdict = "met" if worst_busy <= TARGET else "NOT met"
    print(f"the loop's own work in one gap <= {TARGET * 1000:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
