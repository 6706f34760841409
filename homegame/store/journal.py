"""The journal: saved games and, for each, its inputs in order with the events each caused.

A game row holds the config and how the game was set up; an input row holds one thing a player
or the host did (one or more input records, `inputs`; the row's `format` says how they are
written), when, and the events it caused, written in its own committed transaction. The game's
state is a replay of its live inputs: an undo marks the last live input as undone by a new
`undo` row, so the history keeps both (HOUSE_RULES 24).
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from homegame.config import GameConfig
from homegame.store import codec
from homegame.store.db import StoreError, connect, database_path, is_read_only
from homegame.store.inputs import FORMAT, Record, records_of
from homegame.store.players import link_saved_games, link_seats, unlink_seat

if TYPE_CHECKING:  # the engine loads with the first game played or read back, not the journal
    from homegame.engine.events import Event

PLAYING = "playing"
FINISHED = "finished"
UNDO = "undo"
#: The mode of a game `homegame simulate --save` played: nobody's seat, so no player's.
SIMULATION = "simulation"


@dataclass(frozen=True)
class GameRecord:
    """One saved game: what it is, who plays, and how far it got."""

    id: int
    created: str
    updated: str
    game: str
    mode: str
    players: tuple[str, ...]
    config: GameConfig
    setup: dict[str, Any]
    state: str
    winner: str
    hands: int
    #: The game's clock (host mode) when last seen running, in the journal's time base.
    clock: float = 0.0

    @property
    def finished(self) -> bool:
        """True once the game has its winner."""
        return self.state == FINISHED


@dataclass(frozen=True)
class InputRecord:
    """One input: its records and the events they caused (both read when first used)."""

    seq: int
    at: str
    elapsed: float
    kind: str
    label: str
    calls_text: str
    events_text: str
    undone_by: int | None = None
    #: The cards this input dealt, in order, "|" starting each new deal (see `deal_text`).
    deals: str = ""
    #: The format `calls_text` is written in (1: `format_v1`; 2: `inputs`).
    format: int = 1

    @property
    def calls(self) -> tuple[Record, ...]:
        """The input's records, as this version writes them (a format-1 input's translated)."""
        return records_of(self.format, self.calls_text)

    @functools.cached_property
    def events(self) -> tuple[Event, ...]:
        """The events the input caused."""
        return _events(self.events_text)


def _events(text: str) -> tuple[Event, ...]:
    """Events read back, once per distinct text: most inputs repeat ("Bob checks") and events
    are immutable, so a long game reads quickly."""
    found = _EVENTS.get(text)
    if found is None:
        if len(_EVENTS) > 100_000:
            _EVENTS.clear()
        found = _EVENTS[text] = tuple(codec.loads(text))
    return found


_EVENTS: dict[str, tuple[Event, ...]] = {}


def deal_text(events: Sequence[Event]) -> str:
    """The cards `events` deal, as text: "|" for each new deal, then each card dealt."""
    from homegame.engine.events import BoardDealt, HandStarted, HoleDealt, SecondRunDealt

    out: list[str] = []
    for event in events:
        if isinstance(event, HandStarted):
            out.append("|")
        elif isinstance(event, HoleDealt | BoardDealt | SecondRunDealt) and event.cards is not None:
            out.extend(str(c) for c in event.cards if c is not None)
    return "".join(out)


def seat_names(players: Sequence[str], events: Iterable[Event]) -> tuple[str, ...]:
    """Every seat's name: the players the game started with, then each late entry (or a cash
    game's new player) in the seat the `PlayerJoined` event gave them."""
    from homegame.engine.session_events import PlayerJoined

    names = list(players)
    for event in events:
        if isinstance(event, PlayerJoined):
            names += [f"Seat {len(names) + 1}"] * (event.seat + 1 - len(names))
            names[event.seat] = event.name
    return tuple(names)


def _joined(events: Sequence[Event]) -> list[str]:
    """The names of the players who take a new seat in `events`."""
    from homegame.engine.session_events import PlayerJoined

    return [e.name for e in events if isinstance(e, PlayerJoined)]


