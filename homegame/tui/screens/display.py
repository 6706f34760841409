"""The room's big view: a clock the whole table can read, the blinds, the field, the board.

`RoomBoard` draws a `RoomView` (homegame.host.room). `RoomScreen` shows it full screen and
redraws it every second from a callable, so the host's console (one key, `v` or F2) and the
`homegame display` process share it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Digits, Static

from homegame.host.room import RoomView
from homegame.tui.mount_styles import MountStyled
from homegame.tui.safe_app import SafeApp
from homegame.tui.widgets.footer import KeysFooter


class RoomBoard(Vertical):
    """The big clock, the blinds now, the next blinds and the time to the break in big digits
    a room reads from across it; the level, the field and the money in lines below."""

    DEFAULT_CSS = """
    RoomBoard {
        align: center middle;
        height: 1fr;
    }
    RoomBoard > Static {
        width: 100%;
        text-align: center;
        height: auto;
    }
    RoomBoard Digits {
        width: 100%;
        text-align: center;
        text-style: bold;
    }
    RoomBoard #room-clock { margin: 1 0 0 0; }
    RoomBoard #room-coming { height: auto; width: 100%; }
    RoomBoard #room-coming > Vertical { height: auto; width: 1fr; }
    RoomBoard #room-coming Static { width: 100%; text-align: center; color: $text-muted; }
    RoomBoard #room-title { color: $text-muted; }
    RoomBoard #room-headline { text-style: bold; color: $warning; }
    RoomBoard #room-blinds { color: $warning; }
    RoomBoard.paused #room-clock { color: $text-muted; }
    RoomBoard.break #room-clock { color: $success; }
    """

    def __init__(self) -> None:
        super().__init__()
        #: The view drawn last (None: none yet).
        self._shown: RoomView | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="room-title")
        yield Digits(id="room-clock")
        yield Static(id="room-state")
        yield Static(id="room-headline")
        yield Digits(id="room-blinds")
        with Horizontal(id="room-coming"):
            with Vertical(id="room-next-box"):
                yield Static(id="room-next")
                yield Digits(id="room-next-blinds")
            with Vertical(id="room-break-box"):
                yield Static(id="room-break")
                yield Digits(id="room-break-in")
        yield Static(id="room-board")
        yield Static(id="room-field")
        yield Static(id="room-leader")
        yield Static(id="room-scores")
        yield Static(id="room-money")

    def show(self, view: RoomView) -> None:
        """Draw `view` (every string as plain text), changing only the widgets whose text or
        visibility changed: an unchanged line costs nothing, a changed one no layout unless
        its size may change with it."""
        if view == self._shown:
            return
        self._shown = view
        self._say("#room-title", view.title)
        for key, digits in (
            ("clock", view.clock),
            ("blinds", view.blinds),
            ("next-blinds", view.next_blinds),
            ("break-in", view.break_in),
        ):
            widget = self.query_one(f"#room-{key}", Digits)
            if widget.value != digits:
                widget.update(digits)  # lays out only when the digits' width changes
            _show_if(widget, bool(digits))
        state = {"paused": "PAUSED", "not started": "the clock starts with the first hand"}
        self._say("#room-state", view.notice or state.get(view.clock_state, ""))
        self.set_class(view.clock_state == "paused", "paused")
        self.set_class(view.clock_state == "break", "break")
        # Above the digits, what they are; without digits, the line itself.
        hands = view.next_line.partition(" in ")[2]
        next_label = ("next blinds" + (f" in {hands}" if hands else "")) if view.next_blinds else ""
        headline = view.headline.replace(f" {view.blinds}", "") if view.blinds else view.headline
        for key, line in (
            ("headline", headline),
            ("next", next_label or view.next_line),
            ("break", "break in" if view.break_in else view.break_line),
            ("board", view.board_line),
            ("field", view.field_line),
            ("leader", view.leader_line),
            ("money", view.money_line),
        ):
            self._say(f"#room-{key}", line)
        _show_if(self.query_one("#room-next-box"), bool(view.next_line))
        _show_if(self.query_one("#room-break-box"), bool(view.break_line))
        _show_if(self.query_one("#room-coming"), bool(view.next_line or view.break_line))
        self._say("#room-scores", "   ".join(f"{name} {wins}" for name, wins in view.scores))

    def _say(self, selector: str, line: str) -> None:
        """Show `line` in the Static `selector` unless it shows it already."""
        widget = self.query_one(selector, Static)
        if str(widget.content) != line:
            widget.update(Text(line))

    def text(self) -> str:
        """Every line now showing, for tests and a quick look (digits as their text)."""
        out = []
        for child in self.query("Static, Digits"):
            if not child.display or not all(
                node.display for node in child.ancestors if isinstance(node, Widget)
            ):
                continue
            if isinstance(child, Digits):
                out.append(child.value)
            elif isinstance(child, Static):
                out.append(str(child.content))
        return "\n".join(line for line in out if line)


def _show_if(widget: Widget, shown: bool) -> None:
    """Show or hide `widget`, touching it only when that changes."""
    if widget.display != shown:
        widget.display = shown


class RoomScreen(MountStyled, Screen[None]):
    """The big view full screen, redrawn every second from `source`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v,f2,escape", "leave", "Back to the console"),
    ]
    DEFAULT_CSS = """
    RoomScreen { background: $background; }
    """

    def __init__(
        self, source: Callable[[], RoomView], *, can_go_back: bool = True, interval: float = 1.0
    ) -> None:
        super().__init__()
        self.source = source
        self.can_go_back = can_go_back
        self.interval = interval

    def compose(self) -> ComposeResult:
        yield RoomBoard()
        if self.can_go_back:
            yield KeysFooter()

    def on_mount(self) -> None:
        self.redraw()
        self.set_interval(self.interval, self.redraw)

    def redraw(self) -> None:
        """Draw the view as it is now."""
        self.query_one(RoomBoard).show(self.source())

    def action_leave(self) -> None:
        """Back to the host console (the display process has nowhere to go back to)."""
        if self.can_go_back:
            self.dismiss(None)


class DisplayApp(SafeApp):
    """`homegame display`: the room's big view of a running game, read-only; q quits. A
    SafeApp, so a signal ends it as it ends the table (SIGINT 130, SIGTERM 143, SIGHUP 129)
    and a crash is one line."""

    TITLE = "homegame display"
    #: The room's screen carries its own styles; the other screens' files are not read.
    CSS_PATH: ClassVar[list[str | PurePath]] = []
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, source: Callable[[], RoomView], interval: float = 1.0) -> None:
        super().__init__()
        self.source = source
        self.interval = interval

    def on_mount(self) -> None:
        self.push_screen(RoomScreen(self.source, can_go_back=False, interval=self.interval))
