"""Host mode: a live table with real cards; the app runs chips, blinds, the clock and the pots.

The screen only draws the `HostConsole` (homegame.host.console), which parses and carries out
what the host types: seats, pots, board, the prompt, the one line saying why a command was
refused (it stays until a command succeeds), the help, the clock and the hand log. Every
action is typed and sent with Enter; no key acts on its own. Time comes from `clock`, so tests
inject it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static
from textual.widgets.input import Selection

from homegame.cards import Card
from homegame.config import GameConfig
from homegame.host.clock import ClockAlert
from homegame.host.console import HostConsole, Outcome
from homegame.host.night import RESUMED_NOTE, HostNight
from homegame.host.room import room_view
from homegame.play.requests import GameOver
from homegame.tui.mount_styles import MountStyled
from homegame.tui.palette import themed
from homegame.tui.safe_app import SafeApp
from homegame.tui.screens.certificate import Certificate, CertificateScreen
from homegame.tui.screens.display import RoomScreen
from homegame.tui.screens.seat_draw import SeatDrawScreen
from homegame.tui.screens.settlement import SettlementScreen
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.pot import PotView
from homegame.tui.widgets.seat import Seat, SeatInfo

#: How long the clock line flashes after a level change or a break, in seconds.
FLASH_SECONDS = 3.0


if TYPE_CHECKING:  # the journal loads with a saved game, not at start-up
    from homegame.store.recorder import GameLog


class ConfirmQuit(MountStyled, ModalScreen[bool]):
    """Ctrl+Q asks first: a slip of the fingers must not end the night."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Quit"),
        Binding("n,escape", "answer(False)", "Back to the game"),
    ]

    def __init__(self, note: str) -> None:
        super().__init__()
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box"):
            yield Static(Text("Quit the host console?"), id="quit-title")
            yield Static(Text(self.note), id="quit-note")
            yield Static(Text("y quits · n or Esc goes back"), id="quit-keys")

    def action_answer(self, quit_: bool) -> None:
        """Close the question with the host's answer."""
        self.dismiss(quit_)


