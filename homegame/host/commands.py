"""The host's command language: one typed line becomes one `Command`, or one `CommandError`.

A line names what happened at the table: an action (`f`, `c`, `k`, `r 300`, `a`, `d`, `s CARDS`,
`m`), optionally after the player's name (`Bob r 300`, `Cy s Ah Kd`), a board entry (`b Ah Kd 7c`
or `flop Ah Kd 7c`, `turn 2s`; Yukon `b Ah Kd / 7c 2s` or `b B 7c 2s`; Double Board
`flop Ah Kd 7c / Qs Qd 3c` or `b 2 Qs Qd 3c`), the winners of a pot (`w Ann`, `w 1 Bob`), the next
hand (`n`), a correction (`set Ann 1450`), the clock (`p`, `level +`, `time 12:30`), seats
(`out Bob`, `back Bob`, `join Dee 1500`), the KRG cube, and money (`buy Dee`, `rebuy Bob`,
`addon Cy`, `chop icm`; the cash game's `topup Ann 500`, `cashout Dee 1840`, `end`), and run
it twice or not (`twice`, `once`). Parsing
knows the players' names and nothing of the game's state: whether a command is legal now is the
console's and the engine's business. Nothing here draws anything.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from homegame.cards import Card, format_cards, parse_card
from homegame.variants.streets import BOARD_STREETS, RIVER

#: The longest amount of chips a host may type (more digits is a typo, not a bet).
MAX_AMOUNT_DIGITS = 12


class CommandError(ValueError):
    """A line that cannot be carried out; its text is the one line the host sees."""


class Verb(Enum):
    """What a command does; the value is the word the help and the errors use."""

    FOLD = "fold"
    CALL = "call"  # check when nothing is owed, else call
    CHECK = "check"
    RAISE = "raise"
    ALL_IN = "all-in"
    DISCARD = "discard"
    SHOW = "show"
    MUCK = "muck"
    BOARD = "board"
    WINNERS = "winners"
    NEXT = "next"
    SET = "set"
    HELP = "help"
    PAUSE = "pause"
    LEVEL = "level"
    TIME = "time"
    SIT_OUT = "out"
    BACK = "back"
    JOIN = "join"
    CUBE = "cube"
    DOUBLE = "double"
    DROP = "drop"
    UNDO = "undo"
    DISPLAY = "display"
    BUY = "buy"
    REBUY = "rebuy"
    ADD_ON = "addon"
    CASH_OUT = "cashout"
    TOP_UP = "topup"
    CHOP = "chop"
    END = "end"
    STRADDLE = "straddle"
    BOMB = "bomb"
    TWICE = "twice"


#: Words for the actions a player takes in turn; each may follow the player's name.
ACTION_WORDS: dict[str, Verb] = {
    "f": Verb.FOLD,
    "fold": Verb.FOLD,
    "c": Verb.CALL,
    "call": Verb.CALL,
    "k": Verb.CHECK,
    "x": Verb.CHECK,
    "check": Verb.CHECK,
    "r": Verb.RAISE,
    "raise": Verb.RAISE,
    "bet": Verb.RAISE,
    "a": Verb.ALL_IN,
    "allin": Verb.ALL_IN,
    "all-in": Verb.ALL_IN,
    "d": Verb.DISCARD,
    "discard": Verb.DISCARD,
    "s": Verb.SHOW,
    "show": Verb.SHOW,
    "m": Verb.MUCK,
    "muck": Verb.MUCK,
}

#: Words about one player that are not turns: `out Bob` or `Bob out` alike.
SEAT_WORDS: dict[str, Verb] = {
    "out": Verb.SIT_OUT,
    "back": Verb.BACK,
    "cube": Verb.CUBE,
    "double": Verb.DOUBLE,
    "drop": Verb.DROP,
    "straddle": Verb.STRADDLE,
}

#: Every other command word.
OTHER_WORDS: dict[str, Verb] = {
    "b": Verb.BOARD,
    "board": Verb.BOARD,
    "w": Verb.WINNERS,
    "win": Verb.WINNERS,
    "wins": Verb.WINNERS,
    "n": Verb.NEXT,
    "next": Verb.NEXT,
    "set": Verb.SET,
    "?": Verb.HELP,
    "help": Verb.HELP,
    "p": Verb.PAUSE,
    "pause": Verb.PAUSE,
    "resume": Verb.PAUSE,
    "level": Verb.LEVEL,
    "l": Verb.LEVEL,
    "time": Verb.TIME,
    "t": Verb.TIME,
    "join": Verb.JOIN,
    "u": Verb.UNDO,
    "undo": Verb.UNDO,
    "v": Verb.DISPLAY,
    "view": Verb.DISPLAY,
    "buy": Verb.BUY,
    "rebuy": Verb.REBUY,
    "addon": Verb.ADD_ON,
    "add-on": Verb.ADD_ON,
    "cashout": Verb.CASH_OUT,
    "topup": Verb.TOP_UP,
    "chop": Verb.CHOP,
    "end": Verb.END,
    "bomb": Verb.BOMB,
    "twice": Verb.TWICE,
    "once": Verb.TWICE,
}

#: Money commands about one seated player, with their usage for the error lines.
MONEY_SEAT_USAGE: dict[Verb, str] = {
    Verb.REBUY: "rebuy NAME",
    Verb.ADD_ON: "addon NAME",
    Verb.CASH_OUT: "cashout NAME [CHIPS]",
    Verb.TOP_UP: "topup NAME CHIPS",
}
#: The ways to chop the prizes (HOUSE_RULES 18), as the host types them.
CHOP_WORDS = ("equal", "chips", "icm")

#: The streets a board entry may name (`b turn 2s`), or start with (`flop Ah Kd 7c`).
STREET_WORDS = BOARD_STREETS

#: Words naming the pot a `w` command is for, besides its number.
MAIN_POT_WORDS = ("main",)
#: The word in `w` that starts the players who made four of a kind (KRG side bet).
QUADS_WORD = "quads"


@dataclass(frozen=True)
class BoardPart:
    """Cards typed for the board: `labels` narrow the slots (`A`, `turn`), `cards` fill them."""

    labels: tuple[str, ...]
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Command:
    """One parsed line. `seat` is the player named (None: whoever is to act)."""

    verb: Verb
    text: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[Card, ...] | None = None
    parts: tuple[BoardPart, ...] = ()
    seats: tuple[int, ...] = ()
    #: Double Board `w Ann / Bob`: each board's winners, board 1 first (`seats`: all of them).
    boards: tuple[tuple[int, ...], ...] = ()
    quads: tuple[int, ...] = ()
    pot: int | None = None
    stacks: tuple[tuple[int, int], ...] = ()
    everyone: bool = False
    name: str = ""
    step: int = 0
    seconds: float | None = None
    #: A money amount typed with a decimal point ('12.50'), in cents; `amount` holds chips.
    cents: int | None = None


def parse(
    text: str, names: Sequence[str], groups: Sequence[str] = (), layout: Sequence[str] = ()
) -> Command:
    """Parse one host line against the table's `names`; `groups` names the board's groups
    (Yukon's sets A and B, Double Board's boards 1 and 2), `layout` what each part of a board
    entry between '/' is (default: set A / set B / river)."""
    line = text.strip()
    if not line:
        raise CommandError("type a command, then Enter (? lists them)")
    words = line.split()
    head = words[0].casefold()
    if head in STREET_WORDS and take_name(words, names) is None:  # a player may be River
        return Command(Verb.BOARD, line, parts=board_parts(line, groups, layout))
    if head in OTHER_WORDS:
        return _other(OTHER_WORDS[head], line, words[1:], names, groups, layout)
    if head in ACTION_WORDS:
        return _action(ACTION_WORDS[head], line, None, words[1:], names)
    if head in SEAT_WORDS:
        seat, rest = _one_name(words[1:], names, f"{head} NAME")
        _no_more(rest, line)
        return Command(SEAT_WORDS[head], line, seat=seat)
    found = take_name(words, names)
    if found is not None:
        seat, rest = found
        if not rest:
            raise CommandError(f"what did {names[seat]} do? e.g. {names[seat]} f, or ? for help")
        verb_word = rest[0].casefold()
        if verb_word in ACTION_WORDS:
            return _action(ACTION_WORDS[verb_word], line, seat, rest[1:], names)
        if verb_word in SEAT_WORDS:
            _no_more(rest[1:], line)
            return Command(SEAT_WORDS[verb_word], line, seat=seat)
        raise CommandError(f"unknown action {rest[0]!r} for {names[seat]}: ? lists the commands")
    if len(words) > 1 and (
        words[1].casefold() in ACTION_WORDS or words[1].casefold() in SEAT_WORDS
    ):
        raise CommandError(no_player(words[0], names))
    close = difflib.get_close_matches(words[0].casefold(), [n.casefold() for n in names], n=1)
    if close:
        raise CommandError(no_player(words[0], names))
    raise CommandError(f"unknown command {line!r}: ? lists the commands")


def no_player(word: str, names: Sequence[str]) -> str:
    """The line for a name nobody at the table has, with the closest real name."""
    folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(word.casefold(), list(folded), n=1, cutoff=0.5)
    hint = f": did you mean {folded[close[0]]}?" if close else f" (players: {', '.join(names)})"
    return f"no player called {word!r} at this table{hint}"


def take_name(words: Sequence[str], names: Sequence[str]) -> tuple[int, list[str]] | None:
    """The seat whose name the words start with (longest name first) and the words after it."""
    best: tuple[int, int] | None = None
    for seat, name in enumerate(names):
        parts = name.split()
        size = len(parts)
        if (
            size <= len(words)
            and [w.casefold() for w in words[:size]] == [p.casefold() for p in parts]
            and (best is None or size > best[1])
        ):
            best = (seat, size)
    if best is None:
        return None
    return best[0], list(words[best[1] :])


def _one_name(words: Sequence[str], names: Sequence[str], usage: str) -> tuple[int, list[str]]:
    if not words:
        raise CommandError(f"name the player: {usage}")
    found = take_name(words, names)
    if found is None:
        raise CommandError(no_player(words[0], names))
    return found


def _names(words: Sequence[str], names: Sequence[str], usage: str) -> list[int]:
    seats: list[int] = []
    rest = list(words)
    if not rest:
        raise CommandError(f"name at least one player: {usage}")
    while rest:
        seat, rest = _one_name(rest, names, usage)
        if seat in seats:
            raise CommandError(f"{names[seat]} is named twice")
        seats.append(seat)
    return seats


def _no_more(rest: Sequence[str], line: str) -> None:
    if rest:
        raise CommandError(f"unexpected {' '.join(rest)!r} in {line!r}")


def _action(
    verb: Verb, line: str, seat: int | None, rest: list[str], names: Sequence[str]
) -> Command:
    if verb is Verb.RAISE:
        if len(rest) != 1:
            raise CommandError("say the total to raise (or bet) to, e.g. r 300")
        return Command(verb, line, seat=seat, amount=amount(rest[0]))
    if verb is Verb.DISCARD:
        if rest and [w.casefold() for w in rest] == ["all"] and seat is None:
            return Command(verb, line, everyone=True)
        _no_more(rest, line)
        return Command(verb, line, seat=seat)
    if verb is Verb.SHOW:
        if seat is None and rest:
            found = take_name(rest, names)
            if found is not None:
                seat, rest = found
            elif not _is_card(rest[0]) and rest[0].isalpha() and len(rest[0]) > 1:
                raise CommandError(no_player(rest[0], names))
        return Command(verb, line, seat=seat, cards=cards(" ".join(rest)) if rest else None)
    _no_more(rest, line)
    return Command(verb, line, seat=seat)


def _other(
    verb: Verb,
    line: str,
    rest: list[str],
    names: Sequence[str],
    groups: Sequence[str],
    layout: Sequence[str],
) -> Command:
    if verb is Verb.BOARD:
        return Command(verb, line, parts=board_parts(" ".join(rest), groups, layout))
    if verb is Verb.WINNERS:
        return _winners(line, rest, names)
    if verb is Verb.SET:
        if not rest or len(rest) % 2:
            raise CommandError("set needs NAME AMOUNT pairs, e.g. set Ann 1450 Bob 1550")
        pairs: list[tuple[int, int]] = []
        words = [w for w in " ".join(rest).replace(",", " ").split()]
        while words:
            seat, words = _one_name(words, names, "set NAME AMOUNT")
            if not words:
                raise CommandError(
                    f"set {names[seat]} needs an amount, e.g. set {names[seat]} 1450"
                )
            pairs.append((seat, amount(words.pop(0))))
        return Command(verb, line, stacks=tuple(pairs))
    if verb is Verb.LEVEL:
        if len(rest) != 1 or rest[0].casefold() not in ("+", "-", "up", "down", "next", "back"):
            raise CommandError("level + goes to the next level, level - back one")
        return Command(verb, line, step=1 if rest[0].casefold() in ("+", "up", "next") else -1)
    if verb is Verb.TIME:
        if len(rest) != 1:
            raise CommandError("say the time left in this level, e.g. time 12:30 or time 12")
        return Command(verb, line, seconds=clock_time(rest[0]))
    if verb is Verb.BUY:
        if not rest:
            raise CommandError(
                "buy NAME [CHIPS]: a player buys in (a late entry once dealing began)"
            )
        chips, cents = None, None
        if len(rest) > 1 and _is_amount(rest[-1]):
            chips, cents = money_or_chips(rest.pop())
        return Command(verb, line, name=" ".join(rest), amount=chips, cents=cents)
    if verb in MONEY_SEAT_USAGE:
        usage = MONEY_SEAT_USAGE[verb]
        seat, rest = _one_name(rest, names, usage)
        chips, cents = None, None
        if rest and verb in (Verb.CASH_OUT, Verb.TOP_UP):
            chips, cents = money_or_chips(rest.pop(0))
        elif verb is Verb.TOP_UP:
            raise CommandError(f"say how many chips: {usage}, e.g. topup {names[seat]} 500")
        _no_more(rest, line)
        return Command(verb, line, seat=seat, amount=chips, cents=cents)
    if verb is Verb.CHOP:
        if len(rest) != 1 or rest[0].casefold() not in CHOP_WORDS:
            raise CommandError(f"chop {'|'.join(CHOP_WORDS)}: how the players still in split")
        return Command(verb, line, name=rest[0].casefold())
    if verb is Verb.TWICE:  # HOUSE_RULES 27: `twice` everyone agrees, `once` one run
        _no_more(rest, line)
        return Command(verb, line, amount=2 if line.split()[0].casefold() == "twice" else 1)
    if verb is Verb.JOIN:
        if not rest:
            raise CommandError("join NAME [CHIPS]: a late player takes a seat between hands")
        chips = None
        if len(rest) > 1 and rest[-1].replace(",", "").isdigit():
            chips = amount(rest.pop())
        return Command(verb, line, name=" ".join(rest), amount=chips)
    _no_more(rest, line)
    return Command(verb, line)


def _winners(line: str, rest: list[str], names: Sequence[str]) -> Command:
    words = " ".join(rest).replace(",", " ").split()
    pot = None
    if words and words[0].casefold() in MAIN_POT_WORDS:
        pot = 0
        words.pop(0)
        if words and words[0].casefold() == "pot":
            words.pop(0)
    elif words and words[0].casefold() == "side":
        words.pop(0)
        if not words or not words[0].isdigit():
            raise CommandError("say which side pot: w side 1 NAME")
    if pot is None and words and words[0].isdigit():
        pot = int(words.pop(0)[:6])
    quads: list[int] = []
    if QUADS_WORD in (w.casefold() for w in words):
        at = [w.casefold() for w in words].index(QUADS_WORD)
        quads = _names(words[at + 1 :], names, "w NAME quads NAME")
        words = words[:at]
    pieces = " ".join(words).split("/")
    each = tuple(tuple(_names(p.split(), names, "w NAME [NAME..] / NAME [NAME..]")) for p in pieces)
    boards = each if len(each) > 1 else ()
    seats = tuple(dict.fromkeys(s for part in each for s in part))
    return Command(Verb.WINNERS, line, seats=seats, boards=boards, quads=tuple(quads), pot=pot)


def amount(text: str) -> int:
    """A number of chips as typed ('1,500' too); CommandError for anything else."""
    cleaned = text.replace(",", "").strip()
    if not cleaned.isdigit() or not cleaned.isascii():
        raise CommandError(f"expected an amount in chips, got {text.strip() or 'nothing'!r}")
    if len(cleaned.lstrip("0")) > MAX_AMOUNT_DIGITS:
        raise CommandError(f"{cleaned[:16]}... chips is more than any table holds")
    return int(cleaned)


def _is_amount(text: str) -> bool:
    """Does the word look like an amount (chips, or money with a point or a sign)?"""
    cleaned = text.replace(",", "").lstrip("$-")
    return bool(cleaned) and cleaned.replace(".", "", 1).isdigit()


def money_or_chips(text: str) -> tuple[int | None, int | None]:
    """(chips, None) for a whole number ('1,840'), (None, cents) for money ('18.40', '$18');
    one CommandError line for anything else (three decimals, zero or less)."""
    from homegame.money.amounts import parse_amount
    from homegame.money.errors import MoneyError

    word = text.strip()
    if "." in word or word.startswith("$") or word.startswith("-"):
        try:
            return None, parse_amount(word.removeprefix("$"))
        except MoneyError as exc:
            raise CommandError(str(exc)) from None
    chips = amount(word)
    if chips <= 0:
        raise CommandError(f"an amount is more than 0, not {word}")
    return chips, None


def clock_time(text: str) -> float:
    """Minutes and seconds as typed ('12:30', or '12' minutes) in seconds."""
    minutes, _, seconds = text.partition(":")
    if not minutes.isdigit() or len(minutes) > 4 or (seconds and not seconds.isdigit()):
        raise CommandError(f"expected a time as MM:SS or minutes, got {text!r}")
    if seconds and (len(seconds) != 2 or int(seconds) > 59):
        raise CommandError(f"expected seconds 00 to 59 in {text!r}")
    return int(minutes) * 60.0 + (int(seconds) if seconds else 0)


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except ValueError:
        return False
    return True


def cards(text: str) -> tuple[Card, ...]:
    """Cards typed by the host ('Ah Kd', 'AhKd'); CommandError names a bad or repeated one."""
    from homegame.cards import parse_cards

    if not text.strip():
        raise CommandError("type the cards, e.g. Ah Kd 7c")
    try:
        parsed = parse_cards(text)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    seen: set[Card] = set()
    for card in parsed:
        if card in seen:
            raise CommandError(f"card {card} is typed twice in {format_cards(parsed)}")
        seen.add(card)
    return tuple(parsed)


def board_parts(
    text: str, groups: Sequence[str] = (), layout: Sequence[str] = ()
) -> tuple[BoardPart, ...]:
    """`Ah Kd 7c`, `turn 2s`, Yukon `B 7c 2s` or `Ah Kd / 7c 2s [/ 9h]`, Double Board
    `flop Ah Kd 7c / Qs Qd 3c` or `2 Qs Qd 3c`, as labelled parts; a street named before the
    first part is every part's (`turn 2s / 9h`)."""
    labels_ok = {*STREET_WORDS, *(g.casefold() for g in groups)}
    layout = layout or [*(f"set {g}" for g in groups), RIVER]
    shape = " / ".join(part.upper() for part in layout)
    pieces = text.split("/")
    if len(pieces) > 1 and len(groups) < 2:
        raise CommandError("'/' separates the parts of a board; this game has one")
    if len(pieces) > len(layout) and len(pieces) > 1:
        raise CommandError(f"at most {len(layout)} parts: {shape}")
    parts: list[BoardPart] = []
    street: tuple[str, ...] = ()
    for index, piece in enumerate(pieces):
        labels: list[str] = []
        tokens = piece.replace(",", " ").split()
        while tokens and tokens[0].casefold() in labels_ok and not _is_card(tokens[0]):
            labels.append(tokens.pop(0).casefold())
        if len(pieces) > 1 and labels:
            if index or not set(labels) <= set(STREET_WORDS):
                raise CommandError(f"with '/', a street first, then only cards: {shape}")
            street = tuple(labels)
        typed = cards(" ".join(tokens)) if tokens else ()
        parts.append(BoardPart(tuple(labels) or street, typed))
    every = [c for p in parts for c in p.cards]
    if not every:
        raise CommandError("type the board cards, e.g. b Ah Kd 7c")
    if len(set(every)) != len(every):
        dup = next(c for c in every if every.count(c) > 1)
        raise CommandError(f"card {dup} is typed twice")
    return tuple(parts)
