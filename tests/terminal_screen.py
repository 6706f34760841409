"""A terminal for tests: the app runs with a driver of its own (public `App.driver_class`) that
keeps what Textual writes as a grid of characters, as a person's terminal would show it. What a
test reads here is what was painted, frame after frame, not a fresh render of the widgets: a
widget whose new content never reached the terminal shows its old content here, as it did to
the person at the keyboard."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.pilot import Pilot

#: A control sequence: CSI (ESC [ ... letter), OSC (ESC ] ... BEL or ESC \), or ESC and one.
_CONTROL = re.compile(r"\x1b\[([0-9;?<>=]*)([ -/]*[@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


class Terminal:
    """The characters on a terminal of `width` x `height`, kept up to date from what an app
    writes: cursor moves (CSI H) and text; colours and every other control are skipped."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        #: How many times the app wrote to the terminal.
        self.writes = 0

    def feed(self, data: str) -> None:
        """Take what the app wrote."""
        self.writes += 1
        at = 0
        for match in _CONTROL.finditer(data):
            self._text(data[at : match.start()])
            at = match.end()
            if match.group(2) == "H":
                row, _, column = (match.group(1) or "1;1").partition(";")
                self.y = int(row or 1) - 1
                self.x = int(column or 1) - 1
        self._text(data[at:])

    def _text(self, text: str) -> None:
        for char in text:
            if char == "\n":
                self.y, self.x = self.y + 1, 0
            elif char == "\r":
                self.x = 0
            elif char >= " ":
                wide = cell_len(char)
                if 0 <= self.y < self.height and 0 <= self.x < self.width:
                    self.cells[self.y][self.x] = char
                    if wide == 2 and self.x + 1 < self.width:
                        self.cells[self.y][self.x + 1] = ""
                self.x += wide

    @property
    def lines(self) -> list[str]:
        """Each row as text, trailing spaces removed."""
        return ["".join(row).rstrip() for row in self.cells]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


class RecordingDriver(Driver):
    """A driver with no real terminal: what the app writes goes to a `Terminal`; input comes
    only from the test (Pilot posts keys to the app directly)."""

    #: The terminal of the driver started last (one app runs at a time in a test).
    last: Terminal | None = None
    #: The size the next driver's terminal takes.
    size = (80, 24)

    def __init__(self, app: App[Any], **options: Any) -> None:
        super().__init__(app, **options)
        self.owner = app
        self.terminal = RecordingDriver.last = Terminal(*RecordingDriver.size)

    @property
    def is_headless(self) -> bool:
        return False  # Textual writes its frames only to a terminal that is not headless

    def write(self, data: str) -> None:
        self.terminal.feed(data)

    def flush(self) -> None:
        """Nothing is buffered."""

    def start_application_mode(self) -> None:
        size = Size(*RecordingDriver.size)
        self.owner.post_message(events.Resize(size, size))

    def disable_input(self) -> None:
        """No input to stop: keys come from the test."""

    def stop_application_mode(self) -> None:
        """No terminal modes to put back."""


Scenario = Callable[[Pilot[Any], Terminal], Awaitable[None]]


def run_painted(app: App[Any], scenario: Scenario, size: tuple[int, int] = (80, 24)) -> None:
    """Run `app` on a recording terminal of `size` and `scenario` with a Pilot and that
    terminal; an exception in either (the app's crash included) fails the caller."""
    RecordingDriver.size = size
    app.driver_class = RecordingDriver
    failure: list[BaseException] = []

    async def pilot_and_terminal(pilot: Pilot[Any]) -> None:
        terminal = RecordingDriver.last
        assert terminal is not None
        try:
            await pilot.pause()
            await scenario(pilot, terminal)
        except BaseException as error:
            failure.append(error)
            raise
        finally:
            if app.is_running:
                app.exit()

    asyncio.run(app.run_async(size=size, auto_pilot=pilot_and_terminal, mouse=False))
    if failure:
        raise failure[0]
    crash = getattr(app, "crash", None)
    if crash is not None:
        raise AssertionError(f"the app crashed: {crash!r}") from crash
