"""The journal's commands (issue 9): games, history, export, resume errors, simulate --save."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.store.db import FILE_NAME

runner = CliRunner()


def _run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_simulate_plays_the_same_with_and_without_saving_and_lists_the_games(
    tmp_path: Path,
) -> None:
    plain = _run("simulate", "holdem", "--hands", "40", "--seed", "3", "--json")
    saved = _run(
        "simulate", "holdem", "--hands", "40", "--seed", "3", "--json", "--save",
        "--data-dir", str(tmp_path),
    )  # fmt: skip
    assert plain.exit_code == saved.exit_code == 0

    def strip(out: str) -> dict[str, object]:
        return {k: v for k, v in json.loads(out).items() if "second" not in k}

    assert strip(plain.stdout) == strip(saved.stdout)
    listing = json.loads(_run("games", "--json", "--data-dir", str(tmp_path)).stdout)
    assert listing and all(g["mode"] == "simulation" for g in listing)
    assert sum(g["hands"] for g in listing) == 40
    first = listing[-1]["game_id"]
    text = _run("history", str(first), "--data-dir", str(tmp_path))
    assert text.exit_code == 0 and "== Hand 1 ==" in text.stdout
    out = tmp_path / "game.phhs"
    done = _run(
        "export", str(first), "--format", "phh", "--out", str(out), "--data-dir", str(tmp_path)
    )
    assert done.exit_code == 0 and out.read_text().count("variant = 'NT'") >= 1


def test_mistakes_get_one_error_line_and_exit_2(tmp_path: Path) -> None:
    for args in (
        ["resume", "--data-dir", str(tmp_path)],
        ["history", "7", "--data-dir", str(tmp_path)],
        ["export", "x", "--data-dir", str(tmp_path)],
    ):
        result = _run(*args)
        assert result.exit_code == 2, args
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("homegame: error: "), lines
    (tmp_path / FILE_NAME).write_text("not a database, keep me\n")
    result = _run("games", "--data-dir", str(tmp_path))
    assert result.exit_code == 2
    assert "not a homegame journal" in result.stderr
    assert (tmp_path / FILE_NAME).read_text() == "not a database, keep me\n"


def test_the_games_listing_fits_80_columns_in_aligned_columns_words_whole(tmp_path: Path) -> None:
    """Issue 28 item 10: a long game name, a long winner and many players wrapped mid-word
    at the terminal's edge and pushed the next columns out of line."""
    from homegame.config import GameConfig, PlayerSetting
    from homegame.store import open_journal
    from homegame.store.recorder import PASS_AND_PLAY, SOLO, GameLog

    journal = open_journal(tmp_path)
    names = ("Alexandra Wolfe", "Bartholomew", "Cornelius", "Dorothea", "Evangeline", "Fitz")
    long_game = GameConfig("double-board", players=tuple(PlayerSetting(n) for n in names))
    long_id = GameLog.new(journal, long_game, PASS_AND_PLAY).game_id
    journal.set_progress(long_id, 123, "Alexandra Wolfe")
    short = GameConfig("krg", players=(PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy")))
    GameLog.new(journal, short, SOLO)
    journal.close()
    result = runner.invoke(
        app, ["games", "--data-dir", str(tmp_path)], env={"COLUMNS": "80"}, terminal_width=80
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert all(len(line.rstrip()) <= 80 for line in lines), lines
    words = {w for line in lines for w in line.replace(",", " ").split()}
    for word in ("Alexandra", "Wolfe", "Bartholomew", "Cornelius", "Evangeline", "Board"):
        assert word in words, (word, lines)  # never cut across two lines
    players = " ".join(line[line.index("Ann") :] for line in lines if "Ann" in line)
    assert "Bot 1" in players  # a name stays on one line
    head = next(line for line in lines if line.lstrip().startswith("#"))
    rows = [line for line in lines if line.split()[0].isdigit()]
    assert len(rows) == 2
    for column in ("date", "game", "mode", "state", "players"):  # each starts under its head
        at = head.index(column)
        assert all(row[at - 1] == " " and row[at] != " " for row in rows), (column, lines)
    end = head.index("hands") + len("hands") - 1  # the hands end under theirs
    assert all(row[end] != " " and row[end + 1] == " " for row in rows), lines
