"""Read PHH hand histories (.phh, .phhs) of no-limit Hold'em and replay them through the engine.

PHH is TOML (spec: the phh-std project). Seats follow pokerkit's reading: player 1 is the small
blind, player 2 the big blind, the last player has the button; heads-up player 2 is the button
and posts the small blind. A `.phhs` file holds hands as tables `[1]`, `[2]`, ...; each is parsed
on its own so one broken hand does not stop the others.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from homegame.cards import Card, parse_cards
from homegame.engine import Action, BetRaise, Call, Check, Fold, Hand, IllegalAction
from homegame.engine.actions import Muck, RunTwice, Show
from homegame.engine.card_sources import Entered
from homegame.engine.hand import AUTO, Phase
from homegame.text import shorten
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
_TABLE = re.compile(r"^\[([^\]\n]+)\]\s*$", re.MULTILINE)
_PLAYER = re.compile(r"^p(\d+)$")


class PhhError(ValueError):
    """A hand history that cannot be read or replayed; the message names the hand and action."""


@dataclass(frozen=True)
class PhhHand:
    """One hand history: the table data of a PHH hand."""

    name: str
    #: The hand's table as `tomllib` reads it (values of any TOML type, checked as read).
    data: dict[str, Any]


@dataclass(frozen=True)
class ReplayResult:
    """One replayed hand: our final stacks, the file's, and whether they agree."""

    hand: str
    players: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None
    expected: tuple[float, ...] | None
    match: bool | None
    error: str | None = None
    hand_object: Hand | None = field(default=None, compare=False, repr=False)

    def as_json(self) -> dict[str, object]:
        """The `homegame replay --json` record of this hand."""
        out: dict[str, object] = {
            "hand": self.hand,
            "finishing_stacks": list(self.finishing_stacks) if self.finishing_stacks else None,
            "expected": _plain(self.expected),
            "match": self.match,
        }
        if self.error is not None:
            out["error"] = self.error
        return out


def _plain(values: Sequence[float] | None) -> list[float] | None:
    if values is None:
        return None
    return [int(v) if float(v).is_integer() else v for v in values]


def split_hands(text: str, name: str) -> list[PhhHand | PhhError]:
    """The hands of a PHH document: a .phhs's tables each parsed alone, or one .phh hand."""
    headers = list(_TABLE.finditer(text))
    head = text[: headers[0].start()] if headers else text
    top_level_keys = any(
        "=" in line and not line.lstrip().startswith("#") for line in head.splitlines()
    )
    if not headers or top_level_keys:
        return [_parse_hand(name, text)]
    hands: list[PhhHand | PhhError] = []
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        key = header.group(1).strip().strip("'\"")
        body = text[header.end() : end]
        hands.append(_parse_hand(key, body))
    return hands


