"""The journal's input records (format 2): each input an explicit JSON object with stable names.

`INPUTS` is the one table of every kind of input: its stable name (the record's "in"), the
session method it journals, how that method's arguments are written into the record, and how a
record is read back into the call that replays it. Actions and cards have their own spellings
(`{"kind": "raise", "to": 300}`, "Ah"); no Python class, method or parameter name is written, so
renaming one in the engine leaves every saved game readable (a test checks each writer against
the method it journals).

    {"in": "act", "seat": 2, "action": {"kind": "raise", "to": 300}}
    {"in": "time", "seconds": 1.5, "turn_clock": true}
    {"in": "host-line", "text": "Bob r 300", "now": 12.5}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from homegame.cards import Card
from homegame.store.codec import CodecError, read_card

if TYPE_CHECKING:  # the engine loads with the first input written or replayed
    from homegame.engine.actions import Action
    from homegame.money.chop import ChopKind

#: The input format this version writes (format 1: `format_v1`).
FORMAT = 2

#: One input as stored: a JSON object whose "in" names its kind.
Record = dict[str, Any]
#: What replays a record: the positional and keyword arguments of its method.
Arguments = tuple[tuple[Any, ...], dict[str, Any]]

TIME = "time"
HOST_LINE = "host-line"
SEAT_PLACE = "seat-place"


@dataclass(frozen=True)
class InputKind:
    """One kind of input: its stable `name`, the `method` it journals (on a session, or the
    host console for host lines), `write` (that method's arguments -> the record's fields) and
    `read` (a record -> the arguments that replay it)."""

    name: str
    method: str
    write: Callable[..., Record]
    read: Callable[[Mapping[str, Any]], Arguments]


def cards_text(cards: Sequence[Card]) -> list[str]:
    """Cards as their stable spelling, rank then suit: ["Ah", "Td"]."""
    return [str(c) for c in cards]


def read_cards(data: Sequence[str]) -> tuple[Card, ...]:
    """Cards read back from their spelling."""
    return tuple(read_card(c) for c in data)


# -- actions ------------------------------------------------------------------------------------


def action_record(action: Action) -> Record:
    """An action's stable spelling: {"kind": "fold"}, {"kind": "raise", "to": 300}, ..."""
    from homegame.engine import RunTwice
    from homegame.engine.actions import AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show

    if isinstance(action, RunTwice):  # HOUSE_RULES 27
        return {"kind": "run-twice", "agree": action.agree}
    if isinstance(action, BetRaise):
        return {"kind": "raise", "to": action.to}
    if isinstance(action, Discard):
        return {"kind": "discard", "cards": cards_text(action.cards), "count": action.count}
    if isinstance(action, Show):
        cards = None if action.cards is None else cards_text(action.cards)
        return {"kind": "show", "cards": cards}
    for kind, cls in (
        ("fold", Fold),
        ("check", Check),
        ("call", Call),
        ("all-in", AllIn),
        ("muck", Muck),
    ):
        if isinstance(action, cls):
            return {"kind": kind}
    raise CodecError(f"cannot store the action {action!r}")


def read_action(data: Mapping[str, Any]) -> Action:
    """The action an action record spells."""
    from homegame.engine import RunTwice
    from homegame.engine.actions import AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show

    kind = data.get("kind")
    if kind == "run-twice":
        return RunTwice(bool(data["agree"]))
    if kind == "raise":
        return BetRaise(int(data["to"]))
    if kind == "discard":
        return Discard(read_cards(data["cards"]), data["count"])
    if kind == "show":
        cards = data["cards"]
        return Show(None if cards is None else read_cards(cards))
    simple: dict[Any, Callable[[], Action]] = {
        "fold": Fold,
        "check": Check,
        "call": Call,
        "all-in": AllIn,
        "muck": Muck,
    }
    if kind not in simple:
        raise CodecError(f"this version cannot replay the action {kind!r}")
    return simple[kind]()


