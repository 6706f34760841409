"""What the screens over a game ask of the app they run in: the discard prompt, the way back to
the start screen and the same game again. `homegame.tui.app.HomegameApp` is one; the screens
depend on this class, never on the app's module, which opens them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from homegame.config import GameConfig
from homegame.tui.safe_app import SafeApp

if TYPE_CHECKING:  # the discard prompt loads with the first KRG discard, not with the app
    from homegame.tui.screens.discard import DiscardAsk, DiscardScreen

#: q on a modal screen over a game: the app's quit (asked twice). A modal screen hides the
#: app's own bindings, so each one over a game takes the key itself.
QUIT_KEY = Binding("q", "app.quit_game", "Quit", show=False)


class GameApp(SafeApp):
    """An app that runs games: each of these is the app's to implement."""

    def discard_screen(self, ask: DiscardAsk) -> DiscardScreen:
        """The discard prompt for `ask`."""
        raise NotImplementedError

    def back_to_start(self, config: GameConfig | None = None) -> None:
        """Leave the table (and what is over it) for the start screen, filled in with `config`."""
        raise NotImplementedError

    def play_again(self, config: GameConfig) -> None:
        """Leave the table and start the same game afresh."""
        raise NotImplementedError
