"""The board in each game's own layout, built from the variant's slots, groups and dealing rounds.

One group (Hold'em, KRG): the five cards in a row, a gap between dealing rounds. Several groups
(Yukon): each set labelled, its flop with its turn card beside it, and the slots every group
shares (the river) in the middle, labelled as belonging to all sets. Several boards (Double
Board): one labelled row per board.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget

from homegame.cards import Card
from homegame.tui.widgets.card import CardView
from homegame.tui.widgets.plain import Plain
from homegame.variants import Variant


def _slot_id(slot: str) -> str:
    return "slot-" + slot.replace(" ", "-")


class Board(Widget):
    """The community cards of one deal, laid out for the game being played."""

    DEFAULT_CSS = """
    Board {
        height: auto;
        width: auto;
        padding: 0 1;
    }
    Board .board-row {
        height: auto;
        width: auto;
    }
    Board .board-set {
        height: auto;
        width: auto;
        padding: 0 1;
        border: round $felt-edge;
    }
    Board .board-shared {
        border: round $brass;
    }
    Board .set-label {
        width: auto;
        height: 1;
        color: $felt-text;
        text-style: bold;
    }
    Board .board-shared .set-label {
        color: $gold-pale;
    }
    Board .round-gap {
        margin-left: 2;
    }
    """

    def __init__(
        self,
        variant: Variant,
        *,
        board: Mapping[str, Card | None] | None = None,
        id: str | None = None,
    ) -> None:
        """`board`: the cards its slots are made with (a screen that shows one board all its
        life, so nothing has to find a slot once mounted, nor restyle it)."""
        super().__init__(id=id)
        self.variant = variant
        self._made_with = dict(board or {})
        shared = set(variant.groups[0].slots)
        for group in variant.groups[1:]:
            shared &= set(group.slots)
        self.shared_slots = tuple(s for s in variant.slots if s in shared)
        self._round_of = {
            slot: index for index, slots in enumerate(variant.board_rounds) for slot in slots
        }

    def _cards(self, slots: tuple[str, ...]) -> list[CardView]:
        views = []
        previous = None
        for slot in slots:
            card = self._made_with.get(slot)
            down = slot in self._made_with and card is None
            view = CardView(card, face_down=down, id=_slot_id(slot))
            round_index = self._round_of.get(slot)
            if previous is not None and round_index != previous:
                view.add_class("round-gap")
            previous = round_index
            views.append(view)
        return views

    def compose(self) -> ComposeResult:
        boards = self.variant.boards
        if len(boards) > 1:
            with Vertical(classes="board-row"):
                for number in boards:
                    slots = tuple(s for g in self.variant.groups_on(number) for s in g.slots)
                    with Horizontal(classes="board-row", id=f"board-{number}"):
                        yield Plain(f"Board {number} ", classes="set-label")
                        yield from self._cards(slots)
            return
        if len(self.variant.groups) == 1:
            with Horizontal(classes="board-row"):
                yield from self._cards(self.variant.slots)
        else:
            groups = self.variant.groups
            with Horizontal(classes="board-row"):
                for index, group in enumerate(groups):
                    own = tuple(s for s in group.slots if s not in self.shared_slots)
                    with Vertical(classes="board-set", id=f"set-{group.name}"):
                        yield Plain(f"Set {group.name}", classes="set-label")
                        with Horizontal(classes="board-row"):
                            yield from self._cards(own)
                    if index == 0 and self.shared_slots:
                        with Vertical(classes="board-set board-shared", id="set-shared"):
                            names = " & ".join(g.name or "" for g in groups)
                            label = " ".join(s.capitalize() for s in self.shared_slots)
                            yield Plain(f"{label} ({names})", classes="set-label")
                            with Horizontal(classes="board-row"):
                                yield from self._cards(self.shared_slots)

    def show(self, board: Mapping[str, Card | None], marked: Collection[Card] = ()) -> None:
        """Show the dealt cards (slots missing from `board` are empty); `marked` are highlighted."""
        for slot in self.variant.slots:
            card = board.get(slot)
            view = self.query_one(f"#{_slot_id(slot)}", CardView)
            view.show(card, face_down=slot in board and card is None, marked=card in marked)
