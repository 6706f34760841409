"""Bots playing each other hand by hand, for tests, benchmarks and strength tables.

Every hand starts from fresh equal stacks (a cash game), so each result is the chips one seat
won or lost in one hand; the seats rotate the button. KRG deals count wins (a tie shares one).
A bot gets only `view_for(seat)` when it is that seat's turn.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from homegame.bots.base import Bot
from homegame.engine.actions import Action
from homegame.engine.hand import Hand
from homegame.engine.views import HandView, view_for
from homegame.variants import Variant


def play_hand(
    hand: Hand,
    bots: Sequence[Bot],
    watch: Callable[[int, HandView, Action], None] | None = None,
) -> None:
    """Run `hand` to its end, asking the seat to act for an action from its own view."""
    while not hand.is_over:
        seat = hand.to_act
        if seat is None:
            raise RuntimeError(f"the hand waits for nobody in phase {hand.phase.value}")
        view = view_for(hand, seat)
        action = bots[seat].decide(view)
        if watch is not None:
            watch(seat, view, action)
        hand.act(action)


@dataclass(frozen=True)
class SeatScore:
    """One seat's result over a match: mean per hand and its 95% confidence half-width."""

    kind: str
    mean: float
    half_width: float
    hands: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width


def _score(kind: str, results: Sequence[float], scale: float) -> SeatScore:
    mean = statistics.fmean(results)
    spread = statistics.stdev(results) if len(results) > 1 else 0.0
    half = 1.96 * spread / len(results) ** 0.5
    return SeatScore(kind, mean * scale, half * scale, len(results))


def play_match(
    variant: Variant,
    kinds: Sequence[str],
    hands: int,
    seed: int,
    stack_bb: int = 100,
    big_blind: int = 20,
    factory: Callable[[str, random.Random], Bot] | None = None,
) -> list[SeatScore]:
    """Play `hands` hands (KRG: deals) among bots of `kinds`; per seat, chips won per 100 hands
    in big blinds (KRG: share of deals won), with a 95% confidence interval."""
    from homegame.bots import make_bot

    make = factory or make_bot
    rng = random.Random(seed)
    bots = [make(kind, random.Random(rng.getrandbits(64))) for kind in kinds]
    n = len(kinds)
    results: list[list[float]] = [[] for _ in kinds]
    for number in range(hands):
        button = number % n
        deal_rng = random.Random(rng.getrandbits(64))
        if variant.has_betting:
            stacks = [stack_bb * big_blind] * n
            hand = Hand(variant, stacks, button, big_blind // 2, big_blind, rng=deal_rng)
            play_hand(hand, bots)
            for seat, net in enumerate(hand.result.net):
                results[seat].append(net / big_blind)
        else:
            hand = Hand(variant, [0] * n, button, rng=deal_rng)
            play_hand(hand, bots)
            winners = hand.winners
            for seat in range(n):
                results[seat].append(1 / len(winners) if seat in winners else 0.0)
    scale = 100.0 if variant.has_betting else 1.0
    return [_score(kind, r, scale) for kind, r in zip(kinds, results, strict=True)]
