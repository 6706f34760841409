"""The journal's explicit records (format 2): one table of inputs with stable names, each
writer taking exactly the arguments of the method it journals, every record read back into the
same call; actions, cards and tagged classes have spellings of their own, and format 1's
reflection records are still read."""

from __future__ import annotations

import dataclasses
import inspect
import json
import sys
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from homegame.cards import parse_card, parse_cards
from homegame.config import GameConfig, PlayerSetting
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show
from homegame.engine.cash_session import CashSession
from homegame.engine.events import Event
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.session_events import SatOut
from homegame.host.console import HostConsole
from homegame.play.driver import GameDriver
from homegame.store import codec
from homegame.store.db import SCHEMA_VERSION
from homegame.store.format_v1 import V1_TAGS, FormatOneError, translate
from homegame.store.inputs import (
    BY_NAME,
    FORMAT,
    HOST_INPUT,
    INPUTS,
    PLACE_INPUT,
    action_record,
    read_action,
    record,
    steps_of,
)
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import build_session
from homegame.store.tags import by_tag, class_of

SESSIONS = (FreezeoutSession, KrgSession, CashSession)

#: Arguments of one call of each kind of input.
SAMPLES: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {
    "deal": ((), {}),
    "act": ((BetRaise(300), 2), {}),
    "time": ((1.5,), {"turn_clock": False}),
    "timeout": ((), {}),
    "sit-out": ((1,), {}),
    "come-back": ((1,), {}),
    "correction": (({0: 1200, 2: 0}, "recount"), {}),
    "board-card": (("flop 1", parse_card("Ah")), {}),
    "show": ((1, tuple(parse_cards("Ah Kd"))), {}),
    "award": ((1, (0, 2), (2,), ((0,), (2,))), {}),
    "cube-turn": ((1,), {}),
    "cube-answer": ((2, False), {}),
    "join": (("Zed", 1500), {}),
    "buy-in": (("Zed", 600), {}),
    "rebuy": ((3,), {}),
    "add-on": ((3,), {}),
    "chop": (("icm",), {}),
    "top-up": ((1, 400), {}),
    "cash-out": ((1,), {}),
    "end": ((), {}),
    "straddle": ((3,), {}),
    "bomb": ((), {}),
    "host-line": (("Bob r 300", 12.5), {}),
    "seat-place": ((1, False), {}),
}

#: Tags of values added after format 1 (HOUSE_RULES 26's straddle, 28's bomb pot): no
#: format-1 name.
SINCE_FORMAT_TWO = {
    "straddle-called",
    "bomb-pot-started",
    "bomb-pot-called",
    "seven-deuce-bounty",
    "device-settings",
    "run-twice-offered",
    "run-twice-answered",
    "run-twice-agreed",
    "second-run-dealt",
}


def _parameters(function: Any) -> list[tuple[str, Any, Any]]:
    """A function's parameters (not `self`): name, kind and default."""
    signature = inspect.signature(function)
    return [(p.name, p.kind, p.default) for p in signature.parameters.values() if p.name != "self"]


def test_each_writer_takes_exactly_the_arguments_of_the_method_it_journals() -> None:
    """A parameter renamed, added or reordered in the engine fails here, not in a saved game."""
    for kind in INPUTS:
        owners = [cls for cls in SESSIONS if hasattr(cls, kind.method)]
        assert owners, f"no session has {kind.method} ({kind.name!r})"
        writer = _parameters(kind.write)
        for cls in owners:
            method = _parameters(getattr(cls, kind.method))
            assert writer[: len(method)] == method, (kind.name, cls.__name__)
            extra = writer[len(method) :]  # another kind of session's optional arguments
            assert all(default is not inspect.Parameter.empty for _, _, default in extra)
    assert _parameters(HOST_INPUT.write) == _parameters(HostConsole.run)
    assert _parameters(PLACE_INPUT.write) == _parameters(GameDriver.place_seat)


def test_stable_names_are_unique_and_every_kind_is_sampled() -> None:
    names = [k.name for k in (*INPUTS, HOST_INPUT, PLACE_INPUT)]
    assert len(names) == len(set(names)) == len(BY_NAME)
    assert set(SAMPLES) == set(BY_NAME)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_input_is_read_back_into_the_call_it_was(name: str) -> None:
    kind = BY_NAME[name]
    args, kwargs = SAMPLES[name]
    stored = record(kind, args, kwargs)
    text = json.dumps([stored])
    assert kind.method not in text or kind.method == kind.name  # no Python method name
    (step,) = steps_of(FORMAT, text)
    assert step.method == kind.method
    signature = inspect.signature(kind.write)
    written = signature.bind(*args, **kwargs)
    replayed = signature.bind(*step.args, **step.kwargs)
    written.apply_defaults()
    replayed.apply_defaults()
    assert replayed.arguments == written.arguments