# -- the inputs ---------------------------------------------------------------------------------


def _nothing() -> Record:
    return {}


def _no_arguments(_record: Mapping[str, Any]) -> Arguments:
    return (), {}


def _seat(seat: int) -> Record:
    return {"seat": seat}


def _by_seat(record: Mapping[str, Any]) -> Arguments:
    return (record["seat"],), {}


def _act(action: Action, seat: int | None = None) -> Record:
    return {"seat": seat, "action": action_record(action)}


def _time(seconds: float, *, turn_clock: bool = True) -> Record:
    return {"seconds": seconds, "turn_clock": turn_clock}


def _correction(stacks: Mapping[int, int], note: str = "") -> Record:
    return {"stacks": [{"seat": s, "chips": c} for s, c in stacks.items()], "note": note}


def _read_correction(record: Mapping[str, Any]) -> Arguments:
    stacks = {int(e["seat"]): int(e["chips"]) for e in record["stacks"]}
    return (stacks, record["note"]), {}


def _board_card(slot: str, card: Card, run: int = 1) -> Record:
    out: Record = {"slot": slot, "card": str(card)}
    if run != 1:  # HOUSE_RULES 27: the board's second run; records before it have no run
        out["run"] = run
    return out


def _read_board_card(record: Mapping[str, Any]) -> Arguments:
    return (record["slot"], read_card(record["card"]), record.get("run", 1)), {}


def _show(seat: int, cards: Sequence[Card]) -> Record:
    return {"seat": seat, "cards": cards_text(cards)}


def _award(
    pot_index: int,
    winners: Sequence[int],
    four_of_a_kind: Sequence[int] = (),
    boards: Sequence[Sequence[int]] = (),
) -> Record:
    return {
        "pot": pot_index,
        "winners": list(winners),
        "quads": list(four_of_a_kind),
        "boards": [list(b) for b in boards],
    }


def _read_award(record: Mapping[str, Any]) -> Arguments:
    boards = tuple(tuple(b) for b in record["boards"])
    return (record["pot"], tuple(record["winners"]), tuple(record["quads"]), boards), {}


def _cube_answer(seat: int, double: bool) -> Record:
    return {"seat": seat, "double": double}


def _join(name: str, stack: int) -> Record:
    return {"name": name, "chips": stack}


def _buy_in(name: str, chips: int | None = None) -> Record:
    return {"name": name, "chips": chips}


def _top_up(seat: int, chips: int) -> Record:
    return {"seat": seat, "chips": chips}


def _cash_out(seat: int, chips: int | None = None) -> Record:
    return {"seat": seat, "chips": chips}


def _chips_if_named(who: str) -> Callable[[Mapping[str, Any]], Arguments]:
    """Reads (who, chips), leaving chips out when none were named: the method's default (a
    freezeout's buy-in is the starting stack; a cash-out takes every chip)."""

    def read(record: Mapping[str, Any]) -> Arguments:
        chips = record["chips"]
        return ((record[who],) if chips is None else (record[who], chips)), {}

    return read


def _chop(kind: ChopKind | str) -> Record:
    return {"how": kind if isinstance(kind, str) else kind.value}


def _host_line(text: str, now: float = 0.0) -> Record:
    return {"text": text, "now": now}


