"""The players as people across games: a list of names (with an optional nickname), and each
saved game's seats linked to them.

A seat is linked when its game is saved (`Journal.new_game`, a late entry's `PlayerJoined`):
a name already on the list (in any case) is that player, a new name a new player; a bot's seat
is a player marked as a bot. An unnamed seat ("Player 2", "Seat 3") is nobody across games and
is not linked. A rename changes the list's name only, and a merge moves every seat of one
player to another: the games keep the names they were played under (the journal is never
rewritten), and each player's history follows the link.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from homegame.defaults import MAX_NAME_LENGTH
from homegame.store.db import LINK_PENDING, StoreError


@dataclass(frozen=True)
class Player:
    """One person (or bot) on the list: `games` is how many saved games they sat in."""

    id: int
    name: str
    nickname: str
    bot: bool
    games: int = 0

    @property
    def shown(self) -> str:
        """'Robert "Bob"', or the name alone."""
        return f'{self.name} "{self.nickname}"' if self.nickname else self.name


def is_unnamed(name: str) -> bool:
    """True for a seat nobody named ("Player 2", "Seat 3"): no one across games."""
    from homegame.money.night import UNNAMED

    return UNNAMED.fullmatch(name) is not None


def player_id(conn: sqlite3.Connection, name: str, *, bot: bool = False) -> int:
    """The id of the player called `name` (any case), added to the list when new."""
    row = conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
    if row is not None:
        return int(row[0])
    cursor = conn.execute("INSERT INTO players (name, bot) VALUES (?, ?)", (name, int(bot)))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def link_seats(
    conn: sqlite3.Connection, game_id: int, seats: Iterable[tuple[int, str, bool]]
) -> None:
    """Link game `game_id`'s seats, each (seat, name, is a bot), to their players (in the
    caller's transaction); unnamed seats stay unlinked."""
    for seat, name, bot in seats:
        if is_unnamed(name):
            continue
        conn.execute(
            "INSERT OR REPLACE INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
            (game_id, seat, player_id(conn, name, bot=bot)),
        )


def unlink_seat(conn: sqlite3.Connection, game_id: int, seat: int) -> None:
    """Forget seat `seat` of game `game_id` (its late entry was undone)."""
    conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))


def link_saved_games(conn: sqlite3.Connection, *, skip_mode: str) -> None:
    """Link the seats of every game saved before the list existed (games of `skip_mode`,
    simulations, aside), by the names the listing holds, once: `LINK_PENDING` says it is to
    do. A seat whose config says a bot is a bot; a damaged config is read as all people (its
    game is refused when read anyway)."""
    from homegame.store import codec

    with conn:
        if conn.execute("SELECT 1 FROM meta WHERE key = ?", (LINK_PENDING,)).fetchone() is None:
            return
        rows = conn.execute("SELECT id, mode, players, config FROM games ORDER BY id").fetchall()
        for game_id, mode, players, config in rows:
            if mode == skip_mode:
                continue
            try:
                names = [str(n) for n in json.loads(players)]
            except (TypeError, ValueError):
                continue
            try:
                bots = [p.is_bot for p in codec.loads(config).players]
            except Exception:  # a damaged config: read as people
                bots = []
            seats = ((s, name, s < len(bots) and bots[s]) for s, name in enumerate(names))
            link_seats(conn, game_id, seats)
        conn.execute("DELETE FROM meta WHERE key = ?", (LINK_PENDING,))


def seat_links(conn: sqlite3.Connection) -> dict[tuple[int, int], int]:
    """Every linked seat: (game id, seat) -> player id."""
    rows = conn.execute("SELECT game_id, seat, player_id FROM seats")
    return {(int(g), int(s)): int(p) for g, s, p in rows}


