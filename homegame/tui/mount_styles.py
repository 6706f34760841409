"""Screens styled once, as their widgets mount, at their first push (issue 15: start-up).

Textual styles each widget as it mounts, then again twice over for a screen's first push: the
first resize sets the breakpoint classes (`-narrow`, `-tall`, ...) on the screen, which restyles
every widget under it, and the first resume restyles every widget once more. On the first
screen (the table's 46 widgets, the start screen's 79) that is 20-40 ms of the first frame,
and it finds nothing to change: a class or focus that changes restyles what it touches itself.
`MountStyled` sets the breakpoint classes before the screen's widgets are made and lets the
first resume keep their styles. A screen shown again (the start screen, kept for the app's
life) keeps its styles too when the terminal's size, the app's classes and the theme are as
they were when it was last shown; otherwise it is restyled as Textual does.

A screen's first layout also posts the screen a Resize to the size it was just laid out at,
and Textual lays it out and draws it all again in the same turn of the event loop (issue 15:
stalls); that Resize is dropped here when the layout and the breakpoint classes already fit
its size.
"""

from __future__ import annotations

from textual import events
from textual.screen import Screen


def breakpoint_classes(screen: Screen[object], width: int, height: int) -> dict[str, bool]:
    """The breakpoint classes `screen` takes at a size, as Textual's resize sets them: for each
    axis, the class of the largest breakpoint the size reaches, and none of the others."""
    app = screen.app
    across, down = screen.HORIZONTAL_BREAKPOINTS, screen.VERTICAL_BREAKPOINTS
    chosen: dict[str, bool] = {}
    for size, points in (
        (width, app.HORIZONTAL_BREAKPOINTS if across is None else across),
        (height, app.VERTICAL_BREAKPOINTS if down is None else down),
    ):
        chosen.update({name: False for _, name in points or []})
        reached = [name for at, name in sorted(points or []) if size >= at]
        if reached:
            chosen[reached[-1]] = True
    return chosen


class MountStyled:
    """Mixed into a Screen (before it in the bases): styled once as its widgets mount."""

    _resumed_once = False
    #: The terminal's size, the app's classes and the theme when the screen was last shown.
    _shown_with: tuple[object, ...] | None = None

    async def _on_compose(self, event: events.Compose) -> None:
        """Before any widget is made: the breakpoint classes of the terminal's size now."""
        assert isinstance(self, Screen)
        width, height = self.app.size
        self.update_classes(breakpoint_classes(self, width, height), animate=False)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first resume (the push) keeps the styles the widgets took as they mounted, and a
        later one those it had when last shown, if nothing they follow has changed since."""
        assert isinstance(self, Screen)
        now = (self.app.size, frozenset(self.app.classes), self.app.theme)
        if not self._resumed_once or now == self._shown_with:
            event.refresh_styles = False
        self._resumed_once = True
        self._shown_with = now

    async def _on_resize(self, event: events.Resize) -> None:
        """A Resize to the size the screen was just laid out at, with its breakpoint classes
        already set for that size, asks for nothing: Textual's own handler would lay out and
        draw the whole screen again."""
        assert isinstance(self, Screen)
        width, height = event.size
        fits = all(
            self.has_class(name) == on
            for name, on in breakpoint_classes(self, width, height).items()
        )
        if fits and self._compositor.size == event.size and self.stack_updates:
            event.stop()
            event.prevent_default()
