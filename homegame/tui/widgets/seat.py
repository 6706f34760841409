"""One seat at the table: name, stack, bet in front, marks, and the cards this screen may show."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.cards import Card
from homegame.defaults import MAX_NAME_LENGTH
from homegame.engine.views import HandView, SeatView
from homegame.tui.palette import themed
from homegame.tui.widgets.card import card_text


@dataclass(frozen=True)
class SeatInfo:
    """What the screen may show of one seat; `cards` holds None for a card it may not show."""

    name: str
    stack: int | None = None
    bet: int = 0
    button: bool = False
    small_blind: bool = False
    big_blind: bool = False
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    busted: bool = False
    to_act: bool = False
    is_bot: bool = False
    cards: tuple[Card | None, ...] = ()
    note: str = ""

    @classmethod
    def of(
        cls, sv: SeatView, view: HandView, *, chips: bool, sitting_out: bool, is_bot: bool
    ) -> SeatInfo:
        """The seat as `view` shows it: its cards face up, backs for the ones it may not
        show, none once folded; the made hand once shown (`chips`: a game with stacks)."""
        if sv.cards is not None:
            cards = tuple(sv.cards)
        elif not sv.folded and sv.cards_held:
            cards = (None,) * sv.cards_held
        else:
            cards = ()
        note = "mucked" if sv.mucked else (sv.made_hand if sv.shown else "")
        return cls(
            name=sv.name,
            stack=sv.stack if chips else None,
            bet=sv.bet,
            button=sv.is_button,
            small_blind=sv.is_small_blind,
            big_blind=sv.is_big_blind,
            folded=sv.folded,
            all_in=sv.all_in,
            sitting_out=sitting_out,
            to_act=view.to_act == sv.seat and not view.is_over,
            is_bot=is_bot,
            cards=cards,
            note=note,
        )


#: The name column's least width in cells; it grows to the longest name where the line has room.
NAME_CELLS = 10
#: The seat line around the name: the turn mark, then D/SB/BB.
AROUND_NAME = 2 + 6
#: The stack and bet columns, in a game with chips.
CHIP_COLUMNS = 7 + 8
#: The seat list's column heads after the name's, with and without chips: each ends over its
#: numbers' last digit, or starts over the first card.
HEADS_AFTER_NAME = {True: " Pos    Stack    Bet  Cards", False: " Pos   Cards"}


def fit_name(name: str, cells: int) -> str:
    """`name` in exactly `cells` terminal cells (an emoji or a CJK character takes two): padded,
    or cut with '…' when longer."""
    if cell_len(name) <= cells:
        return set_cell_size(name, cells)
    return set_cell_size(name, cells - 1) + "…"


def name_cells(names: list[str] | tuple[str, ...], width: int, rest: int) -> int:
    """The name column for a table of `names` in a seat line `width` cells wide of which the
    rest takes `rest`: the longest name (16 at most), never under NAME_CELLS."""
    longest = max((cell_len(n) for n in names), default=0)
    wanted = min(MAX_NAME_LENGTH, max(NAME_CELLS, longest))
    return max(NAME_CELLS, min(wanted, width - rest))


def seats_header(chips: bool, name_width: int = NAME_CELLS) -> str:
    """The seat list's column heads over seat lines with a name column `name_width` wide."""
    return "  " + "Player".ljust(name_width) + HEADS_AFTER_NAME[chips]


def seat_text(info: SeatInfo, name_width: int = NAME_CELLS) -> Text:
    """The seat as one line: turn mark, name, D/SB/BB, stack, bet, cards, status."""
    line = Text()
    line.append("▶ " if info.to_act else "  ", style=themed("bold $gold"))
    name = fit_name(info.name, name_width)
    style = "bold" if info.to_act else ("italic" if info.is_bot else "")
    if info.folded or info.busted or info.sitting_out:
        style = themed("$muted")
    line.append(name, style=style)
    marks = Text(" ")
    if info.button:
        marks.append("D", style=themed("bold black on $card-face"))
    for flag, label in ((info.small_blind, "SB"), (info.big_blind, "BB")):
        if flag:
            if len(marks) > 1:
                marks.append(" ")
            marks.append(label, style=themed("bold $sky"))
    marks.pad_right(AROUND_NAME - 2 - len(marks))
    line.append_text(marks)
    if info.stack is not None:
        line.append(f"{info.stack:>7,}", style=themed("$chips"))
        line.append(f" {info.bet:>6,} " if info.bet else " " * 8, style=themed("bold $gold"))
    hidden = sum(1 for card in info.cards if card is None)
    if info.cards and hidden == len(info.cards) and hidden > 2:
        line.append(" ")
        line.append_text(card_text(None))
        line.append(f" {hidden} cards", style=themed("$bar-text"))
    else:
        # Four hole cards (Omaha) fit the seat line as narrower cards.
        width = 4 if len(info.cards) <= 3 else 3
        for index, card in enumerate(info.cards):
            if index or width == 4 or info.stack is None:
                line.append(" ")
            line.append_text(card_text(card, width=width))
    status = []
    if info.busted:
        status.append("out")
    elif info.folded:
        status.append("folded")
    if info.all_in:
        status.append("ALL-IN")
    if info.sitting_out:
        status.append("sitting out")
    if info.note:
        status.append(info.note)
    if status:
        line.append("  " + ", ".join(status), style=themed("italic $aside"))
    return line


class Seat(Widget):
    """A seat's line; `info` is replaced whenever the view changes. Every seat of a table (and
    its header) is as wide as the others, so each picks the same name column from its width."""

    DEFAULT_CSS = """
    Seat {
        height: 1;
        width: 100%;
    }
    Seat.-to-act {
        background: $seat-turn;
    }
    """

    info: reactive[SeatInfo | None] = reactive(None)

    def __init__(
        self,
        info: SeatInfo | None = None,
        *,
        id: str | None = None,
        names: tuple[str, ...] = (),
        rest: int = 0,
    ) -> None:
        super().__init__(id=id)
        self.set_reactive(Seat.info, info)
        #: Every name at the table, and the cells the line takes besides the name.
        self.names = names
        self.rest = rest

    @property
    def name_width(self) -> int:
        """The name column at this width (the line's own width, once laid out)."""
        return name_cells(self.names, self.size.width, self.rest)

    def watch_info(self, info: SeatInfo | None) -> None:
        self.set_class(bool(info and info.to_act), "-to-act")

    def render(self) -> Text:
        return Text() if self.info is None else seat_text(self.info, self.name_width)


class SeatsHeader(Seat):
    """The column heads over the seats, with the seats' name column."""

    DEFAULT_CSS = """
    SeatsHeader {
        color: $felt-dim;
        text-style: underline;
    }
    """

    def __init__(self, *, chips: bool, names: tuple[str, ...], rest: int, id: str) -> None:
        super().__init__(id=id, names=names, rest=rest)
        self.chips = chips

    def render(self) -> Text:
        return Text(seats_header(self.chips, self.name_width))