class HostHelp(MountStyled, ModalScreen[None]):
    """Every host command with its arguments, over the console; any of Esc, Enter, ? closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,question_mark,f1,q", "close", "Back to the game"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    @property
    def text(self) -> str:
        """The help as shown (plain text)."""
        return "\n".join(self.lines)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(Text(self.text), id="help-text")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Host commands"

    def action_close(self) -> None:
        """Back to the command line."""
        self.dismiss(None)


class HostScreen(MountStyled, Screen[None]):
    """The host console: seats, pots, board, the prompt line, the clock and the hand log."""

    CSS_PATH = "host.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("f2", "room", "Players' view"),
        Binding("escape", "clear_line", "Clear line", show=False),
    ]

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random,
        *,
        button: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        journal: GameLog | None = None,
        seat_draw: bool = False,
    ) -> None:
        super().__init__()
        self.config = config
        if journal is not None:
            from homegame.stats.collect import keep_figures

            journal.keep_figures_by(keep_figures)  # the game's stats row, kept when it ends
        #: The night itself: the console, its journal and its clock (the screen only draws it).
        self.night = HostNight(
            config, rng, clock=clock, button=button, seat_draw=seat_draw, journal=journal
        )
        self.names = self.console.names
        self._flash_until = 0.0
        #: Note for the quit question (the journal says the game is saved).
        self.quit_note = "Nothing more is dealt once you quit."
        if journal is not None:
            self.quit_note = "The game is saved: homegame resume continues it."

    @property
    def console(self) -> HostConsole:
        """The console as the night stands (a new one after each undo)."""
        return self.night.console

    def _now(self) -> float:
        return self.night.now()

    def _show_log(self, lines: list[str]) -> None:
        """The hand log afresh: the current hand's lines."""
        log = self.query_one("#host-log", HandLog)
        title = next((ln.strip("= ") for ln in reversed(lines) if ln.startswith("== ")), None)
        log.new_hand(title or "Hand log")
        for line in lines:
            log.add(line)

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="host-header", markup=False)
        if self.console.clock is not None:
            yield Static(id="host-clock", markup=False)
        if self.console.variant.has_chips:
            yield Static("  Player     Pos     Stack    Bet  Shown", id="host-columns")
        for seat, name in enumerate(self.names):
            yield Seat(SeatInfo(name), id=f"host-seat-{seat}")
        if self.console.variant.has_chips:
            yield PotView(id="host-pots")
        else:
            yield Static(id="host-pots", markup=False)
        yield Static(id="host-money", markup=False)
        yield Static(id="host-board", markup=False)
        yield Static(id="host-prompt", markup=False)
        yield Static(id="host-error", markup=False)
        line = Input(placeholder="type a command, Enter (? lists them)", id="host-input")
        # A steady cursor: a blinking one redraws the screen twice a second while the room
        # waits, two thirds of the console's idle CPU.
        line.cursor_blink = False
        yield line
        yield HandLog(id="host-log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#host-log", HandLog).border_title = "Hand log"
        lines = self.night.start()
        if self.night.replayed_lines:
            self._show_log(lines)
            if lines[-1] == RESUMED_NOTE:
                self.query_one("#host-error", Static).update(RESUMED_NOTE)
        else:
            log = self.query_one("#host-log", HandLog)
            for line in lines:
                log.add(line)
        # Ticks only while the clock runs (or a flash is to end): an idle console before the
        # first deal, or paused, does nothing each second.
        self._ticker = self.set_interval(1.0, self.tick, pause=True)
        #: The once-a-second tick is on.
        self.ticking = False
        draw = self.night.seat_draw
        if draw is not None:  # no --button: the players draw for it before the first hand
            self.app.push_screen(SeatDrawScreen(draw, self.names), lambda _: self.night.draw_seen())
        self._refresh()
        self.query_one("#host-input", Input).focus()

    # -- what the screen shows ---------------------------------------------------------------

    @property
    def error(self) -> str:
        """The refusal line now showing ('' when none)."""
        return str(self.query_one("#host-error", Static).content)

    @property
    def prompt(self) -> str:
        """The prompt line now showing: whose turn it is and what the host may type."""
        return str(self.query_one("#host-prompt", Static).content)

    @property
    def header(self) -> str:
        """The header line now showing."""
        return str(self.query_one("#host-header", Static).content)

    @property
    def log_lines(self) -> list[str]:
        """Every line written to the hand log."""
        return list(self.query_one("#host-log", HandLog).entries)

    @property
    def clock_text(self) -> str:
        """The clock line now showing ('' without a minutes clock)."""
        found = self.query("#host-clock")
        return str(found.first(Static).content) if found else ""

    @property
    def flashing(self) -> bool:
        """True while the clock line flashes for a level change or a break."""
        return self.query_one("#host-header").has_class("flash")

    def seat_info(self, seat: int) -> SeatInfo | None:
        """What seat `seat` shows now."""
        return self.query_one(f"#host-seat-{seat}", Seat).info

    def _seat_widgets(self) -> None:
        """A late entry gets a seat line under the others; an undone entry's line is hidden
        (not removed, so an entry typed at once after takes it back without a duplicate id)."""
        names = self.console.names
        for seat in range(len(names), len(self.names)):
            self.query_one(f"#host-seat-{seat}", Seat).display = False
        for seat in range(len(self.names), len(names)):
            found = self.query(f"#host-seat-{seat}")
            if found:
                found.first(Seat).display = True
                continue
            last = self.query_one(f"#host-seat-{seat - 1}", Seat)
            self.mount(Seat(SeatInfo(names[seat]), id=f"host-seat-{seat}"), after=last)
        self.names = names

    def _refresh(self) -> None:
        self._seat_widgets()
        console = self.console
        view = console.view()
        in_hand = console.session.in_hand
        self._draw_clock(self._now())
        betting = console.variant.has_chips
        shown: dict[int, SeatInfo] = {}
        if view is not None:
            for sv in view.seats:
                row = SeatInfo.of(
                    sv, view, chips=betting, sitting_out=console.sitting_out(sv.seat), is_bot=False
                )
                shown[sv.seat] = replace(  # the host's view: only cards shown at the table
                    row,
                    to_act=sv.seat == view.to_act,
                    cards=_entered(sv.cards) if sv.shown else (),
                    note="mucked" if sv.mucked else "",
                )
        standings = console.session.scoreboard().players
        for seat, name in enumerate(self.names):
            info = shown.get(seat)
            stack = standings[seat].stack  # None: a game without chips (KRG)
            if info is None or (not in_hand and stack is not None):
                info = SeatInfo(
                    name,
                    stack=stack,
                    busted=console.is_out(seat),
                    sitting_out=console.sitting_out(seat),
                    cards=info.cards if info else (),
                )
            self.query_one(f"#host-seat-{seat}", Seat).info = info
        if betting:
            pots = self.query_one("#host-pots", PotView)
            pots.display = view is not None
            if view is not None:
                pots.show(
                    [(p.amount, [self.names[e] for e in p.eligible]) for p in view.pots],
                    sum(s.bet for s in view.seats) if in_hand else 0,
                )
        else:
            self.query_one("#host-pots", Static).update(console.krg_line())
        money = self.query_one("#host-money", Static)
        lines = console.money_lines()
        money.display = bool(lines)
        money.update(Text("\n".join(lines)))
        self.query_one("#host-board", Static).update(self._board_text())
        self.query_one("#host-prompt", Static).update(console.prompt())
        self._keep_time()

    def _keep_time(self) -> None:
        """Tick once a second while the clock runs or the clock line flashes; else not."""
        clock = self.console.clock
        self.ticking = (clock is not None and clock.running) or self.flashing
        if self.ticking:
            self._ticker.resume()
        else:
            self._ticker.pause()

    def _board_text(self) -> Text:
        view = self.console.view()
        out = Text("Board:")
        if view is None or not view.dealt_slots:
            out.append(" -")
            return out
        for label, cards in self.console.board_rows(view):
            if label:
                out.append(f"  {label}:", style=themed("$sky"))
            for card in cards:
                out.append(" ")
                if card is None:
                    out.append("??", style=themed("$muted"))
                else:
                    out.append(card.symbol, style="bold red" if card.is_red else "bold")
        return out

    # -- the clock ---------------------------------------------------------------------------

    def tick(self) -> None:
        """Once a second: redraw the clock; a level change or a break rings, flashes and logs."""
        alerts = self.night.tick()
        now = self._now()
        self._alert(alerts, now)
        self._draw_clock(now)
        self._keep_time()

    def _draw_clock(self, now: float) -> None:
        """The header and the clock line as they are at `now`, each redrawn only when its text
        changed, and without laying the screen out again: both are one row, the full width."""
        header = self.query_one("#host-header", Static)
        _say(header, self.console.header(now))
        for clock in self.query("#host-clock").results(Static):
            _say(clock, "Clock " + self.console.clock_line(now))
            clock.set_class(
                self.console.clock is not None and self.console.clock.running, "running"
            )
        if header.has_class("flash") and now >= self._flash_until:
            header.remove_class("flash")
            self.query("#host-clock").remove_class("flash")

    def _alert(self, alerts: tuple[ClockAlert, ...] | list[ClockAlert], now: float) -> None:
        if not alerts:
            return
        log = self.query_one("#host-log", HandLog)
        for alert in alerts:
            log.add(alert.describe())
        self.app.bell()
        self._flash_until = now + FLASH_SECONDS
        self.query_one("#host-header").add_class("flash")
        self.query("#host-clock").add_class("flash")

    # -- the command line --------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.run_command(event.value)

    def run_command(self, text: str) -> Outcome:
        """Carry out one host line; a refused one keeps its line and changes nothing."""
        now = self._now()
        box = self.query_one("#host-input", Input)
        outcome = self.night.answer(text)
        error = self.query_one("#host-error", Static)
        if not outcome.ok:
            error.update(f"! {outcome.message}  (you typed: {text.strip()})")
            # The refused line stays, selected: typing replaces it, the arrows edit it.
            box.value = text
            box.selection = Selection(0, len(text))
            self._refresh()
            return outcome
        box.value = ""
        error.update("")
        if outcome.help:
            self.app.push_screen(HostHelp(self.console.help_lines()))
            return outcome
        if outcome.toggle_view:
            self.action_room()
            return outcome
        if outcome.undo:
            self._show_log(self.night.replayed_lines)
            self.query_one("#host-log", HandLog).add(outcome.message)
            error.update(outcome.message)
        else:
            log = self.query_one("#host-log", HandLog)
            for line in outcome.lines:
                if line.startswith("== "):
                    log.border_title = line.strip("= ")
                log.add(line)
            self._alert(outcome.alerts, now)
        self._refresh()
        if isinstance(self.night.request, GameOver):
            self.call_after_refresh(self._certificate)
        return outcome

    def _certificate(self) -> None:
        """The end of the night: the money first when there was any, then the certificate."""
        result = self.night.result()
        if result.winner:
            cert = Certificate.of(result, date.today().isoformat())
            self.app.push_screen(CertificateScreen(cert))
        if result.money is not None:
            paid = result.money
            heading = list(paid.heading)
            self.app.push_screen(SettlementScreen(paid.title, paid.ledger, heading, paid.currency))

    # -- keys --------------------------------------------------------------------------------

    def action_help(self) -> None:
        """Show every command with its arguments."""
        self.run_command("?")

    def action_room(self) -> None:
        """Switch to the players' big view (v, F2 or Esc comes back)."""
        self.app.push_screen(RoomScreen(lambda: room_view(self.console, self._now())))

    def on_unmount(self) -> None:
        journal = self.night.journal
        if journal is not None:  # the stats row as the night was left, off this thread
            journal.stopped()

    def action_clear_line(self) -> None:
        """Esc empties the command line and hides the help."""
        self.query_one("#host-input", Input).value = ""

    def action_request_quit(self) -> None:
        """Ctrl+Q asks before quitting."""

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.app.exit()

        self.app.push_screen(ConfirmQuit(self.quit_note), answered)


