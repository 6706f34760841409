"""`homegame players [rename OLD NEW | merge NAME INTO | nick NAME NICKNAME]`: the regulars.

With no action, the list: each player's name, nickname, how many games they sat in, and
whether a bot. A rename and a merge keep every game the player sat in (the games keep the
names they were played under); a merge makes one player of a person saved under two names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors

if TYPE_CHECKING:
    from homegame.store.players import Player

#: Each action and the names it takes.
ACTIONS = {"list": (), "rename": ("OLD", "NEW"), "merge": ("NAME", "INTO"),
           "nick": ("NAME", "NICKNAME")}  # fmt: skip


def players_command(
    action: Annotated[
        str, typer.Argument(help="list (the default), rename, merge or nick.")
    ] = "list",
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="rename OLD NEW, merge NAME INTO, nick NAME NICKNAME.", show_default=False
        ),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """List the players across games; rename one, merge two, or give one a nickname."""
    from homegame.store import StoreError
    from homegame.store import players as store

    wanted = ACTIONS.get(action)
    if wanted is None:
        fail(f"no action {action!r}: list, rename, merge or nick")
    given = names or []
    if len(given) != len(wanted):
        usage = " ".join(wanted)
        fail(f"{action} takes {len(wanted)} names: homegame players {action} {usage}".rstrip())
    journal = journal_or_fail(data_dir, create=action == "list", write=action != "list")
    try:
        if action == "rename":
            player = store.rename(journal.conn, given[0], given[1])
            typer.echo(f"{given[0]} is now {player.shown} ({player.games} games kept)")
        elif action == "merge":
            player = store.merge(journal.conn, given[0], given[1])
            typer.echo(f"{given[0]} merged into {player.shown} ({player.games} games)")
        elif action == "nick":
            player = store.set_nickname(journal.conn, given[0], given[1])
            typer.echo(f"{player.shown}")
        else:
            _print_list(store.all_players(journal.conn))
    except StoreError as error:
        fail(str(error))
    finally:
        journal.close()


def _print_list(shown: list[Player]) -> None:
    """The list as a plain table, one player a line."""
    if not shown:
        typer.echo("No players yet: a game played with names adds them.")
        return
    width = max(len(p.name) for p in shown)
    typer.echo(f"{'player':<{width}}  nickname          games")
    for p in shown:
        tail = "  (bot)" if p.bot else ""
        typer.echo(f"{p.name:<{width}}  {p.nickname:<16}  {p.games:>5}{tail}")


def register(app: typer.Typer) -> None:
    """Add the `players` command."""
    app.command("players", cls=OneLineErrors)(players_command)
