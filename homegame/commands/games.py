"""`homegame games`: the saved games, newest first, and whether each is still being played."""

from __future__ import annotations

import json
import shutil
import textwrap
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.cells import cell_len

from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors
from homegame.text import printable
from homegame.variants import VARIANTS

if TYPE_CHECKING:
    from homegame.store.journal import GameRecord


def _local(stamp: str) -> str:
    """A stored UTC time as the local date and time, to the minute."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


def describe(record: GameRecord) -> dict[str, object]:
    """A saved game as the listing shows it."""
    variant = VARIANTS.get(record.game)
    return {
        "game_id": record.id,
        "date": _local(record.created),
        "game": variant.name if variant else record.game,
        "mode": record.mode,
        "players": list(record.players),
        "hands": record.hands,
        "state": record.state,
        "winner": record.winner,
    }


def games_command(
    data_dir: DataDir = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the saved games: date, game, mode, players, hands, playing or finished, winner."""
    journal = journal_or_fail(data_dir)
    rows = [describe(r) for r in reversed(journal.games())]
    damaged = journal.damaged
    journal.close()
    if rows or as_json or not damaged:
        _listing(rows, as_json)
    for problem in damaged.values():  # the other games listed; each damaged one in a line
        typer.echo(f"homegame: error: {problem}", err=True)
    if damaged:
        raise typer.Exit(2)


def _listing(rows: list[dict[str, object]], as_json: bool) -> None:
    """Print the listing of `rows`, as a table or JSON."""
    if as_json:
        typer.echo(json.dumps(rows, indent=1, ensure_ascii=False))
        return
    if not rows:
        typer.echo("No saved games yet: homegame play or homegame host starts one.")
        return
    _table(rows)
    typer.echo("homegame resume [#] continues a game; homegame history # shows its hands.")


#: The listing's columns: heading, right-aligned, wraps between words (else never wraps).
COLUMNS = (
    ("#", True, False),
    ("date", False, False),
    ("game", False, True),
    ("mode", False, False),
    ("hands", True, False),
    ("state", False, True),
    ("players", False, True),
)
#: The players' column is squeezed no narrower than this while the game and state can wrap.
PLAYERS_WIDTH = 24
GAP = "  "
NO_BREAK = "\u00a0"


def _widths(cells: list[list[str]], width: int) -> list[int]:
    """Each column's width: its widest cell, the wrapping ones (game, state) cut down towards
    their longest word until the players' column has PLAYERS_WIDTH, and the players' column
    the rest of the line."""
    natural = [max(cell_len(row[i]) for row in cells) for i in range(len(COLUMNS))]
    game, state, players = 2, 5, 6
    fixed = sum(natural[:players]) + len(GAP) * players
    shortest = {i: _longest_word_in(cells, i) for i in (game, state)}
    while fixed + PLAYERS_WIDTH > width:
        i = max((game, state), key=lambda i: natural[i] - shortest[i])
        if natural[i] <= shortest[i]:
            break
        natural[i] -= 1
        fixed -= 1
    natural[players] = min(natural[players], max(width - fixed, _longest_word_in(cells, players)))
    return natural


def _longest_word_in(cells: list[list[str]], column: int) -> int:
    """The widest word of a column: narrower, it would be cut mid-word."""
    words = (word for row in cells for word in row[column].split(" "))
    return max((cell_len(word) for word in words), default=0)


def _table(rows: list[dict[str, object]]) -> None:
    """The listing as aligned columns in the terminal's width: a long game name, winner or list
    of players wraps between words inside its own column (at the edge of the terminal it was
    cut mid-word and pushed the columns after it out of line)."""
    cells = [[heading for heading, _, _ in COLUMNS]]
    for row in rows:
        state = row["state"] if not row["winner"] else f"won by {row['winner']}"
        # Each name kept whole on its line (a no-break space inside it): "Bot 1" is one name.
        names = [name.replace(" ", NO_BREAK) for name in row["players"]]  # type: ignore[attr-defined]
        players = ", ".join(names)
        shown = (row["game_id"], row["date"], row["game"], row["mode"], row["hands"], state)
        cells.append([printable(str(cell)) for cell in (*shown, players)])
    widths = _widths(cells, shutil.get_terminal_size().columns)
    for shown_row in cells:
        parts = [
            (textwrap.wrap(cell, width, break_on_hyphens=False) or [""]) if wraps else [cell]
            for cell, width, (_, _, wraps) in zip(shown_row, widths, COLUMNS, strict=True)
        ]
        for n in range(max(len(part) for part in parts)):
            line = []
            for part, width, (_, right, _) in zip(parts, widths, COLUMNS, strict=True):
                text = part[n].replace(NO_BREAK, " ") if n < len(part) else ""
                pad = " " * max(width - cell_len(text), 0)
                line.append(pad + text if right else text + pad)
            typer.echo(GAP.join(line).rstrip())


def register(app: typer.Typer) -> None:
    """Add the `games` command."""
    app.command("games", cls=OneLineErrors)(games_command)
