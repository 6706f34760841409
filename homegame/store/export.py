"""Exports of a saved game: PHH and PokerStars-style text for Hold'em, JSON for every game.

Each is read from the journal's events. Cards are the ones shown at the table (the board, hands
turned up) unless `all_cards` is asked for a finished game, when every dealt hole card is
written too. PHH follows pokerkit's reading of seats: the players in order from the first seat
left of the button, so p1 is the small blind (or, with a dead small blind, the big blind) and,
heads-up, p1 is the big blind and p2 the button.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from homegame.cards import Card
from homegame.engine.actions import ActionKind
from homegame.engine.events import (
    Acted,
    AntePosted,
    BlindPosted,
    BoardDealt,
    BoardRevealed,
    BombPotStarted,
    CardsShown,
    DealWon,
    Discarded,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    PotAwarded,
    SecondRunDealt,
    UncalledReturned,
)
from homegame.engine.session_events import (
    CubeDoubled,
    CubeTurned,
    DealScored,
    DroppedOut,
    LevelChanged,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
    StacksCorrected,
)
from homegame.store.db import StoreError
from homegame.store.journal import GameRecord, InputRecord, seat_names
from homegame.variants import VARIANTS, get_variant

FORMATS = ("phh", "pokerstars", "json")
#: The JSON export's schema version (described in the README).
JSON_SCHEMA = 1


@dataclass
class ExportHand:
    """One deal, gathered from its events."""

    number: int
    start: HandStarted
    small_blind: int
    big_blind: int
    #: The blind level the deal is played at, and when it started (ISO time; "" unknown).
    level: int = 1
    started: str = ""
    events: list[Event] = field(default_factory=list)
    hole: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    shown: dict[int, tuple[Card | None, ...]] = field(default_factory=dict)
    end: HandEnded | None = None

    @property
    def seats(self) -> list[int]:
        """The seats dealt in, from the first left of the button round to the button."""
        dealt = sorted(self.hole) or [s for s, c in enumerate(self.start.stacks) if c > 0]
        count = len(self.start.stacks)
        button = self.start.button
        return sorted(dealt, key=lambda s: (s - button - 1) % count)

    def cards_of(self, seat: int, all_cards: bool) -> tuple[Card, ...] | None:
        """The seat's hole cards as the export may show them (None: not shown)."""
        shown = self.shown.get(seat)
        if shown is not None and None not in shown:
            return tuple(c for c in shown if c is not None)
        if all_cards:
            return self.hole.get(seat)
        return None


def split_hands(
    record: GameRecord, events: Sequence[Event], started: Sequence[str] = ()
) -> list[ExportHand]:
    """The game's deals, each with its own events (what happens between deals goes with the
    deal before); `started` gives each deal's start time in order, where known."""
    from homegame.setup import schedule_for  # the config's schedule, written once there

    level = schedule_for(record.config).level(1)
    small, big, number = level.small_blind, level.big_blind, 1
    if record.config.cash is not None:  # a cash game's blinds are fixed: never the schedule's
        small, big = record.config.cash.small_blind, record.config.cash.big_blind
    hands: list[ExportHand] = []
    for event in events:
        if isinstance(event, LevelChanged):
            small, big, number = event.small_blind, event.big_blind, event.level
        if isinstance(event, HandStarted):
            when = started[len(hands)] if len(hands) < len(started) else ""
            hands.append(ExportHand(len(hands) + 1, event, small, big, number, when))
            continue
        if not hands:
            continue
        hand = hands[-1]
        hand.events.append(event)
        if isinstance(event, HoleDealt) and event.cards is not None:
            hand.hole[event.seat] = hand.hole.get(event.seat, ()) + tuple(event.cards)
        elif isinstance(event, CardsShown):
            hand.shown[event.seat] = tuple(event.cards)
        elif isinstance(event, HandEnded):
            hand.end = event
    for hand in hands:
        hand.events = _board_as_entered(hand.events)
    return hands


