"""Bot decision time and the strength table of issue 13, duplicate deals with 95% intervals.

Decision time: the hard bot must decide within 100 ms of CPU at the 95th percentile in the two
worst cases the issue names: the river of nine-handed Yukon Hold'em (eight opponents, two sets)
and a seven-player KRG first discard (keep four of six). Hands are dealt with a seed and played
by easy bots (who call a lot, so many reach the river) until the hard seat must act; only the
hard bot's `decide(view)` is timed, in CPU seconds.

Strength (`--strength N`): N duplicate deals per row (each replayed once per seat rotation,
fresh 100 BB stacks every hand) of hard against medium, medium against easy, hard against the
outside strategies of `benchmarks/outside_bots.py` (loaded through the public bot interface)
and hard against `frozen-hard` (`benchmarks/frozen_hard`: the hard bot as it was before issue
35's fixes, so the ladder must keep rising), heads-up and six-max, Hold'em and Yukon; and KRG
with four players. Prints each row's BB per 100 hands (KRG: share of deals) for the first kind
with its 95% interval, and whether the issue's target is met.
Run: `nice -n 19 python benchmarks/bench_bots.py [--decisions N] [--strength N] [--seed S]
[--variants holdem,yukon,krg] [--rows hard-medium,hard-shover] [--sizes 2,6]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from frozen_hard import FrozenHardBot

from homegame.bots import make_bot
from homegame.bots.base import Bot
from homegame.bots.match import SeatScore, difference, match_results
from homegame.engine.hand import Hand, view_for
from homegame.variants import KRG, YUKON, get_variant

OUTSIDE = Path(__file__).resolve().parent / "outside_bots.py"
TARGET_P95 = 0.100

#: Row name -> (first kind, the others' kind, BB/100 the first must beat: its 95% low end).
ROWS = {
    "hard-medium": ("hard", "medium", 30.0),
    "medium-easy": ("medium", "easy", 0.0),
    "hard-maniac": ("hard", "maniac", 0.0),
    "hard-min-raiser": ("hard", "min-raiser", 0.0),
    "hard-station": ("hard", "station", 0.0),
    "hard-shover": ("hard", "shover", 25.0),
    "hard-honest": ("hard", "honest", 25.0),
    "hard-frozen": ("hard", "frozen-hard", 20.0),
    # The frozen bot against the cheapest outside strategies: where the live one started.
    "frozen-maniac": ("frozen-hard", "maniac", 0.0),
    "frozen-shover": ("frozen-hard", "shover", 25.0),
}
OUTSIDE_CLASSES = {
    "maniac": "Maniac",
    "min-raiser": "MinRaiser",
    "station": "CallingStation",
    "shover": "TopTenShover",
    "honest": "Honest",
}


def _kind(name: str) -> str:
    """A seat kind: a level, or an outside strategy's file and class."""
    if name in OUTSIDE_CLASSES:
        return f"{OUTSIDE}:{OUTSIDE_CLASSES[name]}"
    return name


def _make(kind: str, rng: random.Random) -> Bot:
    """A seat kind's bot: the frozen hard bot by its name, else what `make_bot` builds."""
    if kind == "frozen-hard":
        return FrozenHardBot(rng)
    return make_bot(kind, rng)


def _row(variant: str, size: int, first: str, other: str, deals: int, seed: int) -> SeatScore:
    """The first kind's BB per 100 (mean over the table's rotations) against `size - 1` others."""
    kinds = [_kind(first), *[_kind(other)] * (size - 1)]
    results = match_results(get_variant(variant), kinds, deals, seed, factory=_make, duplicate=True)
    score = difference(results[0], [0.0] * deals, 100.0)
    return SeatScore(first, score.mean, score.half_width, score.hands)


def _krg_rows(deals: int, seed: int) -> None:
    """KRG, four players: hard against random keepers, and hard against medium."""
    kinds = ["hard", "random", "random", "random"]
    results = match_results(KRG, kinds, deals, seed, duplicate=True)
    hard = statistics.fmean(results[0])
    rand = statistics.fmean(x for r in results[1:] for x in r)
    verdict = "ok" if hard >= 1.5 * rand else "MISSED"
    print(
        f"krg     4  hard v random x3       hard {hard:.3f}, random {rand:.3f}: "
        f"{hard / rand:.2f}x (target >= 1.5x)  {verdict}",
        flush=True,
    )
    kinds = ["hard", "medium", "hard", "medium"]
    results = match_results(KRG, kinds, deals, seed, duplicate=True)
    hard_share = [(a + b) / 2 for a, b in zip(results[0], results[2], strict=True)]
    medium_share = [(a + b) / 2 for a, b in zip(results[1], results[3], strict=True)]
    gap = difference(hard_share, medium_share, 1.0)
    verdict = "ok" if gap.low > 0 else "MISSED"
    print(
        f"krg     4  hard x2 v medium x2    share gap {gap.mean:+.3f} "
        f"[{gap.low:+.3f}, {gap.high:+.3f}] (target > 0)  {verdict}",
        flush=True,
    )


