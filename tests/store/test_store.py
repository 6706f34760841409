"""The journal file (issue 9): owner-only, WAL, versioned; foreign, broken or newer files are
refused in one line and never written; inputs are saved in order and replay to the same game."""

from __future__ import annotations

import json
import random
import sqlite3
import stat
from pathlib import Path

import pytest
from every_game import GAMES

from homegame.cards import ALL_CARDS, parse_cards
from homegame.config import GameConfig, PlayerSetting
from homegame.engine.actions import Action, BetRaise, Call, Check, Discard, Show
from homegame.engine.chip_game import ChipGame
from homegame.engine.dealing import Dealing
from homegame.engine.events import BoardDealt, Event, HoleDealt
from homegame.engine.random_policy import random_action
from homegame.engine.session_interface import Session
from homegame.store import codec
from homegame.store.db import FILE_NAME, SCHEMA_VERSION, StoreError, connect
from homegame.store.inputs import action_record, read_action
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog, hands_of, recorded_deals
from homegame.store.resume import build_session, fresh_session


def _config(game: str = "holdem", seed: int | None = None) -> GameConfig:
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    return GameConfig(game, players=players, seed=seed)


def _start(session: Session) -> list[Event]:
    """Deal the next hand, by either name the session gives it."""
    return session.start_deal()


def _play(log: GameLog, session: Session, inputs: int, seed: int = 1) -> None:
    """Random legal inputs through the attached session."""
    rng = random.Random(seed)
    for _ in range(inputs):
        if session.is_over:
            return
        if not session.in_hand:
            start = session.start_deal
            start()
            continue
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]
        session.act(random_action(session.legal_actions(), rng, hole), seat)


def test_journal_file_is_owner_only_in_wal_mode_with_a_schema_version(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "data")
    path = tmp_path / "data" / FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert journal.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    meta = dict(journal.conn.execute("SELECT key, value FROM meta").fetchall())
    assert meta == {"app": "homegame", "schema": str(SCHEMA_VERSION)}


def test_a_file_that_is_not_sqlite_is_refused_in_one_line_and_left_untouched(
    tmp_path: Path,
) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(b"my shopping list\n" * 10)
    before = path.read_bytes()
    with pytest.raises(StoreError) as caught:
        Journal(tmp_path)
    assert "not a homegame journal" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before


def test_someone_elses_sqlite_file_is_refused_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE songs (title TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="SQLite file but not a homegame journal"):
        Journal(tmp_path)
    assert path.read_bytes() == before


def test_a_journal_from_a_newer_version_is_refused_not_guessed_at(tmp_path: Path) -> None:
    Journal(tmp_path).close()
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    with pytest.raises(StoreError, match="newer homegame"):
        Journal(tmp_path)
    assert (tmp_path / FILE_NAME).read_bytes() == before


def test_a_newer_journal_not_in_wal_mode_is_refused_before_anything_writes_to_it(
    tmp_path: Path,
) -> None:
    """Switching the file to WAL rewrites its header: a journal this version refuses is left
    byte for byte as it was."""
    Journal(tmp_path).close()
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    with pytest.raises(StoreError, match="newer homegame"):
        Journal(tmp_path)
    assert (tmp_path / FILE_NAME).read_bytes() == before


