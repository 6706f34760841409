"""Cards, parsing and formatting, and a deck shuffled by an injected random source.

A `Card` is an `int` whose value packs the rank and suit so the evaluator can add
cards up (see `homegame.evaluator`); it also carries `rank` and `suit` attributes.
There are exactly 52 Card objects: `Card(rank, suit)` returns the shared one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import ClassVar

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

#: Bits 0-11 hold one 3-bit counter per suit; the rest holds a base-5 digit per rank.
SUIT_BITS = 12
SUIT_MASK = (1 << SUIT_BITS) - 1


def _code(rank: int, suit: int) -> int:
    digit: int = 5**rank  # a power of a non-negative exponent: an int, which mypy cannot tell
    return (digit << SUIT_BITS) | (1 << (3 * suit))


class Card(int):
    """One playing card: `rank` 0..12 (two..ace), `suit` 0..3 (clubs, diamonds, hearts, spades)."""

    rank: int
    suit: int
    _all: ClassVar[dict[tuple[int, int], Card]] = {}

    def __new__(cls, rank: int, suit: int) -> Card:
        try:
            return cls._all[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: int) -> Card:
        card = int.__new__(cls, _code(rank, suit))
        card.rank = rank
        card.suit = suit
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @property
    def index(self) -> int:
        """0..51, suit-major within rank: 4 * rank + suit."""
        return 4 * self.rank + self.suit

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card as a person reads it: 'A♠', '10♥' (as the board shows it)."""
        rank = RANKS[self.rank]
        return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in (1, 2)

    def format(self, symbols: bool = False) -> str:
        return self.symbol if symbols else str(self)

    # Ordering by rank first then suit; int comparison already does this
    # because the rank digits sit above the suit bits.


for _r in range(13):
    for _s in range(4):
        Card._all[(_r, _s)] = Card._make(_r, _s)

#: All 52 cards, ordered by rank then suit; `ALL_CARDS[card.index] is card`.
ALL_CARDS: tuple[Card, ...] = tuple(Card._all[(r, s)] for r in range(13) for s in range(4))

_RANK_TOKENS = {c: i for i, c in enumerate(RANKS)}
_RANK_TOKENS.update({c.lower(): i for i, c in enumerate(RANKS)})
_RANK_TOKENS["10"] = RANKS.index("T")
_SUIT_TOKENS = {c: i for i, c in enumerate(SUITS)}
_SUIT_TOKENS.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_TOKENS.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
_SUIT_TOKENS.update({c: i for i, c in enumerate("♧♢♡♤")})


def parse_card(token: str) -> Card:
    """Parse one card: 'As', 'as', 'AS', 'Ts', '10s', 'A♠', '10♥'. ValueError names a bad token."""
    text = token.strip()
    if len(text) >= 2:
        rank = _RANK_TOKENS.get(text[:-1])
        suit = _SUIT_TOKENS.get(text[-1])
        if rank is not None and suit is not None:
            return ALL_CARDS[4 * rank + suit]
    raise ValueError(
        f"bad card {token!r}: expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c, d, h, s)"
    )


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas ('Ah Kd', 'AhKd' also works). Raises ValueError."""
    if not isinstance(text, str):
        return [parse_card(t) for t in text]
    tokens = text.replace(",", " ").split()
    cards: list[Card] = []
    for token in tokens:
        if len(token) <= 3:
            try:
                cards.append(parse_card(token))
                continue
            except ValueError:
                if len(token) <= 2:
                    raise
        cards.extend(_split_run(token))
    return cards


def _split_run(token: str) -> list[Card]:
    """Split a run of cards written without spaces, such as 'AhKd' or '10hJc'."""
    out: list[Card] = []
    i = 0
    while i < len(token):
        for width in (3, 2):
            piece = token[i : i + width]
            if len(piece) == width:
                try:
                    out.append(parse_card(piece))
                except ValueError:
                    continue
                i += width
                break
        else:
            raise ValueError(f"bad card {token[i : i + 2] or token!r} in {token!r}")
    return out


def format_cards(cards: Iterable[Card], symbols: bool = False, sep: str = " ") -> str:
    """Cards as text, ASCII ('Ah Kd') or with suit symbols ('A♥ K♦')."""
    return sep.join(c.format(symbols) for c in cards)


def find_duplicate(cards: Iterable[Card]) -> Card | None:
    """The first card that appears twice, or None."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    return None


def system_random() -> random.Random:
    """The operating system's random source (`random.SystemRandom`, which `secrets` uses too,
    without loading `secrets` and its hashing modules at start-up): the shuffle of a real game."""
    return random.SystemRandom()


class Deck:
    """52 cards shuffled by an injected random source.

    `Deck()` uses `random.SystemRandom()`; `Deck(seed=7)` a seeded `random.Random`
    for replays and tests; `Deck(rng=...)` any object with a `shuffle` method.
    """

    def __init__(
        self,
        seed: int | None = None,
        rng: random.Random | None = None,
        exclude: Iterable[Card] = (),
    ) -> None:
        if rng is None:
            rng = random.Random(seed) if seed is not None else system_random()
        self.rng = rng
        removed = set(exclude)
        self.cards: list[Card] = [c for c in ALL_CARDS if c not in removed]
        self.rng.shuffle(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def deal(self, n: int = 1) -> list[Card]:
        """Take n cards from the top. Raises ValueError when the deck runs out."""
        if n > len(self.cards):
            raise ValueError(f"the deck has {len(self.cards)} cards left, not {n}")
        dealt = self.cards[-n:] if n else []
        del self.cards[len(self.cards) - n :]
        dealt.reverse()
        return dealt

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def remove(self, cards: Sequence[Card]) -> None:
        """Take known cards out of the deck (e.g. cards a host typed in)."""
        gone = set(cards)
        self.cards = [c for c in self.cards if c not in gone]
