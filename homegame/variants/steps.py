"""The steps of a deal's script: what happens, in order, in one deal of a game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DealHole:
    """Deal `count` face-down cards to every player."""

    count: int


@dataclass(frozen=True)
class DealBoard:
    """Deal one card face up into each named slot, as one dealing round (one burn before it)."""

    slots: tuple[str, ...]


@dataclass(frozen=True)
class Bet:
    """A no-limit betting round, named for the street ("preflop", "flop", "turn", "river")."""

    street: str


@dataclass(frozen=True)
class Discard:
    """Every player discards `count` hole cards face down."""

    count: int


@dataclass(frozen=True)
class Showdown:
    """The live hands are compared and the pots awarded."""


Step = DealHole | DealBoard | Bet | Discard | Showdown
