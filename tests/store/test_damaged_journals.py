"""Issue 33 item 5: a damaged journal (a column that is not text, a config that is not JSON, a
lost table) gets one line naming the game and what is wrong from every command, exit 2, with
the other games still listed and playable; a read-only journal can be read, not played."""

from __future__ import annotations

import os
import signal
import sqlite3
from pathlib import Path

import pytest
from played_games import played
from pty_run import homegame_env, run_in_pty
from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.config import GameConfig, PlayerSetting
from homegame.store import db
from homegame.store.db import FILE_NAME
from homegame.store.journal import Journal

#: Each damage: what it does to game 1 (SQL, with a blob that is not UTF-8 as `?`), and the
#: words of the line that names it.
DAMAGE = {
    "deals not text": (
        "UPDATE inputs SET deals = CAST(? AS TEXT) WHERE game_id = 1 AND seq = 1",
        b"|8dKd9c9h\xff",
        "game 1 (input 1) is damaged: its deals column is not text",
    ),
    "events not json": (
        "UPDATE inputs SET events = ? WHERE game_id = 1 AND seq = 3",
        '[{"t":',
        "game 1 is damaged: input 3 cannot be read (",
    ),
    "deals not cards": (
        "UPDATE inputs SET deals = ? WHERE game_id = 1 AND seq = 1",
        "|8dKd9c9hZz",
        "game 1 is damaged: input 1 cannot be read (its cards dealt are not cards)",
    ),
    "config not json": (
        "UPDATE games SET config = ? WHERE id = 1",
        "{not json",
        "game 1 is damaged: its config cannot be read (",
    ),
    "players not text": (
        "UPDATE games SET players = CAST(? AS TEXT) WHERE id = 1",
        b'["\xff"]',
        "game 1 is damaged: its players column is not text",
    ),
}
COMMANDS = [["history", "1"], ["export", "1"], ["ledger", "1"], ["resume", "1"]]


def run(folder: Path, *args: str) -> Result:
    return CliRunner().invoke(app, [*args, "--data-dir", str(folder)])


def _two_games(folder: Path) -> None:
    """Games 1 and 2, both played a while and unfinished."""
    journal = Journal(folder)
    assert played(journal, inputs=12) == 1
    assert played(journal, inputs=12, seed=3) == 2
    journal.close()


def _damage(folder: Path, sql: str, value: object) -> None:
    conn = sqlite3.connect(folder / FILE_NAME)
    conn.execute(sql, (value,))
    conn.commit()
    conn.close()


def _one_line(result: Result, words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"homegame: error: {words}"), lines[0]
    assert "Traceback" not in result.output and "8d" not in result.output


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_game_is_one_line_from_every_command_and_the_other_game_still_reads(
    tmp_path: Path, damage: str
) -> None:
    _two_games(tmp_path)
    sql, value, words = DAMAGE[damage]
    _damage(tmp_path, sql, value)
    for args in COMMANDS:
        _one_line(run(tmp_path, *args), words)
    listing = run(tmp_path, "games")
    rows = {line.split()[0] for line in listing.stdout.splitlines() if line.strip()}
    assert "2" in rows  # the games listed by number, first in their row
    if damage in ("config not json", "players not text"):  # the listing cannot show it
        _one_line(listing, words)
        assert "1" not in rows
    else:
        assert listing.exit_code == 0 and "1" in rows
    assert run(tmp_path, "history", "2").exit_code == 0
    assert run(tmp_path, "export", "2", "--format", "json").exit_code == 0
    journal = Journal(tmp_path)
    assert 2 in [r.id for r in journal.unfinished()]  # offered on the start screen
    journal.close()


def test_the_other_game_of_a_damaged_journal_resumes_at_the_table(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _two_games(data)
    sql, value, _ = DAMAGE["config not json"]
    _damage(data, sql, value)
    resumed = run_in_pty(
        ["-m", "homegame", "resume", "2"],
        homegame_env(data),
        when=lambda out: "Pass to" in out,
        then=lambda proc: proc.send_signal(signal.SIGTERM),
    )
    assert resumed.status == 128 + signal.SIGTERM
    assert "Traceback" not in resumed.output


def test_a_damaged_hosted_game_is_one_line_from_display(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"))
    journal.new_game(GameConfig("holdem", players=players), "host", {})
    journal.close()
    _damage(tmp_path, "UPDATE games SET setup = ? WHERE id = 1", "[1")
    _one_line(run(tmp_path, "display", "1"), "game 1 is damaged: its listing cannot be read (")


@pytest.mark.parametrize(
    ("sql", "words"),
    [
        ("DROP TABLE inputs", "is damaged: it has no inputs table"),
        ("ALTER TABLE inputs DROP COLUMN deals", "is damaged: its inputs table has no deals"),
    ],
)
def test_a_journal_that_lost_a_table_or_column_is_one_line(
    tmp_path: Path, sql: str, words: str
) -> None:
    _two_games(tmp_path)
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute(sql)
    conn.commit()
    conn.close()
    for args in [["games"], *COMMANDS, ["display", "1"]]:
        result = run(tmp_path, *args)
        _one_line(result, f"{tmp_path / FILE_NAME} {words}")


def _read_only_checks(folder: Path) -> None:
    """What a read-only journal allows: reading every game, and no game played into it."""
    path = folder / FILE_NAME
    before = path.read_bytes()
    assert run(folder, "games").exit_code == 0
    assert "== Hand 1 ==" in run(folder, "history", "1").stdout
    assert run(folder, "export", "1", "--format", "json").exit_code == 0
    assert run(folder, "ledger", "1").exit_code == 0
    words = f"the journal {path} is read-only: a game played now could not be saved"
    _one_line(run(folder, "resume", "1"), words)
    _one_line(run(folder, "play", "holdem", "--players", "Ann,Bob"), words)
    _one_line(run(folder, "simulate", "holdem", "--hands", "2", "--save"), words)
    assert path.read_bytes() == before


def test_a_read_only_journal_reads_but_will_not_be_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a read-only file system: the journal is opened with SQLite's read-only URI."""
    _two_games(tmp_path)
    monkeypatch.setattr(db, "writable", lambda path: False)
    _read_only_checks(tmp_path)
    journal = Journal(tmp_path)
    assert journal.read_only
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        journal.conn.execute("DELETE FROM inputs")
    journal.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a file without write permission")
def test_a_journal_without_write_permission_reads_but_will_not_be_played(tmp_path: Path) -> None:
    _two_games(tmp_path)
    (tmp_path / FILE_NAME).chmod(0o400)
    tmp_path.chmod(0o500)
    try:
        _read_only_checks(tmp_path)
    finally:
        tmp_path.chmod(0o700)