def _board_as_entered(events: Sequence[Event]) -> list[Event]:
    """The deal's events with each board card a host typed (`BoardRevealed`, perhaps streets
    later) written into the `BoardDealt` that dealt its slot, as the table saw it in the end
    (a second run's, HOUSE_RULES 27, into its `SecondRunDealt`)."""
    entered = {e.slot: e.card for e in events if isinstance(e, BoardRevealed) and e.run != 2}
    again = {e.slot: e.card for e in events if isinstance(e, BoardRevealed) and e.run == 2}
    if not entered and not again:
        return list(events)
    out: list[Event] = []
    for event in events:
        if isinstance(event, BoardDealt | SecondRunDealt) and None in event.cards:
            typed = again if isinstance(event, SecondRunDealt) else entered
            cards = tuple(
                typed.get(slot, card) if card is None else card
                for slot, card in zip(event.slots, event.cards, strict=True)
            )
            event = replace(event, cards=cards)
        out.append(event)
    return out


def second_run(hand: ExportHand) -> list[SecondRunDealt]:
    """HOUSE_RULES 27: the board's second run as dealt, street by street ([] when it ran once)."""
    return [e for e in hand.events if isinstance(e, SecondRunDealt)]


def _check(record: GameRecord, fmt: str, all_cards: bool) -> None:
    if fmt not in FORMATS:
        raise StoreError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMATS)}")
    if all_cards and not record.finished:
        raise StoreError("--all-cards is only for a finished game: its cards are still in play")
    variant = get_variant(record.game)
    if fmt != "json" and fmt not in variant.export_formats:
        games = " and ".join(v.name for v in VARIANTS.values() if fmt in v.export_formats)
        raise StoreError(f"{fmt} export is for {games}; {variant.name} exports as --format json")


def hand_starts(inputs: Sequence[InputRecord]) -> list[str]:
    """When each deal of the game started: the time of the input that dealt it."""
    return [r.at for r in inputs for e in r.events if isinstance(e, HandStarted)]


def export_game(
    record: GameRecord,
    events: Sequence[Event],
    fmt: str,
    *,
    all_cards: bool = False,
    started: Sequence[str] = (),
) -> str:
    """The saved game in format `fmt` (phh, pokerstars or json); StoreError says why not.
    `started` is each deal's start time (`hand_starts`); without it the game's creation."""
    import json

    _check(record, fmt, all_cards)
    # Every seat named, late entries too (a journal written before they were listed lacks them).
    record = replace(record, players=seat_names(record.players, events))
    hands = split_hands(record, events, started)
    if fmt == "phh":
        return phh_text(record, hands, all_cards)
    if fmt == "pokerstars":
        return pokerstars_text(record, hands, all_cards)
    return json.dumps(json_data(record, hands, all_cards), indent=1, ensure_ascii=False) + "\n"


# -- PHH ------------------------------------------------------------------------------------------


