"""The steps of a deal's script: what happens, in order, in one deal of a game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DealHole:
    """Deal `count` face-down cards to every player, opening the street named `street`."""

    count: int
    street: str


@dataclass(frozen=True)
class DealBoard:
    """Deal one card face up into each named slot, as one dealing round (one burn before it),
    opening the street named `street` ("flop")."""

    slots: tuple[str, ...]
    street: str


@dataclass(frozen=True)
class Bet:
    """A betting round on the street the last dealing step opened, named for it ("flop")."""

    street: str


@dataclass(frozen=True)
class Discard:
    """Every player discards `count` hole cards face down."""

    count: int


@dataclass(frozen=True)
class Showdown:
    """The live hands are compared and the pots awarded."""


Step = DealHole | DealBoard | Bet | Discard | Showdown
