"""A game as data: its board layout (named slots), the groups a hand may use, its script, how
a hand is made and ranked, and its betting structure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from homegame.variants.steps import Bet, DealBoard, DealHole, Discard, Step


class Structure(Enum):
    """The betting structure: how much a player may bet or raise (none: no chips, as KRG)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    NONE = "none"


class HandType(Enum):
    """How a player's five cards are made from the hole cards and one group of a board."""

    #: The best five of the hole cards (KRG: the kept cards) and the group's cards.
    BEST_FIVE = "best five"
    #: Exactly two hole cards with exactly three of the group's cards (Omaha).
    TWO_PLUS_THREE = "two plus three"


@dataclass(frozen=True)
class Group:
    """Board slots a hand may use together; `name` tells groups apart (Yukon "A"/"B"), else None.

    `board` numbers the boards: groups on one board are alternatives (a Yukon hand uses its
    better set); each board wins an equal share of every pot (Double Board: half each).
    """

    name: str | None
    slots: tuple[str, ...]
    board: int = 1


@dataclass(frozen=True)
class Variant:
    """One game: layout, groups, script, hand type, betting structure and the limits on players.

    What the rest of the code asks of a game is read from here, never from its key: whether
    it is played for chips (`has_chips`) or as a series of deals (`has_series`), what one deal
    is called (`deal_word`), its streets (`street_names`, from the script's dealing steps).
    """

    key: str
    name: str
    hole_cards: int
    slots: tuple[str, ...]
    groups: tuple[Group, ...]
    script: tuple[Step, ...]
    structure: Structure
    min_players: int
    max_players: int
    summary: str
    #: What one deal is called in messages: "hand" (played for chips) or "deal" (a series).
    deal_word: str
    hand_type: HandType = HandType.BEST_FIVE
    #: The text formats besides JSON a saved game of this variant exports to ("phh").
    export_formats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        problem = self._script_problem()
        if problem is not None:
            raise ValueError(f"{self.name}: {problem}")

    def _script_problem(self) -> str | None:
        """Why the script does not fit the rest of the data, or None: each betting round is
        on the street the dealing step before it opened, and only a betting game bets."""
        street: str | None = None
        bets = False
        for step in self.script:
            if isinstance(step, DealHole | DealBoard):
                street = step.street
            elif isinstance(step, Bet):
                bets = True
                if step.street != street:
                    return f"Bet({step.street!r}) follows the dealing of the {street}"
        if not self.script or not isinstance(self.script[0], DealHole):
            return "the script must start by dealing the hole cards"
        if bets and self.structure is Structure.NONE:
            return "a game without betting has no Bet steps"
        if not bets and self.structure is not Structure.NONE:
            return f"a {self.structure.value} game needs Bet steps"
        return None

    def allows_players(self, count: int) -> bool:
        """True when `count` players can play this game (its player limits, written once)."""
        return self.min_players <= count <= self.max_players

    def players_problem(self, count: int) -> str | None:
        """Why `count` players cannot play ("KRG is for 2 to 7 players, not 8"), or None."""
        if self.allows_players(count):
            return None
        return f"{self.name} is for {self.min_players} to {self.max_players} players, not {count}"

    @property
    def has_betting(self) -> bool:
        """True when the game has betting rounds (no-limit or pot-limit): the betting actions,
        blinds and antes. KRG has none."""
        return self.structure is not Structure.NONE

    @property
    def has_chips(self) -> bool:
        """True when players hold stacks that win and lose pots (freezeout or cash): chips move
        only by betting, so exactly the betting games."""
        return self.has_betting

    @property
    def has_series(self) -> bool:
        """True when the game is a series of deals, each won outright, to a number of wins
        (KRG): every game without chips."""
        return not self.has_chips

    @cached_property
    def street_names(self) -> tuple[str, ...]:
        """The streets in order, each opened by a dealing step ("preflop", "flop", ...)."""
        return tuple(
            dict.fromkeys(s.street for s in self.script if isinstance(s, DealHole | DealBoard))
        )

    @cached_property
    def hole_cards_dealt(self) -> int:
        """Hole cards one player is dealt over the deal (before any discard)."""
        return sum(s.count for s in self.script if isinstance(s, DealHole))

    @property
    def boards(self) -> tuple[int, ...]:
        """The board numbers, in order; each board wins an equal share of every pot."""
        return tuple(dict.fromkeys(g.board for g in self.groups))

    def groups_on(self, board: int) -> tuple[Group, ...]:
        """The groups a hand may choose from on board number `board`."""
        return tuple(g for g in self.groups if g.board == board)

    @property
    def kept_cards(self) -> int:
        """Hole cards a player holds at showdown (dealt minus discarded)."""
        return self.hole_cards - sum(s.count for s in self.script if isinstance(s, Discard))

    @cached_property
    def board_rounds(self) -> tuple[tuple[str, ...], ...]:
        """The board's dealing rounds in order, each the slots dealt together."""
        return tuple(s.slots for s in self.script if isinstance(s, DealBoard))

    def deck_cards_needed(self, players: int, burn_cards: bool = True) -> int:
        """How many cards one deal takes from the deck with `players` players."""
        holes = self.hole_cards_dealt * players
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
