"""The derived per-game table (`game_stats`): each game's figures as last worked out from its
inputs, with the input it was worked out to (`seq`) and the version of the reckoning.

It is a copy for speed, never a source: a row whose game has had an input since (or whose
version is older) is worked out again from the journal, and the table can be emptied at any
time. The store only keeps the rows; `homegame.stats.collect` makes them.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any


def latest_inputs(conn: sqlite3.Connection) -> dict[int, int]:
    """Each game's last input number (0 for a game with none yet), undo rows included: any
    write to a game raises it."""
    rows = conn.execute(
        "SELECT id, (SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE game_id = games.id) FROM games"
    )
    return {int(g): int(s) for g, s in rows}


def saved_rows(conn: sqlite3.Connection, version: int) -> dict[int, tuple[int, str]]:
    """The rows of reckoning `version`: game id -> (input worked out to, the data as text)."""
    rows = conn.execute("SELECT game_id, seq, data FROM game_stats WHERE version = ?", (version,))
    return {int(g): (int(s), str(d)) for g, s, d in rows}


def save_rows(conn: sqlite3.Connection, version: int, rows: dict[int, tuple[int, Any]]) -> None:
    """Keep `rows` (game id -> (input worked out to, JSON data)) in one transaction."""
    with conn:
        conn.executemany(
            "INSERT OR REPLACE INTO game_stats (game_id, version, seq, data) VALUES (?, ?, ?, ?)",
            [
                (g, version, seq, json.dumps(data, separators=(",", ":")))
                for g, (seq, data) in rows.items()
            ],
        )
