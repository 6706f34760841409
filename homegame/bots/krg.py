"""KRG discards: which cards each level keeps at each stage (6 -> 4, 4 -> 3, 3 -> 2).

`hard` keeps the choice with the best equity against the other players' unknown hands, judged
on the same random deals for every choice (exact on the last stage when that is quick);
`medium` does the same with fewer deals; `easy` keeps pairs and high cards by a rule of thumb.
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

from homegame.bots.base import Facts
from homegame.bots.equity import keep_choices
from homegame.cards import Card
from homegame.engine.actions import Discard

#: Monte Carlo deals per KRG keep choice that one discard may judge: a sample budget, not a
#: clock, so a seed replays a game exactly on any machine (the hard bot's p95 stays <= 100 ms).
KRG_BUDGET = 120_000
#: The most cards a discarding opponent is modelled holding (see `keep_by_equity`).
DISCARDER_CARDS = 4
#: One ranking of a discarding opponent's possible final pairs, in rankings of our own: they
#: go through the general ranking path, ours through the fast one (measured about five).
DISCARDER_COST = 5


def keep_by_equity(
    facts: Facts,
    rng: random.Random,
    samples: int,
    budget: int | None = None,
    discarding: bool = False,
) -> tuple[Card, ...]:
    """The cards to keep with the best equity against unknown opponents.

    Opponents are two random cards, or with `discarding` hands that discard well: each holds
    as many random cards as it has now, at most `DISCARDER_CARDS` (four: what a six-card
    hand keeps after its first discard, made without seeing a board), and ends with the best
    two of them for the final board, as the keeper's own larger keeps are valued: strong
    final hands, which favours keeps that can beat them.
    At most `samples` deals, fewer when there are few choices to tell apart (the later stages),
    and at most `budget` hand rankings in all (each deal ranks every player's possible final
    pairs): a work budget in place of a clock, so the same seed always keeps the same cards.
    """
    final = facts.variant.kept_cards
    keep = len(facts.hole) - facts.legal.discard_count
    samples = min(samples, 150 + 60 * comb(len(facts.hole), keep))
    held = [max(final, min(DISCARDER_CARDS, s.cards_held)) for s in facts.opponents]
    others: list[int | None] = list(held) if discarding else [None] * len(held)
    if budget is not None:
        mine = comb(len(facts.hole), final)
        if discarding:
            per_deal = mine + DISCARDER_COST * sum(comb(n, final) for n in held)
        else:  # (a generous count for random opponents, kept so their samples stay as tuned)
            per_deal = mine * (1 + len(others))
        samples = max(50, min(samples, budget // per_deal))
    choices = keep_choices(
        facts.variant,
        facts.board,
        facts.hole,
        others,
        keep,
        dead=facts.dead,
        rng=rng,
        samples=samples,
        max_exact=3_000,
    )
    return choices[0].cards


def keep_by_rule(hole: tuple[Card, ...], keep: int) -> tuple[Card, ...]:
    """A rule of thumb: most cards of one rank, then of one suit, then high ranks."""

    def score(cards: tuple[Card, ...]) -> tuple[int, int, int]:
        ranks = [c.rank for c in cards]
        suits = [c.suit for c in cards]
        pairs = sum(ranks.count(r) - 1 for r in set(ranks))
        suited = max(suits.count(s) for s in set(suits))
        return (pairs, suited, sum(ranks))

    return max(combinations(hole, keep), key=score)


def discard_for(facts: Facts, kept: tuple[Card, ...]) -> Discard:
    """The engine action that throws away every card not in `kept`."""
    return Discard(cards=tuple(c for c in facts.hole if c not in kept))
