"""`homegame display [GAME]`: the room's big view of a running host game, read from the journal.

A second terminal (or, with `--serve`, a browser on the room's TV) follows the game the host
is running: the big clock, the blinds now and next, the time to the break, players left, the
average stack and the chip leader; for KRG the series score, pool and cube. It only reads the
journal and never shows a card.
"""

from __future__ import annotations

import shlex
import sys
from importlib import resources
from typing import Annotated

import typer

from homegame.commands._errors import fail, need_a_terminal
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors


def display_command(
    game: Annotated[
        str | None,
        typer.Argument(help="The game's number (homegame games); default: the latest hosted one."),
    ] = None,
    data_dir: DataDir = None,
    serve: Annotated[
        bool, typer.Option("--serve", help="Serve the view to a web browser (textual-serve).")
    ] = False,
    host: Annotated[
        str | None,
        typer.Option("--host", help="With --serve: the address to listen on (default: localhost)."),
    ] = None,
    port: Annotated[int, typer.Option("--port", help="With --serve: the port.")] = 8000,
) -> None:
    """Show the running host game's clock and blinds full screen, read-only."""
    from homegame.store.recorder import HOST

    if host is not None and not serve:
        fail("--host: only with --serve")
    if not 1 <= port <= 65535:
        fail(f"--port: expected 1 to 65535, got {port}")
    journal = journal_or_fail(data_dir, create=False)
    game_id: int | None = None  # none named: the hosted game played last, whichever it is
    if game is None:
        hosted = [r for r in journal.unfinished() if r.mode == HOST]
        if not hosted:
            fail("no hosted game is running (homegame host starts one; homegame games lists them)")
    else:
        text = game.strip().lstrip("#")
        if not text.isdigit() or len(text) > 9:
            fail(f"expected a game number from homegame games, got {game!r}")
        game_id = int(text)
        known = {r.id: r for r in journal.games()}
        if game_id in journal.damaged:
            fail(journal.damaged[game_id])
        if game_id not in known:
            fail(f"no saved game {game_id} (homegame games lists them)")
        if known[game_id].mode != HOST:
            fail(f"game {game_id} is not a hosted game: display follows homegame host")
    from homegame.store import StoreError

    try:
        journal.check(game_id if game_id is not None else hosted[0].id)
    except StoreError as exc:
        fail(str(exc))
    if serve:
        _serve(game_id, data_dir, host, port)
        return
    from homegame.host.follow import Follower
    from homegame.tui.screens.display import DisplayApp

    need_a_terminal()
    app = DisplayApp(Follower(journal, game_id).view, interval=0.5)  # within a second
    app.run()
    if app.return_code:  # a signal's status (130, 143, 129) or a crash's
        raise typer.Exit(app.return_code)


def _serve(game_id: int | None, data_dir: object, host: str | None, port: int) -> None:
    """Run the display under textual-serve, for a browser on the room's TV."""
    from textual_serve.server import Server

    address = host or "localhost"
    can_listen_or_fail(address, port)
    command = [sys.executable, "-m", "homegame", "display"]
    command += [] if game_id is None else [str(game_id)]
    if data_dir is not None:
        command += ["--data-dir", str(data_dir)]
    where = (
        "only this machine can open it (--host 0.0.0.0 lets the room's TV in)"
        if host is None
        else f"listening on {address}: anyone on that network can watch"
    )
    which = "the hosted game played last" if game_id is None else f"game {game_id}"
    typer.echo(f"homegame display: serving {which} on http://{address}:{port}/ ({where})")
    # The page is homegame's own (homegame/data/serve): a local font and digits sized for a TV.
    templates = resources.files("homegame") / "data" / "serve"
    Server(
        shlex.join(command),
        host=address,
        port=port,
        title="homegame display",
        templates_path=str(templates),
    ).serve()


def can_listen_or_fail(address: str, port: int) -> None:
    """Exit 2 unless this machine can listen on `address` and `port`: checked before the
    server starts, which would otherwise stop on it with a traceback."""
    import socket

    try:
        family, kind, _, _, where = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM)[0]
    except (OSError, UnicodeError) as exc:
        why = getattr(exc, "strerror", None) or exc
        fail(f"--host: no such address {address!r} ({why})")
    try:
        with socket.socket(family, kind) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            probe.bind(where)
    except OSError as exc:
        fail(f"--host: cannot listen on {address} port {port} ({exc.strerror or exc})")


def register(app: typer.Typer) -> None:
    """Add the `display` command."""
    app.command("display", cls=OneLineErrors)(display_command)
