"""`homegame stats [--player NAME] [--since DATE] [--game GAME] [--bots] [--json]`: each
player's figures across every saved game (simulations aside), as PokerTracker defines them
(README, "Player statistics"). Only what the table saw is counted."""

from __future__ import annotations

import json
from datetime import date
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors, variant_or_fail


def since_or_fail(text: str | None) -> date | None:
    """--since as a date (YYYY-MM-DD), or exit 2 naming it."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        fail(f"--since: expected a date like 2026-01-31, got {text!r}")


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
    """Each player's VPIP, PFR, 3-bet, c-bet, showdowns, bb/100 and more across games.

    As PokerTracker defines them (the README says how each is counted); KRG: deals, series and
    discards that kept the best hand."""
    from rich.console import Console

    from homegame.stats.report import player_lines, stats_json, stats_tables
    from homegame.store import StoreError
    from homegame.store.players import find_player

    key = variant_or_fail(game).key if game is not None else None
    first = since_or_fail(since)
    journal = journal_or_fail(data_dir, create=False)
    try:
        wanted = None
        if player is not None:
            try:
                wanted = find_player(journal.conn, player).id
            except StoreError as error:
                fail(f"--player: {error}")
        lines = player_lines(journal, player_id=wanted, since=first, game=key, bots=bots)
    finally:
        journal.close()
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