def _parse_hand(name: str, text: str) -> PhhHand | PhhError:
    """One hand's TOML, or the error that names it (deep nesting and huge numbers too)."""
    try:
        return PhhHand(name, tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        return PhhError(f"hand {name}: not valid PHH/TOML: {exc}")
    except RecursionError:
        return PhhError(f"hand {name}: not valid PHH/TOML: nested too deeply")
    except ValueError as exc:  # an integer of more than 4,300 digits
        return PhhError(f"hand {name}: not valid PHH/TOML: {exc}")


def read_file(path: str | Path) -> list[PhhHand | PhhError]:
    """Read a .phh or .phhs file; OSError/UnicodeError if it cannot be read at all."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    return split_hands(text, path.name)


def _cards(text: str) -> list[Card | None]:
    """Cards as PHH writes them ('AsKd'); '??' is an unknown card; ValueError for anything else."""
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        piece = text[i : i + 2]
        cards = None if piece == "??" else parse_cards(piece)
        if cards is not None and len(cards) != 1:
            raise ValueError(f"bad cards {text!r}: expected two characters per card, e.g. AsKd")
        out.append(None if cards is None else cards[0])
    return out


def _split_action(raw: str) -> list[str]:
    return raw.split("#", 1)[0].split()


def build_hand(phh: PhhHand) -> tuple[Hand, list[str]]:
    """A Hand set up from the history (cards from the deal and show lines) and its action lines."""
    data = phh.data
    name = phh.name
    variant = data.get("variant")
    if variant != "NT":
        raise PhhError(f"hand {name}: variant {variant!r} is not no-limit Hold'em ('NT')")
    try:
        stacks = [int(s) for s in data["starting_stacks"]]
        blinds = [int(b) for b in data["blinds_or_straddles"]]
        antes = [int(a) for a in data.get("antes", [0] * len(stacks))]
        actions = [str(a) for a in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise PhhError(f"hand {name}: missing or bad field: {exc}") from None
    n = len(stacks)
    if n < 2:
        raise PhhError(f"hand {name}: expected at least 2 players, got {n}")
    if len(blinds) != n or len(antes) != n:
        raise PhhError(f"hand {name}: blinds and antes need one entry per player ({n})")
    antes = _seat_antes(antes)
    straddle_seat, straddle = _straddle(blinds, name)
    if straddle_seat is not None:
        blinds = [0 if i == straddle_seat else b for i, b in enumerate(blinds)]
    small_seat, big_seat, small, big = _blind_seats(blinds, name)
    hole: list[list[Card | None] | None] = [None] * n
    board: list[Card] = []
    streets = 0
    for raw in actions:
        parts = _split_action(raw)
        if parts[:2] == ["d", "dh"] and len(parts) >= 4:
            seat = _seat(parts[2], n, name, raw)
            hole[seat] = _cards(parts[3])
        elif parts[:2] == ["d", "db"] and len(parts) >= 3:
            dealt = _cards(parts[2])
            _check_street(streets, len(dealt), name, raw)
            streets += 1
            board.extend(c for c in dealt if c is not None)
        elif len(parts) >= 3 and parts[1] == "sm":
            seat = _seat(parts[0], n, name, raw)
            shown = _cards(parts[2])
            current = hole[seat]
            _check_shown(parts[0], current, shown, name, raw)
            if current is None or None in current:
                hole[seat] = shown
    known_hole = [cards if cards and None not in cards else None for cards in hole]
    slots = dict(zip(HOLDEM.slots, board, strict=False))
    second = _second_run(data, slots, name)
    # A hand mucked with its cards never written ("p2 sm"): the engine cannot rank it, so the
    # showdown is played as shown and mucked in turn, as a host enters it (cards Entered).
    mucked_unknown = any(
        len(parts) == 2 and parts[1] == "sm" and known_hole[_seat(parts[0], n, name, raw)] is None
        for raw in actions
        for parts in [_split_action(raw)]
    )

    try:
        hand = Hand(
            HOLDEM,
            stacks,
            button=n - 1 if n > 2 else 1,
            small_blind=small,
            big_blind=big,
            small_blind_seat=small_seat,
            big_blind_seat=big_seat,
            ante=antes,
            hole_cards=known_hole,  # type: ignore[arg-type]
            board=slots,
            burn_cards=False,
            rng=random.Random(0),
            cards=Entered() if mucked_unknown else None,
            names=[str(p) for p in data.get("players", [])] or None,
            dead_antes=not data.get("ante_trimming_status", False),
            straddle=straddle,
            straddle_seat=straddle_seat,
            run_twice=bool(second),
            second_board=second,
        )
    except ValueError as exc:
        raise PhhError(f"hand {name}: {exc}") from None
    return hand, actions


def _second_run(data: dict[str, Any], board: dict[str, Card], name: str) -> dict[str, Card]:
    """HOUSE_RULES 27: the second run homegame writes in the user-defined fields `_run_count`
    and `_second_run` (the board dealings after the first run's), by slot; {} for one run."""
    if data.get("_run_count", 1) == 1:
        return {}
    streets = data.get("_second_run")
    if data.get("_run_count") != 2 or not isinstance(streets, list) or not streets:
        raise PhhError(f"hand {name}: _run_count 2 needs _second_run, the second run's dealings")
    cards = [c for text in streets for c in _cards(str(text))]
    if None in cards:
        raise PhhError(f"hand {name}: _second_run: every card of the second run must be known")
    rerun = HOLDEM.slots[len(HOLDEM.slots) - len(cards) :]
    if not cards or len(cards) > len(board):
        raise PhhError(f"hand {name}: _second_run: {len(cards)} cards for {len(board)} dealt")
    return dict(zip(rerun, cards, strict=True))  # type: ignore[arg-type]


#: Hold'em's streets and how many board cards each deals.
_STREETS = (("flop", 3), ("turn", 1), ("river", 1))


def _check_street(dealt_before: int, count: int, name: str, raw: str) -> None:
    """A board deal is the next street with its number of cards (a turn of 4 is refused)."""
    if dealt_before >= len(_STREETS):
        raise PhhError(f"hand {name}: action {raw!r}: the board is already complete")
    street, cards = _STREETS[dealt_before]
    if count != cards:
        word = "card" if cards == 1 else "cards"
        raise PhhError(f"hand {name}: action {raw!r}: the {street} is {cards} {word}, not {count}")


def _check_shown(
    player: str,
    dealt: Sequence[Card | None] | None,
    shown: Sequence[Card | None],
    name: str,
    raw: str,
) -> None:
    """Cards shown are the ones the player was dealt, where the deal line wrote them."""
    if dealt is None:
        return
    known = {c for c in dealt if c is not None}
    cards = {c for c in shown if c is not None}
    other = (None not in shown and not known <= cards) or (None not in dealt and not cards <= known)
    if len(shown) != len(dealt) or other:
        was = _card_text(dealt)
        raise PhhError(
            f"hand {name}: action {raw!r}: {player} was dealt {was}, not {_card_text(shown)}"
        )


def _card_text(cards: Sequence[Card | None]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def _blind_seats(blinds: Sequence[int], name: str) -> tuple[int | str | None, int | str, int, int]:
    """The small and big blind seats and amounts of `blinds_or_straddles`, in player order.

    Heads-up the engine's own seats (the button posts the small blind). With more players the
    blinds may stand anywhere in order, a small one before the big one: a dead small blind
    (HOUSE_RULES 5) leaves one blind, and a late entry dealt in between the button and the big
    blind posts none that hand (HOUSE_RULES 20), as an app's export writes them."""
    posted = [i for i, b in enumerate(blinds) if b > 0]
    if len(blinds) == 2 and blinds[1] > 0:
        return AUTO, AUTO, blinds[0], blinds[1]
    if len(blinds) > 2 and len(posted) == 1:
        return None, posted[0], 0, blinds[posted[0]]
    if len(blinds) > 2 and len(posted) == 2:
        return posted[0], posted[1], blinds[posted[0]], blinds[posted[1]]
    raise PhhError(
        f"hand {name}: only a small and a big blind (and a straddle) are supported, not {blinds}"
    )


def _straddle(blinds: Sequence[int], name: str) -> tuple[int | None, int]:
    """HOUSE_RULES 26: the seat and amount of a straddle in `blinds_or_straddles` (a third
    blind posted, left of the big blind, more than it), or (None, 0). A second straddle is
    refused: homegame deals one."""
    posted = [i for i, b in enumerate(blinds) if b > 0]
    if len(blinds) < 3 or len(posted) < 3:
        return None, 0
    if len(posted) > 3:
        raise PhhError(f"hand {name}: only one straddle is supported, not {list(blinds)}")
    if blinds[posted[2]] <= blinds[posted[1]]:
        raise PhhError(f"hand {name}: a straddle is more than the big blind, not {list(blinds)}")
    return posted[2], blinds[posted[2]]


def _seat_antes(antes: list[int]) -> list[int]:
    """Each player's ante (HOUSE_RULES 25) as `antes` lists them: heads-up, pokerkit reads the
    list the other way round, as it reads the blinds (player 1, the big blind, antes the second)."""
    return antes[::-1] if len(antes) == 2 else antes


def _seat(token: str, n: int, name: str, raw: str) -> int:
    match = _PLAYER.match(token)
    if match is None or not 1 <= int(match.group(1)) <= n:
        raise PhhError(f"hand {name}: action {raw!r}: no player {token!r}")
    return int(match.group(1)) - 1


#: What a malformed value in a history can raise while it is read: a bad hand, not a crash.
BAD_VALUE = (PhhError, ValueError, TypeError, IndexError, KeyError, OverflowError, RecursionError)


def _names_and_expected(phh: PhhHand) -> tuple[tuple[str, ...], tuple[float, ...] | None]:
    """The players' names and the file's finishing stacks, each checked to be a list."""
    players = phh.data.get("players", [])
    expected = phh.data.get("finishing_stacks")
    if not isinstance(players, list):
        raise PhhError(
            f"hand {phh.name}: players: expected a list of names, got {shorten(repr(players))}"
        )
    if expected is None:
        return tuple(str(p) for p in players), None
    if not isinstance(expected, list) or not all(
        isinstance(x, int | float) and not isinstance(x, bool) for x in expected
    ):
        got = shorten(repr(expected))
        raise PhhError(f"hand {phh.name}: finishing_stacks: expected a list of numbers, got {got}")
    return tuple(str(p) for p in players), tuple(float(x) for x in expected)


def replay(phh: PhhHand) -> ReplayResult:
    """Replay one history through the engine and compare with its `finishing_stacks`."""
    try:
        players, expected = _names_and_expected(phh)
    except BAD_VALUE as exc:
        return ReplayResult(phh.name, (), None, None, False, _message(phh.name, exc))
    try:
        hand, actions = build_hand(phh)
        n = hand.n
        chips = _Chips(phh.data, hand.starting_stacks)
        for raw in actions:
            parts = _split_action(raw)
            if parts[:2] == ["d", "db"]:
                chips.next_street()
            if not parts or parts[0] == "d":
                continue
            seat = _seat(parts[0], n, phh.name, raw)
            verb = parts[1] if len(parts) > 1 else ""
            if verb == "sm" and hand.phase is Phase.SHOWDOWN and hand.to_act == seat:
                shown = Show(tuple(c for c in _cards(parts[2]) if c)) if len(parts) > 2 else Muck()
                hand.act(shown, seat=seat)
                continue
            if verb in ("sm", "sd"):
                continue
            if verb == "cc" and chips.matched(seat) and _no_decision(hand, seat):
                continue  # pokerkit's check where HOUSE_RULES 2 asks nobody: no chips move
            chips.act(seat, verb, parts)
            if hand.is_over:
                raise PhhError(f"hand {phh.name}: action {raw!r}: the hand is already over")
            action: Action
            if verb == "f":
                action = Fold()
            elif verb == "cc":
                action = Check() if hand.legal_actions().can_check else Call()
            elif verb == "cbr" and len(parts) >= 3:
                action = BetRaise(int(parts[2]))
            else:
                raise PhhError(f"hand {phh.name}: action {raw!r}: unknown action")
            try:
                hand.act(action, seat=seat)
                while hand.phase is Phase.RUN_TWICE:  # HOUSE_RULES 27: as the file says
                    hand.act(RunTwice(hand.run_twice))
            except IllegalAction as exc:
                raise PhhError(f"hand {phh.name}: action {raw!r}: {exc}") from None
        if not hand.is_over:
            raise PhhError(f"hand {phh.name}: the actions end before the hand does")
    except BAD_VALUE as exc:
        return ReplayResult(phh.name, players, None, expected, False, _message(phh.name, exc))
    stacks = hand.stacks
    match = None if expected is None else stacks_match(stacks, expected)
    return ReplayResult(phh.name, players, stacks, expected, match, None, hand)


class _Chips:
    """The chips each player has put in this street and has left, as the file's actions say:
    enough to tell a zero-chip check from a call."""

    def __init__(self, data: dict[str, Any], stacks: Sequence[int]) -> None:
        antes = _seat_antes([int(a) for a in data.get("antes", [0] * len(stacks))])
        blinds = [int(b) for b in data["blinds_or_straddles"]]
        self.left = [max(0, s - a) for s, a in zip(stacks, antes, strict=True)]
        self.street = [0] * len(stacks)
        for seat, blind in enumerate(blinds):
            self._put(seat, blind)

    def _put(self, seat: int, to: int) -> None:
        to = min(to, self.street[seat] + self.left[seat])
        self.left[seat] -= to - self.street[seat]
        self.street[seat] = max(self.street[seat], to)

    def next_street(self) -> None:
        self.street = [0] * len(self.street)

    def matched(self, seat: int) -> bool:
        """True when `seat` has put in as much as anyone this street (a check costs nothing)."""
        return self.street[seat] >= max(self.street)

    def act(self, seat: int, verb: str, parts: Sequence[str]) -> None:
        if verb == "cc":
            self._put(seat, max(self.street))
        elif verb == "cbr" and len(parts) >= 3 and parts[2].isdigit():
            self._put(seat, int(parts[2]))


def _no_decision(hand: Hand, seat: int) -> bool:
    """The engine asks `seat` nothing now: the hand is over, past its betting, or waits on
    another player (HOUSE_RULES 2: a player who has matched and faces nobody who can bet)."""
    return hand.is_over or hand.phase is not Phase.BETTING or hand.to_act != seat


def _message(name: str, exc: Exception) -> str:
    """One line naming the hand for what went wrong in it."""
    text = str(exc) if isinstance(exc, PhhError | ValueError) else f"bad value ({exc!r})"
    return text if text.startswith("hand ") else f"hand {name}: {text}"


def stacks_match(ours: Sequence[int], expected: Sequence[float]) -> bool:
    """Exact, or within one chip per seat where the file records half chips (a split pot)."""
    if len(ours) != len(expected):
        return False
    if all(float(x).is_integer() for x in expected):
        return all(a == b for a, b in zip(ours, expected, strict=True))
    return all(abs(a - b) < 1 for a, b in zip(ours, expected, strict=True))


def replay_file(path: str | Path) -> list[ReplayResult]:
    """Replay every hand of a file; a broken hand gives an error result, the rest still replay."""
    path = Path(path)
    return replay_text(path.read_text(encoding="utf-8"), path.name)


def replay_text(text: str, name: str) -> list[ReplayResult]:
    """Replay every hand of a PHH document named `name` (see `replay_file`)."""
    results = []
    for item in split_hands(text, name):
        if isinstance(item, PhhError):
            name = str(item).split(":", 1)[0].removeprefix("hand ")
            results.append(ReplayResult(name, (), None, None, False, str(item)))
        else:
            results.append(replay(item))
    return results
