"""Where homegame keeps its files: one data directory, chosen once for every part of the app."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: Set this to put the data directory somewhere else (tests, a second profile, a USB stick).
DATA_ENV = "HOMEGAME_DATA"


def data_dir(create: bool = True) -> Path:
    """The data directory: $HOMEGAME_DATA if set, else the platform's user data directory.

    Created owner-only (0700) when missing, since it holds game journals and crash logs."""
    override = os.environ.get(DATA_ENV, "").strip()
    folder = (
        Path(override).expanduser() if override else Path(platformdirs.user_data_dir("homegame"))
    )
    if create:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def private_file(path: Path) -> int:
    """Open `path` for writing, created owner-only (0600) and truncated; returns the descriptor."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    os.fchmod(fd, 0o600)
    return fd


def write_export(path: Path, text: str) -> None:
    """Write `text` to `path`: a file made now is owner-only (0600), as an export can hold the
    game's cards; a file the user already made keeps the mode they gave it."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with open(fd, "w", encoding="utf-8") as out:
        out.write(text)