INPUTS: tuple[InputKind, ...] = (
    InputKind("deal", "start_deal", _nothing, _no_arguments),
    InputKind("act", "act", _act, lambda r: ((read_action(r["action"]), r["seat"]), {})),
    InputKind(
        TIME,
        "advance_time",
        _time,
        lambda r: ((r["seconds"],), {"turn_clock": r["turn_clock"]}),
    ),
    InputKind("timeout", "timeout", _nothing, _no_arguments),
    InputKind("sit-out", "sit_out", _seat, _by_seat),
    InputKind("come-back", "come_back", _seat, _by_seat),
    InputKind("correction", "correct_stacks", _correction, _read_correction),
    InputKind("board-card", "reveal_board", _board_card, _read_board_card),
    InputKind("show", "show", _show, lambda r: ((r["seat"], read_cards(r["cards"])), {})),
    InputKind("award", "award", _award, _read_award),
    InputKind("cube-turn", "turn_cube", _seat, _by_seat),
    InputKind("cube-answer", "answer_cube", _cube_answer, lambda r: ((r["seat"], r["double"]), {})),
    InputKind("join", "join", _join, lambda r: ((r["name"], r["chips"]), {})),
    InputKind("buy-in", "buy_in", _buy_in, _chips_if_named("name")),
    InputKind("rebuy", "rebuy", _seat, _by_seat),
    InputKind("add-on", "add_on", _seat, _by_seat),
    InputKind("chop", "chop", _chop, lambda r: ((r["how"],), {})),
    InputKind("top-up", "top_up", _top_up, lambda r: ((r["seat"], r["chips"]), {})),
    InputKind("cash-out", "cash_out", _cash_out, _chips_if_named("seat")),
    InputKind("end", "end", _nothing, _no_arguments),
    InputKind("straddle", "straddle", _seat, _by_seat),
    InputKind("bomb", "call_bomb_pot", _nothing, _no_arguments),
)

#: The host console's one input: a typed line it carried out (`HostConsole.run`).
HOST_INPUT = InputKind(HOST_LINE, "run", _host_line, lambda r: ((r["text"], r["now"]), {}))


def _place(seat: int, device: bool) -> Record:
    return {"seat": seat, "device": device}


#: A person's seat moved, between hands, to their own device or to the shared screen
#: (`GameDriver.place_seat`): where a seat is played is the table's, not the session's, so a
#: replay of the session passes it by and the driver reads it (`GameLog.seat_places`).
PLACE_INPUT = InputKind(
    SEAT_PLACE, "place_seat", _place, lambda r: ((r["seat"], bool(r["device"])), {})
)

#: Every input kind by its stable name.
BY_NAME: dict[str, InputKind] = {k.name: k for k in (*INPUTS, HOST_INPUT, PLACE_INPUT)}


def record(kind: InputKind, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> Record:
    """The record of one call of `kind`'s method with these arguments."""
    return {"in": kind.name, **kind.write(*args, **kwargs)}


@dataclass(frozen=True)
class Step:
    """One record ready to replay: the method to call and its arguments."""

    method: str
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]

    def on(self, target: Any) -> Any:
        """Replay the input on `target` (a fresh session, or host console); what it returns."""
        return getattr(target, self.method)(*self.args, **self.kwargs)


def step(data: Mapping[str, Any]) -> Step:
    """The call that replays record `data`; CodecError when this version cannot."""
    kind = BY_NAME.get(data.get("in", ""))
    if kind is None:
        raise CodecError(f"this version cannot replay the input {data.get('in')!r}")
    try:
        args, kwargs = kind.read(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise CodecError(f"a stored {kind.name!r} input this version cannot read: {exc}") from None
    return Step(kind.method, args, kwargs)


def records_of(format_number: int, text: str) -> tuple[Record, ...]:
    """The records stored as `text` in format `format_number` (format 1's calls translated)."""
    stored = json.loads(text)
    if format_number == 1:
        from homegame.store.format_v1 import translate

        return tuple(translate(call) for call in stored)
    if format_number != FORMAT:
        raise CodecError(f"input format {format_number} is not one this version reads")
    return tuple(stored)


def steps_of(format_number: int, text: str) -> tuple[Step, ...]:
    """The calls that replay the records stored as `text`, read once per distinct text: most
    inputs repeat ("Bob calls") and every value read back is immutable."""
    key = (format_number, text)
    found = _STEPS.get(key)
    if found is None:
        if len(_STEPS) > 100_000:
            _STEPS.clear()
        found = _STEPS[key] = tuple(step(r) for r in records_of(format_number, text))
    return found


_STEPS: dict[tuple[int, str], tuple[Step, ...]] = {}
