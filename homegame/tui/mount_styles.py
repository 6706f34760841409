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
its size. A screen shown, or laid out whole again, is drawn a moment after its layout: the
layout and the full draw of 30-odd widgets were 25-35 ms in one stretch. Its widgets' lines
are then drawn a few widgets per turn of the loop, and the full draw finds them drawn (a
table's full draw alone was 25-30 ms). And the layout requests its
widgets made as they mounted, still queued when the screen's first full layout ran, are
dropped: that layout did what they ask, and Textual did it all again (10-30 ms).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Collection
from time import perf_counter

from textual import events
from textual._time import get_time
from textual.app import App
from textual.geometry import Size
from textual.messages import Layout
from textual.screen import Screen
from textual.widget import Widget

from homegame.tui.gc_pauses import ASIDE


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
    #: Set as the screen is shown or laid out whole: its next draw waits a moment (ASIDE).
    _draw_next_turn = False
    #: When the screen's last full layout began, on Textual's clock.
    _laid_out_at = float("-inf")
    #: The draw that waits (see `_compositor_refresh`); a draw asked for meanwhile joins it.
    _drawing: asyncio.Task[None] | None = None

    async def _on_compose(self, event: events.Compose) -> None:
        """Before any widget is made: the breakpoint classes of the terminal's size now."""
        assert isinstance(self, Screen)
        width, height = self.app.size
        self.update_classes(breakpoint_classes(self, width, height), animate=False)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first resume (the push) keeps the styles the widgets took as they mounted, and a
        later one those it had when last shown, if nothing they follow has changed since.
        Textual's own handler, which lays the screen out, runs a moment (ASIDE) later, so a
        timer or a key due by then goes first: it followed the screen's mount in one stretch
        (the start screen's: 8 ms, then 21 ms)."""
        assert isinstance(self, Screen)
        now = (self.app.size, frozenset(self.app.classes), self.app.theme)
        if not self._resumed_once or now == self._shown_with:
            event.refresh_styles = False
        self._resumed_once = True
        self._shown_with = now
        self._draw_next_turn = True
        event.prevent_default()
        asyncio.get_running_loop().call_later(ASIDE, self._resume_as_textual_does, event)

    def _resume_as_textual_does(self, event: events.ScreenResume) -> None:
        assert isinstance(self, Screen)
        try:
            Screen._on_screen_resume(self, event)
        except Exception as error:  # reported as a handler's error is
            self.app._handle_exception(error)

    def _compositor_refresh(self) -> None:
        """Draw what changed, a moment (ASIDE) later and not in this turn, so a timer or a key
        due by then goes first, with the changed widgets' lines drawn a few at a time first
        (`draw_lines_in_slices`): after a layout, the whole screen's (a table's full draw was
        25-30 ms in one stretch, and the layout before it up to 10 ms); else the widgets that
        changed (a table's were up to 25 ms after an action, the hand log and its scroll bar a
        third of it). A draw asked for while one waits joins it. A screen under the top one
        hands its changes up at once, as in Textual."""
        assert isinstance(self, Screen)
        if not self.is_current:
            super()._compositor_refresh()  # type: ignore[misc]
            return
        if self._drawing is not None:
            return
        if self._draw_next_turn or (DRAW_IN_SLICES and self._dirty_widgets):
            whole, self._draw_next_turn = self._draw_next_turn, False
            self._drawing = asyncio.get_running_loop().create_task(self._draw_in_slices(whole))
            return
        super()._compositor_refresh()  # type: ignore[misc]

    async def _draw_in_slices(self, whole: bool) -> None:
        assert isinstance(self, Screen)
        try:
            await asyncio.sleep(ASIDE)
            if DRAW_IN_SLICES and has_drawn(self.app):
                changed = self._dirty_widgets
                await draw_lines_in_slices(self, None if whole or self in changed else changed)
        finally:
            self._drawing = None
        if self.is_current:
            try:
                super()._compositor_refresh()  # type: ignore[misc]
            except Exception as error:  # reported as a draw's error is in Textual's own timer
                self.app._handle_exception(error)
            _apps_drawn.add(self.app)

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """Textual's layout, its start noted when it lays out the whole screen; the draw that
        follows a whole layout waits a moment (the two were up to 30 ms in one stretch)."""
        assert isinstance(self, Screen)
        if not scroll or self._layout_widgets:
            self._laid_out_at = get_time()
            self._draw_next_turn = True
        super()._refresh_layout(size, scroll)  # type: ignore[misc]

    async def _on_layout(self, message: Layout) -> None:
        """A widget's request for a layout, made before the last full layout began, is done."""
        if message.time < self._laid_out_at:
            message.stop()
            message.prevent_default()

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


#: The apps that have drawn a screen: before an app's first frame nothing waits on the loop
#: but that frame, so its first screen is built and drawn in one go (10-15 ms sooner).
_apps_drawn: weakref.WeakSet[App[object]] = weakref.WeakSet()


def has_drawn(app: App[object]) -> bool:
    """Has `app` drawn a screen of this module's (so a key could be waiting on the loop)?"""
    return app in _apps_drawn


#: Drawing a screen's lines a few widgets at a time before its full draw; off in the tests,
#: which paint no frames (tests/conftest.py), unless a test asks for every frame painted.
DRAW_IN_SLICES = True
#: The time, in seconds, one turn of the loop spends drawing widgets' lines ahead of a full draw.
SLICE = 0.004


async def draw_lines_in_slices(
    screen: Screen[object], widgets: Collection[Widget] | None = None
) -> None:
    """Draw the lines of the widgets `screen` shows (or of those of them in `widgets`) into
    each widget's own cache, a slice of SLICE at a time with a moment (ASIDE) between: the
    draw that follows finds them drawn. A widget laid out again meanwhile is passed over, and
    one that changes after it is drawn draws again, as ever."""
    compositor = screen._compositor
    began = perf_counter()
    shown = compositor.visible_widgets
    chosen = list(
        shown.items() if widgets is None else ((w, shown[w]) for w in widgets if w in shown)
    )
    for widget, (region, clip) in chosen:
        if not screen.is_current:
            return
        if compositor.visible_widgets.get(widget) != (region, clip):
            continue
        seen = region.intersection(clip)
        try:
            widget.render_lines(seen.translate((-region.x, -region.y)))
        except Exception:  # the full draw meets it where Textual reports it
            return
        if perf_counter() - began >= SLICE:
            await asyncio.sleep(ASIDE)
            began = perf_counter()
