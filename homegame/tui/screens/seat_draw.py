"""The seat draw before the first hand: each player's card and who takes the button."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from homegame.engine.seat_draw import SeatDraw
from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.plain import Plain

#: The draw's last line, and what Esc says instead.
HELP = "Enter: deal the first hand · q q: quit"
NOT_YET = "Enter deals the first hand (and starts the game) · q twice quits"


class SeatDrawScreen(MountStyled, ModalScreen[None]):
    """Shows the draw (ties drawn again) until Enter; the first hand is dealt after it (and the
    turn timer starts), so Esc only says so, and q twice quits as on every screen."""

    CSS_PATH = "seat_draw.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "Deal the first hand"),
        Binding("escape", "not_yet", show=False),
        QUIT_KEY,
    ]

    def __init__(self, draw: SeatDraw, names: Sequence[str]) -> None:
        super().__init__()
        self.draw = draw
        self.names = tuple(names)

    @property
    def text(self) -> str:
        """The draw as shown, in words."""
        return "\n".join(self.draw.lines(self.names))

    def compose(self) -> ComposeResult:
        with Vertical(id="draw-box"):
            yield Plain("Drawing for the button: high card wins", id="draw-title")
            yield Plain(self.text, id="draw-lines")
            yield Plain(HELP, id="draw-help")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_not_yet(self) -> None:
        """Esc: nothing is dealt; the line says how to deal or leave."""
        self.query_one("#draw-help", Plain).say(NOT_YET)
