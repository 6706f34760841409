"""Cards from the record: a replayed hand gets the cards it was dealt, the rest shuffled afresh.

The session's random source shuffles each hand's deck with one `sample` call; `ReplayRandom`
is that source with the journal's cards put where the hand will draw them (hole cards in the
order dealt, a burn before each board round when burning, then each board card). Positions
nothing recorded keep the shuffle's card, so a game started with a seed deals exactly what it
dealt before, and any other game deals its undealt cards afresh.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from homegame.cards import Card
from homegame.engine.events import BoardDealt, Event, HandStarted, HoleDealt

#: One hand's draws in order: each a group of cards taken together (None: a burned card).
Draws = list[tuple[Card | None, ...]]


def hand_draws(events: Sequence[Event], burn_cards: bool) -> list[Draws]:
    """Each hand's recorded draws, hand by hand, from a game's events."""
    hands: list[Draws] = []
    for event in events:
        if isinstance(event, HandStarted):
            hands.append([])
        elif isinstance(event, HoleDealt) and hands and event.cards is not None:
            hands[-1].append(tuple(event.cards))
        elif isinstance(event, BoardDealt) and hands:
            if burn_cards:
                hands[-1].append((None,))
            hands[-1].extend((card,) for card in event.cards)
    return hands


def arrange(deck: Sequence[Card], draws: Draws) -> list[Card]:
    """`deck` (drawn from its end) with the recorded cards moved to where they are drawn."""
    out = list(deck)
    size = len(out)
    taken = 0
    for group in draws:
        start = size - taken - len(group)
        if start < 0:
            return list(deck)  # not this deal's record: leave the shuffle alone
        for offset, card in enumerate(group):
            at = start + offset
            if card is None or out[at] == card:
                continue
            try:
                other = out.index(card)
            except ValueError:
                out[at] = card
            else:
                out[at], out[other] = out[other], out[at]
        taken += len(group)
    return out


class ReplayRandom(random.Random):
    """A random source whose n-th deck shuffle deals the n-th recorded hand's cards."""

    def __init__(self, seed: Any = None, hands: Sequence[Draws] = ()) -> None:
        super().__init__(seed)
        self.hands = list(hands)
        self.deals = 0

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        drawn = super().sample(population, k, counts=counts)
        index = self.deals
        self.deals += 1
        if index < len(self.hands) and all(isinstance(c, Card) for c in drawn):
            return arrange(drawn, self.hands[index])
        return drawn
