"""The hand log: plain-words lines from the events' `describe()`, public forms only."""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog


class HandLog(RichLog):
    """A scrolling log; `entries` keeps the lines written, for tests and saving."""

    DEFAULT_CSS = """
    HandLog {
        height: 1fr;
        border: round $log-edge;
        background: $log-back;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, max_lines=500, min_width=16
        )
        self.entries: list[str] = []
        self.border_title = "Hand log"

    def new_hand(self, title: str) -> None:
        """Start the log of a new hand (the last hand's result was on the showdown screen)."""
        self.clear()
        self.entries.clear()
        self.border_title = title

    def add(self, line: str) -> None:
        """Write one line."""
        self.entries.append(line)
        self.write(line)

    def on_resize(self, event: events.Resize) -> None:
        """A log squeezed into fewer rows (a narrow table) still shows its latest lines."""
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False)
