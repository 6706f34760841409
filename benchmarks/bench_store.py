"""The journal's cost (issue 9), side by side in one process.

- per action: the same seeded game played with the session journalled and not; the p95 of
  each action's time, and the difference (target: at most 5 ms);
- resume of a 500-hand game from a fresh connection: open, read, replay (target: 1 s);
- `homegame history` of that game: read and write out every hand (target: 0.5 s);
- whole games with and without a journal: hands per second.

Run: `python benchmarks/bench_store.py [--hands 500]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.actions import Action, BetRaise, Call, Check, Fold, LegalActions, Muck, Show
from homegame.store.history import history_text, load_history
from homegame.store.journal import Journal
from homegame.store.recorder import SIMULATION, GameLog, hands_of
from homegame.store.resume import build_session, fresh_session

#: Big stacks and slow blinds, so one freezeout lasts the hands asked for.
STACK = 2_000_000


def _config(seed: int) -> GameConfig:
    return GameConfig(
        "holdem",
        players=tuple(PlayerSetting(f"P{i}") for i in range(6)),
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=STACK, hands_per_level=1000),
    )


def steady(legal: LegalActions, rng: random.Random) -> Action:
    """A random player who never risks much: checks, calls, folds, bets the minimum; at a
    showdown it is asked about (a losing hand), shows or mucks at random."""
    roll = rng.random()
    if legal.can_show or legal.can_muck:
        return Show() if roll < 0.5 or not legal.can_muck else Muck()
    if legal.min_raise_to is not None and roll < 0.15:
        return BetRaise(legal.min_raise_to)
    if legal.can_check:
        return Check()
    return Call() if roll < 0.7 else Fold()


def play(session: Any, hands: int, seed: int) -> tuple[list[float], int]:
    """Play `hands` hands with a seeded random policy; each input's time and the hands played."""
    rng = random.Random(seed)
    times: list[float] = []
    clock = time.perf_counter
    start_deal = getattr(session, "start_hand", None) or session.start_deal
    while hands_of(session) < hands and not session.is_over:
        start = clock()
        if not session.in_hand:
            start_deal()
        else:
            seat = session.to_act
            session.act(steady(session.legal_actions(), rng), seat)
        times.append(clock() - start)
    return times, hands_of(session)


def p95(values: list[float]) -> float:
    """The 95th percentile."""
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-store-"))

    config = _config(args.seed)
    bare = fresh_session(GameLog.new(Journal(folder / "bare"), config, SIMULATION))
    off, hands_off = play(bare, args.hands, args.seed)

    journal = Journal(folder / "on")
    log = GameLog.new(journal, config, SIMULATION)
    on, hands_on = play(log.attach(fresh_session(log)), args.hands, args.seed)
    journal.close()
    assert hands_on == hands_off, "the journal changed the game"

    print(f"journal file: {folder / 'on'} ({hands_on} hands, {len(on)} inputs)")
    p_off, p_on = p95(off), p95(on)
    extra = p_on - p_off
    print(
        f"per input, p95: without journal {p_off * 1000:.3f} ms, with {p_on * 1000:.3f} ms, "
        f"added {extra * 1000:.3f} ms (target <= 5 ms: {'ok' if extra <= 0.005 else 'MISSED'})"
    )
    print(
        f"per input, mean: without {statistics.fmean(off) * 1000:.3f} ms, "
        f"with {statistics.fmean(on) * 1000:.3f} ms"
    )
    rate_off = hands_off / sum(off)
    rate_on = hands_on / sum(on)
    print(
        f"whole game: {rate_off:,.0f} hands/s without a journal, {rate_on:,.0f} with "
        f"(x{rate_off / rate_on:.1f} slower saved)"
    )

    start = time.perf_counter()
    again = Journal(folder / "on")
    resumed = build_session(GameLog(again, log.game_id))
    resume_s = time.perf_counter() - start
    assert hands_of(resumed) == hands_on
    verdict = "ok" if resume_s <= 1.0 else "MISSED"
    print(f"resume of a {hands_on}-hand game: {resume_s:.3f} s (target <= 1 s: {verdict})")

    start = time.perf_counter()
    text = history_text(load_history(Journal(folder / "on"), log.game_id))
    history_s = time.perf_counter() - start
    verdict = "ok" if history_s <= 0.5 else "MISSED"
    print(
        f"history of it: {history_s:.3f} s, {len(text.splitlines()):,} lines "
        f"(target <= 0.5 s: {verdict})"
    )
    sys.exit(0)


if __name__ == "__main__":
    main()
