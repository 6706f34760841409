"""Engine values to JSON and back: events, actions, configs and session-call arguments.

Dataclasses are written as objects tagged with their class name ("t"); their fields are read
back by their type hints, so a card is just "As" and a tuple is a list. Anything else a session
call takes (seats, amounts, card lists, seat-to-chips maps) is read back by the parameter's own
type hint. The registry of tagged classes is built once from the engine's modules.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from functools import cache
from typing import Any

from homegame import config as config_module
from homegame.cards import Card, parse_card
from homegame.engine import actions, events, session_events


class CodecError(ValueError):
    """A stored value that this version cannot read back."""


def _tagged_classes() -> dict[str, type]:
    """Every dataclass a journal may hold, by class name."""
    found: dict[str, type] = {}
    for module in (events, session_events, actions, config_module):
        for name, value in vars(module).items():
            if isinstance(value, type) and dataclasses.is_dataclass(value):
                found.setdefault(name, value)
    return found


_CLASSES = _tagged_classes()


def encode(value: Any) -> Any:
    """A JSON-ready form of an engine value."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"t": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, Mapping):
        return {"map": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Sequence):
        return [encode(v) for v in value]
    raise CodecError(f"cannot store a {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(data: Any, hint: Any = Any) -> Any:
    """The engine value `data` encodes, read as type `hint`."""
    origin = typing.get_origin(hint)
    if isinstance(data, dict) and "t" in data:
        cls = _CLASSES.get(data["t"])
        if cls is None:
            raise CodecError(f"unknown stored value {data['t']!r}")
        hints = _hints(cls)
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: decode(v, hints.get(k, Any)) for k, v in data.items() if k in names}
        return cls(**kwargs)
    if data is None:
        return None
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(options) == 1:
            return decode(data, options[0])
        for option in options:  # e.g. int | float, Card | None
            if isinstance(option, type) and _fits(data, option):
                return decode(data, option)
        return decode(data, Any)
    if hint is Card:
        return parse_card(data)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(data)
    if origin is tuple or origin in (Sequence, list) or hint in (tuple, list):
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(v, args[0]) for v in data)
        if args and len(args) == len(data):
            return tuple(decode(v, a) for v, a in zip(data, args, strict=True))
        inner = args[0] if args else Any
        return tuple(decode(v, inner) for v in data)
    if origin in (Mapping, dict) or (isinstance(data, dict) and "map" in data):
        args = typing.get_args(hint) or (Any, Any)
        return {decode(k, args[0]): decode(v, args[1]) for k, v in data["map"]}
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    return data


def _fits(data: Any, option: type) -> bool:
    if option is Card:
        return isinstance(data, str)
    if option is bool:
        return isinstance(data, bool)
    if option in (int, float):
        return isinstance(data, int | float) and not isinstance(data, bool)
    return isinstance(data, option)


def dumps(value: Any) -> str:
    """Compact JSON text of an engine value."""
    return json.dumps(encode(value), separators=(",", ":"), ensure_ascii=False)


def loads(text: str, hint: Any = Any) -> Any:
    """The engine value stored as JSON `text`."""
    return decode(json.loads(text), hint)


# -- session calls ------------------------------------------------------------------------------


def encode_call(method: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """One session call, as [name, {parameter: value}], every argument named."""
    bound = inspect.signature(method).bind(*args, **kwargs)
    return [method.__name__, {k: encode(v) for k, v in bound.arguments.items()}]


def decode_call(target: object, call: Any) -> tuple[Callable[..., Any], dict[str, Any]]:
    """The bound method and keyword arguments a stored call names on `target`."""
    name, stored = call
    method = getattr(target, name, None)
    if method is None or not callable(method):
        raise CodecError(f"this version cannot replay {name!r}")
    hints = _method_hints(type(target), name)
    return method, {k: decode(v, hints.get(k, Any)) for k, v in stored.items()}


_METHOD_HINTS: dict[tuple[type, str], dict[str, Any]] = {}


def _method_hints(cls: type, name: str) -> dict[str, Any]:
    key = (cls, name)
    if key not in _METHOD_HINTS:
        _METHOD_HINTS[key] = typing.get_type_hints(getattr(cls, name))
    return _METHOD_HINTS[key]
