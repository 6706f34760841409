"""The board in each game's own layout, built from the variant's slots, groups and dealing rounds.

One group (Hold'em, KRG): the five cards in a row, a gap between dealing rounds. Several groups
(Yukon): each set in a box of its own, its flop with its turn card beside it, and the slots every
group shares (the river) boxed in the middle, labelled as belonging to all sets. Several boards
(Double Board): one labelled row per board. In a roomy terminal each card is drawn as a card,
with an edge; otherwise as one line. A board run twice (HOUSE_RULES 27) is drawn twice, one
layout under the other, labelled Run 1 and Run 2.

The board is one widget that draws its lines itself: a card dealt is a repaint of this widget and
lays nothing else out, and a screen that shows a board mounts one widget, not one per slot and
box.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from homegame.cards import Card
from homegame.tui.palette import themed
from homegame.tui.widgets.card import BACK, EMPTY, card_text
from homegame.variants import Variant

#: A card's edge in a roomy terminal: (edge, face) styles for a card face up, marked, face down
#: and a slot not dealt yet.
EDGE = "$card-edge on $card-face"
EDGE_MARKED = "$gold on $card-face"
EDGE_BACK = "$card-back-edge on $card-back"
EDGE_EMPTY = "$card-slot-edge"
#: Cells between two cards, and between two dealt in different rounds.
CARD_GAP = 1
ROUND_GAP = 2

Block = list[Text]


def card_block(card: Card | None, face_down: bool, marked: bool, roomy: bool) -> Block:
    """One card as lines: a single line of four cells, or (roomy) a card of 6 by 3 with an edge."""
    if face_down:
        face = Text("▒▒▒▒", style=themed(BACK))
    elif card is None:
        face = Text(" ·  ", style=themed(EMPTY))
    else:
        face = card_text(card, marked)
    if not roomy:
        return [face]
    if face_down:
        edge = EDGE_BACK
    elif card is None:
        edge = EDGE_EMPTY
    else:
        edge = EDGE_MARKED if marked else EDGE
    style = themed(edge)
    middle = Text("│", style=style)
    middle.append_text(face)
    middle.append("│", style=style)
    return [Text("╭────╮", style=style), middle, Text("╰────╯", style=style)]


def beside(blocks: Sequence[Block], gaps: Sequence[int]) -> Block:
    """Blocks side by side, top-aligned, `gaps[i]` cells before block i."""
    height = max((len(block) for block in blocks), default=0)
    lines = [Text() for _ in range(height)]
    for block, gap in zip(blocks, gaps, strict=True):
        width = max((line.cell_len for line in block), default=0)
        for row in range(height):
            lines[row].append(" " * gap)
            part = block[row] if row < len(block) else Text()
            lines[row].append_text(part)
            lines[row].append(" " * (width - part.cell_len))
    return lines


def boxed(label: str, label_style: str, edge_style: str, inside: Block) -> Block:
    """A round-edged box: its label on the first line, then `inside`, a cell of space each side."""
    edge = themed(edge_style)
    width = max([len(label), *(line.cell_len for line in inside)])
    rows = [Text(label, style=themed(label_style)), *inside]
    lines = [Text("╭" + "─" * (width + 2) + "╮", style=edge)]
    for row in rows:
        line = Text("│ ", style=edge)
        line.append_text(row)
        line.append(" " * (width - row.cell_len))
        line.append(" │", style=edge)
        lines.append(line)
    lines.append(Text("╰" + "─" * (width + 2) + "╯", style=edge))
    return lines


class Board(Widget):
    """The community cards of one deal, laid out for the game being played."""

    DEFAULT_CSS = """
    Board {
        height: auto;
        width: auto;
        padding: 0 1;
    }
    """

    def __init__(
        self,
        variant: Variant,
        *,
        board: Mapping[str, Card | None] | None = None,
        second: Mapping[str, Card | None] | None = None,
        id: str | None = None,
    ) -> None:
        """`board`: the cards it shows first (a slot missing is not dealt yet; one holding None
        is a card face down); `second`: the board's second run, whole (HOUSE_RULES 27)."""
        super().__init__(id=id)
        self.board: dict[str, Card | None] = dict(board or {})
        self.second: dict[str, Card | None] = dict(second or {})
        self.marked: frozenset[Card] = frozenset()
        self._drawn: tuple[bool, Block] | None = None
        self._lay_out(variant)

    def _lay_out(self, variant: Variant) -> None:
        """The slots each set shares and each slot's dealing round, for `variant`'s layout."""
        self.variant = variant
        shared = set(variant.groups[0].slots)
        for group in variant.groups[1:]:
            shared &= set(group.slots)
        self.shared_slots = tuple(s for s in variant.slots if s in shared)
        self._round_of = {
            slot: index for index, slots in enumerate(variant.board_rounds) for slot in slots
        }

    def show(
        self,
        board: Mapping[str, Card | None],
        marked: Collection[Card] = (),
        *,
        variant: Variant | None = None,
        second: Mapping[str, Card | None] | None = None,
    ) -> None:
        """Show the dealt cards (slots missing from `board` are empty); `marked` are highlighted.
        A repaint only: the board's size follows the game and the terminal, never its cards
        (but for a second run, `second`, HOUSE_RULES 27, drawn under the first); `variant`,
        another game's board (a screen kept for the next game), lays it out anew."""
        board, marked, again = dict(board), frozenset(marked), dict(second or {})
        if variant is not None and variant is not self.variant:
            self._lay_out(variant)
            self.board, self.marked, self.second, self._drawn = board, marked, again, None
            self.refresh(layout=True)
        elif bool(again) != bool(self.second):  # a second run comes or goes: a new height
            self.board, self.marked, self.second, self._drawn = board, marked, again, None
            self.refresh(layout=True)
        elif board != self.board or marked != self.marked or again != self.second:
            self.board, self.marked, self.second, self._drawn = board, marked, again, None
            self.refresh()

    @property
    def roomy(self) -> bool:
        """Cards drawn as cards, in a terminal with room for them (the app's `roomy` class)."""
        return self.is_attached and self.app.has_class("roomy")

    def lines(self) -> Block:
        """The board as lines of text, drawn again only when the cards, the game or the room
        change (`show` forgets the drawing)."""
        roomy = self.roomy
        if self._drawn is None or self._drawn[0] != roomy:
            self._drawn = (roomy, self._draw(roomy))
        return self._drawn[1]

    def _row(self, slots: Sequence[str], roomy: bool, board: Mapping[str, Card | None]) -> Block:
        blocks, gaps = [], []
        previous = None
        for slot in slots:
            card = board.get(slot)
            down = slot in board and card is None
            blocks.append(card_block(card, down, card is not None and card in self.marked, roomy))
            round_index = self._round_of.get(slot)
            if previous is None:
                gaps.append(0)
            else:
                gaps.append(CARD_GAP if round_index == previous else ROUND_GAP)
            previous = round_index
        return beside(blocks, gaps)

    def _draw(self, roomy: bool) -> Block:
        if not self.second:
            return self._layout(roomy, self.board)
        lines: Block = []
        for number, board in ((1, self.board), (2, self.second)):
            label = [Text(f"Run {number} ", style=themed("bold $gold-pale"))]
            lines += beside([label, self._layout(roomy, board)], [0, 0])
        return lines

    def _layout(self, roomy: bool, board: Mapping[str, Card | None]) -> Block:
        """One run of the board in the game's layout."""
        variant = self.variant
        if len(variant.boards) > 1:  # Double Board: a labelled row per board
            lines: Block = []
            for number in variant.boards:
                slots = tuple(s for g in variant.groups_on(number) for s in g.slots)
                name = [Text(f"Board {number} ", style=themed("bold $felt-text"))]
                lines += beside([name, self._row(slots, roomy, board)], [0, 0])
            return lines
        if len(variant.groups) == 1:
            return self._row(variant.slots, roomy, board)
        boxes: list[Block] = []
        for index, group in enumerate(variant.groups):
            own = tuple(s for s in group.slots if s not in self.shared_slots)
            row = self._row(own, roomy, board)
            boxes.append(boxed(f"Set {group.name}", "bold $felt-text", "$felt-edge", row))
            if index == 0 and self.shared_slots:
                names = " & ".join(g.name or "" for g in variant.groups)
                river = " ".join(s.capitalize() for s in self.shared_slots)
                row = self._row(self.shared_slots, roomy, board)
                boxes.append(boxed(f"{river} ({names})", "bold $gold-pale", "$brass", row))
        return beside(boxes, [0] * len(boxes))

    def render(self) -> Text:
        return Text("\n", no_wrap=True, overflow="crop").join(self.lines())

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((line.cell_len for line in self.lines()), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines())
