"""Screens styled once, as their widgets mount, at their first push.

Textual styles each widget as it mounts, then again for a screen's first push: the first resize
sets the breakpoint classes (`-narrow`, `-tall`, ...) on the screen, which restyles every widget
under it, and the first resume restyles every widget once more, finding nothing to change.
`MountStyled` sets the breakpoint classes before the screen's widgets are made and lets the
first resume keep their styles (`ScreenResume.refresh_styles`). A screen shown again keeps its
styles too when the terminal's size, the app's classes and the theme are as they were when it
was last shown; otherwise it is restyled as Textual does. Drawing and layout are Textual's own:
nothing here defers or drops a draw, a layout or a resize.
"""

from __future__ import annotations

import weakref

from textual import events
from textual.app import App
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

    def on_compose(self, event: events.Compose) -> None:
        """Before any widget is made: the breakpoint classes of the terminal's size now, and
        the screen's own styles by the whole stylesheet (Textual styled the screen as it was
        pushed, before it read the screen's own file), so the first resume has nothing to
        restyle."""
        assert isinstance(self, Screen)
        width, height = self.app.size
        self.update_classes(breakpoint_classes(self, width, height), animate=False)
        self.app.update_styles(self, animate=False)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first resume (the push) keeps the styles the widgets took as they mounted, and a
        later one those it had when last shown, if nothing they follow has changed since;
        Textual's own handler then lays the screen out and draws it as ever."""
        assert isinstance(self, Screen)
        now = (self.app.size, frozenset(self.app.classes), self.app.theme)
        if not self._resumed_once or now == self._shown_with:
            event.refresh_styles = False
        self._resumed_once = True
        self._shown_with = now
        app = self.app
        self.call_after_refresh(_apps_drawn.add, app)


#: The apps that have drawn a screen: before an app's first frame nothing waits on the loop
#: but that frame, so its first screen is built and drawn in one go.
_apps_drawn: weakref.WeakSet[App[object]] = weakref.WeakSet()


def has_drawn(app: App[object]) -> bool:
    """Has `app` drawn a screen of this module's (so a key could be waiting on the loop)?"""
    return app in _apps_drawn
