"""A scrolling form built a row at a time, drawn once its last row is in."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget

from homegame.tui.mount_styles import has_drawn


class PacedVerticalScroll(VerticalScroll):
    """A VerticalScroll that mounts its children one after another, each in turns of the loop
    of its own, and lets the app draw nothing until the last is in, so no one turn of the loop
    builds every row of the start screen. Its screen's own mount waits for the last row, so
    the screen is laid out once, whole. Before the app's first frame nothing waits on the loop
    but that frame, and all mount at once."""

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        if not has_drawn(self.app):
            await super().mount_composed_widgets(widgets)
            return
        with self.app.batch_update():
            for widget in widgets:
                await self.mount(widget)