def _phh_cards(cards: Sequence[Card | None]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def phh_hand(record: GameRecord, hand: ExportHand, all_cards: bool) -> list[str]:
    """One finished Hold'em hand as PHH lines (a TOML table body)."""
    seats = hand.seats
    index = {seat: i + 1 for i, seat in enumerate(seats)}
    start = hand.start
    blinds = [0] * len(seats)
    if len(seats) == 2:
        blinds = [hand.small_blind, hand.big_blind]  # pokerkit: p1 (big blind) posts the second
    else:
        if start.small_blind_seat is not None and start.small_blind_seat in index:
            blinds[index[start.small_blind_seat] - 1] = hand.small_blind
        if start.big_blind_seat is not None:
            blinds[index[start.big_blind_seat] - 1] = hand.big_blind
        for event in hand.events:  # HOUSE_RULES 26: a straddle is a third blind in PHH
            if isinstance(event, BlindPosted) and event.blind == "straddle":
                blinds[index[event.seat] - 1] = event.amount
    # HOUSE_RULES 25: each ante as posted (a short one as far as the stack went), so pokerkit,
    # which posts antes before blinds, reads a big blind's short table ante as we played it.
    antes = [0] * len(seats)
    for event in hand.events:
        if isinstance(event, AntePosted) and event.seat in index:
            antes[index[event.seat] - 1] += event.amount
    if len(seats) == 2:
        antes.reverse()  # pokerkit reads heads-up antes as it reads the blinds, the other way
    actions: list[str] = []
    for seat in seats:
        cards = hand.cards_of(seat, all_cards) if all_cards else None
        actions.append(f"d dh p{index[seat]} {_phh_cards(cards) if cards else '????'}")
    current = 0
    for event in hand.events:
        if isinstance(event, BoardDealt):
            actions.append(f"d db {_phh_cards(event.cards)}")
            current = 0
        elif isinstance(event, BlindPosted):
            current = max(current, event.amount)
        elif isinstance(event, Acted):
            who = f"p{index[event.seat]}"
            kind = event.kind
            if kind is ActionKind.FOLD:
                actions.append(f"{who} f")
            elif kind in (ActionKind.CHECK, ActionKind.CALL) or (
                kind is ActionKind.ALL_IN and event.to <= current
            ):
                actions.append(f"{who} cc")
            else:
                actions.append(f"{who} cbr {event.to}")
                current = event.to
        elif isinstance(event, CardsShown):
            shown = hand.cards_of(event.seat, all_cards)
            if shown is not None:
                actions.append(f"p{index[event.seat]} sm {_phh_cards(shown)}")
        elif isinstance(event, Mucked):
            actions.append(f"p{index[event.seat]} sm")
    assert hand.end is not None
    names = record.players
    # HOUSE_RULES 27: PHH has no second run; user-defined fields carry it (pokerkit ignores
    # them and deals one run; `homegame replay` deals both).
    again = second_run(hand)
    twice = [
        "_run_count = 2",
        f"_second_run = [{', '.join(_toml_str(_phh_cards(e.cards)) for e in again)}]",
    ]
    return [
        "variant = 'NT'",
        "ante_trimming_status = false",
        f"antes = {antes}",
        f"blinds_or_straddles = {blinds}",
        f"min_bet = {hand.big_blind}",
        f"starting_stacks = {[start.stacks[s] for s in seats]}",
        "actions = [",
        *(f"  {_toml_str(a)}," for a in actions),
        "]",
        f"players = [{', '.join(_toml_str(names[s]) for s in seats)}]",
        f"finishing_stacks = {[hand.end.stacks[s] for s in seats]}",
        f"hand = {hand.number}",
        *(twice if again else []),
    ]


def phh_text(record: GameRecord, hands: Sequence[ExportHand], all_cards: bool) -> str:
    """Every finished hand of a Hold'em game as one .phhs document."""
    out = [f"# homegame game {record.id}: Texas Hold'em, {', '.join(record.players)}"]
    for hand in hands:
        if hand.end is None:
            continue
        if any(isinstance(e, BombPotStarted) for e in hand.events):
            out += ["", f"# hand {hand.number}: a bomb pot (HOUSE_RULES 28), which PHH cannot say"]
            continue
        if second_run(hand):
            out += ["", f"# hand {hand.number} ran twice (HOUSE_RULES 27): run 2 in _second_run"]
        out += ["", f"[{hand.number}]", *phh_hand(record, hand, all_cards)]
    return "\n".join(out) + "\n"


# -- PokerStars-style text --------------------------------------------------------------------

_UNSAFE = re.compile(r"[^A-Za-z0-9 _.\-]")
_STREET_TITLES = {"flop": "FLOP", "turn": "TURN", "river": "RIVER"}


def clean_names(names: Sequence[str]) -> list[str]:
    """Names hand-history parsers read safely: plain letters, digits, space, '_', '.', '-'."""
    out: list[str] = []
    for seat, name in enumerate(names):
        clean = _UNSAFE.sub("_", name).strip() or f"Player {seat + 1}"
        while clean in out:
            clean = f"{clean}_{seat + 1}"
        out.append(clean)
    return out


def hand_id(record: GameRecord, number: int) -> int:
    """A stable hand number: the same game exported again gives the same ids (no duplicates on
    a re-import), and different games give different ones."""
    return tournament_id(record) * 100_000 + number


def _cards_text(cards: Sequence[Card | None]) -> str:
    return " ".join(str(c) for c in cards if c is not None)


def tournament_id(record: GameRecord) -> int:
    """The game's stable number as a PokerStars tournament."""
    return zlib.crc32(f"homegame/{record.created}/{record.id}".encode()) % 10**9


def _roman(number: int) -> str:
    """A blind level as PokerStars numbers it: 1 -> I, 14 -> XIV."""
    out = ""
    for value, letters in _ROMAN:
        count, number = divmod(number, value)
        out += letters * count
    return out


_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def _stars_time(stamp: str) -> str:
    """A stored UTC time as PokerStars writes one away from New York: local, then ET."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    when = datetime.fromisoformat(stamp)
    text = when.strftime("%Y/%m/%d %H:%M:%S UTC")
    try:
        eastern = when.astimezone(ZoneInfo("America/New_York"))
    except ZoneInfoNotFoundError:
        return text
    return f"{text} [{eastern.strftime('%Y/%m/%d %H:%M:%S')} ET]"


def _stars_header(record: GameRecord, hand: ExportHand, button: int) -> list[str]:
    """The hand's first two lines: a tournament's (its number, buy-in and level) or a cash
    game's (play-money style: the blinds in chips)."""
    number = hand_id(record, hand.number)
    when = _stars_time(hand.started or record.created)
    blinds = f"({hand.small_blind}/{hand.big_blind})"
    seats = f"{len(record.players)}-max Seat #{button + 1} is the button"
    if record.config.cash is not None:
        return [
            f"PokerStars Hand #{number}:  Hold'em No Limit {blinds} - {when}",
            f"Table 'homegame {record.id}' {seats}",
        ]
    from homegame.money.amounts import format_cents

    money = record.config.money
    if money is None or not money.buy_in:
        buy_in = "Freeroll "
    else:
        buy_in = f"${format_cents(money.buy_in)}+$0.00 USD"
    tournament = tournament_id(record)
    return [
        f"PokerStars Hand #{number}: Tournament #{tournament}, {buy_in} Hold'em No Limit - "
        f"Level {_roman(hand.level)} {blinds} - {when}",
        f"Table '{tournament} 1' {seats}",
    ]


def pokerstars_hand(record: GameRecord, hand: ExportHand, all_cards: bool) -> list[str]:
    """One finished Hold'em hand in the PokerStars hand-history layout."""
    names = clean_names(record.players)
    start = hand.start
    seats = sorted(hand.seats)
    # A dead button (HOUSE_RULES 5) stands on an empty seat: the live player at its right, who
    # acts last after the flop, is the button a tracker can seat.
    button = hand.seats[-1]
    out = _stars_header(record, hand, button)
    out += [f"Seat {s + 1}: {names[s]} ({start.stacks[s]} in chips)" for s in seats]
    board: list[Card | None] = []
    bets: dict[int, int] = {}
    current = 0
    folded_on: dict[int, str] = {}
    street = "Pre-Flop"
    final = [c for e in hand.events if isinstance(e, BoardDealt) for c in e.cards]
    again = second_run(hand)  # HOUSE_RULES 27: FIRST and SECOND boards, as PokerStars writes
    rerun = {slot for e in again for slot in e.slots}
    shared = [
        c
        for e in hand.events
        if isinstance(e, BoardDealt) and not set(e.slots) & rerun
        for c in e.cards
    ]
    second = [*shared, *(c for e in again for c in e.cards)]
    run_words = {1: "FIRST", 2: "SECOND"}
    shows: list[str] = []
    collected: dict[int, int] = {}
    pots: list[PotAwarded] = []
    for event in hand.events:
        if isinstance(event, AntePosted):  # HOUSE_RULES 25: dead money, not a bet
            tail = " and is all-in" if event.all_in else ""
            out.append(f"{names[event.seat]}: posts the ante {event.amount}{tail}")
        elif isinstance(event, BlindPosted):
            label = {"small": "small blind", "big": "big blind"}.get(event.blind, event.blind)
            tail = " and is all-in" if event.all_in else ""
            out.append(f"{names[event.seat]}: posts {label} {event.amount}{tail}")
            bets[event.seat] = event.amount
            current = max(current, event.amount)
        elif isinstance(event, HoleDealt):
            if "*** HOLE CARDS ***" not in out:
                out.append("*** HOLE CARDS ***")
            cards = hand.hole.get(event.seat) if all_cards else None
            if cards:
                out.append(f"Dealt to {names[event.seat]} [{_cards_text(cards)}]")
        elif isinstance(event, BoardDealt):
            title = _STREET_TITLES.get(event.street, event.street.upper())
            if event.run:
                title = f"{run_words[event.run]} {title}"
            before = f" [{_cards_text(board)}]" if board else ""
            board += list(event.cards)
            out.append(f"*** {title} ***{before} [{_cards_text(event.cards)}]")
            street = event.street.capitalize()
            bets, current = {}, 0
        elif isinstance(event, SecondRunDealt):
            title = f"SECOND {_STREET_TITLES.get(event.street, event.street.upper())}"
            dealt = [c for e in again[: again.index(event)] for c in e.cards]
            earlier = [*shared, *dealt]
            head = f" [{_cards_text(earlier)}]" if earlier else ""
            out.append(f"*** {title} ***{head} [{_cards_text(event.cards)}]")
        elif isinstance(event, Acted):
            who = names[event.seat]
            kind = event.kind
            tail = " and is all-in" if event.all_in else ""
            if kind is ActionKind.FOLD:
                out.append(f"{who}: folds")
                folded_on[event.seat] = street
            elif kind is ActionKind.CHECK:
                out.append(f"{who}: checks")
            elif kind is ActionKind.CALL or (kind is ActionKind.ALL_IN and event.to <= current):
                out.append(f"{who}: calls {event.amount}{tail}")
            elif current == 0:
                out.append(f"{who}: bets {event.to}{tail}")
                current = event.to
            else:
                out.append(f"{who}: raises {event.to - current} to {event.to}{tail}")
                current = event.to
            bets[event.seat] = event.to
        elif isinstance(event, UncalledReturned):
            out.append(f"Uncalled bet ({event.amount}) returned to {names[event.seat]}")
        elif isinstance(event, CardsShown | Mucked):
            # PokerStars shows the hands once the board is out, an all-in run-out's too.
            if isinstance(event, Mucked):
                shows.append(f"{names[event.seat]}: mucks hand")
            elif (shown := hand.cards_of(event.seat, all_cards)) is not None:
                made = made_hand(shown, final)
                what = f" ({made})" if made else ""
                shows.append(f"{names[event.seat]}: shows [{_cards_text(shown)}]{what}")
        elif isinstance(event, PotAwarded):
            if event.run and f"*** {run_words[event.run]} SHOW DOWN ***" not in out:
                out += [f"*** {run_words[event.run]} SHOW DOWN ***", *shows]
                shows = []
            elif shows:
                out += ["*** SHOW DOWN ***", *shows]
                shows = []
            pots.append(event)
            label = "pot" if event.pot == 0 else f"side pot-{event.pot}"
            if event.pot == 0 and any(p.pot for p in pots):
                label = "main pot"
            for seat, amount in zip(event.winners, event.amounts, strict=True):
                out.append(f"{names[seat]} collected {amount} from {label}")
                collected[seat] = collected.get(seat, 0) + amount
    if again:  # each pot's two halves are one pot in the summary
        halves: dict[int, int] = {}
        for p in pots:
            halves[p.pot] = halves.get(p.pot, 0) + p.amount
        pots = [replace(p, amount=amount, run=0) for p, amount in _first_of_each(pots, halves)]
    total = sum(p.amount for p in pots)
    out.append("*** SUMMARY ***")
    if len(pots) > 1:
        parts = " ".join(
            f"{'Main pot' if p.pot == 0 else f'Side pot-{p.pot}'} {p.amount}." for p in pots
        )
        out.append(f"Total pot {total} {parts} | Rake 0")
    else:
        out.append(f"Total pot {total} | Rake 0")
    if again:
        out.append("Hand was run twice")
        out.append(f"FIRST Board [{_cards_text(board)}]")
        out.append(f"SECOND Board [{_cards_text(second)}]")
    elif board:
        out.append(f"Board [{_cards_text(board)}]")
    for seat in seats:
        role = " (button)" if seat == button else ""
        if seat == start.small_blind_seat:
            role += " (small blind)"
        elif seat == start.big_blind_seat:
            role += " (big blind)"
        if seat in folded_on:
            when = folded_on[seat]
            state = "folded " + ("before Flop" if when == "Pre-Flop" else f"on the {when}")
        elif seat in hand.shown and (shown := hand.cards_of(seat, all_cards)) is not None:
            won = collected.get(seat)
            made = made_hand(shown, final)
            state = f"showed [{_cards_text(shown)}]" + (f" and won ({won})" if won else " and lost")
            state += f" with {made}" if made else ""
        elif seat in collected:
            state = f"collected ({collected[seat]})"
        else:
            state = "mucked"
        out.append(f"Seat {seat + 1}: {names[seat]}{role} {state}")
    return out


def _first_of_each(
    pots: Sequence[PotAwarded], totals: Mapping[int, int]
) -> list[tuple[PotAwarded, int]]:
    """Each pot's first award with the pot's whole amount (a board run twice awards each pot
    in halves, HOUSE_RULES 27; Double Board in shares)."""
    seen: set[int] = set()
    out = []
    for p in pots:
        if p.pot not in seen:
            seen.add(p.pot)
            out.append((p, totals[p.pot]))
    return out


_RANK_NAMES = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
)  # fmt: skip


