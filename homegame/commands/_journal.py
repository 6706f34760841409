"""The command line's way to the journal: `--data-dir`, and one error line when it can't open."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._errors import fail

if TYPE_CHECKING:  # the journal loads when a command uses it, not with the command line
    from homegame.store import Journal

#: The largest game number the journal can hold (an SQLite integer).
MAX_GAME_ID = 2**63 - 1

#: The `--data-dir` option every command that saves or reads games takes.
DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Where games are saved (default: HOMEGAME_DATA or the user data directory).",
    ),
]


def journal_or_fail(folder: Path | None, *, create: bool = True, write: bool = False) -> Journal:
    """The journal, or exit 2 with the one line saying why it cannot be used (`write`: to
    save a game to, so a read-only one will not do)."""
    from homegame.store import StoreError, open_journal

    try:
        journal = open_journal(folder, create=create)
        if write:
            journal.writable_or_raise()
    except StoreError as exc:
        fail(str(exc))
    return journal


def game_or_fail(journal: Journal, game: str | None, *, unfinished: bool = False) -> int:
    """The id of saved game `game` (None: the latest unfinished one), or exit 2."""
    from homegame.store import StoreError

    if game is None:
        record = journal.latest_unfinished()
        if record is None:
            fail("no unfinished game to resume (homegame games lists the saved ones)")
        return record.id
    text = game.strip().lstrip("#")
    if not text.isdigit():
        fail(f"expected a game number from homegame games, got {game!r}")
    if int(text) > MAX_GAME_ID:  # past what SQLite can hold, so past every saved game
        fail(f"no saved game {int(text)} (homegame games lists them)")
    try:
        record = journal.game(int(text))
    except StoreError as exc:
        fail(str(exc))
    if unfinished and record.finished:
        fail(f"game {record.id} is finished ({record.winner} won): nothing to resume")
    try:
        journal.check(record.id)
    except StoreError as exc:
        fail(str(exc))
    return record.id
