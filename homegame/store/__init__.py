"""The journal: every game saved as it is played, for resume, undo, history and exports.

See `journal` (the SQLite file's games and inputs), `inputs` (each input's explicit record),
`tags` (the stable tags of stored events and configs), `format_v1` (reading the format before),
`recorder` (journalling at the session boundary), `resume` (replay), `history` and `export`.
"""

from __future__ import annotations

from pathlib import Path

from homegame.store.db import StoreError
from homegame.store.journal import Journal

__all__ = ["Journal", "StoreError", "open_journal"]


def open_journal(folder: Path | None = None, *, create: bool = True) -> Journal:
    """The journal in `folder` (default: the data directory); StoreError says why not."""
    from homegame.paths import data_dir

    try:
        where = folder if folder is not None else data_dir(create=create)
    except OSError as exc:
        raise StoreError(f"cannot use the data directory: {exc}") from None
    return Journal(where, create=create)