def all_players(conn: sqlite3.Connection) -> list[Player]:
    """The list, by name, each with the number of games they sat in."""
    rows = conn.execute(
        "SELECT p.id, p.name, p.nickname, p.bot, COUNT(DISTINCT s.game_id) FROM players p "
        "LEFT JOIN seats s ON s.player_id = p.id GROUP BY p.id ORDER BY p.name COLLATE NOCASE"
    ).fetchall()
    return [Player(int(i), str(n), str(k), bool(b), int(c)) for i, n, k, b, c in rows]


def find_player(conn: sqlite3.Connection, name: str) -> Player:
    """The player called `name`, or nicknamed so (any case); StoreError when there is none
    or the nickname is shared."""
    found = [p for p in all_players(conn) if p.name.casefold() == name.casefold()]
    if not found:
        found = [p for p in all_players(conn) if p.nickname.casefold() == name.casefold()]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(p.name for p in found)
        raise StoreError(f"{name!r} is the nickname of {names}: give the name")
    raise StoreError(f"no player called {name!r} (homegame players lists them)")


def _checked_name(name: str, what: str) -> str:
    clean = " ".join(name.split())
    if not clean or len(clean) > MAX_NAME_LENGTH:
        raise StoreError(f"{what} must be 1 to {MAX_NAME_LENGTH} characters, not {name!r}")
    return clean


def rename(conn: sqlite3.Connection, old: str, new: str) -> Player:
    """Call player `old` `new` from now on; their games stay theirs. A name another player
    has is refused (merge them instead)."""
    player = find_player(conn, old)
    new = _checked_name(new, "a name")
    if is_unnamed(new):
        raise StoreError(f"{new!r} is the name of an unnamed seat: choose a real name")
    clash = conn.execute(
        "SELECT name FROM players WHERE name = ? AND id != ?", (new, player.id)
    ).fetchone()
    if clash is not None:
        raise StoreError(
            f"{clash[0]} is already a player: homegame players merge {player.name!r} "
            f"{clash[0]!r} makes them one"
        )
    with conn:
        conn.execute("UPDATE players SET name = ? WHERE id = ?", (new, player.id))
    return find_player(conn, new)


def merge(conn: sqlite3.Connection, source: str, target: str) -> Player:
    """Make player `source` part of player `target`: every seat of `source` becomes
    `target`'s and `source` leaves the list (one person entered under two names)."""
    gone = find_player(conn, source)
    kept = find_player(conn, target)
    if gone.id == kept.id:
        raise StoreError(f"{gone.name} and {kept.name} are the same player already")
    if gone.bot != kept.bot:
        raise StoreError(f"{gone.name} and {kept.name} cannot be merged: one is a bot")
    with conn:
        conn.execute("UPDATE seats SET player_id = ? WHERE player_id = ?", (kept.id, gone.id))
        conn.execute("DELETE FROM players WHERE id = ?", (gone.id,))
        if kept.nickname == "" and gone.nickname:
            conn.execute("UPDATE players SET nickname = ? WHERE id = ?", (gone.nickname, kept.id))
    return find_player(conn, kept.name)


def set_nickname(conn: sqlite3.Connection, name: str, nickname: str) -> Player:
    """Give player `name` a nickname ('' takes it away)."""
    player = find_player(conn, name)
    nickname = _checked_name(nickname, "a nickname") if nickname.strip() else ""
    with conn:
        conn.execute("UPDATE players SET nickname = ? WHERE id = ?", (nickname, player.id))
    return find_player(conn, player.name)


def regulars(conn: sqlite3.Connection, limit: int = 10) -> list[str]:
    """The people who sat in the most games, most first (bots aside): names to offer when a
    game is set up."""
    people = [p for p in all_players(conn) if not p.bot and p.games]
    people.sort(key=lambda p: (-p.games, p.name.casefold()))
    return [p.name for p in people[:limit]]


def seat_rows(players: Sequence[tuple[str, bool]]) -> list[tuple[int, str, bool]]:
    """(seat, name, is a bot) for a game's players in seat order."""
    return [(seat, name, bot) for seat, (name, bot) in enumerate(players)]
