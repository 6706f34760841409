"""Everything that happens in a hand, as small frozen values that screens and storage follow.

Each event has `describe(names)`: one plain-words log line that never names a card the table
may not see. Events that carry a private card (`HoleDealt`, `Discarded`) hide it in
`public()`, and `visible_to(seat)` gives the form a given seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from homegame.cards import Card, format_cards
from homegame.engine.actions import ActionKind


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """The player's name for log lines, or "Seat N" (1-based) when names are not given."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"Seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every event (the session engine subclasses it for busts, levels, series)."""

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One log line in plain words."""
        return type(self).__name__

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        """The log line with its amounts of money in the config's `currency` ("": none): only
        the events that name money write it differently (the event itself holds cents)."""
        return self.describe(names)

    def public(self) -> Event:
        """The form everyone may see (private cards removed)."""
        return self

    def visible_to(self, seat: int) -> Event:
        """The form `seat` may see."""
        return self.public()


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A deal begins: the game, the button and blind seats, and everyone's stack."""

    variant: str
    button: int
    small_blind_seat: int | None
    big_blind_seat: int | None
    stacks: tuple[int, ...]
    game: str = ""

    def describe(self, names: Sequence[str] | None = None) -> str:
        game = self.game or self.variant
        return f"New hand of {game}; {seat_name(names, self.button)} has the button"


@dataclass(frozen=True, slots=True)
class AntePosted(Event):
    """A seat posts an ante (dead money, not part of its bet)."""

    seat: int
    amount: int
    all_in: bool = False
    #: One seat antes for the whole table (a big-blind ante, HOUSE_RULES 25).
    for_table: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        tail = " and is all-in" if self.all_in else ""
        what = "the table's ante" if self.for_table else "an ante"
        return f"{seat_name(names, self.seat)} posts {what} of {self.amount:,}{tail}"


@dataclass(frozen=True, slots=True)
class BlindPosted(Event):
    """A seat posts the small or big blind (possibly short, all-in), or a straddle."""

    seat: int
    blind: str
    amount: int
    all_in: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        tail = " and is all-in" if self.all_in else ""
        who = seat_name(names, self.seat)
        if self.blind == "straddle":  # HOUSE_RULES 26
            return f"{who} straddles {self.amount:,}{tail}"
        return f"{who} posts the {self.blind} blind {self.amount:,}{tail}"


