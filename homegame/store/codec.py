"""Engine values to JSON and back: events and configs.

Dataclasses are written as objects tagged with their stable tag ("t", see `tags`); their fields
are read back by their type hints, so a card is just "As" and a tuple is a list. Inputs have
records of their own (`inputs`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from homegame.cards import ALL_CARDS, Card, parse_card
from homegame.store import tags


class CodecError(ValueError):
    """A stored value that this version cannot read back."""


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
        tag = tags.tag_of(type(value))
        if tag is None:
            raise CodecError(f"the journal has no tag for a {type(value).__name__}")
        out: dict[str, Any] = {"t": tag}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, Mapping):
        return {"map": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Sequence):
        return [encode(v) for v in value]
    raise CodecError(f"cannot store a {type(value).__name__}")


Converter = Callable[[Any], Any]

#: Every card by its text, for reading cards back without parsing.
_CARD_TEXT: dict[str, Card] = {str(c): c for c in ALL_CARDS}


def read_card(data: Any) -> Card:
    """A card read back from its text ("Ah")."""
    card = _CARD_TEXT.get(data)
    return card if card is not None else parse_card(data)


def _same(data: Any) -> Any:
    return data


def decode(data: Any, hint: Any = Any) -> Any:
    """The engine value `data` encodes, read as type `hint`."""
    return _converter(hint)(data)


def _generic(data: Any) -> Any:
    """A value read without a type hint: tagged dataclasses, maps, lists as tuples."""
    if isinstance(data, dict):
        if "t" in data:
            return _tagged(data)
        if "map" in data:
            return {_generic(k): _generic(v) for k, v in data["map"]}
        return data
    if isinstance(data, list):
        return tuple(_generic(v) for v in data)
    return data


def _tagged(data: dict[str, Any]) -> Any:
    decoder = _DECODERS.get(data["t"])
    if decoder is None:
        cls = tags.class_of(data["t"])
        if cls is None:
            raise CodecError(f"unknown stored value {data['t']!r}")
        decoder = _DECODERS[data["t"]] = _dataclass_decoder(cls)
    return decoder(data)


_DECODERS: dict[str, Converter] = {}


def _dataclass_decoder(cls: type) -> Converter:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, _converter(hints.get(f.name, Any))) for f in dataclasses.fields(cls)]

    def read(data: dict[str, Any]) -> Any:
        return cls(**{name: conv(data[name]) for name, conv in fields if name in data})

    return read


_CONVERTERS: dict[Any, Converter] = {}


def _converter(hint: Any) -> Converter:
    """A function reading stored data as type `hint`, built once per hint."""
    try:
        return _CONVERTERS[hint]
    except (KeyError, TypeError):
        pass
    conv = _build(hint)
    with contextlib.suppress(TypeError):
        _CONVERTERS[hint] = conv
    return conv


def _build(hint: Any) -> Converter:
    if hint is Any:
        return _generic
    if hint is Card:
        return read_card
    if hint in (int, str, bool, float, type(None)):
        return _same
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return lambda data: _tagged(data) if isinstance(data, dict) else data
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            inner = _converter(options[0])
            return lambda data: None if data is None else inner(data)
        return lambda data: _union(data, options)
    if origin in (tuple, list, Sequence) or hint in (tuple, list):
        if (len(args) == 2 and args[1] is Ellipsis) or len(args) == 1:
            if args[0] is Card:
                return lambda data: tuple(read_card(v) for v in data)
            each = _converter(args[0])
            return lambda data: tuple(each(v) for v in data)
        if args:
            parts = [_converter(a) for a in args]
            return lambda data: tuple(c(v) for c, v in zip(parts, data, strict=True))
        return lambda data: tuple(_generic(v) for v in data)
    if origin in (Mapping, dict):
        key, value = (_converter(a) for a in (args or (Any, Any)))
        return lambda data: {key(k): value(v) for k, v in data["map"]}
    return _generic


def _union(data: Any, options: list[Any]) -> Any:
    if data is None:
        return None
    if isinstance(data, dict) and "t" in data:
        return _tagged(data)
    for option in options:  # e.g. int | float, Card | None
        if isinstance(option, type) and _fits(data, option):
            return _converter(option)(data)
    return _generic(data)


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
