"""Rank any 5, 6 or 7 cards to one integer: higher is better, equal strength gives equal values.

Values run 1..7462, one per distinct five-card strength; suits never break ties. The design
leans on the `Card` encoding, `(5**rank << 12) | (1 << 3*suit)`: one C-level `sum(cards)`
gives the rank multiset in base 5 above bit 12 and four 3-bit suit counters below it. The
counters say in one lookup whether a suit holds five or more cards; if none does, the rank
multiset alone decides, found in a perfect hash table (one table serves 5, 6 and 7 cards).
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
from homegame.evaluator_tables import (
    BUCKETS,
    CATEGORY_SIZES,
    DISTINCT_VALUES,
    SLOTS,
    load_tables,
)

__all__ = [
    "DISTINCT_VALUES",
    "Category",
    "best_five",
    "best_of_parts",
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


def _shared(values: Iterable[int]) -> list[int]:
    """The values as a list whose equal entries share one int object.

    A list hands back a stored object where an array makes a new int on every read, and
    sharing keeps the objects few enough to stay in the CPU cache.
    """
    pool = {v: v for v in set(values)}
    return list(map(pool.__getitem__, values))


_TABLES = load_tables()
_DISPLACE, _VALUES, _FLUSH = map(_shared, (_TABLES.displace, _TABLES.values, _TABLES.flush))


def _special_code(counters: int) -> int:
    """0: no flush in 5 to 7 cards; 1..4: the flush suit + 1; 5: not 5 to 7 cards in all."""
    counts = [(counters >> 3 * suit) & 7 for suit in range(4)]
    if not 5 <= sum(counts) <= 7:
        return 5
    return next((suit + 1 for suit, n in enumerate(counts) if n >= 5), 0)


#: By the four 3-bit suit counters of a hand's sum: nonzero means the slow path. A list, not
#: bytes: Python 3.11 specialises list indexing in the bytecode.
_SPECIAL = list(map(_special_code, range(SUIT_MASK + 1)))
#: By special code 1..4: each card's rank bit if it is of that suit, else 0.
_SUIT_RANK_BITS: list[dict[Card, int]] = [{}] + [
    {card: 1 << card.rank if card.suit == suit else 0 for card in ALL_CARDS} for suit in range(4)
]


def _category_table() -> list[Category]:
    """Category by value; index 0 is a placeholder (no hand has value 0)."""
    table = [Category.HIGH_CARD]
    for name, size in CATEGORY_SIZES:
        table.extend([Category[name]] * size)
    table[DISTINCT_VALUES] = Category.ROYAL_FLUSH
    return table


_CATEGORY_OF = _category_table()
_BAD_HAND = "evaluate needs 5, 6 or 7 distinct cards"

# The hot paths below write the Card layout's and the tables' constants as literals (a global
# costs a lookup); fail at import, not with wrong answers, if either ever changes.
_LITERALS = (12, 4095, 16384, 92203)
if (SUIT_BITS, SUIT_MASK, BUCKETS, SLOTS) != _LITERALS or sum(ALL_CARDS[-7:]) >= 2**53:
    raise ImportError("homegame.evaluator: Card layout or table sizes changed; update the literals")


def evaluate(cards: Sequence[Card]) -> int:
    """The hand's strength 1..7462 (higher wins): its best five of 5, 6 or 7 distinct cards.

    Another number of cards raises ValueError. A card given twice is not caught here (that
    would cost every call); check untrusted input with `homegame.cards.find_duplicate`.
    """
    # A float start keeps sum() in its C loop for int subclasses; the total stays exact.
    s = trunc(sum(cards, 0.0))
    if _SPECIAL[s & 4095]:
        return _special_value(cards, s)
    key = s >> 12
    return _VALUES[(key + _DISPLACE[key & 16383]) % 92203]


def _special_value(cards: Iterable[Card], s: int) -> int:
    """The value of a hand holding a flush (its best five of the flush suit), else ValueError.

    Kept out of `evaluate` because a smaller function body makes every call cheaper.
    """
    code = _SPECIAL[s & 4095]
    if code < 5:
        value = _FLUSH[sum(map(_SUIT_RANK_BITS[code].__getitem__, cards))]
        if value:
            return value
    raise ValueError(_BAD_HAND)


def evaluate_many(hands: Iterable[Sequence[Card]]) -> list[int]:
    """`evaluate` of each hand, in order (for equity work): one comprehension, no call per hand."""
    special, special_value, displace, values = _SPECIAL, _special_value, _DISPLACE, _VALUES
    return [
        special_value(hand, s)
        if special[(s := trunc(sum(hand, 0.0))) & 4095]
        else values[((k := s >> 12) + displace[k & 16383]) % 92203]
        for hand in hands
    ]


def best_of_parts(firsts: Sequence[Sequence[Card]], seconds: Sequence[Sequence[Card]]) -> int:
    """The best `evaluate` over every hand of one part from `firsts` and one from `seconds`
    (Omaha: each two of the hole cards with each three of the board), each part summed once
    instead of every hand's five cards again. Each hand must hold five distinct cards."""
    special, special_value, displace, values = _SPECIAL, _special_value, _DISPLACE, _VALUES
    sums = [sum(part, 0.0) for part in seconds]  # exact: every card sum stays below 2**53
    best = 0
    for first in firsts:
        start = sum(first, 0.0)
        for second, rest in zip(seconds, sums, strict=True):
            s = trunc(start + rest)
            if special[s & 4095]:
                value = special_value((*first, *second), s)
            else:
                value = values[((k := s >> 12) + displace[k & 16383]) % 92203]
            if value > best:
                best = value
    if not best:
        raise ValueError(_BAD_HAND)
    return best


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
