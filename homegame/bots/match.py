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
from homegame.engine.hand import Hand, view_for
from homegame.engine.views import HandView
from homegame.variants import Variant


def play_hand(
    hand: Hand,
    bots: Sequence[Bot],
    watch: Callable[[int, HandView, Action], None] | None = None,
) -> None:
    """Run `hand` to its end, asking the seat to act for an action from its own view; then
    each bot with a `hand_over(view)` method is shown its own seat's view of the finished hand
    (what it may see of the actions after its last decision: the hard bot's reads count them)."""
    while not hand.is_over:
        seat = hand.to_act
        if seat is None:
            raise RuntimeError(f"the hand waits for nobody in phase {hand.phase.value}")
        view = view_for(hand, seat)
        action = bots[seat].decide(view)
        if watch is not None:
            watch(seat, view, action)
        hand.act(action)
    for seat, bot in enumerate(bots):
        told = getattr(bot, "hand_over", None)
        if told is not None:
            told(view_for(hand, seat))


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
    duplicate: bool = False,
) -> list[SeatScore]:
    """Per entry of `kinds`, its score over `match_results` (see there)."""
    results = match_results(variant, kinds, hands, seed, stack_bb, big_blind, factory, duplicate)
    scale = 100.0 if variant.has_chips else 1.0
    return [_score(kind, r, scale) for kind, r in zip(kinds, results, strict=True)]


def difference(first: Sequence[float], second: Sequence[float], scale: float) -> SeatScore:
    """The mean per-deal difference of two players' results, with its 95% interval."""
    return _score("difference", [a - b for a, b in zip(first, second, strict=True)], scale)


def match_results(
    variant: Variant,
    kinds: Sequence[str],
    hands: int,
    seed: int,
    stack_bb: int = 100,
    big_blind: int = 20,
    factory: Callable[[str, random.Random], Bot] | None = None,
    duplicate: bool = False,
) -> list[list[float]]:
    """Play `hands` deals (KRG: deals) among bots of `kinds`, from fresh `stack_bb` stacks each.

    Per entry of `kinds`, per deal: big blinds won (KRG: share of the deal won); `play_match`
    turns them into BB per 100 hands with a 95% confidence interval. With `duplicate`, every
    deal is replayed once per rotation of the players round the seats (the same cards, each
    player in each seat in turn), and a deal's result for a player is its mean over the
    rotations: the luck of the cards cancels out.
    """
    from homegame.bots import make_bot

    make = factory or make_bot
    rng = random.Random(seed)
    bots = [make(kind, random.Random(rng.getrandbits(64))) for kind in kinds]
    n = len(kinds)
    rotations = n if duplicate else 1
    results: list[list[float]] = [[] for _ in kinds]
    for number in range(hands):
        button = number % n
        deal_seed = rng.getrandbits(64)
        totals = [0.0] * n
        for shift in range(rotations):
            # Player p sits in seat (p + shift) % n and gets that seat's cards.
            seated = [bots[(seat - shift) % n] for seat in range(n)]
            nets = _play_one(variant, seated, button, deal_seed, stack_bb, big_blind)
            for seat, net in enumerate(nets):
                totals[(seat - shift) % n] += net
        for player in range(n):
            results[player].append(totals[player] / rotations)
    return results


def _play_one(
    variant: Variant,
    bots: Sequence[Bot],
    button: int,
    deal_seed: int,
    stack_bb: int,
    big_blind: int,
) -> list[float]:
    """One hand from fresh stacks: per seat, big blinds won (KRG: share of the deal won)."""
    n = len(bots)
    deal_rng = random.Random(deal_seed)
    if variant.has_chips:
        stacks = [stack_bb * big_blind] * n
        hand = Hand(variant, stacks, button, big_blind // 2, big_blind, rng=deal_rng)
        play_hand(hand, bots)
        return [net / big_blind for net in hand.result.net]
    hand = Hand(variant, [0] * n, button, rng=deal_rng)
    play_hand(hand, bots)
    winners = hand.winners
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(n)]
