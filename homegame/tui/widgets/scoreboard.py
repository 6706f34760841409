"""The KRG series scoreboard: wins per player, the target, the pool, the cube's value and the
side bet's pool when side bets are on."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.money.amounts import money_text
from homegame.tui.palette import themed
from homegame.tui.widgets.seat import fit_name


class Scoreboard(Widget):
    """Always in view during a KRG series."""

    DEFAULT_CSS = """
    Scoreboard {
        height: auto;
        width: 100%;
        border: round $brass;
        padding: 0 1;
    }
    """

    rows: reactive[tuple[tuple[str, int, bool], ...]] = reactive((), layout=True)
    target: reactive[int] = reactive(3)
    pool: reactive[int] = reactive(0)
    cube: reactive[int] = reactive(1)
    deal: reactive[int] = reactive(0)
    side_pool: reactive[int] = reactive(0, layout=True)

    def __init__(self, *, id: str | None = None, currency: str = "") -> None:
        super().__init__(id=id)
        self.border_title = "Series"
        self.currency = currency

    def show(
        self,
        wins: Sequence[tuple[str, int, bool]],
        target: int,
        pool_cents: int,
        cube: int = 1,
        deal: int = 0,
        side_pool: int = 0,
    ) -> None:
        """`wins` as (name, wins, still in the series); `side_pool` the side bet not yet won."""
        self.rows = tuple(wins)
        self.target = target
        self.pool = pool_cents
        self.cube = cube
        self.deal = deal
        self.side_pool = side_pool

    def render(self) -> Text:
        out = Text()
        out.append(
            f"First to {self.target} · pool {money_text(self.pool, self.currency)}",
            style=themed("bold $gold-pale"),
        )
        if self.cube > 1:
            out.append(f" · cube {self.cube}", style=themed("bold $gold-pale"))
        if self.deal:
            out.append(f" · deal {self.deal}", style=themed("$aside"))
        if self.side_pool:
            out.append(
                f"\nside bet on four of a kind: {money_text(self.side_pool, self.currency)}",
                style=themed("$gold-pale"),
            )
        for name, wins, live in self.rows:
            out.append("\n")
            marks = "●" * wins + "○" * max(0, self.target - wins)
            style = "" if live else themed("$muted")
            out.append(f"{fit_name(name, 12)} {marks} {wins}", style=style)
            if not live:
                out.append(" (dropped out)", style=themed("italic $muted"))
        return out
