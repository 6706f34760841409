"""Each saved game's figures, and the players' totals over the games asked for.

A game's figures (`GameFigures`: each seat's counts, its finishing place, its prize and its
net money) are worked out from the game's live inputs: the events counted by `tally`, and for
a finished game its session replayed for the ledger's money. They are kept in the store's
derived table (`game_stats`) with the input they were worked out to, so a long history is
read in one query; a game with an input since is worked out again. The journal stays the one
source of truth: the table can be emptied and is rebuilt on the next read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from homegame.stats.counts import Counts
from homegame.store.journal import SIMULATION
from homegame.variants import get_variant

if TYPE_CHECKING:
    from homegame.engine.events import Event
    from homegame.store import Journal
    from homegame.store.journal import GameRecord

#: The reckoning's version: raise it when a figure is counted differently, and every saved
#: row is worked out again.
VERSION = 1


@dataclass
class GameFigures:
    """One game's figures, seat by seat."""

    game_id: int
    game: str
    mode: str
    created: str
    finished: bool
    #: A freezeout (not a cash game, not a KRG series): a league game.
    freezeout: bool
    names: list[str]
    bots: list[bool]
    counts: dict[int, Counts] = field(default_factory=dict)
    #: Finishing place by seat (1: the winner), in a finished freezeout.
    places: dict[int, int] = field(default_factory=dict)
    #: Money by seat in a finished game played for money, in cents: prizes and net.
    prizes: dict[int, int] = field(default_factory=dict)
    net_cents: dict[int, int] | None = None

    def as_data(self) -> dict[str, Any]:
        """The figures as JSON data (for the derived table)."""
        return {
            "game": self.game,
            "mode": self.mode,
            "created": self.created,
            "finished": self.finished,
            "freezeout": self.freezeout,
            "names": self.names,
            "bots": self.bots,
            "counts": {str(s): c.as_dict() for s, c in self.counts.items()},
            "places": {str(s): p for s, p in self.places.items()},
            "prizes": {str(s): p for s, p in self.prizes.items()},
            "net_cents": None
            if self.net_cents is None
            else {str(s): n for s, n in self.net_cents.items()},
        }

    @classmethod
    def from_data(cls, game_id: int, data: dict[str, Any]) -> GameFigures:
        """Figures read back from the derived table."""
        net = data["net_cents"]
        return cls(
            game_id=game_id,
            game=data["game"],
            mode=data["mode"],
            created=data["created"],
            finished=data["finished"],
            freezeout=data["freezeout"],
            names=list(data["names"]),
            bots=list(data["bots"]),
            counts={int(s): Counts.from_dict(c) for s, c in data["counts"].items()},
            places={int(s): int(p) for s, p in data["places"].items()},
            prizes={int(s): int(p) for s, p in data["prizes"].items()},
            net_cents=None if net is None else {int(s): int(n) for s, n in net.items()},
        )


def places_of(events: Iterable[Event], seats: int) -> dict[int, int]:
    """Each seat's finishing place from a finished freezeout's events: a bust's place, the
    winner first; seats still in at a chop share the best place left."""
    from homegame.engine.session_events import Busted, GameWon

    places: dict[int, int] = {}
    for event in events:
        if isinstance(event, Busted):
            places[event.seat] = event.place
        elif isinstance(event, GameWon):
            places[event.seat] = 1
    left = [s for s in range(seats) if s not in places]
    if left:
        best = min([*places.values(), seats + 1]) - len(left)
        for seat in left:
            places[seat] = max(best, 1)
    return places


def game_figures(journal: Journal, record: GameRecord) -> GameFigures:
    """Work out game `record`'s figures from its live inputs (and, finished, its ledger)."""
    from homegame.stats.tally import GameTally
    from homegame.store.journal import seat_names

    inputs = journal.inputs(record.id)
    events = [e for r in inputs for e in r.events]
    names = list(seat_names(record.players, events))
    configured = record.config.players
    bots = [seat < len(configured) and configured[seat].is_bot for seat in range(len(names))]
    big_blind = record.config.cash.big_blind if record.config.cash is not None else 0
    tally = GameTally(big_blind=big_blind, own_discards=record.finished).feed_all(events)
    freezeout = record.config.cash is None and not get_variant(record.game).has_series
    figures = GameFigures(
        game_id=record.id,
        game=record.game,
        mode=record.mode,
        created=record.created,
        finished=record.finished,
        freezeout=freezeout,
        names=names,
        bots=bots,
        counts=tally.by_seat,
    )
    if record.finished:
        if freezeout:
            figures.places = places_of(events, len(names))
        if get_variant(record.game).has_series:
            for seat in range(len(names)):
                figures.counts.setdefault(seat, Counts()).series = 1
        _money(journal, record, figures)
    return figures


