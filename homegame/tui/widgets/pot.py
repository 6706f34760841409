"""The pot, and every side pot with who can win it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.tui.palette import themed
from homegame.tui.widgets.fit import refit


def pots_text(pots: Sequence[tuple[int, Sequence[str]]], in_front: int = 0) -> Text:
    """'Main pot 300 (Ann, Bob, Cleo) · Side pot 1: 400 (Bob, Cleo)', plus bets in front."""
    out = Text()
    if not pots:
        out.append(f"Pot {in_front:,} (bets in front)", style=themed("bold $gold"))
        return out
    for index, (amount, names) in enumerate(pots):
        if index:
            out.append("  ·  ")
        label = "Pot" if len(pots) == 1 else ("Main pot" if index == 0 else f"Side pot {index}")
        out.append(f"{label} {amount:,}", style=themed("bold $gold"))
        if len(pots) > 1 and names:
            out.append(f" ({', '.join(names)})", style=themed("$aside"))
    if in_front:
        out.append(f"   + {in_front:,} in bets", style=themed("$aside"))
    return out


class PotView(Widget):
    """The pots line above the seats."""

    DEFAULT_CSS = """
    PotView {
        height: auto;
        width: 100%;
        padding: 0 1;
    }
    """

    pots: reactive[tuple[tuple[int, tuple[str, ...]], ...]] = reactive(())
    in_front: reactive[int] = reactive(0)

    def show(self, pots: Sequence[tuple[int, Sequence[str]]], in_front: int = 0) -> None:
        """Show the pots as (amount, names who can win it) and the chips still in front."""
        self.pots = tuple((amount, tuple(names)) for amount, names in pots)
        self.in_front = in_front

    def watch_pots(self) -> None:
        refit(self)

    def watch_in_front(self) -> None:
        refit(self)

    def render(self) -> Text:
        return pots_text(self.pots, self.in_front)
