"""`homegame export GAME --format phh|pokerstars|json [--out FILE] [--all-cards]`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, game_or_fail, journal_or_fail
from homegame.commands._specs import OneLineErrors


def export_command(
    game: Annotated[str, typer.Argument(help="The game's number (homegame games).")],
    fmt: Annotated[
        str, typer.Option("--format", help="phh (Hold'em), pokerstars (Hold'em) or json.")
    ] = "json",
    out: Annotated[Path | None, typer.Option("--out", help="Write to FILE, not stdout.")] = None,
    all_cards: Annotated[
        bool, typer.Option("--all-cards", help="A finished game: every hole card dealt, too.")
    ] = False,
    data_dir: DataDir = None,
) -> None:
    """Export a saved game: PHH or PokerStars-style text for Hold'em, JSON for every game."""
    from homegame.store import StoreError
    from homegame.store.export import export_game, hand_starts
    from homegame.store.recorder import GameLog

    journal = journal_or_fail(data_dir, create=False)
    log = GameLog(journal, game_or_fail(journal, game))
    try:
        inputs = log.inputs()
        events = [e for record in inputs for e in record.events]
        started = hand_starts(inputs)
        text = export_game(log.record, events, fmt.lower(), all_cards=all_cards, started=started)
    except StoreError as exc:
        fail(str(exc))
    finally:
        journal.close()
    if out is None:
        typer.echo(text, nl=False)
        return
    from homegame.paths import write_export

    if out.is_dir():
        fail(f"--out: {out} is a directory; give a file name")
    try:
        write_export(out, text)
    except OSError as exc:
        fail(f"--out: cannot write {out}: {exc.strerror or exc}")
    typer.echo(f"Wrote {out}")


def register(app: typer.Typer) -> None:
    """Add the `export` command."""
    app.command("export", cls=OneLineErrors)(export_command)
