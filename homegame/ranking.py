"""How every game ranks a hand: the one place the showdown, the hand, the equity engine, the bots
and `odds` ask.

A variant's data says how (see `homegame.variants.base`): its `hand_type` how five cards are
made (the best five of the hole cards and one group; or exactly two hole cards with exactly
three of the group's cards, as in Omaha), its groups which board cards go together, and each
group's `board` which groups are alternatives (Yukon: a hand uses the better of its two sets)
and which are separate boards that each win their share of a pot (Double Board). Values come
from `homegame.evaluator.evaluate`: higher wins, equal values tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from homegame.cards import Card
from homegame.evaluator import best_five, best_of_parts, category, evaluate, evaluate_many
from homegame.variants import HandType, Variant


@dataclass(frozen=True)
class MadeHand:
    """A player's best five on one board: value (higher wins), the cards, category, set used."""

    value: int
    cards: tuple[Card, ...]
    category: str
    group: str | None


def group_cards(
    variant: Variant, board: Mapping[str, Card], on: int | None = None
) -> list[tuple[str | None, list[Card]]]:
    """The board cards each group may use, as (group name, cards), for the slots dealt so far.

    `on`: only the groups of that board number (default: every group).
    """
    return [
        (g.name, [board[s] for s in g.slots if s in board])
        for g in variant.groups
        if on is None or g.board == on
    ]


def group_value(hand_type: HandType, hole: Sequence[Card], cards: Sequence[Card]) -> int:
    """The value of `hole` with one group's `cards` under `hand_type` (best five: 5 to 7 cards)."""
    if hand_type is HandType.BEST_FIVE:
        return evaluate([*hole, *cards])
    if len(hole) < 2 or len(cards) < 3:
        raise ValueError("an Omaha hand needs two hole cards and three board cards to rank")
    return best_of_parts(list(combinations(hole, 2)), list(combinations(cards, 3)))


def group_values(
    hand_type: HandType, holes: Sequence[Sequence[Card]], cards: Sequence[Card]
) -> list[int]:
    """`group_value` of each of many holes with the same group cards (fast for best five)."""
    if hand_type is HandType.BEST_FIVE:
        return evaluate_many([[*hole, *cards] for hole in holes])
    if len(cards) < 3 or any(len(hole) < 2 for hole in holes):
        return [group_value(hand_type, hole, cards) for hole in holes]  # says what is wrong
    threes = list(combinations(cards, 3))  # the board's threes, the same for every hole
    return [best_of_parts(list(combinations(hole, 2)), threes) for hole in holes]


def best_over_groups(
    hand_type: HandType, holes: Sequence[Sequence[Card]], groups: Sequence[Sequence[Card]]
) -> list[int]:
    """Each hole's best `group_value` over `groups`, valued a group at a time for all the holes
    at once (`group_values`: one pass for best five instead of a call per hand)."""
    per_group = [group_values(hand_type, holes, cards) for cards in groups]
    return [max(values) for values in zip(*per_group, strict=True)]


def hand_value(
    variant: Variant, hole: Sequence[Card], board: Mapping[str, Card], on: int | None = None
) -> int:
    """The value a hand shows on board `on` (default the first): the best over its groups."""
    hand_type = variant.hand_type
    groups = variant.groups
    if len(groups) == 1 and hand_type is HandType.BEST_FIVE:  # Hold'em, KRG: one evaluation
        return evaluate([*hole, *[board[s] for s in groups[0].slots if s in board]])
    board_no = groups[0].board if on is None else on
    return max(
        group_value(hand_type, hole, [board[s] for s in g.slots if s in board])
        for g in variant.groups
        if g.board == board_no
    )


def board_values(
    variant: Variant, hole: Sequence[Card], board: Mapping[str, Card]
) -> tuple[int, ...]:
    """The hand's value on each board, in board order (one value for one-board games)."""
    if len(variant.groups) == 1:
        return (hand_value(variant, hole, board),)
    return tuple(hand_value(variant, hole, board, b) for b in variant.boards)


def kept_value(variant: Variant, hole: Sequence[Card], groups: Sequence[Sequence[Card]]) -> int:
    """The best value over `groups` of the best kept-size part of `hole` (KRG before discards).

    `groups` are the board cards of the groups to choose from (one board's groups).
    """
    keep = variant.kept_cards
    hand_type = variant.hand_type
    holes = [hole] if len(hole) <= keep else list(combinations(hole, keep))
    return max(best_over_groups(hand_type, holes, groups))


def best_hand(
    variant: Variant, hole: Sequence[Card], board: Mapping[str, Card], on: int | None = None
) -> MadeHand:
    """The made hand on board `on` (default the first): the best group, first group on ties."""
    best: tuple[int, str | None, list[Card]] | None = None
    two_plus_three = variant.hand_type is HandType.TWO_PLUS_THREE
    board_no = variant.groups[0].board if on is None else on
    for name, cards in group_cards(variant, board, board_no):
        if two_plus_three:
            pools = [[*t, *h] for t in combinations(hole, 2) for h in combinations(cards, 3)]
            if not pools:
                raise ValueError("an Omaha hand needs two hole cards and three board cards")
        else:
            pools = [[*hole, *cards]]
            if not 5 <= len(pools[0]) <= 7:
                raise ValueError(f"a hand needs 5 to 7 cards to rank, not {len(pools[0])}")
        for pool in pools:
            v = evaluate(pool)
            if best is None or v > best[0]:
                best = (v, name, pool)
    assert best is not None
    v, name, pool = best
    return MadeHand(v, best_five(pool), category(v).label, name)


def best_hands(
    variant: Variant, hole: Sequence[Card], board: Mapping[str, Card]
) -> tuple[MadeHand, ...]:
    """The made hand on each board, in board order."""
    return tuple(best_hand(variant, hole, board, b) for b in variant.boards)


def winners_of(values: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the best values (more than one on a tie)."""
    top = max(values)
    return tuple(i for i, v in enumerate(values) if v == top)
