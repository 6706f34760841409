"""Outside strategies for the strength table, written against the public bot interface only.

Each is a class `Name(rng)` with `decide(view) -> Action`, loadable as
`benchmarks/outside_bots.py:Name` by `homegame simulate --seats` (see homegame/bots/interface.py):
an always-all-in maniac, a min-raise-every-street player, a calling station, a tight shover
(all-in with the top 10% of hands before the flop, else fold) and PyPokerEngine 1.0's example
`HonestPlayer` (calls when its Monte Carlo win rate beats 1 / players, else folds), adapted.
"""

from __future__ import annotations

import random

from homegame.engine.actions import AllIn, BetRaise, Call, Check, Discard, Fold, Show

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


def _pypoker(card) -> str:
    """A card as PyPokerEngine writes it: suit then rank ("SA", "HT", "C2")."""
    return "CDHS"[card.suit] + RANKS[card.rank]


class Honest:
    """PyPokerEngine 1.0's `HonestPlayer`, run on our view (Yukon: its better set + the river).

    PyPokerEngine draws from the global `random` module; it is seeded from this bot's own
    random source before each estimate so that a seed replays the match. Each estimate is
    kept for the same cards and players (before the flop: the same starting-hand class, whose
    suits do not change the win rate), so that thousands of hands take minutes, not hours.
    """

    def __init__(self, rng: random.Random) -> None:
        from examples.players.honest_player import HonestPlayer

        self.rng = rng
        self.player = HonestPlayer()
        self.rates: dict[tuple, float] = {}

    def decide(self, view):
        routine = _routine(view)
        if routine is not None:
            return routine
        legal = view.legal
        live = sum(1 for s in view.seats if s.cards_held and not s.folded)
        rate = self._rate(view, live)
        if rate >= 1.0 / live:
            return _stay(legal)
        return Check() if legal.can_check else Fold()

    def _rate(self, view, live: int) -> float:
        """HonestPlayer's Monte Carlo win rate for this seat's cards, at most once per key."""
        import examples.players.honest_player as honest
        from pypokerengine.utils.card_utils import estimate_hole_card_win_rate, gen_cards

        board = dict(view.board)
        cards = _cards(view)
        sets = [[board[s] for s in slots if s in board] for slots in _sets(view.variant)]
        if board:
            key = (tuple(sorted(cards)), tuple(tuple(sorted(c)) for c in sets), live)
        else:
            key = (_label(cards), live)
        if key not in self.rates:
            hole = gen_cards([_pypoker(c) for c in cards])
            random.seed(self.rng.getrandbits(64))
            self.rates[key] = max(
                estimate_hole_card_win_rate(
                    nb_simulation=honest.NB_SIMULATION,
                    nb_player=live,
                    hole_card=hole,
                    community_card=gen_cards([_pypoker(c) for c in group]),
                )
                for group in sets
            )
        return self.rates[key]


def _sets(variant: str) -> list[tuple[str, ...]]:
    from homegame.variants import get_variant

    return [group.slots for group in get_variant(variant).groups]


#: The outside strategies by the name the strength table prints.
OUTSIDE = {
    "maniac": "Maniac",
    "min-raiser": "MinRaiser",
    "station": "CallingStation",
    "shover": "TopTenShover",
    "honest": "Honest",
}
