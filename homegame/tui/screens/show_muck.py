"""A losing hand at the showdown: the player shows it or mucks it unseen (HOUSE_RULES 8).

The engine asks (the seat is to act with show or muck); this screen only puts the question to
the person, after the pass-to-NAME screen in pass-and-play, since it shows their own cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from homegame.cards import Card
from homegame.engine.actions import Action, Muck, Show
from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.screens.showdown import shown_hand_line
from homegame.tui.widgets.plain import Plain
from homegame.variants import Variant


class ShowOrMuckScreen(MountStyled, ModalScreen[Action]):
    """s shows the losing hand to the table; m (or Enter, the usual choice) mucks it unseen."""

    CSS_PATH = "show_muck.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('show')", "Show my hand"),
        Binding("m", "choose('muck')", "Muck it"),
        Binding("enter", "choose('muck')", "Muck it", show=False),
        QUIT_KEY,
    ]

    def __init__(
        self,
        variant: Variant,
        name: str,
        cards: Sequence[Card],
        board: dict[str, Card],
        beaten_by: str,
    ) -> None:
        super().__init__()
        self.variant = variant
        self.player = name
        self.cards = tuple(cards)
        self.board = board
        self.beaten_by = beaten_by

    def compose(self) -> ComposeResult:
        with Vertical(id="sm-box"):
            yield Plain(f"{self.player}: your hand would lose", id="sm-title")
            yield Plain(
                shown_hand_line(self.variant, self.player, self.cards, self.board, False),
                id="sm-hand",
            )
            if self.beaten_by:
                yield Plain(f"  {self.beaten_by}", id="sm-beaten")
            yield Plain(
                "s: show it to the table · m or Enter: muck it (nobody sees it)", id="sm-help"
            )

    def action_choose(self, choice: str) -> None:
        self.dismiss(Show() if choice == "show" else Muck())
