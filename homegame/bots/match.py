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
    shard_deals: int | None = None,
    workers: int = 1,
) -> list[SeatScore]:
    """Per entry of `kinds`, its score over `match_results` (see there)."""
    results = match_results(
        variant, kinds, hands, seed, stack_bb, big_blind, factory, duplicate, shard_deals, workers
    )
    scale = 100.0 if variant.has_chips else 1.0
    return [_score(kind, r, scale) for kind, r in zip(kinds, results, strict=True)]


def difference(first: Sequence[float], second: Sequence[float], scale: float) -> SeatScore:
    """The mean per-deal difference of two players' results, with its 95% interval."""
    return _score("difference", [a - b for a, b in zip(first, second, strict=True)], scale)


#: Deals per shard when `homegame simulate --cash` splits a match (`match_results`' shard_deals):
#: enough deals for the hard bot's reads of its opponents to settle, and enough shards in a
#: 5,000-deal run to keep two or more workers busy to the end.
SHARD_DEALS = 250


def match_results(
    variant: Variant,
    kinds: Sequence[str],
    hands: int,
    seed: int,
    stack_bb: int = 100,
    big_blind: int = 20,
    factory: Callable[[str, random.Random], Bot] | None = None,
    duplicate: bool = False,
    shard_deals: int | None = None,
    workers: int = 1,
) -> list[list[float]]:
    """Play `hands` deals (KRG: deals) among bots of `kinds`, from fresh `stack_bb` stacks each.

    Per entry of `kinds`, per deal: big blinds won (KRG: share of the deal won); `play_match`
    turns them into BB per 100 hands with a 95% confidence interval. With `duplicate`, every
    deal is replayed once per rotation of the players round the seats (the same cards, each
    player in each seat in turn), and a deal's result for a player is its mean over the
    rotations: the luck of the cards cancels out.

    With `shard_deals`, the deals are cut into shards of that many, each with fresh bots and a
    random source of its own (the first shard's is the unsharded match's), so the results are
    the same whether `workers` processes play the shards or this one does. A `factory` plays
    in this process only.
    """
    size = shard_deals or max(1, hands)
    shards = [
        _Shard(variant.key, tuple(kinds), first, min(size, hands - first), _shard_seed(seed, k))
        for k, first in enumerate(range(0, hands, size))
    ]
    options = (stack_bb, big_blind, duplicate)
    if workers > 1 and len(shards) > 1:
        if factory is not None:
            raise ValueError("bots made by a factory play in one process: use one worker")
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        jobs = [(shard, *options) for shard in shards]
        with ProcessPoolExecutor(
            min(workers, len(shards)), mp_context=get_context("spawn")
        ) as pool:
            parts = list(pool.map(_play_shard_job, jobs))
    else:
        parts = [_play_shard(variant, shard, *options, factory) for shard in shards]
    return [[net for part in parts for net in part[player]] for player in range(len(kinds))]


@dataclass(frozen=True)
class _Shard:
    """Deals `first` to `first + count - 1` of a match, dealt from the random source `seed`."""

    variant: str
    kinds: tuple[str, ...]
    first: int
    count: int
    seed: int | str


def _shard_seed(seed: int, number: int) -> int | str:
    """Shard 0 plays from the match's seed (an unsharded match is its one shard); each later
    shard from a text of its own (a text seeds `random.Random` the same in every process)."""
    return seed if number == 0 else f"homegame-match-{seed}-shard-{number}"


def _play_shard_job(job: tuple[_Shard, int, int, bool]) -> list[list[float]]:
    """A worker process's shard: the variant looked up by key, the bots made by kind."""
    from homegame.variants import get_variant

    shard, stack_bb, big_blind, duplicate = job
    return _play_shard(get_variant(shard.variant), shard, stack_bb, big_blind, duplicate, None)


def _play_shard(
    variant: Variant,
    shard: _Shard,
    stack_bb: int,
    big_blind: int,
    duplicate: bool,
    factory: Callable[[str, random.Random], Bot] | None,
) -> list[list[float]]:
    """Per player of the shard's kinds, per deal of the shard: what `match_results` says."""
    from homegame.bots import make_bot

    make = factory or make_bot
    rng = random.Random(shard.seed)
    bots = [make(kind, random.Random(rng.getrandbits(64))) for kind in shard.kinds]
    n = len(shard.kinds)
    rotations = n if duplicate else 1
    results: list[list[float]] = [[] for _ in shard.kinds]
    for number in range(shard.first, shard.first + shard.count):
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