def _plural(rank: int) -> str:
    name = _RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def made_hand(hole: Sequence[Card], board: Sequence[Card | None]) -> str:
    """The made hand in PokerStars' words ("a pair of Kings", "a straight, Ten to Ace"), or ""
    while the board is not all known."""
    from homegame.evaluator import Category, best_five, category, evaluate

    cards = [*hole, *(c for c in board if c is not None)]
    if len(cards) < 7 or len(set(cards)) != len(cards):
        return ""
    five = best_five(cards)
    kind = category(evaluate(five))
    top, ranks = five[0].rank, [c.rank for c in five]
    if kind in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        low = ranks[-1]
        what = "a straight" if kind is Category.STRAIGHT else "a straight flush"
        return f"{what}, {_RANK_NAMES[low]} to {_RANK_NAMES[top]}"
    words = {
        Category.HIGH_CARD: f"high card {_RANK_NAMES[top]}",
        Category.ONE_PAIR: f"a pair of {_plural(top)}",
        Category.TWO_PAIR: f"two pair, {_plural(top)} and {_plural(ranks[2])}",
        Category.THREE_OF_A_KIND: f"three of a kind, {_plural(top)}",
        Category.FLUSH: f"a flush, {_RANK_NAMES[top]} high",
        Category.FULL_HOUSE: f"a full house, {_plural(top)} full of {_plural(ranks[3])}",
        Category.FOUR_OF_A_KIND: f"four of a kind, {_plural(top)}",
        Category.ROYAL_FLUSH: "a Royal Flush",
    }
    return words[kind]


