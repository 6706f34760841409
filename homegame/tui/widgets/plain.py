"""Text shown exactly as written: names and file paths come from people, so never markup."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static


class Plain(Static):
    """A Static whose text is plain: '[bold]' or '[/]' in a name shows as typed."""

    def __init__(self, content: Any = "", **options: Any) -> None:
        super().__init__(content, markup=False, **options)
