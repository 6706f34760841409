"""Memory over a long night: 500 headless hands of pass-and-play and of solo, peak memory printed.

Each mode runs in its own process (so each peak is its own) and drives the real Textual app with
Pilot as a person would: Enter at each handoff and result, `c` to check or call when the call is
small, `f` to fold a big bet (so a 500-hand night is rarely cut short by a bust; if a game ends,
another starts in a new app and the count goes on). The target is a peak resident set under
150 MB for each mode. It also prints how many footer key widgets are alive at the end: a footer
that keeps every key it ever drew (Textual issue 6666) shows up there first. And whether a hand
costs more as the night goes on (issue 34): CPU per hand and per event of the first 50 hands
against the last 50 (a hand of a raise war between bots has thousands of events, so per event
says whether each costs more; the target is the late hands within 1.25x of the early ones).
Run: `python benchmarks/bench_memory.py [--hands N] [--mode pass-and-play|solo]`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

TARGET_MB = 150.0
#: The late hands' CPU per event at most this many times the early hands'.
FLAT_TARGET = 1.25
MODES = ("pass-and-play", "solo")


def config_for(mode: str):
    """Three people passing the keyboard, or one person against three bots; deep stacks."""
    from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings

    if mode == "solo":
        players = (
            PlayerSetting("Ann"),
            PlayerSetting("Bot 1", "easy"),
            PlayerSetting("Bot 2", "easy"),
            PlayerSetting("Bot 3", "easy"),
        )
    else:
        players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Cy"))
    return GameConfig(
        "holdem",
        players=players,
        freezeout=FreezeoutSettings(starting_stack=1_000_000, hands_per_level=1000),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )


def key_for(table) -> str:
    """Check or call a small bet, fold a big one."""
    legal = table.query_one("ActionBar").legal
    if legal is None:
        return "c"
    if legal.can_fold and legal.call_amount > 1000:
        return "f"
    return "c"


async def play_app(
    mode: str, hands_left: int, seed: int, costs: list[tuple[float, int]] | None = None
) -> int:
    """Play one app until `hands_left` hands are done or the game ends; return hands played.
    `costs` gets each hand's CPU seconds and events (a raise war's hand has thousands)."""
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.certificate import CertificateScreen
    from homegame.tui.screens.handoff import HandoffScreen
    from homegame.tui.screens.showdown import ShowdownScreen
    from homegame.tui.screens.table import TableScreen

    HandoffScreen.GUARD_SECONDS = 0.0
    app = HomegameApp(config_for(mode), rng=random.Random(seed), certificate_folder=Path("/tmp"))
    played = 0
    since = time.process_time()
    async with app.run_test(size=(80, 24)) as pilot:
        while app.is_running:
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ShowdownScreen):
                played += 1
                if costs is not None:
                    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
                    now = time.process_time()
                    costs.append((now - since, len(table.driver.hand_events)))
                    since = now
                if played >= hands_left:
                    break
                await pilot.press("enter")
            elif isinstance(screen, (HandoffScreen, CertificateScreen)):
                if isinstance(screen, CertificateScreen):
                    break
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen._choice is not None:
                await pilot.press(key_for(screen))
            elif not isinstance(screen, TableScreen):
                await pilot.press("enter")
    return played


def footer_keys_alive() -> int:
    """Footer key widgets still in memory (drawn ones no longer on screen included)."""
    from textual.widgets._footer import FooterKey

    gc.collect()
    return sum(1 for obj in gc.get_objects() if isinstance(obj, FooterKey))


def run_mode(mode: str, hands: int) -> dict:
    """Play `hands` hands in this process; the peak resident memory in MB and what it took."""
    start = time.perf_counter()
    played = 0
    seed = 1
    keys = 0
    costs: list[tuple[float, int]] = []
    while played < hands:
        played += asyncio.run(play_app(mode, hands - played, seed, costs))
        keys = max(keys, footer_keys_alive())
        seed += 1
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "mode": mode,
        "hands": played,
        "games": seed - 1,
        "seconds": round(time.perf_counter() - start, 1),
        "peak_mb": round(peak_kb / 1024, 1),
        "footer_keys_alive": keys,
        "costs": costs,
    }


def flatness(costs: list[tuple[float, int]]) -> tuple[str, float]:
    """The first 50 hands against the last 50 (halves below 100 hands): CPU per hand and per
    event in each, as a line, and the ratio of the last's CPU per event to the first's (a hand
    of a raise war has thousands of events, so per hand alone hides whether each costs more)."""
    size = 50 if len(costs) >= 100 else max(1, len(costs) // 2)
    first, last = costs[:size], costs[-size:]

    def rates(part: list[tuple[float, int]]) -> tuple[float, float]:
        cpu = sum(c for c, _ in part)
        return cpu / len(part), cpu / max(1, sum(n for _, n in part))

    (hand_a, event_a), (hand_b, event_b) = rates(first), rates(last)
    line = (
        f"hands 1-{size}: {hand_a:.3f} s/hand {event_a * 1000:.1f} ms/event; "
        f"hands {len(costs) - size + 1}-{len(costs)}: {hand_b:.3f} s/hand "
        f"{event_b * 1000:.1f} ms/event"
    )
    return line, event_b / event_a


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--mode", choices=MODES, help="one mode, in this process")
    args = parser.parse_args()
    if args.mode:
        print(json.dumps(run_mode(args.mode, args.hands)))
        return
    header = ("mode", "hands", "games", "seconds", "peak MB", "keys")
    print(f"{header[0]:<14} " + " ".join(f"{h:>8}" for h in header[1:]) + "  target")
    worst = 0.0
    rows: list[dict] = []
    for mode in MODES:
        out = subprocess.run(
            [sys.executable, __file__, "--mode", mode, "--hands", str(args.hands)],
            capture_output=True,
            text=True,
            check=True,
        )
        row = json.loads(out.stdout.strip().splitlines()[-1])
        rows.append(row)
        worst = max(worst, row["peak_mb"])
        verdict = "ok" if row["peak_mb"] < TARGET_MB else "OVER"
        print(
            f"{row['mode']:<14} {row['hands']:>8} {row['games']:>8} {row['seconds']:>8} "
            f"{row['peak_mb']:>8} {row['footer_keys_alive']:>8}  < {TARGET_MB:.0f} MB {verdict}"
        )
    met = "met" if worst < TARGET_MB else "NOT met"
    print(f"worst peak {worst} MB; target under {TARGET_MB:.0f} MB: {met}")
    print(f"CPU per hand, early against late (target: per event within {FLAT_TARGET}x):")
    for row in rows:
        line, ratio = flatness(row["costs"])
        verdict = "flat" if ratio <= FLAT_TARGET else "GROWS"
        print(f"  {row['mode']:<14} {line}: x{ratio:.2f} {verdict}")


if __name__ == "__main__":
    main()
