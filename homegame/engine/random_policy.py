"""The random legal policy: picks any action the seat may take, for simulation and benchmarks.

It only ever returns an action from `LegalActions`, so it exercises every rule of the engine
(short all-ins, side pots, run-outs, KRG discards) without knowing poker. The kinds of action
are weighted so hands often reach the later streets instead of ending in the first all-in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

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
    Show,
)

#: Relative weights of each kind of action when it is open.
DEFAULT_WEIGHTS: Mapping[ActionKind, float] = {
    ActionKind.FOLD: 1.0,
    ActionKind.CHECK: 3.0,
    ActionKind.CALL: 3.0,
    ActionKind.BET: 1.0,
    ActionKind.RAISE: 1.0,
    ActionKind.ALL_IN: 0.15,
    ActionKind.SHOW: 4.0,
    ActionKind.MUCK: 1.0,
}


def random_action(
    legal: LegalActions,
    rng: random.Random,
    hole: Sequence[Card] | None = None,
    weights: Mapping[ActionKind, float] = DEFAULT_WEIGHTS,
) -> Action:
    """A random action among those `legal` allows; KRG discards pick cards from `hole`."""
    if legal.discard_count:
        count = legal.discard_count
        if hole:
            return Discard(cards=tuple(rng.sample(list(hole), count)))
        return Discard(count=count)
    kinds = legal.kinds
    if not kinds:
        raise ValueError(f"seat {legal.seat} has nothing it may do")
    if len(kinds) == 1:
        kind = kinds[0]
    else:
        kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    if kind is ActionKind.FOLD:
        return Fold()
    if kind is ActionKind.CHECK:
        return Check()
    if kind is ActionKind.CALL:
        return Call()
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return BetRaise(_raise_size(legal, rng))
    if kind is ActionKind.ALL_IN:
        return AllIn()
    if kind is ActionKind.SHOW:
        return Show()
    return Muck()


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
    weights: Mapping[ActionKind, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))

    def choose(self, legal: LegalActions, hole: Sequence[Card] | None = None) -> Action:
        """The action for the seat to act, given what it may do and its own hole cards."""
        return random_action(legal, self.rng, hole, self.weights)
