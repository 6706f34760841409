"""A scrolling form built a row at a time (issue 15: stalls)."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget

from homegame.tui.mount_styles import has_drawn


class PacedVerticalScroll(VerticalScroll):
    """A VerticalScroll that mounts its children one after another, each in turns of the loop
    of its own, and lets the app draw nothing until the last is in: the start screen's rows,
    all mounted at once, were 45-55 ms in one turn the first time it was shown after a game.
    Its screen's own mount waits for the last row, so the screen is laid out once, whole.
    Before the app's first frame nothing waits on the loop but that frame, and all mount at
    once."""

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        if not has_drawn(self.app):
            await super().mount_composed_widgets(widgets)
            return
        with self.app.batch_update():
            for widget in widgets:
                await self.mount(widget)