def test_records_spell_inputs_in_their_own_names() -> None:
    def spelled(name: str) -> dict[str, Any]:
        args, kwargs = SAMPLES[name]
        return record(BY_NAME[name], args, kwargs)

    assert spelled("act") == {"in": "act", "seat": 2, "action": {"kind": "raise", "to": 300}}
    assert spelled("time") == {"in": "time", "seconds": 1.5, "turn_clock": False}
    assert spelled("board-card") == {"in": "board-card", "slot": "flop 1", "card": "Ah"}
    assert spelled("host-line") == {"in": "host-line", "text": "Bob r 300", "now": 12.5}
    assert spelled("correction") == {
        "in": "correction",
        "stacks": [{"seat": 0, "chips": 1200}, {"seat": 2, "chips": 0}],
        "note": "recount",
    }
    assert spelled("award") == {
        "in": "award",
        "pot": 1,
        "winners": [0, 2],
        "quads": [2],
        "boards": [[0], [2]],
    }


def test_every_action_has_its_own_spelling_and_reads_back() -> None:
    actions: list[Action] = [
        Fold(),
        Check(),
        Call(),
        BetRaise(120),
        AllIn(),
        Discard(cards=tuple(parse_cards("2c 3d"))),
        Discard(count=2),
        Show(None),
        Show(tuple(parse_cards("Ah Kd"))),
        Muck(),
    ]
    kinds = [action_record(a)["kind"] for a in actions]
    assert kinds == [
        "fold",
        "check",
        "call",
        "raise",
        "all-in",
        "discard",
        "discard",
        "show",
        "show",
        "muck",
    ]
    for action in actions:
        assert read_action(json.loads(json.dumps(action_record(action)))) == action


def test_a_new_game_is_written_in_format_2(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    log = GameLog.new(journal, GameConfig("holdem", players=players, seed=5), PASS_AND_PLAY)
    session = log.attach(build_session(log))
    session.start_deal()
    seat = session.to_act
    session.act(Call(), seat)
    rows = journal.conn.execute("SELECT kind, calls, format FROM inputs ORDER BY seq").fetchall()
    assert rows == [
        ("deal", '[{"in":"deal"}]', FORMAT),
        ("act", f'[{{"in":"act","seat":{seat},"action":{{"kind":"call"}}}}]', FORMAT),
    ]
    schema = journal.conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    assert schema == (str(SCHEMA_VERSION),) and SCHEMA_VERSION >= 2
    config = journal.conn.execute("SELECT config FROM games").fetchone()[0]
    assert config.startswith('{"t":"game-config"') and "GameConfig" not in config


# -- format 1 -----------------------------------------------------------------------------------


def test_format_one_calls_are_translated_into_the_records_they_mean() -> None:
    calls = [
        ["start_deal", {}],
        ["act", {"action": {"t": "BetRaise", "to": 40}, "seat": 1}],
        ["act", {"action": {"t": "Show", "cards": None}, "seat": 3}],
        ["advance_time", {"seconds": 7.5}],
        ["correct_stacks", {"stacks": {"map": [[1, 0], [0, 2000]]}}],
        ["run", {"text": "w Ann", "now": 460.0}],
    ]
    assert [translate(c) for c in calls] == [
        {"in": "deal"},
        {"in": "act", "seat": 1, "action": {"kind": "raise", "to": 40}},
        {"in": "act", "seat": 3, "action": {"kind": "show", "cards": None}},
        {"in": "time", "seconds": 7.5, "turn_clock": True},
        {
            "in": "correction",
            "stacks": [{"seat": 1, "chips": 0}, {"seat": 0, "chips": 2000}],
            "note": "",
        },
        {"in": "host-line", "text": "w Ann", "now": 460.0},
    ]
    with pytest.raises(FormatOneError, match="start_hand"):
        translate(["start_hand", {}])  # gone before format 1 was fixed


# -- tagged classes -----------------------------------------------------------------------------


def _subclasses(cls: type[object]) -> Iterator[type[object]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _journal_classes() -> set[type]:
    """Every dataclass the journal can hold: each event, and the config with its settings."""
    found: set[type] = set()

    def walk(hint: Any) -> None:
        if typing.get_origin(hint) is not None:
            for arg in typing.get_args(hint):
                walk(arg)
            return
        named = isinstance(hint, type) and getattr(
            sys.modules[hint.__module__], hint.__name__, None
        )
        if (
            named is hint
            and isinstance(hint, type)
            and dataclasses.is_dataclass(hint)
            and hint not in found
        ):
            found.add(hint)
            for field_hint in typing.get_type_hints(hint).values():
                walk(field_hint)

    for event in _subclasses(Event):  # the sessions' events (the driver's own notes are not saved)
        if event.__module__.startswith("homegame.engine."):
            walk(event)
    walk(GameConfig)
    return found


def test_every_class_the_journal_holds_has_exactly_one_stable_tag() -> None:
    tags = by_tag()
    assert len(set(tags.values())) == len(tags)  # no class under two tags
    assert set(tags.values()) == _journal_classes()
    assert all(tag == tag.lower() and " " not in tag for tag in tags)


def test_format_one_class_names_are_still_read() -> None:
    assert set(V1_TAGS.values()) == set(by_tag()) - SINCE_FORMAT_TWO
    for old, tag in V1_TAGS.items():
        assert class_of(old) is class_of(tag) is by_tag()[tag]
    assert codec.loads('{"t":"SatOut","seat":2}') == SatOut(2)
    assert codec.loads('{"t":"sat-out","seat":2}') == SatOut(2)
    assert codec.dumps(SatOut(2)) == '{"t":"sat-out","seat":2}'
