"""Solo play: the person is out and the bots play on; watch them, skip to the result, or start
again, instead of sitting through the bots' game or quitting."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from homegame.play.requests import AfterOut
from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain


class OutScreen(MountStyled, ModalScreen[AfterOut]):
    """w watches the bots play on, s skips to the result, n starts the game again."""

    CSS_PATH = "out.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "choose('watch')", "Watch"),
        Binding("s", "choose('skip')", "Skip to the result"),
        Binding("n", "choose('again')", "Start again"),
        QUIT_KEY,
    ]

    def __init__(self, name: str, place: str, left: int) -> None:
        super().__init__()
        self.player = name
        self.place = place
        self.left = left

    def compose(self) -> ComposeResult:
        with Vertical(id="out-box"):
            yield Plain(f"{self.player}, you are out{self.place}.", id="out-title")
            yield Plain(
                f"The bots play on: {self.left} players left.\n\n"
                "  w  watch them play to the winner\n"
                "  s  skip to the result\n"
                "  n  start the game again",
                id="out-choices",
            )
        yield KeysFooter()

    def action_choose(self, choice: str) -> None:
        self.dismiss(AfterOut(choice))
