"""Rank any 5, 6 or 7 cards to one integer: higher is better, equal strength gives equal values.

Values run 1..7462, one per distinct five-card strength; suits never break ties. The design
leans on the `Card` encoding, `(5**rank << 12) | (1 << 3*suit)`: one C-level `sum(cards)`
gives the rank multiset in base 5 above bit 12 and four 3-bit suit counters below it. The
counters say in one list lookup whether a suit holds five or more cards; if none does, the
rank multiset alone decides and one dict lookup answers (one dict serves 5, 6 and 7 cards).
Otherwise the flush suit's ranks, as a 13-bit mask, index the flush table. The tables ship as
package data (built by `python -m homegame.evaluator_tables`) so importing stays fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import IntEnum
from itertools import combinations
from math import trunc

from homegame.cards import ALL_CARDS, SUIT_BITS, SUIT_MASK, Card
from homegame.evaluator_tables import CATEGORY_SIZES, DISTINCT_VALUES, load_tables

__all__ = [
    "DISTINCT_VALUES",
    "Category",
    "best_five",
    "category",
    "evaluate",
    "evaluate_many",
]


class Category(IntEnum):
    """The ten hand categories, weakest first; the royal flush is the top straight flush."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        """The name as the rules documents spell it, e.g. 'full house'."""
        return self.name.lower().replace("_", " ")


_NOFLUSH, _FLUSH = load_tables()


def _flush_suit_bit(counters: int) -> int:
    """The suit's counter bit `1 << 3*suit` if that suit holds five or more cards, else 0."""
    for suit in range(4):
        if (counters >> 3 * suit) & 7 >= 5:
            return 1 << 3 * suit
    return 0


_FLUSH_SUIT = [_flush_suit_bit(c) for c in range(SUIT_MASK + 1)]
_RANK_BIT = {card: 1 << card.rank for card in ALL_CARDS}


def _category_table() -> list[Category]:
    """Category by value; index 0 is a placeholder (no hand has value 0)."""
    table = [Category.HIGH_CARD]
    for name, size in CATEGORY_SIZES:
        table.extend([Category[name]] * size)
    table[DISTINCT_VALUES] = Category.ROYAL_FLUSH
    return table


_CATEGORY_OF = _category_table()

# The hot paths below write the Card layout's constants as literals (a global costs a lookup);
# fail at import, not with wrong answers, if that layout ever changes.
if (SUIT_BITS, SUIT_MASK) != (12, 4095) or sum(ALL_CARDS[-7:]) >= 2**53:
    raise ImportError("homegame.evaluator expects Card = (5**rank << 12) | (1 << 3*suit)")
_BAD_HAND = "evaluate needs 5, 6 or 7 distinct cards"


def evaluate(cards: Sequence[Card]) -> int:
    """The hand's strength 1..7462 (higher wins) from its best five of 5, 6 or 7 distinct cards."""
    # A float start keeps sum() in its C loop for int subclasses; the total stays exact.
    s = trunc(sum(cards, 0.0))
    if _FLUSH_SUIT[s & 4095]:
        return _flush_value(cards, s)
    try:
        return _NOFLUSH[s >> 12]
    except KeyError:
        raise ValueError(_BAD_HAND) from None


def _flush_value(cards: Iterable[Card], s: int) -> int:
    """The value of a hand holding a flush: its best five cards of the flush suit.

    Kept out of `evaluate` because a smaller function body makes every call cheaper.
    """
    suit_bit = _FLUSH_SUIT[s & 4095]
    value = _FLUSH[sum([_RANK_BIT[c] for c in cards if c & suit_bit])]
    if not value:
        raise ValueError(_BAD_HAND)
    return value


def evaluate_many(hands: Iterable[Sequence[Card]]) -> list[int]:
    """`evaluate` of each hand, in order; one comprehension, no call per hand (for equity work)."""
    noflush, flush_suit, flush_value = _NOFLUSH, _FLUSH_SUIT, _flush_value
    try:
        return [
            flush_value(hand, s)
            if flush_suit[(s := trunc(sum(hand, 0.0))) & 4095]
            else noflush[s >> 12]
            for hand in hands
        ]
    except KeyError:
        raise ValueError(_BAD_HAND) from None


def category(value: int) -> Category:
    """The category of a value returned by `evaluate`."""
    if not 1 <= value <= DISTINCT_VALUES:
        raise ValueError(f"not a hand value: {value!r} (expected 1..{DISTINCT_VALUES})")
    return _CATEGORY_OF[value]


def best_five(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The five cards that make the hand, ordered for display (e.g. trips, then kickers)."""
    hand = tuple(cards)
    if not 5 <= len(hand) <= 7 or len(set(hand)) != len(hand):
        raise ValueError(f"{_BAD_HAND}, got {' '.join(str(c) for c in hand)!r}")
    best = max(combinations(hand, 5), key=evaluate)
    return _display_order(best, category(evaluate(best)))


def _display_order(five: tuple[Card, ...], cat: Category) -> tuple[Card, ...]:
    """Bigger groups first, then higher ranks; kickers high to low; a wheel ends on its ace."""
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        ranks = sorted(c.rank for c in five)
        if ranks == [0, 1, 2, 3, 12]:
            return tuple(sorted(five, key=lambda c: (c.rank + 1) % 13, reverse=True))
    counts = Counter(c.rank for c in five)
    return tuple(sorted(five, key=lambda c: (counts[c.rank], c), reverse=True))
