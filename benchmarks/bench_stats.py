"""`homegame stats` and `homegame league` on a long history (issue 31).

Builds a store of 200 freezeouts and 50,000 hands (eight regulars, six a game, a 20.00 buy-in)
played through the journal by a steady random player. Each game's row of the derived table is
kept when the game ends (or is left), in a thread of its own as the table screens do (timed:
the wait for it after the last hand). The first read then reads kept rows only (timed; with
--cold the table is emptied first and the read works every game out from its inputs). Then it
times the two commands as a user runs them, each in its own process (start-up included), and
their own work in process: `homegame stats` (target: at most 1 s) and
`homegame league` (at most 0.5 s), each the best of `--runs`. `homegame games` is timed too,
for the start-up every command pays on this machine.

Run: `python benchmarks/bench_stats.py [--games 200] [--hands 50000] [--runs 5] [--keep DIR]
[--cold]` (a kept store is timed warm unless --cold).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.actions import Action, BetRaise, Call, Check, Fold, LegalActions, Muck, Show
from homegame.money.settings import MoneySettings
from homegame.stats.collect import all_figures, keep_figures
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog, hands_of
from homegame.store.resume import fresh_session

REGULARS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")


def steady(legal: LegalActions, rng: random.Random) -> Action:
    """A random player who rarely risks much: checks, calls, folds, raises the minimum; at
    the showdown it shows."""
    if legal.can_show or legal.can_muck:
        return Show() if legal.can_show else Muck()
    roll = rng.random()
    if legal.min_raise_to is not None and roll < 0.12:
        return BetRaise(legal.min_raise_to)
    if legal.can_check:
        return Check()
    return Call() if roll < 0.6 else Fold()


#: Stacks and levels that end a steady game in about 250 hands.
STACK, HANDS_PER_LEVEL = 2000, 18


def play_game(journal: Journal, seed: int, hands: int) -> int:
    """One freezeout of six regulars, played to its end or to `hands` hands."""
    rng = random.Random(seed)
    names = rng.sample(REGULARS, 6)
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in names),
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=STACK, hands_per_level=HANDS_PER_LEVEL),
        money=MoneySettings(buy_in=2000),
    )
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    log.keep_figures_by(keep_figures)
    session: Any = log.attach(fresh_session(log))
    while not session.is_over and hands_of(session) < hands:
        if not session.in_hand:
            session.start_deal()
        else:
            session.act(steady(session.legal_actions(), rng), session.to_act)
    start = time.perf_counter()
    assert log.figures is not None
    if not session.is_over:
        log.stopped()  # as the table does when it is left
    log.figures.wait()
    KEPT.append(time.perf_counter() - start)
    return hands_of(session)


#: Each game's wait for its stats row after its last hand (the keeping thread's work).
KEPT: list[float] = []


def build(folder: Path, games: int, hands: int) -> int:
    """The store: `games` games sharing `hands` hands as evenly as they go."""
    journal = Journal(folder)
    journal.conn.execute("PRAGMA synchronous=OFF")  # building only: the timings read it
    played = 0
    for number in range(games):
        share = (hands - played) // (games - number)
        played += play_game(journal, number + 1, share)
        if number % 20 == 19:
            print(f"  {number + 1} games, {played:,} hands", flush=True)
    journal.close()
    return played


def timed(args: list[str], folder: Path, runs: int) -> tuple[float, float]:
    """The best wall time of `homegame ARGS` over `runs` runs, each its own process, and the
    best processor time (user and system) one took: on a loaded machine the wall time
    stretches, the processor time much less."""
    env = {**os.environ, "HOMEGAME_DATA": str(folder)}
    best = cpu = float("inf")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "homegame", *args], env=env, check=True, capture_output=True
        )
        best = min(best, time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        cpu = min(cpu, used)
    return best, cpu


def in_process(args: list[str], folder: Path, runs: int) -> float:
    """The best time of the command's own work (modules already loaded), over `runs`."""
    from typer.testing import CliRunner

    from homegame.cli import app

    runner = CliRunner()
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = runner.invoke(app, [*args, "--data-dir", str(folder)])
        best = min(best, time.perf_counter() - start)
        assert result.exit_code == 0, result.output
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, help="Build the store here (or reuse it).")
    parser.add_argument(
        "--cold", action="store_true", help="Empty the derived table: the read works all out."
    )
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-stats-"))
    fresh = not (folder / "homegame.sqlite3").exists()
    if fresh:
        start = time.perf_counter()
        played = build(folder, args.games, args.hands)
        print(f"built {folder}: {args.games} games, {played:,} hands "
              f"in {time.perf_counter() - start:.0f} s")  # fmt: skip
    if KEPT:
        print(f"rows kept at each game's end, off the caller's thread: "
              f"{sum(KEPT) / len(KEPT):.2f} s a game on average, "
              f"{max(KEPT):.2f} s at most")  # fmt: skip
    journal = Journal(folder)
    if args.cold:
        journal.conn.execute("DELETE FROM game_stats")
        journal.conn.commit()
    start = time.perf_counter()
    figures = all_figures(journal)
    first = time.perf_counter() - start
    hands = sum(r.hands for r in journal.games())
    finished = sum(g.finished for g in figures)
    journal.close()
    print(f"{len(figures)} games ({finished} finished), {hands:,} hands")
    if args.cold:
        print(f"first read, every game worked out and kept: {first:.2f} s (the table emptied)")
    elif fresh:
        print(f"first read after writing, rows kept as the games ended: {first:.2f} s")
    base, base_cpu = timed(["games", "--json"], folder, args.runs)
    print(
        f"homegame games (start-up and the listing, for scale): {base:.3f} s "
        f"({base_cpu:.3f} s of processor)"
    )
    for what, command, target in (
        ("homegame stats", ["stats"], 1.0),
        ("homegame league", ["league"], 0.5),
    ):
        best, cpu = timed(command, folder, args.runs)
        inside = in_process(command, folder, args.runs)
        verdict = "ok" if best <= target else "MISSED"
        print(
            f"{what}: {best:.3f} s as a command, best of {args.runs} (target <= {target} s: "
            f"{verdict}); {cpu:.3f} s of processor; its work in process {inside:.3f} s"
        )
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")


if __name__ == "__main__":
    main()