def pokerstars_text(record: GameRecord, hands: Sequence[ExportHand], all_cards: bool) -> str:
    """Every finished hand, each followed by blank lines as PokerStars writes them."""
    out: list[str] = []
    for hand in hands:
        if hand.end is not None:
            out += [*pokerstars_hand(record, hand, all_cards), "", ""]
    return "\n".join(out)


# -- JSON -------------------------------------------------------------------------------------


def _card_list(cards: Sequence[Card | None] | None) -> list[str | None] | None:
    return None if cards is None else [None if c is None else str(c) for c in cards]


def json_hand(record: GameRecord, hand: ExportHand, all_cards: bool) -> dict[str, Any]:
    """One deal as JSON data (the schema is in the README)."""
    variant = get_variant(record.game)
    names = record.players
    start = hand.start
    board: dict[str, str | None] = {}
    actions: list[dict[str, Any]] = []
    street = variant.street_names[0]
    for event in hand.events:
        if isinstance(event, BoardDealt):
            for slot, card in zip(event.slots, event.cards, strict=True):
                board[slot] = None if card is None else str(card)
            street = event.street
        elif isinstance(event, AntePosted):
            what = "table ante" if event.for_table else "ante"
            actions.append(
                {
                    "street": street,
                    "player": names[event.seat],
                    "action": what,
                    "amount": event.amount,
                    "all_in": event.all_in,
                }
            )
        elif isinstance(event, BlindPosted):
            actions.append(
                {
                    "street": street,
                    "player": names[event.seat],
                    "action": f"{event.blind} blind",
                    "amount": event.amount,
                    "all_in": event.all_in,
                }
            )
        elif isinstance(event, Acted):
            actions.append(
                {
                    "street": street,
                    "player": names[event.seat],
                    "action": event.kind.name.lower(),
                    "amount": event.amount,
                    "to": event.to,
                    "all_in": event.all_in,
                }
            )
        elif isinstance(event, Discarded):
            actions.append(
                {
                    "street": street,
                    "player": names[event.seat],
                    "action": "discard",
                    "count": event.count,
                }
            )
        elif isinstance(event, Mucked):
            actions.append({"street": street, "player": names[event.seat], "action": "muck"})
        elif isinstance(event, CardsShown):
            actions.append(
                {
                    "street": street,
                    "player": names[event.seat],
                    "action": "show",
                    "cards": _card_list(hand.cards_of(event.seat, all_cards)),
                    "hand": event.hand,
                }
            )
    sets = [
        {"set": g.name, "slots": list(g.slots), "cards": [board.get(s) for s in g.slots]}
        for g in variant.groups
    ]
    players = []
    for seat in hand.seats:
        entry: dict[str, Any] = {
            "name": names[seat],
            "seat": seat + 1,
            "cards": _card_list(hand.cards_of(seat, all_cards)),
        }
        if variant.has_chips:
            entry["start_stack"] = start.stacks[seat]
            if hand.end is not None:
                entry["end_stack"] = hand.end.stacks[seat]
                entry["net"] = hand.end.net[seat]
        players.append(entry)
    out: dict[str, Any] = {
        "hand": hand.number,
        "finished": hand.end is not None,
        "button": names[start.button],
        "players": players,
        "board": board,
        "actions": actions,
    }
    if len(variant.groups) > 1:
        out["sets"] = sets
    again = second_run(hand)
    if again:  # HOUSE_RULES 27: the second run's own cards by slot; each pot's half by run
        out["runs"] = 2
        out["second_run"] = {
            slot: None if card is None else str(card)
            for e in again
            for slot, card in zip(e.slots, e.cards, strict=True)
        }
    if variant.has_chips:
        out["blinds"] = [hand.small_blind, hand.big_blind]
        out["pots"] = [
            {
                "pot": e.pot,
                "amount": e.amount,
                "winners": [names[s] for s in e.winners],
                "amounts": list(e.amounts),
                "hand": e.hand,
                **({"run": e.run} if again else {}),
            }
            for e in hand.events
            if isinstance(e, PotAwarded)
        ]
    else:
        won = [e for e in hand.events if isinstance(e, DealWon)]
        out["winners"] = [names[s] for s in won[-1].winners] if won else []
        scored = [e for e in hand.events if isinstance(e, DealScored)]
        if scored:
            out["credited"] = [names[s] for s in scored[-1].credited]
        out["series"] = [_series_event(e, names) for e in hand.events if _is_series(e)]
    corrections = [e for e in hand.events if isinstance(e, StacksCorrected)]
    if corrections:
        out["corrections"] = [
            {"before": list(e.before), "after": list(e.after), "note": e.note} for e in corrections
        ]
    return out


_SERIES = (CubeTurned, CubeDoubled, DroppedOut, SideBetWon, SideBetReturned, SeriesWon)


def _is_series(event: Event) -> bool:
    return isinstance(event, _SERIES)


def _series_event(event: Event, names: Sequence[str]) -> dict[str, Any]:
    return {"event": type(event).__name__, "text": event.describe(names)}


def json_data(record: GameRecord, hands: Sequence[ExportHand], all_cards: bool) -> dict[str, Any]:
    """The whole game as JSON data."""
    return {
        "schema": JSON_SCHEMA,
        "game_id": record.id,
        "game": record.game,
        "variant": get_variant(record.game).name,
        "mode": record.mode,
        "created": record.created,
        "players": list(record.players),
        "state": record.state,
        "winner": record.winner,
        "all_cards": all_cards,
        "hands": [json_hand(record, h, all_cards) for h in hands],
    }
