"""`homegame history GAME [--hand N] [--json]`: a saved game's hands, as the table saw them."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, game_or_fail, journal_or_fail
from homegame.commands._specs import OneLineErrors


def history_command(
    game: Annotated[str, typer.Argument(help="The game's number (homegame games).")],
    hand: Annotated[int | None, typer.Option("--hand", help="Only this hand (or deal).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    data_dir: DataDir = None,
) -> None:
    """Print each finished hand of a saved game in plain words (only what the table saw)."""
    from homegame.store.history import history_text, load_history

    journal = journal_or_fail(data_dir, create=False)
    history = load_history(journal, game_or_fail(journal, game))
    journal.close()
    if hand is not None and not any(h.number == hand for h in history.hands):
        count = len(history.hands)
        fail(f"--hand: game {history.record.id} has hands 1 to {count}, not {hand}")
    if as_json:
        typer.echo(json.dumps(history.as_json(hand), indent=1, ensure_ascii=False))
    else:
        typer.echo(history_text(history, hand))


def register(app: typer.Typer) -> None:
    """Add the `history` command."""
    app.command("history", cls=OneLineErrors)(history_command)
