"""Outside strategies for the strength table, written against the public bot interface only.

Each is a class `Name(rng)` with `decide(view) -> Action`, loadable as
`benchmarks/outside_bots.py:Name` by `homegame simulate --seats` (see homegame/bots/interface.py):
an always-all-in maniac, a min-raise-every-street player, a calling station, a tight shover
(all-in with the top 10% of hands before the flop, else fold) and PyPokerEngine 1.0's example
`HonestPlayer` (calls when its Monte Carlo win rate is at least 1 / players, else folds), adapted.
"""

from __future__ import annotations

import random

from homegame.engine.actions import AllIn, BetRaise, Call, Check, Discard, Fold, Show
from homegame.engine.seat_status import SeatStatus

#: The shover's top 10% (about 140 of 1,326 combos): 77+, A9s+, KTs+, QTs+, JTs, AJo+, KQo.
TOP_TEN = {
    *(r + r for r in "AKQJT987"),
    *("A" + r + "s" for r in "KQJT9"),
    *("K" + r + "s" for r in "QJT"),
    "QJs",
    "QTs",
    "JTs",
    "AKo",
    "AQo",
    "AJo",
    "KQo",
}
RANKS = "23456789TJQKA"


def _me(view):
    return next(s for s in view.seats if s.seat == view.viewer)


def _cards(view):
    return tuple(c for c in (_me(view).cards or ()) if c is not None)


def _label(cards) -> str:
    """A two-card hand's class: "AA", "AKs", "AKo"."""
    a, b = sorted(cards, key=lambda c: c.rank, reverse=True)
    label = RANKS[a.rank] + RANKS[b.rank]
    if a.rank != b.rank:
        label += "s" if a.suit == b.suit else "o"
    return label


def _routine(view):
    """Discards (throw the first cards) and showdowns, which none of these strategies weigh."""
    legal = view.legal
    if legal.discard_count:
        return Discard(_cards(view)[: legal.discard_count])
    if legal.can_show:
        return Show()
    return None


def _stay(legal):
    if legal.can_check:
        return Check()
    if legal.can_call:
        return Call()
    return AllIn() if legal.can_all_in else Fold()


class Maniac:
    """All-in at every decision."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        routine = _routine(view)
        if routine is not None:
            return routine
        legal = view.legal
        return AllIn() if legal.can_all_in else _stay(legal)


class MinRaiser:
    """Bets or raises the minimum on every street whenever it may, else calls."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        routine = _routine(view)
        if routine is not None:
            return routine
        legal = view.legal
        if legal.min_raise_to is not None:
            return BetRaise(legal.min_raise_to)
        return _stay(legal)


class CallingStation:
    """Checks or calls, whatever it holds."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        return _routine(view) or _stay(view.legal)


class TopTenShover:
    """All-in before the flop with the top 10% of hands, else fold (check when free)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        routine = _routine(view)
        if routine is not None:
            return routine
        legal = view.legal
        label = _label(_cards(view))
        if view.street == "preflop" and label in TOP_TEN and legal.can_all_in:
            return AllIn()
        if legal.can_check:
            return Check()
        return Call() if view.street != "preflop" and label in TOP_TEN else Fold()


#: HonestPlayer's simulations per estimate (`NB_SIMULATION` in PyPokerEngine's example).
SIMULATIONS = 1000


class Honest:
    """PyPokerEngine 1.0's example `HonestPlayer`: call (check when free) if its win rate is at
    least 1 / players, else fold (check when free).

    Its rule, as the example has it: `players` is the number of players in the game (here the
    seats dealt into the hand, folded or not), and the win rate is PyPokerEngine's
    `estimate_hole_card_win_rate`: the share of 1,000 simulations in which this seat's cards,
    against `players - 1` random hands and a board filled at random from the unseen cards, rank
    at least as high as every other hand. `win_rate` below is that same estimator, with the same
    draws and the same count, only ranked by the project's evaluator (about 5 ms instead of 80
    to 250 ms), so a 5,000-hand six-max row takes minutes, not hours. It is faithful because
    PyPokerEngine orders hands by category and the category's ranks, then by the two hole
    cards' ranks (high, then low) in place of board kickers; hands the true ranking calls equal
    are ordered by those hole ranks here too. The two orders differ only in rare cases (its
    flushes compare the top card only; it has no five-high straight), and
    tests/bots/test_outside_honest.py checks that the estimates agree within Monte Carlo error
    and that the decisions match HonestPlayer's own on a set of spots.

    Two adaptations: the one where the example would fold with nothing to call, this checks
    (folding a free hand only gives chips away, so hard would be flattered); and in Yukon the
    win rate is Yukon's (each hand at its better set), which PyPokerEngine cannot deal.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view):
        routine = _routine(view)
        if routine is not None:
            return routine
        legal = view.legal
        players = sum(1 for s in view.seats if s.status is not SeatStatus.OUT)
        rate = win_rate(view.variant, _cards(view), dict(view.board), players, self.rng)
        if rate >= 1.0 / players:
            return _stay(legal)
        return Check() if legal.can_check else Fold()


def win_rate(
    variant: str,
    hole,
    board,
    players: int,
    rng: random.Random,
    simulations: int = SIMULATIONS,
) -> float:
    """HonestPlayer's estimate: the share of `simulations` random deals (the rest of the board,
    `players - 1` hands) in which `hole` ranks at least as high as every other hand, hands
    ordered by value, then by their two cards' ranks (PyPokerEngine's tie-break)."""
    from homegame.cards import ALL_CARDS
    from homegame.evaluator import evaluate
    from homegame.variants import get_variant

    game = get_variant(variant)
    gone = {*hole, *board.values()}
    deck = [c for c in ALL_CARDS if c not in gone]
    missing = [s for s in game.slots if s not in board]
    groups = [g.slots for g in game.groups]
    high, low = sorted((c.rank for c in hole), reverse=True)
    wins = 0
    for _ in range(simulations):
        draw = rng.sample(deck, len(missing) + 2 * (players - 1))
        full = {**board, **dict(zip(missing, draw, strict=False))}
        sets = [[full[s] for s in slots] for slots in groups]
        mine = (max(evaluate([*hole, *cards]) for cards in sets), high, low)
        for i in range(len(missing), len(draw), 2):
            a, b = draw[i], draw[i + 1]
            theirs = max(evaluate([a, b, *cards]) for cards in sets)
            if (theirs, *sorted((a.rank, b.rank), reverse=True)) > mine:
                break
        else:
            wins += 1
    return wins / simulations


#: The outside strategies by the name the strength table prints.
OUTSIDE = {
    "maniac": "Maniac",
    "min-raiser": "MinRaiser",
    "station": "CallingStation",
    "shover": "TopTenShover",
    "honest": "Honest",
}
