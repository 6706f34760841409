"""Journals written by earlier versions resume exactly: each fixture journal (a copy, in
tmp_path) is opened with today's code, every game in it rebuilt as the app rebuilds it, and what
it shows compared with the snapshot saved when the fixture was written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from fixture_state import journal_state

from homegame.store.db import FILE_NAME
from homegame.store.journal import Journal

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: Each fixture folder: the journal format it was written in.
FORMATS = ["format1", "format2"]


@pytest.mark.parametrize("folder", FORMATS)
def test_a_journal_of_an_earlier_format_resumes_every_game_exactly(
    tmp_path: Path, folder: str
) -> None:
    source = FIXTURES / folder
    shutil.copy(source / FILE_NAME, tmp_path / FILE_NAME)
    expected = json.loads((source / "state.json").read_text(encoding="utf-8"))
    journal = Journal(tmp_path, create=False)
    try:
        state = json.loads(json.dumps(journal_state(journal)))
    finally:
        journal.close()
    assert state["games"] == expected["games"]
    assert state["unfinished"] == expected["unfinished"]
    assert state["states"].keys() == expected["states"].keys()
    for game_id, game in expected["states"].items():
        assert state["states"][game_id] == game, f"game {game_id} resumed differently"