@dataclass(frozen=True, slots=True)
class HoleDealt(Event):
    """A seat is dealt `count` face-down cards; `cards` only in the form that seat may see."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} is dealt {self.count} cards"

    def public(self) -> Event:
        return self if self.cards is None else replace(self, cards=None)

    def visible_to(self, seat: int) -> Event:
        return self if seat == self.seat else self.public()


@dataclass(frozen=True, slots=True)
class BoardDealt(Event):
    """Cards dealt face up into board slots (`cards[i]` None while a host has not entered it);
    `run` 1: the first of two runs of the board (HOUSE_RULES 27), 0 when it runs once."""

    street: str
    slots: tuple[str, ...]
    cards: tuple[Card | None, ...]
    run: int = 0

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.run:
            line = replace(self, run=0).describe(names)
            return f"Run {self.run}: {line[0].lower()}{line[1:]}"
        if any(c is None for c in self.cards):
            return f"The {self.street} is dealt"
        parts: dict[str, list[Card]] = {}
        for slot, card in zip(self.slots, self.cards, strict=True):
            parts.setdefault(_slot_label(slot), []).append(card)  # type: ignore[arg-type]
        if len(parts) == 1:
            return f"The {self.street}: {format_cards(self.cards, symbols=True)}"  # type: ignore[arg-type]
        line = "; ".join(
            f"{label}: {format_cards(cards, symbols=True)}" for label, cards in parts.items()
        )
        return line[0].upper() + line[1:]


def _slot_label(slot: str) -> str:
    """A slot's place without its card number ('flop A1' -> 'flop A'), to group a round's cards."""
    return slot.rstrip("0123456789").rstrip()


@dataclass(frozen=True, slots=True)
class BoardRevealed(Event):
    """Host mode: the card in a board slot is entered after it was dealt (`run` 2: the slot
    of the board's second run, HOUSE_RULES 27)."""

    slot: str
    card: Card
    run: int = 0

    def describe(self, names: Sequence[str] | None = None) -> str:
        if self.run == 2:
            return f"Run 2: the {self.slot} is {self.card.symbol}"
        return f"The {self.slot} is {self.card.symbol}"


@dataclass(frozen=True, slots=True)
class RunTwiceOffered(Event):
    """HOUSE_RULES 27: no more betting is possible before the river; `seats`, every player in
    the hand, are asked in turn whether to run the rest of the board twice."""

    seats: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = ", ".join(seat_name(names, s) for s in self.seats)
        return f"Run it twice? {who} decide"


@dataclass(frozen=True, slots=True)
class RunTwiceAnswered(Event):
    """HOUSE_RULES 27: `seat` agrees to run it twice, or keeps one run (one run for all)."""

    seat: int
    agree: bool

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = seat_name(names, self.seat)
        if self.agree:
            return f"{who} agrees to run it twice"
        return f"{who} keeps one run: the board is dealt once"


@dataclass(frozen=True, slots=True)
class RunTwiceAgreed(Event):
    """HOUSE_RULES 27: everyone in the hand agreed; the rest of the board is dealt twice."""

    def describe(self, names: Sequence[str] | None = None) -> str:
        return "Everyone agrees: the rest of the board is dealt twice"


@dataclass(frozen=True, slots=True)
class SecondRunDealt(Event):
    """HOUSE_RULES 27: cards of the board's second run, dealt after the first run from the
    same deck, into `slots` (the slots the first run dealt after the question)."""

    street: str
    slots: tuple[str, ...]
    cards: tuple[Card | None, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return BoardDealt(self.street, self.slots, self.cards, 2).describe(names)


@dataclass(frozen=True, slots=True)
class BombPotStarted(Event):
    """HOUSE_RULES 28: a bomb pot: every player dealt in antes `ante`, no blinds, no betting
    before the flop."""

    ante: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"Bomb pot: everyone antes {self.ante:,}; no blinds, betting starts on the flop"


@dataclass(frozen=True, slots=True)
class StreetStarted(Event):
    """A betting round (or a discard round) begins."""

    street: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"-- {self.street} --"


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A betting action: `amount` chips went in, making the seat's bet `to` for the round."""

    seat: int
    kind: ActionKind
    amount: int = 0
    to: int = 0
    all_in: bool = False

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = seat_name(names, self.seat)
        kind = self.kind
        if kind is ActionKind.CALL:
            text = f"{who} calls {self.amount:,}"
        elif kind is ActionKind.BET:
            text = f"{who} bets {self.to:,}"
        elif kind is ActionKind.RAISE:
            text = f"{who} raises to {self.to:,}"
        else:
            text = f"{who} {kind.label}"
        if self.all_in and kind is not ActionKind.ALL_IN:
            text += " and is all-in"
        elif kind is ActionKind.ALL_IN:
            text = f"{who} is all-in for {self.to:,}"
        return text


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """KRG: a seat discards `count` cards face down; the cards are never shown to others."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None = None

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} discards {self.count}"

    def public(self) -> Event:
        return self if self.cards is None else replace(self, cards=None)

    def visible_to(self, seat: int) -> Event:
        return self if seat == self.seat else self.public()


@dataclass(frozen=True, slots=True)
class UncalledReturned(Event):
    """The part of a bet nobody called goes back to the bettor (HOUSE_RULES 6)."""

    seat: int
    amount: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"Uncalled bet: {seat_name(names, self.seat)}'s {self.amount:,} returned"


@dataclass(frozen=True, slots=True)
class PotsUpdated(Event):
    """The main pot and side pots after a betting round: (amount, eligible seats) each."""

    pots: tuple[tuple[int, tuple[int, ...]], ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        parts = []
        for index, (amount, _eligible) in enumerate(self.pots):
            label = "Main pot" if index == 0 else f"Side pot {index}"
            parts.append(f"{label}: {amount:,}")
        return "; ".join(parts) if parts else "No pot"


@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """A seat turns its hole cards face up; `hand` names the made hand when known."""

    seat: int
    cards: tuple[Card | None, ...]
    hand: str = ""

    def describe(self, names: Sequence[str] | None = None) -> str:
        if None in self.cards:
            return f"{seat_name(names, self.seat)} shows (cards not entered)"
        shown = format_cards((c for c in self.cards if c is not None), symbols=True)
        tail = f" ({self.hand})" if self.hand else ""
        return f"{seat_name(names, self.seat)} shows {shown}{tail}"


@dataclass(frozen=True, slots=True)
class Mucked(Event):
    """A seat throws its hand away unseen at showdown."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} mucks"


#: Hand categories read with "a" after "with" ("with a straight", but "with two pair").
_WITH_A = {
    "one pair": "a pair",
    "straight": "a straight",
    "flush": "a flush",
    "full house": "a full house",
    "straight flush": "a straight flush",
    "royal flush": "a royal flush",
}


def with_hand(category: str) -> str:
    """' with a straight' for a winner's line ('' when the hand is not named)."""
    if not category:
        return ""
    return f" with {_WITH_A.get(category, category)}"


@dataclass(frozen=True, slots=True)
class PotAwarded(Event):
    """Pot `pot` (0 = main) of `amount` chips goes to `winners`, `amounts[i]` chips each.

    `board` (Double Board): the pot's share for that board number; 0 for the whole pot.
    `groups` (Yukon): the named board groups (sets) the winning hands played, when ranked.
    `run` (HOUSE_RULES 27): the half of the pot that run 1 or run 2 of the board decides; 0
    when the board ran once.
    """

    pot: int
    amount: int
    winners: tuple[int, ...]
    amounts: tuple[int, ...]
    hand: str = ""
    board: int = 0
    groups: tuple[str, ...] = ()
    run: int = 0

    def describe(self, names: Sequence[str] | None = None) -> str:
        label = "the main pot" if self.pot == 0 else f"side pot {self.pot}"
        if self.run and self.board:  # a quarter, or so: its chips say it (HOUSE_RULES 27)
            what = f"{self.amount:,} of {label}"
            return f"Run {self.run}, board {self.board}: {self._described(what, names)}"
        if self.run:
            what = f"half of {label} ({self.amount:,})"
            return f"Run {self.run}: {self._described(what, names)}"
        if self.board:
            label = f"board {self.board}'s share of {label}"
        return self._described(f"{label} ({self.amount:,})", names)

    def _described(self, what: str, names: Sequence[str] | None) -> str:
        """The line for the chips `what` names ('the main pot (1,200)') going to the winners."""
        tail = with_hand(self.hand)
        if len(self.winners) == 1:
            return f"{seat_name(names, self.winners[0])} wins {what}{tail}"
        split = ", ".join(
            f"{seat_name(names, s)} {a:,}" for s, a in zip(self.winners, self.amounts, strict=True)
        )
        return f"{what[0].upper()}{what[1:]} is split: {split}{tail}"


@dataclass(frozen=True, slots=True)
class DealWon(Event):
    """A deal without chips (KRG) is won by `winners` (several when hands tie)."""

    winners: tuple[int, ...]
    hand: str = ""

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = " and ".join(seat_name(names, s) for s in self.winners)
        tail = with_hand(self.hand)
        verb = "win" if len(self.winners) > 1 else "wins"
        return f"{who} {verb} the deal{tail}"


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The deal is over: final stacks and each seat's net change."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        return "The hand is over"
