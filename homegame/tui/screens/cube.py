"""KRG's doubling cube between deals: who turns it, and each other player's answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.plain import Plain


class CubeTurnScreen(MountStyled, ModalScreen[int | None]):
    """Between deals: a number key names who turns the cube; Enter deals on without it."""

    CSS_PATH = "cube.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"turn({n})", show=False) for n in range(1, 8)),
        Binding("enter", "skip", "Deal on"),
        Binding("escape", "skip", "Deal on", show=False),
        QUIT_KEY,
    ]

    def __init__(self, choices: Sequence[tuple[int, str]], cube: int) -> None:
        super().__init__()
        self.choices = list(choices)
        self.cube = cube

    def compose(self) -> ComposeResult:
        lines = [f"  {n}: {name} turns it" for n, (_, name) in enumerate(self.choices, start=1)]
        with Vertical(id="cube-box"):
            yield Plain(
                f"Doubling cube: now {self.cube}, would go to {self.cube * 2}", id="cube-title"
            )
            yield Plain("\n".join(lines) or "  Nobody may turn it now.", id="cube-choices")
            yield Plain("Enter: deal on without turning it", id="cube-help")

    def action_turn(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1][0])

    def action_skip(self) -> None:
        self.dismiss(None)


class CubeAnswerScreen(MountStyled, ModalScreen[bool]):
    """One player answers the cube: d doubles the stake, x drops out of the series."""

    CSS_PATH = "cube.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "answer(True)", "Double"),
        Binding("x", "answer(False)", "Drop out"),
        QUIT_KEY,
    ]

    def __init__(self, name: str, turner: str, cube: int, stake: str) -> None:
        super().__init__()
        self.player = name
        self.turner = turner
        self.cube = cube
        self.stake = stake

    def compose(self) -> ComposeResult:
        with Vertical(id="cube-box"):
            yield Plain(f"{self.turner} turned the cube to {self.cube}", id="cube-title")
            yield Plain(
                f"{self.player}: d to double (your stake becomes {self.stake}),\n"
                "x to drop out and forfeit what you paid in.",
                id="cube-choices",
            )

    def action_answer(self, double: bool) -> None:
        self.dismiss(double)
