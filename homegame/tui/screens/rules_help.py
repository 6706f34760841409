"""`?`: the rules of the game being played in a few lines, the home-game options in force, and
the keys."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from homegame.config import GameConfig
from homegame.house_options import option_lines
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.plain import Plain
from homegame.variants import Variant

#: Every key the table takes (the footer has room for some of them only), in lines that fit
#: the card whole at 60 columns.
KEYS_BETTING = (
    "Keys: f fold · c check/call · r bet/raise · a all-in\n"
    "Amount box: m min · h ½ pot · p pot · a all-in · Esc\n"
    "h this game's history and chart · o odds (solo)\n"
    "u take back your last action (solo, solo_undo)\n"
    "space hurries the bots · b back from sitting out\n"
    "l cash out (cash game) · ? this help · q twice quits"
)
#: The rabbit hunt's line on the card (HOUSE_RULES 30), there when the config turns it on.
RABBIT_KEY = "R on a hand's result: the rabbit hunt (ended early)"
KEYS_DISCARD = (
    "Keys: 1-6 (or click) pick the cards to throw away\n"
    "Enter confirms · h this game's history and chart\n"
    "space hurries the bots · b back from sitting out\n"
    "? this help · q twice quits"
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

    def __init__(self, variant: Variant, config: GameConfig | None = None) -> None:
        super().__init__()
        self.variant = variant
        #: The home-game options in force (HOUSE_RULES 25-30), one line each.
        self.options = option_lines(config) if config is not None else ()
        #: HOUSE_RULES 30: R is a key only when the config turns the rabbit hunt on.
        self.rabbit = config is not None and config.rules.rabbit_hunt

    def compose(self) -> ComposeResult:
        keys = KEYS_BETTING if self.variant.has_betting else KEYS_DISCARD
        if self.variant.has_betting and self.rabbit:  # before the last line (cash out, quit)
            *most, last = keys.splitlines()
            keys = "\n".join([*most, RABBIT_KEY, last])
        with VerticalScroll(id="rules-box"):
            yield Plain(f"{self.variant.name}: the rules", id="rules-title")
            yield Plain(self.variant.summary, id="rules-summary")
            if self.options:
                yield Plain("\n".join(self.options), id="rules-options")
            yield Plain(HAND_RANKS, id="rules-ranks")
            yield Plain(keys, id="rules-keys")
            yield Plain("Esc closes this card.", id="rules-close")

    def on_mount(self) -> None:
        self.query_one("#rules-box").focus()  # a short terminal scrolls the card with the arrows

    def action_close(self) -> None:
        self.dismiss(None)
