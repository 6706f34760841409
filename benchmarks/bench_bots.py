"""Bot decision time: the hard bot must decide within 100 ms at the 95th percentile.

Two worst cases the bots issue names: the hard bot on the river of nine-handed Yukon Hold'em
(eight opponents, two sets), and the hard bot's first KRG discard (keep four of six) at a full
table. Hands are dealt with a seed and played by easy bots (who call a lot, so many players reach
the river) until the hard seat must act; only the hard bot's `decide(view)` is timed.

With `--strength N`, also plays N hands (KRG: deals) of each match-up of the strength targets
and prints chips won per 100 hands in big blinds (KRG: share of deals won) with 95% intervals.
Run: `python benchmarks/bench_bots.py [--decisions N] [--strength N] [--seed S] [--variants V,W]
[--seats "hard,easy;hard,random"]`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from homegame.bots import make_bot
from homegame.bots.match import play_match
from homegame.engine.hand import Hand
from homegame.engine.views import view_for
from homegame.variants import KRG, YUKON, get_variant

TARGET_P95 = 0.100

MATCHES = [
    ("holdem", "hard,easy"),
    ("holdem", "hard,random"),
    ("holdem", "medium,random"),
    ("yukon", "hard,easy"),
    ("yukon", "hard,random"),
    ("yukon", "medium,random"),
    ("krg", "hard,easy"),
    ("krg", "hard,random"),
    ("krg", "medium,random"),
    ("krg", "hard,random,random,random"),
]


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
    parser.add_argument("--strength", type=int, default=0, help="hands per match-up (0: skip)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="holdem,yukon,krg", help="games for --strength")
    parser.add_argument("--seats", default="", help='only these match-ups, e.g. "hard,easy"')
    args = parser.parse_args()
    print(f"hard bot decision time (target p95 <= {1000 * TARGET_P95:.0f} ms)")
    _report("Yukon, nine-handed, river", _time_yukon_river(args.decisions, args.seed))
    _report("KRG, keep 4 of 6, four players", _time_krg_discard(args.decisions, args.seed, 4))
    _report("KRG, keep 4 of 6, seven players", _time_krg_discard(args.decisions, args.seed, 7))
    if not args.strength:
        return
    print(f"\nstrength: {args.strength} hands per match-up (KRG: share of deals won)")
    for variant, seats in MATCHES:
        if variant not in args.variants.split(","):
            continue
        if args.seats and seats not in args.seats.split(";"):
            continue
        start = time.process_time()
        scores = play_match(get_variant(variant), seats.split(","), args.strength, args.seed)
        cells = "  ".join(f"{s.kind} {s.mean:+.2f} [{s.low:+.2f}, {s.high:+.2f}]" for s in scores)
        print(f"{variant:<7} {cells}  ({time.process_time() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
