"""Hand evaluator speed: homegame against treys, eval7, phevaluator and pokerkit, same hands.

Deals seeded random 5, 6 and 7-card hands, converts them for every library outside the timed
loops, then times one plain Python call per hand (best of a few runs) and prints evaluations
per CPU-second (steady on a shared machine) and per wall-clock second, and how many times
faster homegame's `evaluate` is (ratios from CPU time; "homegame is 0.8x" on the batch row
means the batch path is faster still). It also checks every library orders the
hands as homegame does (the sign of each comparison of consecutive hands), so a fast wrong
answer cannot pass. Run: `python benchmarks/bench_evaluator.py [--hands N] [--repeat R]`.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import eval7
import phevaluator
from pokerkit import Card as PokerkitCard
from pokerkit import StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from homegame.cards import ALL_CARDS, Card
from homegame.evaluator import evaluate, evaluate_many

TARGETS = {7: 2_000_000, 6: 2_500_000}


@dataclass(frozen=True)
class Contender:
    """One library ready to run: its hands converted, a timed loop, and a values pass."""

    name: str
    hands: int
    run: Callable[[], None]
    values: Callable[[], Sequence]
    lower_is_better: bool = False


def _time(run: Callable[[], None]) -> tuple[float, float]:
    """CPU seconds and wall-clock seconds of one run."""
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    run()
    return time.process_time() - start_cpu, time.perf_counter() - start_wall


def _homegame(hands: list[list[Card]]) -> list[Contender]:
    def run() -> None:
        ev = evaluate
        for h in hands:
            ev(h)

    def run_many() -> None:
        evaluate_many(hands)

    def values() -> list[int]:
        return evaluate_many(hands)

    return [
        Contender("homegame evaluate", len(hands), run, values),
        Contender("homegame evaluate_many", len(hands), run_many, values),
    ]


def _treys(hands: list[list[Card]]) -> Contender:
    code = {c: TreysCard.new(str(c)) for c in ALL_CARDS}
    split = [([code[c] for c in h[:2]], [code[c] for c in h[2:]]) for h in hands]
    score = TreysEvaluator().evaluate

    def run() -> None:
        ev = score
        for hole, board in split:
            ev(hole, board)

    return Contender(
        "treys", len(hands), run, lambda: [score(a, b) for a, b in split], lower_is_better=True
    )


def _eval7(hands: list[list[Card]]) -> Contender:
    code = {c: eval7.Card(str(c)) for c in ALL_CARDS}
    converted = [[code[c] for c in h] for h in hands]
    score = eval7.evaluate

    def run() -> None:
        ev = score
        for h in converted:
            ev(h)

    return Contender("eval7", len(hands), run, lambda: [score(h) for h in converted])


def _phevaluator(hands: list[list[Card]]) -> Contender:
    converted = [tuple(c.index for c in h) for h in hands]
    score = phevaluator.evaluate_cards

    def run() -> None:
        ev = score
        for h in converted:
            ev(*h)

    return Contender(
        "phevaluator evaluate_cards",
        len(hands),
        run,
        lambda: [score(*h) for h in converted],
        lower_is_better=True,
    )


def _pokerkit(hands: list[list[Card]]) -> Contender:
    code = {c: next(iter(PokerkitCard.parse(str(c)))) for c in ALL_CARDS}
    split = [([code[c] for c in h[:2]], [code[c] for c in h[2:]]) for h in hands]
    make = StandardHighHand.from_game

    def run() -> None:
        ev = make
        for hole, board in split:
            ev(hole, board)

    return Contender(
        f"pokerkit ({len(hands):,} hands)",
        len(hands),
        run,
        lambda: [make(a, b) for a, b in split],
    )


def _disagreements(ours: Sequence[int], theirs: Sequence, lower_is_better: bool) -> int:
    """How many consecutive pairs of hands the reference compares differently from homegame."""
    bad = 0
    for i in range(len(theirs) - 1):
        a, b = theirs[i], theirs[i + 1]
        sign = (a > b) - (a < b)
        if lower_is_better:
            sign = -sign
        mine = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        bad += sign != mine
    return bad


def bench(n_cards: int, count: int, pokerkit_count: int, repeat: int, seed: int) -> None:
    """Time every library on the same `count` random hands of `n_cards` cards and print rates."""
    rng = random.Random(seed + n_cards)
    hands = [rng.sample(ALL_CARDS, n_cards) for _ in range(count)]
    ours = evaluate_many(hands)
    contenders = [
        *_homegame(hands),
        _treys(hands),
        _eval7(hands),
        _phevaluator(hands),
        _pokerkit(hands[:pokerkit_count]),
    ]
    # Round-robin over the libraries, best run each: load from other processes comes and goes,
    # and interleaving spreads it over everyone instead of whoever ran during a busy spell.
    best = [(float("inf"), float("inf"))] * len(contenders)
    for _ in range(repeat):
        for i, c in enumerate(contenders):
            cpu, wall = _time(c.run)
            best[i] = (min(best[i][0], cpu), min(best[i][1], wall))
    print(f"\n{n_cards}-card hands: {count:,} (seed {seed + n_cards}), best of {repeat} runs")
    header = f"{'library':28s} {'evals/CPU-s':>12s} {'evals/wall-s':>13s} {'homegame is':>12s}"
    print(f"  {header}  agrees")
    base = contenders[0].hands / best[0][0]
    for c, (cpu, wall) in zip(contenders, best, strict=True):
        rate = c.hands / cpu
        wrong = _disagreements(ours[: c.hands], c.values(), c.lower_is_better)
        agrees = "yes" if not wrong else f"NO ({wrong} pairs differ)"
        ratio = "-" if c is contenders[0] else f"{base / rate:,.2f}x"
        print(f"  {c.name:28s} {rate:12,.0f} {c.hands / wall:13,.0f} {ratio:>12s}  {agrees}")
    target = TARGETS.get(n_cards)
    if target:
        verdict = "met" if base >= target else "MISSED"
        print(f"  target {target:,}/s for a plain call per hand (CPU time): {verdict}")


def main() -> None:
    """Parse options and run the benchmark for 7, 6 and 5-card hands."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per size")
    parser.add_argument("--pokerkit-hands", type=int, default=3_000, help="pokerkit is slow")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs; the best counts")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    versions = ", ".join(
        f"{p} {importlib.metadata.version(p)}"
        for p in ("treys", "eval7", "phevaluator", "pokerkit")
    )
    print(f"Python {platform.python_version()} on {os.cpu_count()} CPUs; {versions}")
    for n_cards in (7, 6, 5):
        bench(n_cards, args.hands, min(args.pokerkit_hands, args.hands), args.repeat, args.seed)


if __name__ == "__main__":
    main()
