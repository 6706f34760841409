"""The data directory: HOMEGAME_DATA wins over the platform default; files in it are private."""

from __future__ import annotations

import stat
from pathlib import Path

import platformdirs
import pytest

from homegame import paths


def test_data_dir_follows_homegame_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "profile" / "data"
    monkeypatch.setenv(paths.DATA_ENV, str(target))
    assert paths.data_dir() == target
    assert target.is_dir()
    assert stat.S_IMODE(target.stat().st_mode) == 0o700


def test_data_dir_defaults_to_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.DATA_ENV, raising=False)
    assert paths.data_dir(create=False) == Path(platformdirs.user_data_dir("homegame"))


def test_private_file_is_owner_only(tmp_path: Path) -> None:
    target = tmp_path / "log.txt"
    target.write_text("old")
    target.chmod(0o644)
    fd = paths.private_file(target)
    with open(fd, "w") as out:
        out.write("new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
