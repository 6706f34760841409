"""Where a hand's cards come from: a shuffled deck, a host typing them, or a record replayed.

A `Hand` never shuffles. At the start of each deal it calls `begin(excluded, needed)` on its
card source, then asks it for every card in dealing order: `deal(count)` for the face-down
or face-up cards a seat or a board slot receives, `burn()` for a burn card. A source is kept
for a whole game and `begin` marks each new deal. The interface::

    class CardSource(Protocol):
        def begin(self, excluded: Collection[Card], needed: int) -> None: ...
        def deal(self, count: int) -> tuple[Card | None, ...]: ...
        def burn(self) -> Card | None: ...

- `excluded`: cards the deal already holds (cards given to the `Hand` directly); never dealt.
- `needed`: the most cards the deal can ask for (burns included), so a deck can stop there.
- `None` for a card means it is unknown until a host types it (host mode): the hand then waits
  for `Hand.reveal_board` and `Hand.show`. There is no "known cards" flag anywhere else.

Every card a seat or the board receives appears in the hand's events (`HoleDealt`,
`BoardDealt`, a second run's `SecondRunDealt`, in dealing order), so a journal can record a
deal with `dealt_cards(events)` and replay it with `Replayed`. Burn cards are never shown and
never recorded: a replay burns fresh cards that cannot be any recorded card.

Sources:
- `Dealt(rng)`: a deck shuffled for each deal. Without `rng` it is the operating system's
  source (`homegame.cards.system_random`, a real game); a seeded `random.Random` gives
  practice deals and tests the same cards every time.
- `Entered()`: a live table with real cards; every card is unknown until the host types it.
- `Replayed(deals, rng)`: deal `i` of the game repeats the cards recorded for it in
  `deals[i]`; when a record runs out (the deal was cut short: resume, undo), the cards not yet
  seen are shuffled afresh with `rng`, and deals past the last record are dealt fresh.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from typing import Protocol

from homegame.cards import ALL_CARDS, Card, system_random
from homegame.engine.events import BoardDealt, Event, HoleDealt, SecondRunDealt


class CardSource(Protocol):
    """What a hand asks for its cards; see the module docstring."""

    def begin(self, excluded: Collection[Card], needed: int) -> None:
        """A new deal starts from a full deck less `excluded`; it asks at most `needed` cards."""

    def deal(self, count: int) -> tuple[Card | None, ...]:
        """The next `count` cards in dealing order (None: unknown until a host types it)."""

    def burn(self) -> Card | None:
        """The next card, burned face down."""

    def undealt(self) -> list[Card] | None:
        """A copy of the cards still to come, the next one last (None: not known)."""


def _deck_without(excluded: Collection[Card]) -> Sequence[Card]:
    """The 52 cards less `excluded`, in a fixed order (the shared tuple when none is excluded)."""
    return [c for c in ALL_CARDS if c not in excluded] if excluded else ALL_CARDS


class Dealt:
    """A deck shuffled for each deal by `rng` (default: the OS random source)."""

    __slots__ = ("_deck", "rng")

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else system_random()
        self._deck: list[Card] = []

    def begin(self, excluded: Collection[Card], needed: int) -> None:
        """Shuffle: draw the `needed` cards of this deal at random from the rest of the deck."""
        pool = _deck_without(excluded)
        if needed > len(pool):
            raise ValueError(f"the deck has {len(pool)} cards, this deal needs {needed}")
        self._deck = self.rng.sample(pool, needed) if needed else []

    def deal(self, count: int) -> tuple[Card | None, ...]:
        """The next `count` cards off the deck."""
        deck = self._deck
        if count == 1 and deck:
            return (deck.pop(),)
        left = len(deck) - count
        if left < 0:
            raise ValueError(f"the deck has {len(deck)} cards left, not {count}")
        cards = tuple(deck[left:])
        del deck[left:]
        return cards

    def burn(self) -> Card | None:
        """The next card off the deck."""
        if not self._deck:
            raise ValueError("the deck has 0 cards left, not 1")
        return self._deck.pop()

    def undealt(self) -> list[Card] | None:
        """A copy of this deal's cards still to come, the next one last (HOUSE_RULES 30: the
        rabbit hunt reads it and changes nothing)."""
        return list(self._deck)


class Entered:
    """Real cards at a live table: every card is unknown until the host types it."""

    __slots__ = ()

    def begin(self, excluded: Collection[Card], needed: int) -> None:
        """Nothing to shuffle: the dealer at the table does it."""

    def deal(self, count: int) -> tuple[Card | None, ...]:
        """`count` cards nobody has typed yet."""
        return (None,) * count

    def burn(self) -> Card | None:
        """A burn card is never typed."""
        return None

    def undealt(self) -> list[Card] | None:
        """Real cards: the app cannot know what would have come (no rabbit hunt, 30)."""
        return None


class Replayed:
    """Deal `i` repeats `deals[i]`; past a record's end, unseen cards are shuffled with `rng`."""

    __slots__ = ("_fresh", "_index", "_record", "_unseen", "deals", "rng")

    def __init__(self, deals: Sequence[Sequence[Card]], rng: random.Random | None = None) -> None:
        self.deals = tuple(tuple(d) for d in deals)
        self.rng = rng if rng is not None else system_random()
        self._index = -1
        self._record: list[Card] = []
        self._unseen: list[Card] = []
        self._fresh = False

    def begin(self, excluded: Collection[Card], needed: int) -> None:
        """Start the next recorded deal (or a fresh one past the last record)."""
        self._index += 1
        record = self.deals[self._index] if self._index < len(self.deals) else ()
        clash = set(record).intersection(excluded)
        if clash or len(set(record)) != len(record):
            raise ValueError(f"deal {self._index + 1} of the record holds a card twice")
        self._record = list(reversed(record))
        self._unseen = list(_deck_without({*excluded, *record}))
        self._fresh = False

    def _shuffled(self) -> list[Card]:
        """The cards nobody has seen, shuffled once, the first time one is needed."""
        if not self._fresh:
            self.rng.shuffle(self._unseen)
            self._fresh = True
        return self._unseen

    def deal(self, count: int) -> tuple[Card | None, ...]:
        """The next recorded cards, then cards from the fresh shuffle."""
        record = self._record
        cards = []
        for _ in range(count):
            if record:
                cards.append(record.pop())
            else:
                deck = self._shuffled()
                if not deck:
                    raise ValueError("the deck has run out of cards")
                cards.append(deck.pop())
        return tuple(cards)

    def burn(self) -> Card | None:
        """A card from the fresh shuffle (burns are never recorded, nor any recorded card)."""
        deck = self._shuffled()
        if not deck:
            raise ValueError("the deck has run out of cards")
        return deck.pop()

    def undealt(self) -> list[Card] | None:
        """The cards to come once past the record and shuffled (None before: a replayed deal
        that ended early kept no undealt cards, and shuffling now would change the game)."""
        if self._record or not self._fresh:
            return None
        return list(self._unseen)


def dealt_cards(events: Iterable[Event]) -> tuple[Card, ...]:
    """The cards a deal's events show dealt, in dealing order: the record `Replayed` repeats.

    Pass the events with every seat's hole cards (the hand's own events, not a seat's view).
    Cards a host has not typed are absent.
    """
    out: list[Card] = []
    for event in events:
        if isinstance(event, HoleDealt | BoardDealt | SecondRunDealt) and event.cards is not None:
            out.extend(c for c in event.cards if c is not None)
    return tuple(out)
