"""`homegame stats [--player NAME] [--since DATE] [--game GAME] [--bots] [--json]`: each
player's figures across every saved game (simulations aside), as PokerTracker defines them
(README, "Player statistics"). Only what the table saw is counted."""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING, Annotated, Any

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors, variant_or_fail

if TYPE_CHECKING:
    from rich.table import Table

    from homegame.stats.collect import PlayerLine


def since_or_fail(text: str | None) -> date | None:
    """--since as a date (YYYY-MM-DD), or exit 2 naming it."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--since: expected a date like 2026-01-31, got {text!r}")


def stats_lines(
    data_dir: Any,
    *,
    player: str | None = None,
    since: date | None = None,
    game: str | None = None,
    bots: bool = False,
) -> list[PlayerLine]:
    """The players' totals the command shows, most hands first: each player's over the
    betting games, then over KRG's (exits 2 on a bad name)."""
    from homegame.stats.collect import all_figures, player_totals
    from homegame.store import StoreError
    from homegame.store.players import all_players, find_player, seat_links

    journal = journal_or_fail(data_dir, create=False)
    try:
        wanted = None
        if player is not None:
            try:
                wanted = find_player(journal.conn, player).id
            except StoreError as error:
                fail(f"--player: {error}")
        names = {p.id: (p.name, p.bot) for p in all_players(journal.conn)}
        games = all_figures(journal)
        links = seat_links(journal.conn)
    finally:
        journal.close()
    lines: list[PlayerLine] = []
    for krg in (False, True):  # money a game is per kind: the betting games', KRG's
        totals = player_totals(games, links, names, since=since, game=game, krg=krg)
        found = [
            line
            for line in totals.values()
            if (wanted is None or line.player_id == wanted) and (bots or not line.bot or wanted)
        ]
        lines += sorted(found, key=lambda t: (-t.counts.hands - t.counts.deals, t.name.casefold()))
    return lines


def _table(title: str) -> Table:
    """A table with no outer border and one space between columns: it fits 80 columns."""
    from rich import box
    from rich.table import Table

    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, collapse_padding=True)  # fmt: skip


def stats_tables(lines: list[PlayerLine], game: str | None) -> list[object]:
    """The Rich tables: the betting games' figures, and KRG's when KRG was played."""
    from homegame.stats.figures import BETTING, KRG, MONEY, shown

    out: list[object] = []
    betting = [t for t in lines if t.counts.hands] if game != "krg" else []
    if betting:
        table = _table("Players: Hold'em, Omaha, Double Board, Yukon")
        table.add_column("player", max_width=10, no_wrap=True)
        table.add_column("hands", justify="right")
        for figure in (*BETTING, *MONEY):
            table.add_column(figure.heading, justify="right", min_width=len(figure.heading))
        for line in betting:
            row = [shown(f, line.counts) for f in (*BETTING, *MONEY)]
            table.add_row(line.name, f"{line.counts.hands:,}", *row)
        out.append(table)
    krg = [t for t in lines if t.counts.deals]
    if krg:
        table = _table("Players: KRG")
        table.add_column("player", max_width=10, no_wrap=True)
        table.add_column("deals", justify="right")
        table.add_column("won", justify="right")
        table.add_column("series", justify="right")
        table.add_column("won", justify="right")
        table.add_column("kept best", justify="right")
        table.add_column("$/game", justify="right")
        for line in krg:
            c = line.counts
            table.add_row(
                line.name, f"{c.deals:,}", f"{c.deals_won:,}", f"{c.series:,}",
                f"{c.series_won:,}",
                f"{shown(KRG[2], c)}% of {c.discards_judged:,}" if c.discards_judged else "-",
                shown(MONEY[0], c),
            )  # fmt: skip
        out.append(table)
    return out


def stats_json(lines: list[PlayerLine]) -> list[dict[str, Any]]:
    """The totals as JSON data: each player's counts and figures."""
    from homegame.stats.figures import as_json

    return [
        {"player": t.name, "bot": t.bot, "counts": t.counts.as_dict(), "figures": as_json(t.counts)}
        for t in lines
    ]


def stats_command(
    player: Annotated[
        str | None, typer.Option("--player", help="Only this player (a name or nickname).")
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", help="Only games started on this date (YYYY-MM-DD) or after."),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="Only this game: holdem, yukon, krg, omaha or double-board."),
    ] = None,
    bots: Annotated[bool, typer.Option("--bots", help="Show the bots too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Each player's VPIP, PFR, 3-bet, c-bet, showdowns, aggression, bb/100 and money per
    game across the saved games (KRG: deals, series, discards); see the README."""
    from rich.console import Console

    key = variant_or_fail(game).key if game is not None else None
    lines = stats_lines(data_dir, player=player, since=since_or_fail(since), game=key, bots=bots)
    if as_json:
        typer.echo(json.dumps(stats_json(lines), indent=1, ensure_ascii=False))
        return
    console = Console(highlight=False)
    if not lines:
        console.print("No hands yet for these players: a game played with names adds them.")
        return
    for item in stats_tables(lines, key):
        console.print(item)


def register(app: typer.Typer) -> None:
    """Add the `stats` command."""
    app.command("stats", cls=OneLineErrors)(stats_command)
