"""The blank "Pass to NAME" screen that covers the table between two people in pass-and-play."""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button

from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain


class HandoffScreen(MountStyled, Screen[bool]):
    """Covers everything until NAME confirms they alone are looking; dismisses with True.

    Keys pressed in the first `GUARD_SECONDS` are ignored, so an Enter held down (or pressed
    twice) by the last person does not open the next person's cards. Only Enter or a click
    confirms: the button never takes focus, so space (the hurry key) and the action keys a
    player taps out of habit cannot press it.
    """

    GUARD_SECONDS: ClassVar[float] = 0.6
    #: Under 20 rows the box drops its spacing (handoff.tcss), so it fits whole at 40x12.
    #: (Screen declares it `ClassVar[...] | None`, which mypy takes for an instance variable.)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (20, "-tall")]  # noqa: RUF012

    CSS_PATH = "handoff.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "Show my cards", show=True),
    ]

    def __init__(self, name: str, why: str = "") -> None:
        super().__init__()
        self.player = name
        self.why = why
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="handoff-box"):
            yield Plain(f"Pass to {self.player}", id="handoff-title")
            yield Plain(self.why or "It is your turn.", id="handoff-why")
            yield Plain(
                f"{self.player}: make sure nobody else can see the screen,\nthen press Enter.",
                id="handoff-help",
            )
            button = Button(
                Text(f"I am {self.player}: show my cards"), id="handoff-ok", variant="primary"
            )
            button.can_focus = False
            yield button
        yield KeysFooter()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()
        self.set_focus(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_confirm()

    def action_confirm(self) -> None:
        if time.monotonic() - self.shown_at < self.GUARD_SECONDS:
            return
        self.dismiss(True)
