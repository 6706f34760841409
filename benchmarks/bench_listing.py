"""`homegame games` beside a bare SQLite listing of the same rows (issue 34).

Builds a store of `--games` saved games (Hold'em freezeouts of six, no hands played: the
listing reads the games table only), then times, each in a process of its own and the best of
`--runs` by CPU time (user + system, `resource.getrusage` of the child): `homegame games`,
`homegame games --json`, and a bare listing, `python -c` importing sqlite3 and json and
printing the same columns of the same rows. Both pay the interpreter's start-up, so the ratio
is what homegame adds. A bare `python -c pass` is timed too, and `python -X importtime` says
where `homegame games` spends its imports. Target: `homegame games` at most 1.5x the bare
listing's CPU.

Run: `python benchmarks/bench_listing.py [--games 200] [--runs 7] [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.store.journal import Journal

TARGET = 1.5
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal")

#: The bare listing: the rows `homegame games` shows, newest first, printed as text.
BARE = (
    "import json, sqlite3, sys\n"
    "conn = sqlite3.connect(sys.argv[1])\n"
    "rows = conn.execute('SELECT id, created, game, mode, players, hands, state, winner "
    "FROM games ORDER BY id DESC').fetchall()\n"
    "for gid, created, game, mode, players, hands, state, winner in rows:\n"
    "    names = ', '.join(json.loads(players))\n"
    "    print(gid, created[:16], game, mode, hands, winner or state, names, sep='  ')\n"
)


def build(folder: Path, games: int) -> None:
    """A journal of `games` six-player Hold'em freezeouts, as `homegame play` saves them."""
    journal = Journal(folder)
    journal.conn.execute("PRAGMA synchronous=OFF")  # building only
    for n in range(games):
        names = [NAMES[(n + i) % len(NAMES)] for i in range(6)]
        config = GameConfig(
            "holdem",
            players=tuple(PlayerSetting(name) for name in names),
            seed=n,
            freezeout=FreezeoutSettings(starting_stack=2000),
        )
        gid = journal.new_game(config, "pass-and-play", {"seed": n})
        journal.set_progress(gid, hands=n % 300, winner=names[0] if n % 3 else "")
    journal.close()


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) one run of `command` takes, in a child of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(command: list[str], env: dict[str, str], runs: int) -> float:
    """The least CPU time of `runs` runs (the others were slowed by the machine)."""
    return min(cpu_of(command, env) for _ in range(runs))


def import_breakdown(env: dict[str, str], folder: Path, top: int = 12) -> list[tuple[int, str]]:
    """`homegame games`' slowest imports by cumulative microseconds (`python -X importtime`),
    the top-level packages only."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "homegame", "games", "--data-dir", str(folder)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    rows: list[tuple[int, str]] = []
    for line in done.stderr.splitlines():
        found = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if found and len(found.group(2)) <= 2:  # a package imported by the run itself
            rows.append((int(found.group(1)), found.group(3)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, default=None, help="build the store here")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        if not (folder / "homegame.sqlite3").exists():
            build(folder, args.games)
        env = {**os.environ, "COLUMNS": "100"}
        database = str(next(folder.glob("*.sqlite3")))
        homegame = [sys.executable, "-m", "homegame", "games", "--data-dir", str(folder)]
        timings = {
            "python -c pass": best([sys.executable, "-c", "pass"], env, args.runs),
            "bare SQLite listing": best([sys.executable, "-c", BARE, database], env, args.runs),
            "homegame games": best(homegame, env, args.runs),
            "homegame games --json": best([*homegame, "--json"], env, args.runs),
        }
        bare = timings["bare SQLite listing"]
        print(f"listing {args.games} games, CPU seconds, best of {args.runs}:")
        for what, seconds in timings.items():
            print(f"  {what:<24}{seconds:8.3f} s  {seconds / bare:5.2f}x the bare listing")
        ratio = timings["homegame games"] / bare
        met = "met" if ratio <= TARGET else "NOT met"
        print(f"homegame games / bare listing: {ratio:.2f}x (target {TARGET}x: {met})")
        print("slowest imports of homegame games (cumulative, ms):")
        for micros, name in import_breakdown(env, folder):
            print(f"  {micros / 1000:7.1f}  {name}")


if __name__ == "__main__":
    main()