def _joined_seats(events: Sequence[Event]) -> list[tuple[int, str, bool]]:
    """(seat, name, is a bot) of each player who takes a new seat in `events` (a person)."""
    from homegame.engine.session_events import PlayerJoined

    return [(e.seat, e.name, False) for e in events if isinstance(e, PlayerJoined)]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Journal:
    """The saved games in one data directory."""

    def __init__(self, folder: Path, *, create: bool = True) -> None:
        self.folder = folder
        self.conn: sqlite3.Connection = connect(folder, create=create)
        #: A column that is not UTF-8 reads as `Damaged`, so one bad row names its game and
        #: leaves the other games readable (sqlite3 would fail the whole query).
        self.conn.text_factory = _text
        #: True when the journal can be read but not written (a read-only file or folder).
        self.read_only = is_read_only(self.conn)
        if not self.read_only:
            link_saved_games(self.conn, skip_mode=SIMULATION)
        #: The games left out of the last listing, each with the line saying what is wrong.
        self.damaged: dict[int, str] = {}

    def writable_or_raise(self) -> None:
        """StoreError when nothing could be saved to this journal."""
        if self.read_only:
            raise StoreError(
                f"the journal {database_path(self.folder)} is read-only: a game played now "
                "could not be saved (history, export and ledger can still read it)"
            )

    def close(self) -> None:
        """Close the file (every input is already committed)."""
        self.conn.close()

    # -- writing -----------------------------------------------------------------------------

    def new_game(self, config: GameConfig, mode: str, setup: dict[str, Any]) -> int:
        """Save a new game's config and setup; returns its id."""
        now = _now()
        players = json.dumps([p.name for p in config.players], ensure_ascii=False)
        with self.conn:
            cursor = self.conn.execute(
                "INSERT INTO games (created, updated, game, mode, players, config, setup) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (now, now, config.game, mode, players, codec.dumps(config), json.dumps(setup)),
            )
            assert cursor.lastrowid is not None
            if mode != SIMULATION:
                seats = [(s, p.name, p.is_bot) for s, p in enumerate(config.players)]
                link_seats(self.conn, cursor.lastrowid, seats)
        return cursor.lastrowid

    def append(
        self,
        game_id: int,
        kind: str,
        label: str,
        calls: Sequence[Record],
        events: Sequence[Event],
        *,
        elapsed: float = 0.0,
        hands: int | None = None,
        winner: str | None = None,
        over: bool = False,
    ) -> int:
        """Write one input (its records, in this version's format) in its own committed
        transaction; returns its sequence number. `hands`, `winner` and `over` (a game with
        no winner can end: a cash game, a chop) bring the listing up to date."""
        now = _now()
        with self.conn:
            seq = self._next_seq(game_id)
            self.conn.execute(
                "INSERT INTO inputs "
                "(game_id, seq, at, elapsed, kind, label, calls, events, deals, format) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    seq,
                    now,
                    elapsed,
                    kind,
                    label,
                    json.dumps(list(calls), separators=(",", ":"), ensure_ascii=False),
                    codec.dumps(list(events)),
                    deal_text(events),
                    FORMAT,
                ),
            )
            self._touch(game_id, now, hands, winner, over)
            joined = _joined(events)
            if joined:
                self._set_players(game_id, [*self._players(game_id), *joined])
                if self._mode(game_id) != SIMULATION:
                    link_seats(self.conn, game_id, _joined_seats(events))
        return seq

    def undo(
        self,
        game_id: int,
        *,
        elapsed: float = 0.0,
        hands: int | None = None,
        winner: str | None = None,
    ) -> InputRecord | None:
        """Mark the last live input undone (by a new `undo` row); returns it, or None."""
        now = _now()
        with self.conn:
            row = self.conn.execute(
                "SELECT seq FROM inputs WHERE game_id = ? AND undone_by IS NULL AND kind != ? "
                "ORDER BY seq DESC LIMIT 1",
                (game_id, UNDO),
            ).fetchone()
            if row is None:
                return None
            target = row[0]
            seq = self._next_seq(game_id)
            self.conn.execute(
                "INSERT INTO inputs "
                "(game_id, seq, at, elapsed, kind, label, calls, events, format) "
                "VALUES (?, ?, ?, ?, ?, ?, '[]', '[]', ?)",
                (game_id, seq, now, elapsed, UNDO, str(target), FORMAT),
            )
            self.conn.execute(
                "UPDATE inputs SET undone_by = ? WHERE game_id = ? AND seq = ?",
                (seq, game_id, target),
            )
            self._touch(game_id, now, hands, winner)
            undone = self.input(game_id, target)
            gone = _joined(undone.events)
            for seat, _name, _bot in _joined_seats(undone.events):
                unlink_seat(self.conn, game_id, seat)
            if gone:
                players = self._players(game_id)
                self._set_players(game_id, players[: len(players) - len(gone)])
        return undone

    def replace_calls(
        self, game_id: int, seq: int, calls: Sequence[Record], *, elapsed: float
    ) -> None:
        """Rewrite the records of input `seq`, one this version wrote (a run of quiet time
        steps kept as one input)."""
        text = json.dumps(list(calls), separators=(",", ":"), ensure_ascii=False)
        with self.conn:
            self.conn.execute(
                "UPDATE inputs SET calls = ?, elapsed = ? WHERE game_id = ? AND seq = ?",
                (text, elapsed, game_id, seq),
            )

    def set_setup(self, game_id: int, setup: dict[str, Any]) -> None:
        """Replace the game's setup (what it was started with: the seed, the button, the draw
        for it), committed at once."""
        with self.conn:
            self.conn.execute(
                "UPDATE games SET setup = ? WHERE id = ?", (json.dumps(setup), game_id)
            )

    def set_clock(self, game_id: int, now: float) -> None:
        """Note the game clock's time (not an input: it only says where a resume stands)."""
        with self.conn:
            self.conn.execute("UPDATE games SET clock = ? WHERE id = ?", (now, game_id))

    def set_progress(self, game_id: int, hands: int, winner: str, over: bool = False) -> None:
        """Update the listing's hands and state after an undo rebuilt the game."""
        with self.conn:
            self._touch(game_id, _now(), hands, winner, over)

    def _players(self, game_id: int) -> list[str]:
        row = self.conn.execute("SELECT players FROM games WHERE id = ?", (game_id,)).fetchone()
        return list(json.loads(row[0]))

    def _mode(self, game_id: int) -> str:
        row = self.conn.execute("SELECT mode FROM games WHERE id = ?", (game_id,)).fetchone()
        return str(row[0])

    def _set_players(self, game_id: int, players: Sequence[str]) -> None:
        """The listing's players: the starting ones and every late entry still in the game."""
        text = json.dumps(list(players), ensure_ascii=False)
        self.conn.execute("UPDATE games SET players = ? WHERE id = ?", (text, game_id))

    def _next_seq(self, game_id: int) -> int:
        row = self.conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(row[0]) + 1

    def _touch(
        self, game_id: int, now: str, hands: int | None, winner: str | None, over: bool = False
    ) -> None:
        sets = ["updated = ?"]
        values: list[Any] = [now]
        if hands is not None:
            sets.append("hands = ?")
            values.append(hands)
        if winner is not None:
            sets += ["winner = ?", "state = ?"]
            values += [winner, FINISHED if winner or over else PLAYING]
        self.conn.execute(f"UPDATE games SET {', '.join(sets)} WHERE id = ?", (*values, game_id))

    # -- reading -----------------------------------------------------------------------------

    def games(self) -> list[GameRecord]:
        """Every saved game, oldest first; a damaged one is left out and named in `damaged`."""
        rows = self.conn.execute(f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id").fetchall()
        return self._readable(rows)

    def _readable(self, rows: list[tuple[Any, ...]]) -> list[GameRecord]:
        """The games of `rows` that can be read; `damaged` says what is wrong with the rest."""
        self.damaged = {}
        out: list[GameRecord] = []
        for row in rows:
            try:
                out.append(_game(row))
            except StoreError as exc:
                self.damaged[row[0]] = str(exc)
        return out

    def check(self, game_id: int) -> None:
        """StoreError naming the game and the input when a live input cannot be read back
        (its records, its events or its cards); reading them here keeps them for the replay."""
        from homegame.store.inputs import steps_of

        for record in self.inputs(game_id):
            try:
                steps_of(record.format, record.calls_text)
                _ = record.events
                if not _DEALS.fullmatch(record.deals):
                    raise ValueError("its cards dealt are not cards")
            except Exception as exc:  # whatever the stored text does to a reader: damaged
                raise StoreError(
                    f"game {game_id} is damaged: input {record.seq} cannot be read ({_why(exc)})"
                ) from None

    def game(self, game_id: int) -> GameRecord:
        """The saved game `game_id`; StoreError when there is none."""
        row = self.conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no saved game {game_id} (homegame games lists them)")
        return _game(row)

    def latest_unfinished(self) -> GameRecord | None:
        """The most recently played game that has no winner yet (simulations aside)."""
        waiting = self.unfinished()
        return waiting[0] if waiting else None

    def unfinished(self) -> list[GameRecord]:
        """Games without a winner yet, the most recently played first (damaged ones aside)."""
        rows = self.conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE state = ? AND mode != 'simulation' "
            "ORDER BY updated DESC, id DESC",
            (PLAYING,),
        ).fetchall()
        return self._readable(rows)

    def inputs(self, game_id: int, *, live: bool = True) -> list[InputRecord]:
        """The game's inputs in order; `live` leaves out undone inputs and undo rows."""
        where = "game_id = ?"
        if live:
            where += f" AND undone_by IS NULL AND kind != '{UNDO}'"
        rows = self.conn.execute(
            f"SELECT {_INPUT_COLUMNS} FROM inputs WHERE {where} ORDER BY seq", (game_id,)
        ).fetchall()
        return [_input(game_id, row) for row in rows]

    def data_version(self) -> int:
        """A number that changes whenever another connection commits a change to the file
        (SQLite's `PRAGMA data_version`): a reader asks it before reading anything again."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def input_marks(self, game_id: int) -> tuple[tuple[int, float], ...]:
        """Each live input's sequence number and game time, in order, without decoding any:
        what changes when an input is added, undone or rewritten (`replace_calls`)."""
        rows = self.conn.execute(
            f"SELECT seq, elapsed FROM inputs WHERE game_id = ? AND undone_by IS NULL "
            f"AND kind != '{UNDO}' ORDER BY seq",
            (game_id,),
        ).fetchall()
        return tuple((seq, elapsed) for seq, elapsed in rows)

    def count(self, game_id: int) -> int:
        """How many live inputs the game has."""
        row = self.conn.execute(
            f"SELECT COUNT(*) FROM inputs WHERE game_id = ? AND undone_by IS NULL "
            f"AND kind != '{UNDO}'",
            (game_id,),
        ).fetchone()
        return int(row[0])

    def input(self, game_id: int, seq: int) -> InputRecord:
        """One input by its sequence number."""
        row = self.conn.execute(
            f"SELECT {_INPUT_COLUMNS} FROM inputs WHERE game_id = ? AND seq = ?", (game_id, seq)
        ).fetchone()
        if row is None:
            raise StoreError(f"game {game_id} has no input {seq}")
        return _input(game_id, row)


_GAME_COLUMNS = (
    "id, created, updated, game, mode, players, config, setup, state, winner, hands, clock"
)
_INPUT_COLUMNS = "seq, at, elapsed, kind, label, calls, events, undone_by, deals, format"


class Damaged:
    """A text column read back whose bytes are not UTF-8 (a damaged file)."""

    __slots__ = ()


def _text(raw: bytes) -> str | Damaged:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Damaged()


#: The deals column as `deal_text` writes it: the cards an input dealt, "|" starting a deal.
_DEALS = re.compile(r"(?:\||[2-9TJQKA][cdhs])*")


def _why(error: Exception) -> str:
    """What a reader said of a damaged value, on one line and with no card in it."""
    from homegame.crash import redact_cards

    text = " ".join(str(error).split()) or type(error).__name__
    return redact_cards(text if len(text) <= 120 else text[:119] + "…")


def _not_damaged(what: str, names: str, row: tuple[Any, ...]) -> None:
    for name, value in zip(names.split(", "), row, strict=True):
        if isinstance(value, Damaged):
            raise StoreError(f"{what} is damaged: its {name} column is not text")


def _game(row: tuple[Any, ...]) -> GameRecord:
    _not_damaged(f"game {row[0]}", _GAME_COLUMNS, row)
    gid, created, updated, game, mode, players, config, setup, state, winner, hands, clock = row
    try:
        decoded = codec.loads(config)
    except Exception as exc:  # whatever a damaged config does to the reader
        raise StoreError(
            f"game {gid} is damaged: its config cannot be read ({_why(exc)})"
        ) from None
    if not isinstance(decoded, GameConfig):
        raise StoreError(f"game {gid} is damaged: its config is not a game's config")
    try:
        names = tuple(str(n) for n in json.loads(players))
        how = json.loads(setup)
        if not isinstance(how, dict):
            raise TypeError("the setup is not a table")
        return GameRecord(
            id=gid,
            created=str(created),
            updated=str(updated),
            game=str(game),
            mode=str(mode),
            players=names,
            config=decoded,
            setup=how,
            state=str(state),
            winner=str(winner),
            hands=int(hands),
            clock=float(clock),
        )
    except Exception as exc:
        raise StoreError(
            f"game {gid} is damaged: its listing cannot be read ({_why(exc)})"
        ) from None


def _input(game_id: int, row: tuple[Any, ...]) -> InputRecord:
    _not_damaged(f"game {game_id} (input {row[0]})", _INPUT_COLUMNS, row)
    return InputRecord(*row)