def _money(journal: Journal, record: GameRecord, figures: GameFigures) -> None:
    """A finished game's money by seat, from its session's ledger (none: played for chips)."""
    from homegame.host.night import replayed_session
    from homegame.store.recorder import GameLog

    try:
        lines = replayed_session(GameLog(journal, record.id)).ledger_lines(f"#{record.id}")
    except (ValueError, LookupError):  # a game that cannot be replayed has no money here
        return
    if not lines:
        return
    seat_of = {name: seat for seat, name in enumerate(figures.names)}
    net: dict[int, int] = {}
    for line in lines:
        seat = seat_of.get(line.party)
        if seat is None:
            continue
        net[seat] = net.get(seat, 0) + line.cents_out - line.cents_in
        if line.cents_out and line.item.startswith(("prize", "chop")):
            figures.prizes[seat] = figures.prizes.get(seat, 0) + line.cents_out
    figures.net_cents = net


def all_figures(journal: Journal) -> list[GameFigures]:
    """Every saved game's figures but simulations', oldest first: from the derived table
    where it is up to date, worked out again (and kept, when the journal may be written)
    where not. A damaged game is left out (`journal.damaged` names it)."""
    import json

    from homegame.store import game_stats

    conn = journal.conn
    latest = game_stats.latest_inputs(conn)
    saved = game_stats.saved_rows(conn, VERSION)
    out: list[GameFigures] = []
    kept: dict[int, GameFigures | None] = {}
    for game_id, (seq, text) in saved.items():
        if latest.get(game_id) == seq:
            try:
                data = json.loads(text)
                kept[game_id] = (
                    None if data["mode"] == SIMULATION else GameFigures.from_data(game_id, data)
                )
            except (ValueError, TypeError, KeyError, AttributeError):  # a row spoilt: redone
                continue
    records = {r.id: r for r in journal.games()} if len(kept) < len(latest) else {}
    fresh: dict[int, tuple[int, Any]] = {}
    for game_id in sorted(latest):
        if game_id in kept:
            found = kept[game_id]
            if found is not None:
                out.append(found)
            continue
        record = records.get(game_id)
        if record is None:
            continue
        if record.mode == SIMULATION:
            figures = GameFigures(record.id, record.game, record.mode, record.created, False,
                                  False, [], [])  # fmt: skip
        else:
            try:
                journal.check(game_id)
            except Exception:  # a damaged game: not counted, as the listing leaves it out
                continue
            figures = game_figures(journal, record)
            out.append(figures)
        fresh[game_id] = (latest[game_id], figures.as_data())
    if fresh and not journal.read_only:
        game_stats.save_rows(conn, VERSION, fresh)
    return out


def keep_figures(folder: Path, game_id: int) -> bool:
    """Work out game `game_id`'s figures and keep its row, on a connection of its own (the
    recorder calls it off the table's event loop when a game ends). The inputs worked out
    and the input number kept with them are read in one snapshot, so a row can only be as
    old as the journal it says, never newer: an input written meanwhile makes it stale, and
    the next read works the game out again. Returns whether a row was kept (not for a
    simulation, a damaged game or a read-only journal)."""
    from homegame.store import Journal, game_stats
    from homegame.store.db import StoreError

    journal = Journal(folder, create=False)
    try:
        if journal.read_only:
            return False
        conn = journal.conn
        conn.execute("BEGIN")  # one read snapshot for the inputs and their last number
        try:
            record = journal.game(game_id)
            if record.mode == SIMULATION:
                return False
            try:
                journal.check(game_id)
            except StoreError:  # a damaged game has no figures; the listing names it
                return False
            row = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE game_id = ?", (game_id,)
            ).fetchone()
            figures = game_figures(journal, record)
        finally:
            conn.rollback()
        game_stats.save_rows(conn, VERSION, {game_id: (int(row[0]), figures.as_data())})
        return True
    finally:
        journal.close()


@dataclass
class PlayerLine:
    """One player's totals: their counts over the games asked for."""

    player_id: int
    name: str
    bot: bool
    counts: Counts


def player_totals(
    games: Sequence[GameFigures],
    links: dict[tuple[int, int], int],
    names: dict[int, tuple[str, bool]],
    *,
    since: date | None = None,
    game: str | None = None,
    krg: bool | None = None,
) -> dict[int, PlayerLine]:
    """Each linked player's totals over `games` (those created on `since` or after, of
    variant `game`; KRG's alone or none of KRG's when `krg` says), by player id; `names`
    gives each id's name and whether a bot."""
    out: dict[int, PlayerLine] = {}
    for figures in games:
        if game is not None and figures.game != game:
            continue
        if krg is not None and get_variant(figures.game).has_series != krg:
            continue
        if since is not None and date.fromisoformat(figures.created[:10]) < since:
            continue
        for seat in range(len(figures.names)):
            pid = links.get((figures.game_id, seat))
            if pid is None or pid not in names:
                continue
            name, bot = names[pid]
            line = out.setdefault(pid, PlayerLine(pid, name, bot, Counts()))
            line.counts.add(figures.counts.get(seat, Counts()))
            line.counts.games += 1
            if figures.net_cents is not None and seat in figures.net_cents:
                line.counts.money_games += 1
                line.counts.net_cents += figures.net_cents[seat]
    return out
