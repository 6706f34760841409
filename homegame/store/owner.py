"""One owner per game: the window that plays a saved game holds its lock for as long as it lives.

Two windows writing the inputs of one game interleave them into a journal no replay can follow,
so a game is played by one process at a time. The lock is an OS file lock (`flock`) on
`locks/game-N.lock` in the data directory, with the owner's pid written in the file for the
message a second window gives. The kernel lets go of the lock when the owner's process ends in
any way (quit, crash, SIGKILL, a closed terminal), so a lock is never stale: the next window
simply takes it. Reading a game (history, export, ledger, the display, the list of games) never
needs it. Lock files are left in place: removing one while another process waits on it would
let two owners in.
"""

from __future__ import annotations

import os
from pathlib import Path

from homegame.store.db import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; games there go unlocked
    fcntl = None  # type: ignore[assignment]

#: The folder of lock files inside the data directory.
LOCKS = "locks"

#: The locks this process holds: (data directory, game id) -> the locked file's descriptor.
#: A second claim from the same process is its own (flock would refuse a second descriptor).
_HELD: dict[tuple[str, int], int] = {}


class GameOpenElsewhere(StoreError):
    """Another live process owns the game; the message names it for the user."""


def lock_path(folder: Path, game_id: int) -> Path:
    """The lock file of game `game_id` in data directory `folder`."""
    return folder / LOCKS / f"game-{game_id}.lock"


def claim(folder: Path, game_id: int) -> None:
    """Make this process the owner of game `game_id` until it ends (or `release`).

    GameOpenElsewhere when a live process owns it; StoreError when the lock cannot be made
    (a read-only data directory: the game cannot be saved either)."""
    key = (str(folder.resolve()), game_id)
    if key in _HELD or fcntl is None:
        return
    path = lock_path(folder, game_id)
    try:
        path.parent.mkdir(mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as exc:
        raise StoreError(
            f"game {game_id} cannot be saved: {path.parent} is not writable ({exc.strerror or exc})"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        owner = _pid_in(fd)
        os.close(fd)
        who = f" (pid {owner})" if owner else ""
        raise GameOpenElsewhere(f"game {game_id} is open in another window{who}") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    _HELD[key] = fd


def release(folder: Path, game_id: int) -> None:
    """Give up the ownership of game `game_id`, if this process holds it."""
    fd = _HELD.pop((str(folder.resolve()), game_id), None)
    if fd is not None:
        os.close(fd)


def _pid_in(fd: int) -> str:
    """The owner's pid as its lock file says ('' before it has written it)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return text if text.isdigit() else ""


def owner_alive(folder: Path, game_id: int) -> bool:
    """True while the process that last owned game `game_id` still runs (the players' display
    asks whether the host is there). Read from the pid in the lock file, without touching the
    lock, so asking never gets in the way of a window taking it."""
    if (str(folder.resolve()), game_id) in _HELD:
        return True
    try:
        text = lock_path(folder, game_id).read_text(encoding="ascii", errors="replace").strip()
    except OSError:
        return False
    if not text.isdigit():
        return False
    try:
        os.kill(int(text), 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's live process
        return True
    except (OverflowError, OSError):
        return False
    return True
