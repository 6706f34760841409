"""`homegame resume [GAME]`: continue a saved game exactly where it stopped."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._errors import fail, need_a_terminal
from homegame.commands._journal import DataDir, game_or_fail, journal_or_fail
from homegame.commands._specs import OneLineErrors

if TYPE_CHECKING:
    from homegame.tui.safe_app import SafeApp


def resume_command(
    game: Annotated[
        str | None, typer.Argument(help="The game's number (homegame games); default: the latest.")
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """Continue the latest unfinished game, or the one named: the same hand, street and turn."""
    from homegame.devices.tokens import saved_setup
    from homegame.host.night import check_replays
    from homegame.store import StoreError
    from homegame.store.recorder import HOST, GameLog

    journal = journal_or_fail(data_dir, create=False, write=True)
    log = GameLog(journal, game_or_fail(journal, game, unfinished=True))
    try:  # open in another window: said first, whatever this terminal is
        log.claim()
        check_replays(log)  # a journal the game refuses is one line, not a crash at the table
    except StoreError as exc:
        fail(str(exc))
    need_a_terminal()
    if log.record.mode == HOST:
        from homegame.tui.screens.host import HostApp

        app: SafeApp = HostApp(log.config, journal=log)
    elif saved_setup(log) is not None:  # played on phones: the same links again
        from homegame.commands.display import can_listen_or_fail
        from homegame.tui.devices_app import DevicesApp
        from homegame.tui.screens.devices import where_line

        setup = saved_setup(log)
        assert setup is not None
        can_listen_or_fail(setup.host, setup.port)
        typer.echo(where_line(setup.host, setup.port))
        app = DevicesApp(journal=journal, resume=log)
    else:
        from homegame.tui.app import HomegameApp

        app = HomegameApp(journal=journal, resume=log)
    app.run()
    if app.return_code:
        raise typer.Exit(app.return_code)


def register(app: typer.Typer) -> None:
    """Add the `resume` command."""
    app.command("resume", cls=OneLineErrors)(resume_command)
