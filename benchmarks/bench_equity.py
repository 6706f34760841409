"""Equity speed: homegame against eval7 and treys doing the same work, in one process.

Exact: heads-up Hold'em preflop, AhKh against QsQd, over all 1,712,304 boards. homegame uses
its equity engine (pure Python: rank multisets plus flush boards); eval7 and treys walk every
board in a plain Python loop with their evaluators (treys on every 20th board, scaled up: the
full walk takes about a minute). eval7's compiled `py_hand_vs_range_exact` is not used: it
returns 0.0 for an empty board in eval7 0.1.11.

Monte Carlo: 100,000 random boards for the same hands. homegame's sampler; eval7's compiled
sampler and a Python loop with eval7's evaluator; a Python loop with treys.

Prints seconds, the equity found (so a fast wrong answer shows) and how many times faster
homegame is. Run: `python benchmarks/bench_equity.py [--samples N] [--repeat R] [--stride N]`
(`--stride`: the peers walk every Nth board, for a quick run).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from itertools import combinations

import eval7
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from homegame.bots.equity import equity
from homegame.cards import ALL_CARDS, parse_cards
from homegame.variants import HOLDEM

HERO, VILLAIN = "Ah Kh", "Qs Qd"
EXACT_TARGET = 1.0
MONTE_CARLO_TARGET = 0.3
TREYS_STRIDE = 20


def _timed(run: Callable[[], float], repeat: int) -> tuple[float, float]:
    """(best seconds, the equity the run returned)."""
    best, value = float("inf"), 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        value = run()
        best = min(best, time.perf_counter() - start)
    return best, value


def _share(wins: int, ties: int, total: int) -> float:
    return (wins + ties / 2) / total


def _loop_exact(evaluate, hero, villain, deck, stride: int, lower_is_better: bool) -> float:
    """Walk every `stride`-th board of five with a library's evaluator; hero's pot share."""
    wins = ties = total = 0
    sign = -1 if lower_is_better else 1
    for i, board in enumerate(combinations(deck, 5)):
        if i % stride:
            continue
        a = sign * evaluate(board, hero)
        b = sign * evaluate(board, villain)
        wins += a > b
        ties += a == b
        total += 1
    return _share(wins, ties, total)


def _loop_monte_carlo(evaluate, hero, villain, deck, samples: int, lower: bool) -> float:
    rng = random.Random(1)
    sign = -1 if lower else 1
    wins = ties = 0
    for _ in range(samples):
        board = rng.sample(deck, 5)
        a = sign * evaluate(board, hero)
        b = sign * evaluate(board, villain)
        wins += a > b
        ties += a == b
    return _share(wins, ties, samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--stride",
        type=int,
        default=1,
        help="the peers' exact walks take every Nth board, scaled up (a quick run; the "
        "check against eval7's full walk needs 1)",
    )
    args = parser.parse_args()
    stride = args.stride
    print(f"Python {platform.python_version()} on {platform.machine()}")
    hands = [parse_cards(HERO), parse_cards(VILLAIN)]
    used = {str(c) for h in hands for c in h}
    names = [str(c) for c in ALL_CARDS if str(c) not in used]

    e7_hero = [eval7.Card(c) for c in HERO.split()]
    e7_villain = [eval7.Card(c) for c in VILLAIN.split()]
    e7_deck = [eval7.Card(c) for c in names]
    t_hero = [TreysCard.new(c) for c in HERO.split()]
    t_villain = [TreysCard.new(c) for c in VILLAIN.split()]
    t_deck = [TreysCard.new(c) for c in names]
    treys = TreysEvaluator()

    def e7_eval(board, hole):
        return eval7.evaluate([*hole, *board])

    def treys_eval(board, hole):
        return treys.evaluate(list(board), hole)

    treys_stride = TREYS_STRIDE * stride
    start = time.perf_counter()
    cold = equity(HOLDEM, {}, hands, exact=True).equity[0]
    cold_seconds = time.perf_counter() - start
    rows = [
        ("exact", "homegame (first call, fills caches)", cold_seconds, cold, 1),
        (
            "exact",
            "homegame",
            *_timed(lambda: equity(HOLDEM, {}, hands, exact=True).equity[0], args.repeat),
            1,
        ),
        (
            "exact",
            "eval7 (Python loop)" + (f", 1/{stride} of boards x {stride}" if stride > 1 else ""),
            *_timed(lambda: _loop_exact(e7_eval, e7_hero, e7_villain, e7_deck, stride, False), 1),
            stride,
        ),
        (
            "exact",
            f"treys (Python loop, 1/{treys_stride} of boards x {treys_stride})",
            *_timed(
                lambda: _loop_exact(treys_eval, t_hero, t_villain, t_deck, treys_stride, True), 1
            ),
            treys_stride,
        ),
    ]
    n = args.samples
    rows += [
        (
            "monte-carlo",
            "homegame",
            *_timed(
                lambda: equity(
                    HOLDEM, {}, hands, samples=n, exact=False, rng=random.Random(3)
                ).equity[0],
                args.repeat,
            ),
            1,
        ),
        (
            "monte-carlo",
            "eval7 (compiled sampler)",
            *_timed(
                lambda: eval7.py_hand_vs_range_monte_carlo(e7_hero, eval7.HandRange("QsQd"), [], n),
                args.repeat,
            ),
            1,
        ),
        (
            "monte-carlo",
            "eval7 (Python loop)",
            *_timed(lambda: _loop_monte_carlo(e7_eval, e7_hero, e7_villain, e7_deck, n, False), 1),
            1,
        ),
        (
            "monte-carlo",
            "treys (Python loop)",
            *_timed(lambda: _loop_monte_carlo(treys_eval, t_hero, t_villain, t_deck, n, True), 1),
            1,
        ),
    ]
    ours = {"exact": rows[1][2], "monte-carlo": rows[4][2]}
    print(f"\n{HERO} v {VILLAIN}: exact over 1,712,304 boards; Monte Carlo {n:,} samples")
    print(f"{'work':<12} {'library':<48} {'seconds':>9} {'equity':>8} {'theirs/ours':>12}")
    for work, name, seconds, value, scale in rows:
        seconds *= scale
        ratio = seconds / ours[work]
        print(f"{work:<12} {name:<48} {seconds:>9.3f} {value:>8.4f} {ratio:>11.2f}x")
    print()
    for work, target in (("exact", EXACT_TARGET), ("monte-carlo", MONTE_CARLO_TARGET)):
        verdict = "ok" if ours[work] <= target else "MISSED"
        print(f"target {work}: <= {target} s, homegame {ours[work]:.3f} s: {verdict}")
    exact_ref = rows[2][3]
    same = abs(rows[1][3] - exact_ref) < 1e-12
    if stride == 1:
        print(f"exact equity equals eval7's full walk: {'yes' if same else 'NO'}")
    else:
        print(f"exact equity not checked: eval7 walked 1/{stride} of the boards (--stride)")


if __name__ == "__main__":
    main()
