"""Preflop hand classes, their all-in equities, and push/fold equilibrium charts for short stacks.

The 1,326 two-card starting hands fall into 169 classes ("AA", "AKs", "AKo", ...). The shipped
files `homegame/data/preflop.json` (Hold'em) and `homegame/data/preflop_yukon.json` (Yukon
Hold'em, where pairs gain and high cards lose against Hold'em: AKo has 42% against 77, not 46%)
hold, computed offline by this module with the project's own equity engine
(`python -m homegame.bots.pushfold [--game yukon]`, which rewrites the file):

- **equity**: for every pair of classes, the all-in equity of the first against the second
  before the flop in that game: a Monte Carlo run of `EQUITY_SAMPLES` boards (Yukon:
  `YUKON_SAMPLES`, each a slower seven-card board) of `homegame.bots.equity` on
  one combo of each class (suits drawn at random, seeded, so the file is reproducible), stored
  in thousandths. The matrix is made antisymmetric (`e[a][b] + e[b][a] = 1000`).
- **blockers**: for each pair, how many combos of the second class remain once one combo of
  the first is known (card removal: AA leaves 1 combo of AA, 6 of KK, 12 of AKo ...).
- **charts**: per number of players left to act behind the shover (1 = small blind against the
  big blind, up to 8) and per effective stack of 5 to 20 big blinds, the share of each class
  that shoves first in, and the share that calls such a shove (in whole percent).

**The method (heads-up).** The small blind (stack S big blinds, 0.5 posted) either folds,
ending with S - 0.5, or shoves. The big blind then folds (the small blind ends with S + 1) or
calls, and the small blind ends with 2S times its equity against the caller's class. The big
blind, facing a shove, calls when 2S times its equity against the shoving range beats S - 1.
Starting from "shove everything, call nothing", the two players best-respond in turn to the
other's *average* strategy so far (fictitious play, `ITERATIONS` rounds), with every class
weighted by its combos left after card removal. In a two-player zero-sum game the averages
converge to the equilibrium; the chart stores each class's averaged share (0 to 1; a class on
the boundary may be mixed).

**More players behind.** With n > 1 players still to act, the same iteration is run with n
identical callers: the shover wins the 1.5 big blinds when all n fold (each calls with its
calling range's share of combos, independently), and otherwise plays one caller all-in for
2S + 1 big blinds; a caller calls when its equity of that pot beats folding (S - 0.5, a blind
on average). It ignores multiway all-ins and callers tightening with players behind them, so
early-position ranges come out slightly tight: a safe error for a shover.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import combinations
from operator import mul
from typing import TypedDict

from homegame.cards import ALL_CARDS, RANKS, Card

#: Boards per class pair in the shipped equity matrix.
EQUITY_SAMPLES = 5_000
#: Boards per class pair in Yukon's matrix.
YUKON_SAMPLES = 2_000
#: Fictitious-play rounds per chart.
ITERATIONS = 300
#: Stacks (big blinds) and players behind the shover that the charts cover.
STACKS = tuple(range(5, 21))
BEHIND = tuple(range(1, 9))
DATA_FILE = "preflop.json"
#: The shipped file per game; any other two-card game plays from Hold'em's.
DATA_FILES = {"holdem": DATA_FILE, "yukon": "preflop_yukon.json"}
#: Boards per class pair, per game.
SAMPLES = {"holdem": EQUITY_SAMPLES, "yukon": YUKON_SAMPLES}


def table_for(variant_key: str) -> str:
    """The game whose preflop file a variant plays from."""
    return variant_key if variant_key in DATA_FILES else "holdem"


def _labels() -> tuple[str, ...]:
    out = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                out.append(RANKS[high] * 2)
            else:
                out.append(RANKS[high] + RANKS[low] + "s")
                out.append(RANKS[high] + RANKS[low] + "o")
    return tuple(out)


class DataFile(TypedDict):
    """A game's preflop data file as JSON: the equity matrix and the push and call charts in
    whole percent, by players behind then stack (both as text), with how they were made."""

    method: str
    equity_samples: int
    seed: int
    iterations: int
    classes: list[str]
    equity: list[list[int]]
    charts: dict[str, dict[str, dict[str, list[int]]]]


#: The 169 classes, pairs and suited/offsuit by descending ranks.
CLASSES: tuple[str, ...] = _labels()
INDEX: dict[str, int] = {label: i for i, label in enumerate(CLASSES)}


def class_of(cards: Sequence[Card]) -> int:
    """The class index of a two-card hand."""
    a, b = sorted(cards, key=lambda c: c.rank, reverse=True)
    if a.rank == b.rank:
        return INDEX[RANKS[a.rank] * 2]
    return INDEX[RANKS[a.rank] + RANKS[b.rank] + ("s" if a.suit == b.suit else "o")]


def combos_of(index: int) -> list[tuple[Card, Card]]:
    """Every combo of a class, high card first."""
    return list(_ALL_BY_CLASS[index])


def _by_class() -> list[list[tuple[Card, Card]]]:
    out: list[list[tuple[Card, Card]]] = [[] for _ in CLASSES]
    for a, b in combinations(ALL_CARDS, 2):
        hi, lo = (b, a) if b.rank >= a.rank else (a, b)
        out[class_of((hi, lo))].append((hi, lo))
    return out


_ALL_BY_CLASS = _by_class()
#: Combos per class: 6 for a pair, 4 suited, 12 offsuit.
COMBOS: tuple[int, ...] = tuple(len(c) for c in _ALL_BY_CLASS)


def blockers() -> list[list[int]]:
    """b[a][c]: combos of class c left once one combo of class a is dealt (card removal)."""
    out = []
    for a in range(len(CLASSES)):
        held = set(_ALL_BY_CLASS[a][0])
        out.append(
            [
                sum(1 for x, y in combos if x not in held and y not in held)
                for combos in _ALL_BY_CLASS
            ]
        )
    return out


def compute_equity(
    samples: int = EQUITY_SAMPLES, seed: int = 1, game: str = "holdem"
) -> list[list[int]]:
    """The class-against-class all-in equity matrix, in thousandths (the method above)."""
    from homegame.bots.equity import equity
    from homegame.variants import get_variant

    variant = get_variant(game)
    rng = random.Random(seed)
    n = len(CLASSES)
    matrix = [[500] * n for _ in range(n)]
    for a in range(n):
        for b in range(a + 1, n):
            while True:
                first = rng.choice(_ALL_BY_CLASS[a])
                second = rng.choice(_ALL_BY_CLASS[b])
                if not set(first) & set(second):
                    break
            result = equity(
                variant, {}, [first, second], exact=False, samples=samples, rng=rng
            ).equity[0]
            value = round(1000 * result)
            matrix[a][b], matrix[b][a] = value, 1000 - value
    return matrix


@dataclass(frozen=True)
class Chart:
    """Per class: the share that shoves first in, and the share that calls that shove."""

    push: tuple[float, ...]
    call: tuple[float, ...]

    def push_fraction(self) -> float:
        """The share of all 1,326 combos that shove."""
        return sum(p * k for p, k in zip(self.push, COMBOS, strict=True)) / 1326

    def call_fraction(self) -> float:
        """The share of all 1,326 combos that call."""
        return sum(q * k for q, k in zip(self.call, COMBOS, strict=True)) / 1326


def solve(
    equity: Sequence[Sequence[int]],
    removal: Sequence[Sequence[int]],
    stack: float,
    behind: int = 1,
    iterations: int = ITERATIONS,
) -> Chart:
    """The push/fold equilibrium at `stack` big blinds with `behind` players left to act."""
    n = len(CLASSES)
    weight_rows = [[float(w) for w in row] for row in removal]
    # removal times equity, per pair: what each weighted matchup wins.
    won_rows = [
        [w * e / 1000 for w, e in zip(wr, er, strict=True)]
        for wr, er in zip(weight_rows, equity, strict=True)
    ]
    totals = [sum(row) for row in weight_rows]
    push = [1.0] * n
    call = [0.0] * n
    pot = 2 * stack + (0 if behind == 1 else 1)
    fold_shover = stack - 0.5 if behind == 1 else stack
    win_blinds = stack + 1 if behind == 1 else stack + 1.5
    fold_caller = stack - 1 if behind == 1 else stack - 0.5
    for t in range(1, iterations + 1):
        # The callers' best response to the shovers' average range.
        for c in range(n):
            weight = sum(map(mul, weight_rows[c], push))
            won = sum(map(mul, won_rows[c], push))
            best = 1.0 if weight and pot * won / weight > fold_caller else 0.0
            call[c] += (best - call[c]) / t
        # The shover's best response to the callers' average range.
        for h in range(n):
            total = totals[h]
            calls = sum(map(mul, weight_rows[h], call))
            won = sum(map(mul, won_rows[h], call))
            p_call = calls / total
            if behind == 1:
                value = (1 - p_call) * win_blinds + pot * won / total
            else:
                nobody = (1 - p_call) ** behind
                called_eq = won / calls if calls else 0.0
                value = nobody * win_blinds + (1 - nobody) * pot * called_eq
            best = 1.0 if value > fold_shover else 0.0
            push[h] += (best - push[h]) / t
    return Chart(tuple(push), tuple(call))


@dataclass(frozen=True)
class PreflopData:
    """The shipped preflop file: equities, card-removal counts and the push/fold charts."""

    equity: tuple[tuple[int, ...], ...]
    removal: tuple[tuple[int, ...], ...]
    charts: dict[tuple[int, int], Chart]

    def chart(self, behind: int, stack: float) -> Chart:
        """The chart nearest to `behind` players to act and `stack` big blinds."""
        b = max(BEHIND[0], min(BEHIND[-1], behind))
        s = max(STACKS[0], min(STACKS[-1], round(stack)))
        return self.charts[(b, s)]

    def equity_against(self, hand: int, weights: Sequence[float]) -> float:
        """The equity of class `hand` against a range given as a weight per class (0..1)."""
        row_w = self.removal[hand]
        row_e = self.equity[hand]
        total = won = 0.0
        for c, share in enumerate(weights):
            if share:
                w = row_w[c] * share
                total += w
                won += w * row_e[c]
        return won / total / 1000 if total else 0.5


@cache
def load(game: str = "holdem") -> PreflopData:
    """The shipped preflop data of a game (`table_for`), read once."""
    name = DATA_FILES[game]
    text = resources.files("homegame").joinpath("data", name).read_text()
    raw: DataFile = json.loads(text)
    if tuple(raw["classes"]) != CLASSES:
        raise ValueError(f"{name} lists its hand classes in another order")
    charts = {}
    for b, by_stack in raw["charts"].items():
        for s, c in by_stack.items():
            charts[int(b), int(s)] = Chart(
                tuple(p / 100 for p in c["push"]), tuple(q / 100 for q in c["call"])
            )
    return PreflopData(
        tuple(tuple(r) for r in raw["equity"]), tuple(tuple(r) for r in blockers()), charts
    )


def build(samples: int = EQUITY_SAMPLES, seed: int = 1, game: str = "holdem") -> DataFile:
    """Everything a game's data file holds, computed afresh (minutes of CPU)."""
    matrix = compute_equity(samples, seed, game)
    removal = blockers()
    charts: dict[str, dict[str, dict[str, list[int]]]] = {}
    for behind in BEHIND:
        for stack in STACKS:
            chart = solve(matrix, removal, stack, behind)
            charts.setdefault(str(behind), {})[str(stack)] = _percent(chart)
    return {
        "method": "see homegame/bots/pushfold.py",
        "equity_samples": samples,
        "seed": seed,
        "iterations": ITERATIONS,
        "classes": list(CLASSES),
        "equity": matrix,
        "charts": charts,
    }


def _percent(chart: Chart) -> dict[str, list[int]]:
    """A chart as the file stores it: each share in whole percent."""
    return {
        "push": [round(100 * p) for p in chart.push],
        "call": [round(100 * q) for q in chart.call],
    }


def main() -> None:
    """Recompute a shipped file: `python -m homegame.bots.pushfold [--game yukon] [PATH]`."""
    import sys
    from pathlib import Path

    args = sys.argv[1:]
    game = "holdem"
    if args[:1] == ["--game"]:
        game, args = args[1], args[2:]
    default = Path(__file__).resolve().parent.parent / "data" / DATA_FILES[game]
    path = Path(args[0]) if args else default
    data = build(SAMPLES[game], 1, game)
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
