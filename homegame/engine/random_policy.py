"""The random legal policy: picks any action the seat may take, for simulation and benchmarks.

It only ever returns an action from `LegalActions`, so it exercises every rule of the engine
(short all-ins, side pots, run-outs, KRG discards) without knowing poker. The kinds of action
are weighted so hands often reach the later streets instead of ending in the first all-in.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from types import MappingProxyType
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.engine.actions import (
    Action,
    ActionKind,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    Muck,
    RunTwice,
    Show,
)

if TYPE_CHECKING:
    from homegame.engine.simulation import SeatTurn

#: Relative weights of each kind of action when it is open.
DEFAULT_WEIGHTS: Mapping[ActionKind, float] = MappingProxyType(
    {
        ActionKind.FOLD: 1.0,
        ActionKind.CHECK: 3.0,
        ActionKind.CALL: 3.0,
        ActionKind.BET: 1.0,
        ActionKind.RAISE: 1.0,
        ActionKind.ALL_IN: 0.15,
        ActionKind.SHOW: 4.0,
        ActionKind.MUCK: 1.0,
    }
)


def random_action(
    legal: LegalActions,
    rng: random.Random,
    hole: Sequence[Card] | None = None,
    weights: Mapping[ActionKind, float] = DEFAULT_WEIGHTS,
) -> Action:
    """A random action among those `legal` allows; KRG discards pick cards from `hole`; asked
    to run it twice (HOUSE_RULES 27), yes two times in three."""
    if legal.can_run_twice:
        return RunTwice(rng.random() < 2 / 3)
    if legal.discard_count:
        count = legal.discard_count
        if hole:
            return Discard(cards=tuple(rng.sample(list(hole), count)))
        return Discard(count=count)
    current = legal.current_bet
    can_raise = legal.min_raise_to is not None
    key = (
        legal.can_fold,
        legal.can_check,
        legal.call_amount > 0,
        can_raise and current == 0,
        can_raise and current > 0,
        legal.can_all_in,
        legal.can_show,
        legal.can_muck,
    )
    if weights is DEFAULT_WEIGHTS:
        table = _TABLES.get(key)
        if table is None:
            table = _TABLES[key] = _table(key, weights)
    else:
        table = _table(key, weights)
    kinds, cumulative = table
    if not kinds:
        raise ValueError(f"seat {legal.seat} has nothing it may do")
    kind = kinds[bisect(cumulative, rng.random() * cumulative[-1])] if len(kinds) > 1 else kinds[0]
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return BetRaise(_raise_size(legal, rng))
    return _PLAIN[kind]


#: The actions without an amount are values: one shared instance of each.
_PLAIN: dict[ActionKind, Action] = {
    ActionKind.FOLD: Fold(),
    ActionKind.CHECK: Check(),
    ActionKind.CALL: Call(),
    ActionKind.ALL_IN: AllIn(),
    ActionKind.SHOW: Show(),
    ActionKind.MUCK: Muck(),
}


#: The kinds open and their cumulative default weights, by which kinds are open (one flag per
#: kind of `_ORDER`).
_TABLES: dict[tuple[bool, ...], tuple[tuple[ActionKind, ...], tuple[float, ...]]] = {}
_ORDER = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
    ActionKind.ALL_IN,
    ActionKind.SHOW,
    ActionKind.MUCK,
)


def _table(
    key: tuple[bool, ...], weights: Mapping[ActionKind, float]
) -> tuple[tuple[ActionKind, ...], tuple[float, ...]]:
    kinds = tuple(kind for kind, open_ in zip(_ORDER, key, strict=False) if open_)
    return kinds, tuple(accumulate(weights.get(kind, 1.0) for kind in kinds))


def _raise_size(legal: LegalActions, rng: random.Random) -> int:
    """Mostly small: the minimum, up to three times it, or (rarely) anything up to all-in."""
    low = legal.min_raise_to
    high = legal.max_raise_to
    assert low is not None and high is not None
    roll = rng.random()
    if roll < 0.5:
        return low
    if roll < 0.9:
        return min(high, rng.randint(low, 3 * low))
    return rng.randint(low, high)


@dataclass
class RandomPolicy:
    """A seat controller that plays `random_action` with its own injected random source."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))
    weights: Mapping[ActionKind, float] = field(default_factory=lambda: DEFAULT_WEIGHTS)

    def choose(self, legal: LegalActions, hole: Sequence[Card] | None = None) -> Action:
        """The action for the seat to act, given what it may do and its own hole cards."""
        return random_action(legal, self.rng, hole, self.weights)

    def decide(self, turn: SeatTurn) -> Action:
        """The seat-controller form used by the simulator (and the TUI's random seats)."""
        legal = turn.legal
        hole = None
        if legal.discard_count:
            hole = [c for c in turn.hole if c is not None]
        return random_action(legal, self.rng, hole, self.weights)