def _say(line: Static, text: str) -> None:
    """Show `text` on a one-row line unless it shows already (no layout: its size stays)."""
    if str(line.content) != text:
        line.update(text, layout=False)


def _entered(cards: tuple[Card | None, ...] | None) -> tuple[Card, ...]:
    """A shown hand's cards when the host entered them; none for a hand shown unentered."""
    if not cards or None in cards:
        return ()
    return tuple(c for c in cards if c is not None)


class HostApp(SafeApp):
    """The app for `homegame host`: one host console."""

    TITLE = "homegame host"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None = None,
        button: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        journal: GameLog | None = None,
        seat_draw: bool = False,
    ) -> None:
        super().__init__()
        self.config = config
        self.rng = rng or random.Random(config.seed)
        self.button = button
        #: No button named: the players draw for it, shown before the first hand.
        self.seat_draw = seat_draw
        self.clock = clock
        self.journal = journal

    async def action_quit(self) -> None:
        """Ctrl+Q on the host console asks first; elsewhere (the certificate) it quits."""
        if isinstance(self.screen, HostScreen):
            self.screen.action_request_quit()
        elif not isinstance(self.screen, ConfirmQuit):
            self.exit()

    def on_mount(self) -> None:
        super().on_mount()
        self.push_screen(
            HostScreen(
                self.config,
                self.rng,
                button=self.button,
                clock=self.clock,
                journal=self.journal,
                seat_draw=self.seat_draw,
            )
        )
