"""Reading format 1, the journal as homegame wrote it before explicit input records.

Format 1 stored each input as Python reflection: a list of `[method name, {parameter name:
value}]` session calls (actions tagged with their class names, seat-to-chips maps as
`{"map": [[seat, chips], ...]}`; a host game's typed lines as `["run", {"text", "now"}]`),
and tagged events and configs with their class names. Here each such call is translated into
the format-2 record it means (`homegame.store.inputs`), so one replay path reads both, and
each class name is mapped to its stable tag. The names below are format 1's and never change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: Format 1's class-name tags of events and config settings, to their stable tags.
V1_TAGS: dict[str, str] = {
    "HandStarted": "hand-started",
    "AntePosted": "ante-posted",
    "BlindPosted": "blind-posted",
    "HoleDealt": "hole-dealt",
    "BoardDealt": "board-dealt",
    "BoardRevealed": "board-revealed",
    "StreetStarted": "street-started",
    "Acted": "acted",
    "Discarded": "discarded",
    "UncalledReturned": "uncalled-returned",
    "PotsUpdated": "pots-updated",
    "CardsShown": "cards-shown",
    "Mucked": "mucked",
    "PotAwarded": "pot-awarded",
    "DealWon": "deal-won",
    "HandEnded": "hand-ended",
    "LevelChanged": "level-changed",
    "Busted": "busted",
    "GameWon": "game-won",
    "TimedOut": "timed-out",
    "SatOut": "sat-out",
    "PlayerJoined": "player-joined",
    "CameBack": "came-back",
    "StacksCorrected": "stacks-corrected",
    "MoneyIn": "money-in",
    "Chopped": "chopped",
    "SeriesStarted": "series-started",
    "DealScored": "deal-scored",
    "SeriesWon": "series-won",
    "CubeTurned": "cube-turned",
    "CubeDoubled": "cube-doubled",
    "DroppedOut": "dropped-out",
    "SideBetWon": "side-bet-won",
    "SideBetReturned": "side-bet-returned",
    "CashMoved": "cash-moved",
    "CashGameEnded": "cash-game-ended",
    "GameConfig": "game-config",
    "PlayerSetting": "player-setting",
    "FreezeoutSettings": "freezeout-settings",
    "SeriesSettings": "series-settings",
    "RulesSettings": "rules-settings",
    "TimingSettings": "timing-settings",
    "CashGameSettings": "cash-game-settings",
    "Break": "break",
    "MoneySettings": "money-settings",
    "HouseFee": "house-fee",
    "AddOn": "add-on",
}

#: Format 1's action classes, to the actions' stable kinds.
_V1_ACTIONS: dict[str, str] = {
    "Fold": "fold",
    "Check": "check",
    "Call": "call",
    "BetRaise": "raise",
    "AllIn": "all-in",
    "Discard": "discard",
    "Show": "show",
    "Muck": "muck",
}


class FormatOneError(ValueError):
    """A format-1 call this version cannot translate."""


def _action(data: Mapping[str, Any]) -> dict[str, Any]:
    kind = _V1_ACTIONS.get(data.get("t", ""))
    if kind is None:
        raise FormatOneError(f"this version cannot replay the action {data.get('t')!r}")
    out: dict[str, Any] = {"kind": kind}
    if kind == "raise":
        out["to"] = data["to"]
    elif kind == "discard":
        out["cards"] = list(data.get("cards", ()))
        out["count"] = data.get("count")
    elif kind == "show":
        out["cards"] = data.get("cards")
    return out


def _seat(a: Mapping[str, Any]) -> dict[str, Any]:
    return {"seat": a["seat"]}


def _chips(a: Mapping[str, Any]) -> dict[str, Any]:
    return {"seat": a["seat"], "chips": a.get("chips")}


def _correction(a: Mapping[str, Any]) -> dict[str, Any]:
    stacks = [{"seat": seat, "chips": chips} for seat, chips in a["stacks"]["map"]]
    return {"stacks": stacks, "note": a.get("note", "")}


def _award(a: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "pot": a["pot_index"],
        "winners": list(a["winners"]),
        "quads": list(a.get("four_of_a_kind", ())),
        "boards": [list(b) for b in a.get("boards", ())],
    }


def _none(_a: Mapping[str, Any]) -> dict[str, Any]:
    return {}


#: Each format-1 method name: the format-2 input it was, and its fields from the parameters.
_V1_CALLS: dict[str, tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "start_deal": ("deal", _none),
    "act": ("act", lambda a: {"seat": a.get("seat"), "action": _action(a["action"])}),
    "advance_time": (
        "time",
        lambda a: {"seconds": a["seconds"], "turn_clock": a.get("turn_clock", True)},
    ),
    "timeout": ("timeout", _none),
    "sit_out": ("sit-out", _seat),
    "come_back": ("come-back", _seat),
    "correct_stacks": ("correction", _correction),
    "reveal_board": ("board-card", lambda a: {"slot": a["slot"], "card": a["card"]}),
    "show": ("show", lambda a: {"seat": a["seat"], "cards": list(a["cards"])}),
    "award": ("award", _award),
    "turn_cube": ("cube-turn", _seat),
    "answer_cube": ("cube-answer", lambda a: {"seat": a["seat"], "double": a["double"]}),
    "join": ("join", lambda a: {"name": a["name"], "chips": a["stack"]}),
    "buy_in": ("buy-in", lambda a: {"name": a["name"], "chips": a.get("chips")}),
    "rebuy": ("rebuy", _seat),
    "add_on": ("add-on", _seat),
    "chop": ("chop", lambda a: {"how": a["kind"]}),
    "top_up": ("top-up", _chips),
    "cash_out": ("cash-out", _chips),
    "end": ("end", _none),
    "run": ("host-line", lambda a: {"text": a["text"], "now": a.get("now", 0.0)}),
}


def translate(call: Any) -> dict[str, Any]:
    """The format-2 record a format-1 call means; FormatOneError when it means nothing now."""
    try:
        name, arguments = call
        found = _V1_CALLS.get(name)
        if found is None:
            raise FormatOneError(f"this version cannot replay {name!r}")
        kind, fields = found
        return {"in": kind, **fields(arguments)}
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, FormatOneError):
            raise
        raise FormatOneError(f"a format-1 input this version cannot read: {exc!r}") from None
