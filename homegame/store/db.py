"""The journal's SQLite file: where it lives, its schema version, and refusing what it is not.

One file, `homegame.sqlite3` in the data directory, in WAL mode, created owner-only. The
`meta` table names the application and the schema version; a file that is not SQLite, not
ours, or from a newer homegame is refused with one line and never written to. Older schema
versions are brought up to date by the steps in `MIGRATIONS`, each in its own transaction.
A journal this process may not write (a read-only file system, a file without write
permission) is opened read-only, so its games can be read but not played; one that lost a
table or a column is refused in one line.

WAL with `synchronous=NORMAL`: a committed input survives the app being killed (SIGKILL, a
crash, a closed terminal); a power cut may lose the last few inputs but never the file. Full
sync costs about 13 ms an input on a loaded machine against 0.2 ms, over the 5 ms budget.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

FILE_NAME = "homegame.sqlite3"
APP_ID = "homegame"
#: The schema this version writes. Raise it with a new entry in MIGRATIONS. A homegame that
#: reads up to an older schema refuses the file, so it never misreads inputs it cannot replay.
SCHEMA_VERSION = 3

_SCHEMA_1 = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    game TEXT NOT NULL,
    mode TEXT NOT NULL,
    players TEXT NOT NULL,
    config TEXT NOT NULL,
    setup TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'playing',
    winner TEXT NOT NULL DEFAULT '',
    hands INTEGER NOT NULL DEFAULT 0,
    clock REAL NOT NULL DEFAULT 0
);
CREATE TABLE inputs (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    at TEXT NOT NULL,
    elapsed REAL NOT NULL,
    kind TEXT NOT NULL,
    label TEXT NOT NULL,
    calls TEXT NOT NULL,
    events TEXT NOT NULL,
    undone_by INTEGER,
    deals TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seq)
);
"""


def _input_format(conn: sqlite3.Connection) -> None:
    """Schema 2: each input row says the format of its records (1: the reflection format
    before explicit records, `format_v1`); rows already saved are format 1."""
    conn.execute("ALTER TABLE inputs ADD COLUMN format INTEGER NOT NULL DEFAULT 1")


_PLAYERS = """
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    nickname TEXT NOT NULL DEFAULT '',
    bot INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_player ON seats (player_id);
CREATE TABLE game_stats (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    version INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL
);
"""


#: A meta key present while the games saved before schema 3 wait for their seats' links.
LINK_PENDING = "link_seats"


def _players(conn: sqlite3.Connection) -> None:
    """Schema 3: the players as people across games (`players`), each game's seats linked to
    them (`seats`; the games already saved are linked when the journal is next opened for
    writing, `LINK_PENDING`, by `homegame.store.players`, which knows their configs), and a
    derived per-game table of figures (`game_stats`) that can always be rebuilt from the
    inputs, which stay the one source of truth."""
    for statement in _PLAYERS.split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute(f"INSERT INTO meta VALUES ('{LINK_PENDING}', '1')")


#: MIGRATIONS[n] takes a database at schema n to n + 1. A new journal is made at schema 1
#: and brought up by the same steps, so both paths end in the same schema.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _input_format, 2: _players}


class StoreError(Exception):
    """The journal cannot be used; the message is the one line the user sees."""


def database_path(folder: Path) -> Path:
    """The journal file inside data directory `folder`."""
    return folder / FILE_NAME


