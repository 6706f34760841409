"""Issue 33 item 11: what the app keeps is its owner's alone. An existing journal (and its side
files) or data folder with wider permissions is tightened when opened; a new export file is
owner-only, a file the user already made keeps its mode."""

from __future__ import annotations

import stat
from pathlib import Path

from played_games import played
from typer.testing import CliRunner

from homegame.cli import app
from homegame.store.db import FILE_NAME
from homegame.store.journal import Journal


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_journal_and_its_folder_opened_with_wider_permissions_are_tightened(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    journal = Journal(data)
    played(journal, inputs=5)
    journal.close()
    (data / f"{FILE_NAME}-wal").write_bytes(b"")
    for path, mode in [(data / FILE_NAME, 0o666), (data / f"{FILE_NAME}-wal", 0o644)]:
        path.chmod(mode)
    data.chmod(0o755)
    (data / "locks").chmod(0o755)
    Journal(data).close()
    assert _mode(data / FILE_NAME) == 0o600
    assert _mode(data) == 0o700
    assert _mode(data / "locks") == 0o700
    for side in data.glob(f"{FILE_NAME}-*"):
        assert _mode(side) == 0o600, side


def test_a_folder_holding_the_users_own_files_keeps_its_mode_but_not_the_journal(
    tmp_path: Path,
) -> None:
    Journal(tmp_path).close()
    (tmp_path / "notes.txt").write_text("mine\n")
    tmp_path.chmod(0o755)
    (tmp_path / FILE_NAME).chmod(0o644)
    Journal(tmp_path).close()
    assert _mode(tmp_path) == 0o755
    assert _mode(tmp_path / FILE_NAME) == 0o600


def test_a_new_export_or_ledger_file_is_owner_only_an_existing_one_keeps_its_mode(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path / "data")
    played(journal, inputs=20)
    played(journal, "krg", inputs=20)  # a series is played for money: a ledger to write
    journal.close()
    data = ["--data-dir", str(tmp_path / "data")]
    runner = CliRunner()
    new = tmp_path / "game.json"
    assert runner.invoke(app, ["export", "1", "--out", str(new), *data]).exit_code == 0
    assert _mode(new) == 0o600
    mine = tmp_path / "shared.json"
    mine.write_text("")
    mine.chmod(0o644)
    assert runner.invoke(app, ["export", "1", "--out", str(mine), *data]).exit_code == 0
    assert _mode(mine) == 0o644 and mine.read_text().startswith("{")
    sheet = tmp_path / "night.csv"
    runner.invoke(app, ["ledger", "2", "--csv", str(sheet), *data])
    assert _mode(sheet) == 0o600