def _time_yukon_river(decisions: int, seed: int) -> list[float]:
    """Seconds per hard-bot decision on the river of nine-handed Yukon."""
    rng = random.Random(seed)
    times: list[float] = []
    hard = make_bot("hard", random.Random(seed))
    easy = make_bot("easy", random.Random(seed + 1))
    while len(times) < decisions:
        hand = Hand(YUKON, [2000] * 9, 0, 10, 20, rng=random.Random(rng.getrandbits(64)))
        hero = rng.randrange(9)
        while not hand.is_over:
            seat = hand.to_act
            view = view_for(hand, seat)
            if seat == hero and hand.street == "river" and view.legal.discard_count == 0:
                start = time.process_time()
                action = hard.decide(view)
                times.append(time.process_time() - start)
            else:
                action = easy.decide(view)
            hand.act(action)
    return times


def _time_krg_discard(decisions: int, seed: int, players: int) -> list[float]:
    """Seconds per hard-bot discard from six cards at a KRG table of `players`."""
    rng = random.Random(seed)
    hard = make_bot("hard", random.Random(seed))
    times: list[float] = []
    for _ in range(decisions):
        hand = Hand(KRG, [0] * players, 0, rng=random.Random(rng.getrandbits(64)))
        view = view_for(hand, hand.to_act)
        start = time.process_time()
        hard.decide(view)
        times.append(time.process_time() - start)
    return times


def _report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[max(0, int(0.95 * len(times)) - 1)]
    verdict = "ok" if p95 <= TARGET_P95 else "MISSED"
    print(
        f"{name:<44} n={len(times):<4} median {1000 * statistics.median(times):6.1f} ms  "
        f"p95 {1000 * p95:6.1f} ms  max {1000 * times[-1]:6.1f} ms  {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--strength", type=int, default=0, help="duplicate deals per row (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="holdem,yukon,krg", help="games for --strength")
    parser.add_argument("--rows", default=",".join(ROWS), help="rows of the table to play")
    parser.add_argument("--sizes", default="2,6", help="table sizes for Hold'em and Yukon")
    parser.add_argument(
        "--six-max-share",
        type=float,
        default=0.25,
        help="six-max rows play this share of --strength deals (6 replays each)",
    )
    args = parser.parse_args()
    if args.decisions:
        print(f"hard bot decision time, CPU (target p95 <= {1000 * TARGET_P95:.0f} ms)")
        _report("Yukon, nine-handed, river", _time_yukon_river(args.decisions, args.seed))
        _report("KRG, keep 4 of 6, four players", _time_krg_discard(args.decisions, args.seed, 4))
        _report("KRG, keep 4 of 6, seven players", _time_krg_discard(args.decisions, args.seed, 7))
    if not args.strength:
        return
    print("\nstrength: duplicate deals, fresh 100 BB stacks; BB/100 of the first kind, 95% CI")
    variants = args.variants.split(",")
    for variant in ("holdem", "yukon"):
        if variant not in variants:
            continue
        for size in (int(x) for x in args.sizes.split(",")):
            six_max = args.strength * args.six_max_share
            for name in args.rows.split(","):
                first, other, target = ROWS[name]
                deals = max(1, int(args.strength if size == 2 else six_max))
                start = time.process_time()
                score = _row(variant, size, first, other, deals, args.seed)
                verdict = "ok" if score.low > target else "MISSED"
                print(
                    f"{variant:<7} {size}  {first} v {other + ' x' + str(size - 1):<16} "
                    f"{score.mean:+7.1f} [{score.low:+7.1f}, {score.high:+7.1f}]  "
                    f"{deals} deals x {size}  (target > {target:+.0f})  {verdict}  "
                    f"({time.process_time() - start:.0f} s)",
                    flush=True,
                )
    if "krg" in variants:
        _krg_rows(args.strength, args.seed)


if __name__ == "__main__":
    main()
