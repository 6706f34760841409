"""One seat at the table: name, stack, bet in front, marks, and the cards this screen may show."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.cards import Card
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


def seat_text(info: SeatInfo, name_width: int = 10) -> Text:
    """The seat as one line: turn mark, name, D/SB/BB, stack, bet, cards, status."""
    line = Text()
    line.append("▶ " if info.to_act else "  ", style=themed("bold $gold"))
    name = info.name[:name_width].ljust(name_width)
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
    marks.pad_right(6 - len(marks))
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
    """A seat's line; `info` is replaced whenever the view changes."""

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

    def __init__(self, info: SeatInfo | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Seat.info, info)

    def watch_info(self, info: SeatInfo | None) -> None:
        self.set_class(bool(info and info.to_act), "-to-act")

    def render(self) -> Text:
        return Text() if self.info is None else seat_text(self.info)
