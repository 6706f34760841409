"""A game as data: its board layout (named slots), the groups a hand may use, and its script."""

from __future__ import annotations

from dataclasses import dataclass

from homegame.variants.steps import DealBoard, DealHole, Discard, Step


@dataclass(frozen=True)
class Group:
    """Board slots a hand may use together; `name` tells groups apart (Yukon "A"/"B"), else None."""

    name: str | None
    slots: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    """One game: layout, groups, script and the limits on players."""

    key: str
    name: str
    hole_cards: int
    slots: tuple[str, ...]
    groups: tuple[Group, ...]
    script: tuple[Step, ...]
    betting: bool
    min_players: int
    max_players: int
    summary: str

    @property
    def kept_cards(self) -> int:
        """Hole cards a player holds at showdown (dealt minus discarded)."""
        return self.hole_cards - sum(s.count for s in self.script if isinstance(s, Discard))

    @property
    def board_rounds(self) -> tuple[tuple[str, ...], ...]:
        """The board's dealing rounds in order, each the slots dealt together."""
        return tuple(s.slots for s in self.script if isinstance(s, DealBoard))

    def deck_cards_needed(self, players: int, burn_cards: bool = True) -> int:
        """How many cards one deal takes from the deck with `players` players."""
        holes = sum(s.count for s in self.script if isinstance(s, DealHole)) * players
        burns = len(self.board_rounds) if burn_cards else 0
        return holes + len(self.slots) + burns

    @property
    def shared_slots(self) -> tuple[str, ...]:
        """Slots every group uses (Yukon: the river; Hold'em and KRG: the whole board)."""
        return tuple(s for s in self.slots if all(s in g.slots for g in self.groups))

    def own_slots(self, group: Group) -> tuple[str, ...]:
        """The slots only this group uses, in order (Yukon A: flop A1, flop A2, turn A)."""
        shared = self.shared_slots
        return tuple(s for s in group.slots if s not in shared)

    def group_named(self, name: str | None) -> Group:
        """The group called `name`; ValueError if there is none."""
        for group in self.groups:
            if group.name == name:
                return group
        raise ValueError(f"{self.name} has no set named {name!r}")