def test_a_migration_that_fails_leaves_the_old_schema_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from homegame.store import db

    Journal(tmp_path).close()

    def half_done(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN half INTEGER")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(db, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(db.MIGRATIONS, SCHEMA_VERSION, half_done)
    with pytest.raises(StoreError, match="cannot bring the journal"):
        connect(tmp_path)
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    schema = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    conn.close()
    assert "half" not in columns and schema == (str(SCHEMA_VERSION),)


def test_an_older_schema_is_migrated_step_by_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from homegame.store import db

    Journal(tmp_path).close()
    ran: list[int] = []
    monkeypatch.setattr(db, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    monkeypatch.setitem(db.MIGRATIONS, SCHEMA_VERSION, lambda conn: ran.append(SCHEMA_VERSION))
    conn = connect(tmp_path)
    assert ran == [SCHEMA_VERSION]
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert meta["schema"] == str(SCHEMA_VERSION + 1)


def test_events_and_configs_survive_the_round_trip() -> None:
    values = [
        HoleDealt(0, 2, tuple(parse_cards("As Kd"))),
        BoardDealt("flop", ("f1", "f2", "f3"), (None, *parse_cards("2c 3d"))),
        _config("krg", seed=3),
    ]
    for value in values:
        assert codec.loads(codec.dumps(value)) == value


def test_actions_survive_the_round_trip_in_their_own_spelling() -> None:
    actions: list[Action] = [BetRaise(120), Discard(cards=tuple(parse_cards("2c 3d"))), Show(None)]
    for action in actions:
        assert read_action(json.loads(json.dumps(action_record(action)))) == action
    assert action_record(BetRaise(120)) == {"kind": "raise", "to": 120}


def test_each_input_is_saved_in_order_with_its_events_and_replays_to_the_same_game(
    tmp_path: Path,
) -> None:
    for game in GAMES:
        journal = Journal(tmp_path / game)
        log = GameLog.new(journal, _config(game), PASS_AND_PLAY)
        session = log.attach(fresh_session(log))
        _play(log, session, 60)
        records = log.inputs()
        assert [r.seq for r in records] == list(range(1, len(records) + 1))
        again = build_session(GameLog(Journal(tmp_path / game), log.game_id))
        assert again.view_for(None) == session.view_for(None)
        assert again.to_act == session.to_act


def test_undealt_cards_are_never_written(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    _start(session)
    text = (tmp_path / FILE_NAME).read_bytes() + (tmp_path / f"{FILE_NAME}-wal").read_bytes()
    dealt = set(recorded_deals(log.inputs())[0])
    undealt = [str(c) for c in ALL_CARDS if c not in dealt]
    assert len(undealt) == 52 - 6
    assert not any(f'"{card}"'.encode() in text for card in undealt)


def test_a_resumed_unseeded_hand_keeps_its_dealt_cards_and_shuffles_the_rest(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    _start(session)
    assert isinstance(session, Dealing) and session.hand is not None
    while session.hand.street == "preflop":
        seat = session.to_act
        legal = session.legal_actions()
        session.act(Check() if legal.can_check else Call(), seat)
    flop = dict(session.hand.board)
    again = build_session(GameLog(journal, log.game_id))
    assert isinstance(again, Dealing) and again.hand is not None
    assert dict(again.hand.board) == flop
    for seat in range(3):
        assert again.hole_cards(seat) == session.hole_cards(seat)


def test_each_deal_is_recorded_as_the_cards_it_dealt_in_order(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    _play(log, session, 30)
    deals = recorded_deals(log.inputs())
    assert len(deals) == hands_of(session) + (1 if session.in_hand else 0)
    assert all(len(set(deal)) == len(deal) >= 6 for deal in deals)


class _Clocked:
    """A session stand-in with a clock: time steps, and an action."""

    names = ("Ann", "Bob")
    is_over = False
    deals = 0
    in_hand = False

    def __init__(self) -> None:
        self.elapsed = 0.0
        self.acted: list[int] = []

    def advance_time(self, seconds: float, *, turn_clock: bool = True) -> list[Event]:
        self.elapsed += seconds
        return []

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        self.acted.append(seat or 0)
        return []


def test_quiet_time_steps_are_kept_as_one_input_and_replay_to_the_same_time(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY)
    clocked = log.attach(_Clocked())
    for _ in range(5):
        clocked.advance_time(1.5)
    clocked.act(Check(), 1)
    clocked.advance_time(2.0)
    clocked.advance_time(2.0)
    kinds = [r.kind for r in log.inputs()]
    assert kinds == ["time", "act", "time"]
    assert log.inputs()[0].calls == ({"in": "time", "seconds": 7.5, "turn_clock": True},)
    again = _Clocked()
    # replay calls inputs by name: this stand-in has only the two the journal recorded
    log.replay(again)  # type: ignore[arg-type]
    assert again.elapsed == clocked.elapsed == 11.5
    assert again.acted == [1]


def test_a_resumed_game_keeps_the_turn_timer_where_it_stood(tmp_path: Path) -> None:
    """Issue 9: resume is exact for the turn timer too: the time steps are inputs, so the
    player to act has the seconds they had left, not a fresh full turn."""
    from homegame.config import TimingSettings

    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy")),
        timing=TimingSettings(turn_timer=30),
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    session.start_deal()
    session.advance_time(8.0, turn_clock=True)
    session.advance_time(4.5, turn_clock=True)
    assert session.time_left() == 17.5
    again = build_session(GameLog(Journal(tmp_path), log.game_id))
    assert again.to_act == session.to_act
    assert again.time_left() == 17.5


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_house_rule_5_a_named_button_holds_in_a_saved_game_before_and_after_its_first_hand(
    tmp_path: Path, seat: int
) -> None:
    """`--button NAME` in a saved, unseeded game: the first hand's button is that seat (the
    journal's sources dropped the named seat until a hand was recorded, so the app's first
    hand had the button anywhere), and a resume keeps it."""
    journal = Journal(tmp_path / FILE_NAME)
    log = GameLog.new(journal, _config(), PASS_AND_PLAY, button=seat)
    session = log.attach(fresh_session(log))
    _start(session)
    assert isinstance(session, ChipGame) and session.positions is not None
    assert session.positions.button == seat
    _play(log, session, inputs=4)
    resumed = build_session(log)
    assert isinstance(resumed, ChipGame)
    assert resumed.positions == session.positions


@pytest.mark.parametrize("command", ["games", "history", "export", "ledger", "resume", "display"])
def test_issue_33_a_newer_journal_keeps_its_header_and_gets_no_side_files(
    tmp_path: Path, command: str
) -> None:
    """Header bytes 18-19 are the file's read and write versions (1: rollback journal, 2:
    WAL): a journal refused for being newer keeps 1 and 1, and no -wal or -shm file appears
    beside it, whichever command met it."""
    from typer.testing import CliRunner

    from homegame.cli import app

    journal = Journal(tmp_path)
    journal.new_game(_config(), PASS_AND_PLAY, {})
    journal.close()
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    path = tmp_path / FILE_NAME
    before = path.read_bytes()
    assert before[18:20] == b"\x01\x01"
    args = [command] + ([] if command == "games" else ["1"])
    result = CliRunner().invoke(app, [*args, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "newer homegame" in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
