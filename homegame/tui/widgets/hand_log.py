"""The hand log: plain-words lines from the events' `describe()`, public forms only.

A line widget of its own rather than Textual's RichLog: the log only ever holds plain text, and
RichLog's module loads Rich's pretty-printer (and with it attrs) at start-up, which this does not.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

#: Rows kept: the oldest go once a hand's log is longer than this.
MAX_LINES = 500
#: The narrowest a line is wrapped to, however narrow the log.
MIN_WIDTH = 16


class HandLog(ScrollView, can_focus=True):
    """A scrolling log of plain lines, each wrapped to the log's width when it is written;
    `entries` keeps the lines written, for tests and saving, and `lines` the rows drawn."""

    DEFAULT_CSS = """
    HandLog {
        height: 1fr;
        border: round $log-edge;
        background: $log-back;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;
        scrollbar-size-vertical: 1;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[str] = []
        self.lines: list[Strip] = []
        #: Follow the newest line (True) or stay where the reader scrolled to.
        self.auto_scroll = True
        #: Lines written before the log had a width wait here until it has one.
        self._unwrapped: list[str] = []
        self._widest = 0
        #: The width the rows were wrapped to.
        self._wrapped_at = 0
        self.border_title = "Hand log"

    def new_hand(self, title: str) -> None:
        """Start the log of a new hand (the last hand's result was on the showdown screen)."""
        self.entries.clear()
        self._unwrapped.clear()
        self.lines.clear()
        self._widest = 0
        self._scroll_size(Size(0, 0))
        self.border_title = title

    def add(self, line: str) -> None:
        """Write one line."""
        self.entries.append(line)
        if not self.size.width:
            self._unwrapped.append(line)
            return
        self._write(line)

    def _write(self, line: str) -> None:
        """Wrap `line` to the log's width into rows at the end, and follow it there."""
        text = Text(line)
        text.expand_tabs()
        console = self.app.console
        width = max(MIN_WIDTH, min(text.cell_len, self.scrollable_content_region.width))
        rows = Strip.from_lines(
            list(Segment.split_lines(console.render(text, console.options.update_width(width))))
        )
        self.lines.extend(rows or [Strip.blank(width)])
        self._widest = max(self._widest, width if not rows else max(r.cell_length for r in rows))
        if len(self.lines) > MAX_LINES:
            del self.lines[:-MAX_LINES]
            self.refresh()
        self._scroll_size(Size(self._widest, len(self.lines)))
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def _scroll_size(self, size: Size) -> None:
        """The rows' size: the scroll bar and the rows redraw, and the screen is laid out again
        only when the log's own size follows its rows. The vertical bar is always shown
        (`overflow-y: scroll`), so a new row changes only the bar's window, set here."""
        if self.styles.is_auto_width or self.styles.is_auto_height:
            self.virtual_size = size
            return
        if size != self.virtual_size:
            self.set_reactive(HandLog.virtual_size, size)
            bar = self.vertical_scrollbar
            bar.window_virtual_size = size.height
            bar.window_size = self.container_size.height - self.scrollbar_size_horizontal
            self.scroll_y = self.validate_scroll_y(self.scroll_y)
        self.refresh()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self.size.width else container.width

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, self.rich_style).apply_style(self.rich_style)
        row = self.lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        return row.apply_style(self.rich_style)

    def on_resize(self, event: events.Resize) -> None:
        """The first size wraps what was written before it; a new width wraps every line of
        the hand again (they stayed wrapped to the old width, cut or half empty); a log
        squeezed into fewer rows (a narrow table) still shows its latest lines."""
        width = self.scrollable_content_region.width
        if event.size.width and self._unwrapped:
            waiting, self._unwrapped = self._unwrapped, []
            for line in waiting:
                self._write(line)
        elif event.size.width and self.lines and width != self._wrapped_at:
            self.lines.clear()
            self._widest = 0
            for line in self.entries:
                self._write(line)
        self._wrapped_at = width
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=False)
