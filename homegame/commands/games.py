"""`homegame games`: the saved games, newest first, and whether each is still being played."""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors
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
    typer.echo(f"{'#':>4}  {'date':16}  {'game':14} {'mode':13} {'hands':>5}  {'state':8}  players")
    for row in rows:
        state = row["state"] if not row["winner"] else f"won by {row['winner']}"
        players = ", ".join(row["players"])  # type: ignore[arg-type]
        typer.echo(
            f"{row['game_id']:>4}  {row['date']:16}  {row['game']:14} {row['mode']:13} "
            f"{row['hands']:>5}  {state:8}  {players}"
        )
    typer.echo("homegame resume [#] continues a game; homegame history # shows its hands.")


def register(app: typer.Typer) -> None:
    """Add the `games` command."""
    app.command("games", cls=OneLineErrors)(games_command)
