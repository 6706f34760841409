"""The start screen's first question when games are unfinished: resume one, or start anew."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain
from homegame.variants import VARIANTS

if TYPE_CHECKING:
    from homegame.store.journal import GameRecord

#: The option that starts a new game instead.
NEW_GAME = "new"


def describe(record: GameRecord) -> str:
    """One line for an unfinished game: number, game, players, how far it got."""
    variant = VARIANTS.get(record.game)
    game = variant.name if variant else record.game
    word = variant.deal_word if variant is not None else "hand"
    try:
        when = datetime.fromisoformat(record.updated).astimezone().strftime("%b %d %H:%M")
    except ValueError:
        when = record.updated[:16]
    players = ", ".join(record.players)
    return f"#{record.id} {game}, {players} · {word} {record.hands + 1} · {when}"


class SavedGamesScreen(MountStyled, Screen[int | None]):
    """Unfinished games to continue; dismisses with a game's id, or None for a new game."""

    CSS_PATH = "saved.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("escape", "new_game", "New game", show=False),
    ]

    def __init__(self, games: list[GameRecord]) -> None:
        super().__init__()
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(id="saved-box"):
            yield Plain("Unfinished games", id="saved-title")
            yield Plain("Enter continues a game where it stopped; n starts a new one.")
            options = [Option(describe(g), id=str(g.id)) for g in self.games]
            options.append(Option("Start a new game", id=NEW_GAME))
            yield OptionList(*options, id="saved-list", markup=False)  # names as typed
        yield KeysFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = event.option.id
        self.dismiss(None if choice in (None, NEW_GAME) else int(choice))

    def action_new_game(self) -> None:
        """Go on to the start screen for a new game."""
        self.dismiss(None)
