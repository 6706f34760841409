"""`homegame players`: the list, a rename, a merge and a nickname; each mistake one line."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.config import GameConfig, PlayerSetting
from homegame.store.journal import Journal

runner = CliRunner()


def _players(folder: Path, *args: str) -> Result:
    return runner.invoke(app, ["players", *args, "--data-dir", str(folder)])


def _saved(folder: Path, *names: str) -> None:
    journal = Journal(folder)
    players = tuple(PlayerSetting(n, "easy" if n.startswith("Bot") else None) for n in names)
    journal.new_game(GameConfig("holdem", players=players), "pass-and-play", {})
    journal.close()


def test_the_list_a_rename_a_merge_and_a_nickname(tmp_path: Path) -> None:
    _saved(tmp_path, "Ann", "Bob", "Bot 1")
    _saved(tmp_path, "Ann", "Robert")
    lines = _players(tmp_path).output.splitlines()
    assert lines[0].split() == ["player", "nickname", "games"]
    assert [line.split() for line in lines[1:]] == [
        ["Ann", "2"], ["Bob", "1"], ["Bot", "1", "1", "(bot)"], ["Robert", "1"],
    ]  # fmt: skip
    assert _players(tmp_path, "merge", "Bob", "Robert").output == (
        "Bob merged into Robert (2 games)\n"
    )
    assert _players(tmp_path, "rename", "ann", "Annie").output == (
        "ann is now Annie (2 games kept)\n"
    )
    assert _players(tmp_path, "nick", "Robert", "Bobby").output == 'Robert "Bobby"\n'
    assert "Bobby" in _players(tmp_path, "list").output


def test_mistakes_are_one_line_exit_2_and_change_nothing(tmp_path: Path) -> None:
    _saved(tmp_path, "Ann", "Bob")
    before = _players(tmp_path).output
    for args, line in [
        (["rename", "Ann"], "rename takes 2 names: homegame players rename OLD NEW"),
        (["frob"], "no action 'frob': list, rename, merge or nick"),
        (["rename", "Ann", "bob"], "Bob is already a player: homegame players merge"),
        (["merge", "Zed", "Ann"], "no player called 'Zed'"),
        (["rename", "Ann", "Player 3"], "the name of an unnamed seat"),
    ]:
        result = _players(tmp_path, *args)
        assert result.exit_code == 2 and line in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
    assert _players(tmp_path).output == before