def connect(folder: Path, *, create: bool = True) -> sqlite3.Connection:
    """Open (or create) the journal in `folder`, checked and brought up to this schema."""
    path = database_path(folder)
    if path.is_dir():
        raise StoreError(f"{path} is a directory, not a homegame journal")
    # A file that is missing, or empty because creating it was cut short, is a new journal.
    if not path.exists() or path.stat().st_size == 0:
        if not create:
            raise StoreError(f"no saved games yet ({path} does not exist)")
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
        os.close(fd)
        os.chmod(path, 0o600)
        conn = _open(path)
        _wal(conn, path)
        conn.executescript("BEGIN;" + _SCHEMA_1 + _meta_rows() + "COMMIT;")
    else:
        _check_header(path)
        if not writable(path):
            return _read_only(path)
        tighten(folder)
        conn = _open(path)
    try:
        version = _version(conn, path)
        _not_newer(version, path)  # refused before anything writes to it (WAL rewrites it)
        _wal(conn, path)
        if version < SCHEMA_VERSION:
            _migrate(conn, path)
        _has_tables(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn


#: The side files SQLite keeps beside the journal: they hold its latest inputs too.
SIDE_FILES = ("-wal", "-shm", "-journal")


def _app_owns(name: str) -> bool:
    """True for a file or folder homegame makes in its data directory."""
    return (
        name.startswith(FILE_NAME)
        or name == "locks"
        or (name.startswith("crash-") and name.endswith(".log"))
    )


def tighten(folder: Path) -> None:
    """Make the journal, its side files and the lock folder owner-only again, where something
    left them wider (a copy, an old version, a umask): they hold every game's cards. The data
    folder too, when it holds only homegame's files: a folder the user keeps other files in
    is theirs, and the journal at 0600 is private in it all the same."""
    owned = [folder / (FILE_NAME + side) for side in ("", *SIDE_FILES)]
    for path, mode in [*((p, 0o600) for p in owned), (folder / "locks", 0o700)]:
        _at_most(path, mode)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    if all(_app_owns(name) for name in names):
        _at_most(folder, 0o700)


def _at_most(path: Path, mode: int) -> None:
    """Take from `path` every permission beyond `mode` (a missing path is left alone)."""
    try:
        now = stat.S_IMODE(path.stat(follow_symlinks=False).st_mode)
        if path.is_symlink() or now & ~mode == 0:
            return
        os.chmod(path, now & mode)
    except OSError:  # not ours to change (another owner): it stays as it is
        return


def writable(path: Path) -> bool:
    """True when this process may write the journal file and make its side files (-wal, -shm)
    beside it: not so on a read-only file system, a file or folder without write permission."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def is_read_only(conn: sqlite3.Connection) -> bool:
    """True for a journal opened read-only (`connect` on a file it may not write)."""
    return bool(conn.execute("PRAGMA query_only").fetchone()[0])


def _read_only(path: Path) -> sqlite3.Connection:
    """The journal opened for reading only: history, export and the ledger work; playing is
    refused (`is_read_only`). A WAL journal whose folder cannot hold the -shm file is opened
    immutable, which needs no side file: nothing can change it while it cannot be written."""
    for flags in ("mode=ro", "immutable=1"):
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?{flags}", uri=True, timeout=10.0)
        except sqlite3.Error:
            continue
        try:
            conn.execute("PRAGMA query_only=ON")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError:  # this way in needs a side file it cannot make
            conn.close()
            continue
        try:
            version = _version(conn, path)
            _not_newer(version, path)
            if version < SCHEMA_VERSION:
                raise StoreError(
                    f"{path} is from an older homegame and is read-only here, so it cannot be "
                    "brought up to this version; make it writable to open it"
                )
            _has_tables(conn, path)
        except BaseException:
            conn.close()
            raise
        return conn
    raise StoreError(f"cannot read the journal {path}: it is read-only and SQLite cannot open it")


def _not_newer(version: int, path: Path) -> None:
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} was written by a newer homegame (journal schema {version}, this "
            f"version reads up to {SCHEMA_VERSION}): upgrade homegame to open it"
        )


#: Every table and column this version reads: a journal missing one is damaged.
_TABLES = {
    "games": ("id", "created", "updated", "game", "mode", "players", "config", "setup", "state",
              "winner", "hands", "clock"),
    "inputs": ("game_id", "seq", "at", "elapsed", "kind", "label", "calls", "events",
               "undone_by", "deals", "format"),
    "players": ("id", "name", "nickname", "bot"),
    "seats": ("game_id", "seat", "player_id"),
    "game_stats": ("game_id", "version", "seq", "data"),
}  # fmt: skip


def _has_tables(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a journal that lost a table or a column (one line, not a query failing later)."""
    for table, columns in _TABLES.items():
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not found:
            raise StoreError(f"{path} is damaged: it has no {table} table; left untouched")
        missing = [c for c in columns if c not in found]
        if missing:
            raise StoreError(
                f"{path} is damaged: its {table} table has no {missing[0]} column; left untouched"
            )


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the journal up to this schema in one transaction holding the write lock: a step
    that fails leaves the old schema whole, and two processes opening an old journal at once
    migrate it once (the second finds it done)."""
    try:
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = _version(conn, path)
            while version < SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
            conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(version),))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise StoreError(f"cannot bring the journal {path} up to this version: {exc}") from None


def _check_header(path: Path) -> None:
    """Refuse a file that is not SQLite before sqlite3 touches it (it could write a journal)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(16)
    except OSError as exc:
        raise StoreError(f"cannot read the journal {path}: {exc.strerror or exc}") from None
    if head and head != b"SQLite format 3\x00":
        raise StoreError(f"{path} is not a homegame journal (not an SQLite file); left untouched")


def _meta_rows() -> str:
    return f"INSERT INTO meta VALUES ('app', '{APP_ID}');INSERT INTO meta VALUES ('schema', '1');"


def _open(path: Path) -> sqlite3.Connection:
    try:
        return sqlite3.connect(path, timeout=10.0)
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"cannot open the journal {path}: {exc}") from None


def _wal(conn: sqlite3.Connection, path: Path) -> None:
    """WAL mode, set only once the file is known to be ours (it rewrites the header)."""
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreError(
            f"{path} is not a usable homegame journal ({exc}); left untouched"
        ) from None


def _version(conn: sqlite3.Connection, path: Path) -> int:
    try:
        rows = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError:
        raise StoreError(
            f"{path} is an SQLite file but not a homegame journal; left untouched"
        ) from None
    if rows.get("app") != APP_ID or not str(rows.get("schema", "")).isdigit():
        raise StoreError(f"{path} is an SQLite file but not a homegame journal; left untouched")
    return int(rows["schema"])
