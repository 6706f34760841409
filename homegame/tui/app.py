"""The homegame Textual app: the start screen, or straight to the table with a config."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import sys
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.events import Resize

from homegame.cards import system_random
from homegame.config import GameConfig
from homegame.defaults import BOT_FILE_SECONDS
from homegame.tui.game_app import GameApp
from homegame.tui.gc_pauses import alone, collect_between_games
from homegame.tui.textual_workaround import pump_tasks

if TYPE_CHECKING:  # the journal loads when a game is saved or resumed, not at start-up
    from homegame.store.journal import Journal
    from homegame.store.recorder import GameLog
    from homegame.tui.screens.discard import DiscardAsk, DiscardScreen
    from homegame.tui.screens.setup import SetupScreen, Start
    from homegame.tui.screens.table import Wait

#: At least this many columns and rows: cards drawn as boxes.
ROOMY_SIZE = (110, 36)
#: The name the one start screen is installed under (`HomegameApp.start_screen`).
START = "start"
#: The name the one discard prompt is installed under (`HomegameApp.discard_screen`).
DISCARD = "discard"
#: A second q (or Ctrl+C) within this many seconds of the first quits; the toast says so.
QUIT_SECONDS = 5


class HomegameApp(GameApp):
    """Pass-and-play and solo play against bots, for all three games."""

    TITLE = "homegame"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "come_back", "I'm back", show=False),
        Binding("h", "history", "History"),
        Binding("d", "links", "Phone links"),
        Binding("q", "quit_game", "Quit"),
        Binding("ctrl+c", "quit_game('ctrl+c')", "Quit", show=False),
        Binding("ctrl+q", "host_quit", "Quit", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        config: GameConfig | None = None,
        *,
        rng: random.Random | None = None,
        certificate_folder: Path | None = None,
        journal: Journal | None = None,
        resume: GameLog | None = None,
        clock: Callable[[], float] = time.monotonic,
        seat_draw: bool = False,
        wait: Wait | None = None,
        button: int | None = None,
        bot_limit: float = BOT_FILE_SECONDS,
    ) -> None:
        super().__init__()
        self.config = config if resume is None else resume.config
        #: New games draw for the button before the first hand: `homegame` and
        #: `homegame play` do; a test that builds the app picks the seat as the session does.
        self.seat_draw = seat_draw
        #: The seat named for the first button (`homegame play --button NAME`), if any.
        self.button = button
        self.rng = rng
        self.certificate_folder = certificate_folder
        #: Where games are saved (None: not saved), and a saved game to continue.
        self.journal = journal
        self.resume = resume
        #: The table's time source and the quit key's (tests pass a clock they move by hand
        #: instead of waiting).
        self.clock = clock
        #: How the table waits out a bot's pause (tests pass one that records it and goes on).
        self.wait = wait
        #: Seconds a user's bot file may take per decision (tests pass a short one).
        self.bot_limit = bot_limit
        self._quit_asked: float | None = None
        #: Said on the terminal once the app has ended (a saved game and how to go on with it).
        self.goodbye = ""

    def on_mount(self) -> None:
        if self.resume is not None:
            self._open_table(self.resume)
        elif self.config is None and self.journal is not None and self._offer_saved():
            return
        elif self.config is None:
            self.push_screen(self.start_screen(), self.start_from_setup)
        else:
            self.start_game(self.config)

    def _offer_saved(self) -> bool:
        """The start screen offers the unfinished games first; False when there are none."""
        from homegame.store import StoreError
        from homegame.store.recorder import HOST, GameLog

        assert self.journal is not None
        waiting = [g for g in self.journal.unfinished() if g.mode != HOST]
        if not waiting:
            return False
        from homegame.tui.screens.saved import SavedGamesScreen

        journal = self.journal

        def chosen(game_id: int | None) -> None:
            if game_id is None:
                self.push_screen(self.start_screen(), self.start_from_setup)
            else:
                from homegame.host.night import check_replays  # once a game is picked

                try:
                    journal.check(game_id)
                    log = GameLog(journal, game_id)
                    log.claim()
                    check_replays(log)
                except StoreError as exc:  # damaged, or open in another window: say so
                    self.notify(str(exc), severity="error")
                    self._offer_saved()
                    return
                self._open_table(log)

        self.push_screen(SavedGamesScreen(waiting), chosen)
        return True

    def start_from_setup(self, start: Start | None) -> None:
        """What the start screen asked for: a table here, a live table to host, or quit."""
        if start is None or not start.host:
            self.start_game(None if start is None else start.config)
            return
        self.host_game(start.config)

    def host_game(self, config: GameConfig) -> None:
        """Host mode from the start screen: the same host console `homegame host` opens."""
        from homegame.tui.screens.host import HostScreen

        log = None
        if self.journal is not None:
            from homegame.store.recorder import HOST, GameLog

            log = GameLog.new(self.journal, config, HOST, seat_draw=self.seat_draw)
        rng = self.rng or random.Random(config.seed)
        self.push_screen(HostScreen(config, rng, journal=log, seat_draw=self.seat_draw))

    def action_host_quit(self) -> None:
        """Ctrl+Q on the host console asks before quitting, as in `homegame host`."""
        from homegame.tui.screens.host import HostScreen

        if isinstance(self.screen, HostScreen):
            self.screen.action_request_quit()

    def start_game(self, config: GameConfig | None) -> None:
        """Open the table for `config` (None: the start screen was left, so quit)."""
        from homegame.tui.screens.table import TableScreen

        if config is None:
            self.exit()
            return
        if config.devices.enabled and self.journal is None:
            from homegame.tui.screens.devices import open_devices_table

            open_devices_table(self, config, None)
            return
        if self.journal is not None:
            from homegame.store.recorder import GameLog, mode_of

            log = GameLog.new(
                self.journal,
                config,
                mode_of(config),
                seat_draw=self.seat_draw,
                button=self.button,
            )
            self._open_table(log)
            return
        rng = self.rng
        if rng is None:
            # A real game shuffles with the OS source; a seed is for practice deals and tests.
            rng = random.Random(config.seed) if config.seed is not None else system_random()
        table = TableScreen(
            config,
            rng,
            self.certificate_folder,
            clock=self.clock,
            bot_rng=self.bot_rng(config),
            seat_draw=self.seat_draw,
            wait=self.wait,
            bot_limit=self.bot_limit,
            button=self.button,
        )
        self.push_screen(table)

    def bot_rng(self, config: GameConfig) -> random.Random:
        """The bots' own random source, never the deck's: what a bot does tells nothing of the
        cards to come. A practice seed gives the bots a stream of their own too."""
        if config.seed is not None:
            return random.Random(f"bots {config.seed}")
        if self.rng is not None:  # a test's deck: the bots get a fixed stream of their own
            return random.Random("bots")
        return random.Random(system_random().getrandbits(128))

    def start_screen(self, config: GameConfig | None = None) -> SetupScreen:
        """The start screen, filled in with `config` if one is given. One for the app's life: made
        at its first showing and kept (installed) for every later one, as it is the largest form
        of all and building it anew laid it out and drew it twice in one stretch of the event
        loop; shown again it draws once."""
        from homegame.tui.screens.setup import SetupScreen

        if not self.is_screen_installed(START):
            self.install_screen(SetupScreen(config), START)
            return cast("SetupScreen", self.get_screen(START))
        screen = cast("SetupScreen", self.get_screen(START))
        screen.show_again(config)
        return screen

    def discard_screen(self, ask: DiscardAsk) -> DiscardScreen:
        """The discard prompt for `ask`, kept for the app's life like the start screen (a KRG
        deal asks three times) and shown again for each discard."""
        from homegame.tui.screens.discard import DiscardScreen

        if not self.is_screen_installed(DISCARD):
            self.install_screen(DiscardScreen(ask), DISCARD)
        else:
            cast("DiscardScreen", self.get_screen(DISCARD)).show_for(ask)
        return cast("DiscardScreen", self.get_screen(DISCARD))

    def back_to_start(self, config: GameConfig | None = None) -> None:
        """Leave the table (and what is over it) for the start screen, filled in with `config`."""
        self._between_games(
            lambda: self.push_screen(self.start_screen(config), self.start_from_setup)
        )

    def play_again(self, config: GameConfig) -> None:
        """Leave the table and start the same game afresh."""
        self._between_games(lambda: self.start_game(config))

    def _between_games(self, then: Callable[[], object]) -> None:
        """Take every screen off, free what the last game left (homegame.tui.gc_pauses), then
        `then` shows the next screen; nothing is drawn in between."""

        async def swap() -> None:
            with self.batch_update():
                # The installed screens (start, discard) are kept: not waited on, nor freed.
                screens = [s for s in self.screen_stack[1:] if not self.is_screen_installed(s)]
                gone = [weakref.ref(screen) for screen in screens]
                while len(self.screen_stack) > 1:
                    await self.pop_screen()
                # Each screen's own task holds it until that task has ended.
                tasks = pump_tasks(screens)
                del screens
                if tasks:
                    await asyncio.wait(tasks)
                del tasks
                await alone(lambda: collect_between_games(gone))
                then()

        # A function, not a coroutine made now: quitting before the worker starts would leave
        # that coroutine never awaited (a warning printed after the terminal is given back).
        # mypy cannot pick between the function forms of Textual's WorkType union.
        self.run_worker(swap, name="between games", group="between-games")  # type: ignore[arg-type]

    def _open_table(self, log: GameLog) -> None:
        """The table for a saved game: new, or resumed where its journal ends."""
        if log.config.devices.enabled:
            from homegame.tui.screens.devices import open_devices_table

            open_devices_table(self, log.config, log)
            return
        from homegame.tui.screens.table import TableScreen

        table = TableScreen(
            log.config,
            None,
            self.certificate_folder,
            journal=log,
            clock=self.clock,
            bot_rng=self.bot_rng(log.config),
            wait=self.wait,
            bot_limit=self.bot_limit,
        )
        self.push_screen(table)

    def on_resize(self, event: Resize) -> None:
        roomy = event.size.width >= ROOMY_SIZE[0] and event.size.height >= ROOMY_SIZE[1]
        if roomy != self.has_class("roomy"):
            self.set_class(roomy, "roomy")
            from homegame.tui.widgets.board import Board

            for screen in self.screen_stack:  # each board draws its cards larger or smaller
                for board in screen.query(Board):
                    board.refresh(layout=True)

    def action_come_back(self) -> None:
        """b on any screen: players sitting out come back (HOUSE_RULES 12); not Textual's own
        `back` action."""
        from homegame.tui.screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.action_come_back()

    def action_history(self) -> None:
        """h: this game's history and chart; from a deal's result, that deal's every action."""
        from homegame.store.history import load_history
        from homegame.tui.screens.history import HistoryScreen
        from homegame.tui.screens.showdown import ShowdownScreen
        from homegame.tui.screens.table import TableScreen

        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is None or isinstance(self.screen, HistoryScreen):
            return
        if table.journal is None:
            self.notify("This game is not saved, so it has no history.", timeout=4)
            return
        history = load_history(table.journal.journal, table.journal.game_id)
        finished = history.finished_hands()
        last = finished[-1].number if finished else None
        on_result = isinstance(self.screen, ShowdownScreen)
        self.push_screen(HistoryScreen(history, last if on_result else None))

    def _phones_table(self) -> Any:
        """The table played on the phones under the screens shown now (None: none). Its
        module is looked for, not loaded: most tables are not played on phones."""
        devices = sys.modules.get("homegame.tui.screens.devices")
        if devices is None:
            return None
        tables = (s for s in self.screen_stack if isinstance(s, devices.DevicesTableScreen))
        return next(tables, None)

    def action_links(self) -> None:
        """d on any screen over a table played on the phones (a deal's result too, where a
        person moves between their phone and the laptop): each person's link."""
        table = self._phones_table()
        if table is not None:
            table.action_links()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The start screen has its own Esc to quit, and q is typed into its boxes there."""
        on_start_screen = self._on_start_screen()
        if action == "history":
            return self.journal is not None and not on_start_screen
        if action == "links":
            return self._phones_table() is not None
        return not (action == "quit_game" and not parameters and on_start_screen)

    def _on_start_screen(self) -> bool:
        """The start screen is on top. Asked at every key: a table that never showed the start
        screen does not load its module (and its form's widgets) to find it is not one."""
        setup = sys.modules.get("homegame.tui.screens.setup")
        return setup is not None and isinstance(self.screen, setup.SetupScreen)

    def action_quit_game(self, key: str = "q") -> None:
        """q (or Ctrl+C) twice within QUIT_SECONDS leaves, from any screen; one stray key does
        not. A saved game that is not over says, once the terminal is back, how to go on."""
        now = self.clock()
        if self._quit_asked is not None and now - self._quit_asked < QUIT_SECONDS:
            self.goodbye = self.saved_line()
            self.exit()
            return
        self._quit_asked = now
        self.notify(
            f"Press {key} again within {QUIT_SECONDS} seconds to quit.",
            title="Quit?",
            timeout=QUIT_SECONDS,
        )

    def saved_line(self) -> str:
        """'Game 6 saved: `homegame resume` continues it' while a saved game is unfinished."""
        from homegame.tui.screens.table import TableScreen

        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is None or table.journal is None or table.game_over or table.game.is_over:
            return ""
        return f"Game {table.journal.game_id} saved: `homegame resume` continues it"

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Run the app; then say `goodbye` on the terminal it gave back. Whatever the app
        exited with is handed back, as `App.run` does."""
        result = super().run(*args, **kwargs)
        if self.goodbye:
            with contextlib.suppress(OSError):  # a terminal gone since
                print(self.goodbye, flush=True)
        return result

    def leave_on_signal(self, number: int) -> None:
        """A signal leaves as q q does, and says how to go on with a saved game too, unless
        the terminal was closed (SIGHUP): nobody would read it."""
        if number != signal.SIGHUP:
            self.goodbye = self.saved_line()
        super().leave_on_signal(number)
