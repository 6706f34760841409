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
from typing import TYPE_CHECKING, Annotated, Any

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors

if TYPE_CHECKING:
    from homegame.stats.league import League

#: The CSV's columns, in order.
CSV_COLUMNS = ("rank", "player", "points", "games", "wins", "cashes", "net")


def load_league(data_dir: Any, *, season: str | None, points: str, bots: bool) -> League | None:
    """The season's league from the journal (None: no league game saved yet); exits 2 with
    one line on a bad season or points table."""
    from homegame.stats.collect import all_figures
    from homegame.stats.league import (
        LeagueError,
        check_season,
        latest_season,
        league_table,
        parse_points,
    )
    from homegame.store.players import all_players, seat_links

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
        games = all_figures(journal)
        names = {p.id: (p.name, p.bot) for p in all_players(journal.conn)}
        links = seat_links(journal.conn)
    finally:
        journal.close()
    chosen = wanted or latest_season(games)
    if chosen is None:
        return None
    return league_table(games, links, names, season=chosen, points=table, bots=bots)


def ranks(league: League) -> list[int]:
    """Each standing's rank: equal points, wins and net share a rank."""
    out: list[int] = []
    for index, row in enumerate(league.standings):
        before = league.standings[index - 1] if index else None
        same = before is not None and (before.points, before.wins, before.net_cents) == (
            row.points, row.wins, row.net_cents)  # fmt: skip
        out.append(out[-1] if same else index + 1)
    return out


def _net(cents: int, games: int) -> str:
    """Net money as 12.50, or nothing when no game was played for money."""
    from homegame.money.amounts import format_cents

    return format_cents(cents) if games else ""


def league_rows(league: League) -> list[list[str]]:
    """The table's rows as text, in CSV_COLUMNS order."""
    return [
        [
            str(rank),
            r.name,
            str(r.points),
            str(r.games),
            str(r.wins),
            str(r.cashes),
            _net(r.net_cents, r.money_games),
        ]
        for rank, r in zip(ranks(league), league.standings, strict=True)
    ]


def league_csv(league: League) -> str:
    """The table as CSV text, a header row first."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(league_rows(league))
    return out.getvalue()


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
    """The season's league table: points by finish in its freezeouts, games, wins, cashes
    and net money."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    league = load_league(data_dir, season=season, points=points, bots=bots)
    console = Console(highlight=False)
    if league is None:
        console.print("No league games yet: a finished freezeout with names is one.")
        return
    word = "game" if len(league.games) == 1 else "games"
    table = Table(title=f"League {league.season}: {len(league.games)} {word}", title_justify="left",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)  # fmt: skip
    for column in CSV_COLUMNS:
        table.add_column(column, justify="left" if column == "player" else "right")
    for row in league_rows(league):
        table.add_row(*row)
    console.print(table)
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
