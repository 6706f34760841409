"""`?`: the rules of the game being played in a few lines, and the keys."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.plain import Plain
from homegame.variants import Variant

#: Every key the table takes (the footer has room for some of them only).
KEYS_BETTING = (
    "Keys: f fold · c check/call · r bet/raise (type it, Enter) · a all-in\n"
    "      amount box: m min · h half pot · p pot · a all-in · Esc cancel\n"
    "      h this game's history and chart · u take back your last action\n"
    "      (solo, solo_undo) · space hurries the bots · o odds (solo)\n"
    "      b back from sitting out · l cash out (cash game) · ? this help\n"
    "      q twice quits (a saved game goes on with homegame resume)"
)
KEYS_DISCARD = (
    "Keys: 1-6 (or click) pick the cards to throw away · Enter confirm\n"
    "      h this game's history and chart · space hurries the bots\n"
    "      b back from sitting out · ? this help\n"
    "      q twice quits (a saved game goes on with homegame resume)"
)
HAND_RANKS = (
    "Hands, high to low: royal flush, straight flush, four of a kind, full house, flush, "
    "straight, three of a kind, two pair, one pair, high card. Suits never break ties."
)


class RulesHelpScreen(MountStyled, ModalScreen[None]):
    """A short rules card for the current game; any of Esc, q, ? or Enter closes it."""

    CSS_PATH = "rules_help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, variant: Variant) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        keys = KEYS_BETTING if self.variant.has_betting else KEYS_DISCARD
        with Vertical(id="rules-box"):
            yield Plain(f"{self.variant.name}: the rules", id="rules-title")
            yield Plain(self.variant.summary, id="rules-summary")
            yield Plain(HAND_RANKS, id="rules-ranks")
            yield Plain(keys, id="rules-keys")
            yield Plain("Esc closes this card.", id="rules-close")

    def action_close(self) -> None:
        self.dismiss(None)
