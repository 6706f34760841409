"""The end of a game: the freezeout winner's certificate or the KRG series winner, savable as text
or SVG."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.console import Console
from rich.panel import Panel
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Static

from homegame.money.freezeout import ordinal as _ordinal
from homegame.paths import data_dir
from homegame.play.results import GameResult
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.plain import Plain

if TYPE_CHECKING:
    from homegame.store.history import Chart


@dataclass(frozen=True)
class Certificate:
    """Who won what, when, after how many hands (or deals), and where everyone finished."""

    winner: str
    game: str
    date: str
    hands: int
    detail: str = ""
    title: str = "Winner"
    #: Each player's place, first to last (tied players share a place).
    places: tuple[tuple[int, str], ...] = ()
    #: "Hands" for a freezeout, "Deals" for a KRG series.
    played: str = "Hands"
    #: 'Practice deal: seed 42' for a seeded game, whose cards anyone with the seed can know.
    practice: str = ""
    #: A game played for money: each prize won by name, as written ('715.00').
    prizes: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, result: GameResult, day: str, practice: str = "") -> Certificate:
        """The certificate of a game's result, dated `day` ('2026-12-03')."""
        return cls(
            winner=result.winner,
            game=result.game,
            date=day,
            hands=result.hands,
            detail=result.detail,
            title=result.title,
            places=result.places,
            played=result.played,
            practice=practice,
            prizes=result.prizes,
        )

    def lines(self) -> list[str]:
        """The certificate as plain lines."""
        out = [
            f"{self.title}: {self.winner}",
            f"Game: {self.game}",
            f"Date: {self.date}",
            f"{self.played} played: {self.hands}",
        ]
        if self.detail:
            out.append(self.detail)
        if self.practice:
            out.append(self.practice)
        won = dict(self.prizes)
        if won.get(self.winner):
            out.append(f"Prize: {won[self.winner]}")
        if self.places:
            out.append("Finishing order:")
            for place, name in self.places:
                prize = f"  {won[name]}" if won.get(name) else ""
                out.append(f"{_ordinal(place)}  {name}{prize}")
        return out

    def text(self) -> str:
        """The certificate as a text file."""
        rule = "=" * 44
        body = "\n".join(f"  {line}" for line in self.lines())
        return f"{rule}\n  homegame: certificate\n{rule}\n{body}\n{rule}\n"

    def svg(self) -> str:
        """The certificate as an SVG picture."""
        console = Console(record=True, width=60, file=io.StringIO())
        panel = Panel(
            Text("\n".join(self.lines()), justify="center"),
            title="homegame: certificate",
            border_style="bold yellow",
            padding=(1, 4),
        )
        console.print(panel)
        return console.export_svg(title=f"{self.winner} wins")

    def save(self, folder: Path, kind: str) -> Path:
        """Write the certificate as `kind` ("txt" or "svg") into `folder`; return the path."""
        stem = f"homegame-certificate-{self.winner}-{self.date}".replace(" ", "_")
        path = folder / f"{stem}.{kind}"
        path.write_text(self.text() if kind == "txt" else self.svg(), encoding="utf-8")
        return path


class CertificateScreen(MountStyled, Screen[None]):
    """The winner's certificate; t saves it as text, s as SVG (into the data directory, the path
    shown whole), Enter goes back to the start screen."""

    CSS_PATH = "certificate.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "save('txt')", "Save as text"),
        Binding("s", "save('svg')", "Save as SVG"),
        Binding("enter", "leave", "Start screen"),
    ]

    def __init__(
        self,
        certificate: Certificate,
        folder: Path | None = None,
        chart: Chart | None = None,
    ) -> None:
        super().__init__()
        self.certificate = certificate
        self.folder = folder
        self.saved: list[Path] = []
        #: The night's stacks (or KRG wins) by hand, drawn under the certificate when given.
        self.chart = chart

    def compose(self) -> ComposeResult:
        # Centred in a row of its own: the chart below is as wide as the screen, so the screen's
        # own centring would centre the two together and leave the box at the left.
        with Center(), Vertical(id="cert-box"):
            yield Plain("★ homegame certificate ★", id="cert-title")
            yield Plain("\n".join(self.certificate.lines()), id="cert-body")
            yield Plain(
                "t: save as text · s: save as SVG · Enter: back to the start screen",
                id="cert-status",
            )
        if self.chart is not None:
            from homegame.tui.widgets.stack_chart import StackChart  # plotext: only here

            yield StackChart(id="cert-chart")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.chart is not None:
            from homegame.tui.widgets.stack_chart import StackChart

            self.query_one(StackChart).show(*self.chart)

    def action_save(self, kind: str) -> None:
        try:
            folder = self.folder if self.folder is not None else data_dir()
            path = self.certificate.save(folder, kind)
        except OSError as exc:
            self.query_one("#cert-status", Static).update(f"Could not save: {exc}")
            return
        self.saved.append(path)
        # The path as plain text that may break anywhere, so it is shown whole, not cut mid-word.
        status = Text(f"Saved to:\n{path}", overflow="fold")
        self.query_one("#cert-status", Static).update(status)

    def action_leave(self) -> None:
        self.dismiss(None)
