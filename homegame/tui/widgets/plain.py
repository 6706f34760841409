"""Text shown exactly as written: names and file paths come from people, so never markup."""

from __future__ import annotations

from typing import Any

from textual.visual import VisualType
from textual.widgets import Static


class Plain(Static):
    """A Static whose text is plain: '[bold]' or '[/]' in a name shows as typed."""

    def __init__(self, content: Any = "", **options: Any) -> None:
        super().__init__(content, markup=False, **options)
        self._said: Any = content

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._said = content
        super().update(content, layout=layout)

    def say(self, content: VisualType, *, layout: bool = True) -> None:
        """Show `content`, unless it is on show already: `update` lays out the whole screen
        again each time, and a prompt or message is set again on every turn. `layout=False`
        for a line whose size does not follow its text."""
        if content != self._said:
            self.update(content, layout=layout)
