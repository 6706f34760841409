"""The clock: the blind level and hands until the next one, and the turn timer's countdown."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.tui.palette import themed
from homegame.tui.widgets.fit import refit


class Clock(Widget):
    """Blind level line (freezeout) and the seconds left on the turn timer, when it runs."""

    DEFAULT_CSS = """
    Clock {
        height: auto;
        width: 100%;
        padding: 0 1;
    }
    """

    level_line: reactive[str] = reactive("")
    next_line: reactive[str] = reactive("")
    seconds_left: reactive[int | None] = reactive(None)
    who: reactive[str] = reactive("")

    def show_level(
        self,
        level: int,
        small: int,
        big: int,
        hands_left: int | None,
        seconds_left: float | None = None,
    ) -> None:
        """The blinds in force and the hands (or minutes) until the next level (the level's
        number adds nothing a player needs, and room is short at 80 columns)."""
        self.level_line = f"Blinds {small:,}/{big:,}"
        next_line = ""  # set once: each change of a line lays the screen out again
        if hands_left is not None:
            next_line = f"level up in {hands_left} hand{'s' if hands_left != 1 else ''}"
        elif seconds_left is not None:
            minutes, seconds = divmod(int(seconds_left), 60)
            next_line = f"level up in {minutes}:{seconds:02d}"
        self.next_line = next_line

    def show_timer(self, who: str, seconds: int | None) -> None:
        """A countdown for `who`, or None to hide it."""
        self.who = who
        self.seconds_left = seconds

    def watch_level_line(self) -> None:
        refit(self)

    def watch_next_line(self) -> None:
        refit(self)

    def watch_seconds_left(self) -> None:
        refit(self)

    def render(self) -> Text:
        line = self.level_line
        if self.next_line:
            # One line when it fits, else the next level goes on a line of its own.
            joined = f"{line} · {self.next_line}"
            line = joined if len(joined) <= self.content_size.width else f"{line}\n{self.next_line}"
        out = Text(line, style=themed("$felt-text"))
        if self.seconds_left is not None:
            if out:
                out.append("\n")
            style = themed("bold $alarm") if self.seconds_left <= 5 else themed("bold $gold")
            out.append(f"⏱ {self.who}: {self.seconds_left}s", style=style)
        return out
