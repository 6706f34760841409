"""`homegame league [--season NAME] [--points "10,7,5,3,1"] [--bots] [--csv FILE]`: the
season's freezeouts as a league table: points by finish, games, wins, cashes, net money.

`--csv FILE` also writes the table as CSV with these columns (amounts like 12.50):

    rank     the place in the table (1: the leader; equal points, wins and net share it)
    player   the player's name (now: a renamed player's new name)
    points   points by finish over the season
    games    league games played
    wins     games won
    cashes   games finished in the money (a prize or a chop's share)
    net      money won or lost over the season's games played for money
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors


def league_command(
    season: Annotated[
        str | None,
        typer.Option(
            "--season",
            help="A year (2026), quarter (2026-Q4) or month (2026-11); default: the latest "
            "game's year.",
        ),
    ] = None,
    points: Annotated[
        str,
        typer.Option(
            "--points",
            help='Points for 1st, 2nd, ... ("10,7,5,3,1"), or entries: one for each entry '
            "finished ahead of, plus one.",
        ),
    ] = "10,7,5,3,1",
    bots: Annotated[bool, typer.Option("--bots", help="Show the bots too.")] = False,
    csv_file: Annotated[
        Path | None,
        typer.Option("--csv", help="Also write the table as CSV (columns: see the README)."),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """The season's league: points by finish in its freezeouts, games, wins, cashes, net."""
    from rich.console import Console

    from homegame.stats.league import LeagueError, check_season, parse_points
    from homegame.stats.report import league_csv, league_view, load_league

    try:
        table = parse_points(points)
    except LeagueError as error:
        fail(f"--points: {error}")
    try:
        wanted = check_season(season) if season is not None else None
    except LeagueError as error:
        fail(f"--season: {error}")
    journal = journal_or_fail(data_dir, create=False)
    try:
        league = load_league(journal, season=wanted, points=table, bots=bots)
    finally:
        journal.close()
    console = Console(highlight=False)
    if league is None:
        console.print("No league games yet: a finished freezeout with names is one.")
        return
    console.print(league_view(league))
    if not league.standings:
        console.print("Nobody but bots played this season (--bots shows them).")
    if csv_file is not None:
        from homegame.paths import write_export

        try:
            write_export(csv_file, league_csv(league))
        except OSError as error:
            fail(f"--csv: cannot write {csv_file}: {error.strerror or error}")
        console.print(f"Written to {csv_file}")


def register(app: typer.Typer) -> None:
    """Add the `league` command."""
    app.command("league", cls=OneLineErrors)(league_command)
