"""Issue 33: a journal whose inputs each read back but cannot be replayed (one the game refuses,
as two windows writing one game at once left) is one line from `homegame resume`, exit 2, and a
notice on the start screen's list of saved games, never the table stopping on an unexpected
error; the other games still resume."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from played_games import played
from tui_driver import visible_text
from typer.testing import CliRunner

from homegame.cli import app
from homegame.store.db import FILE_NAME
from homegame.store.journal import Journal
from homegame.tui.app import HomegameApp

#: The check that game 1's input 11 is replaced by: the same seat checks again, out of turn.
OUT_OF_TURN = '[{"in":"act","seat":1,"action":{"kind":"check"}}]'
SAID = "homegame: error: game 1 is damaged: its inputs cannot be replayed (IllegalAction: "


def _damaged(folder: Path) -> None:
    """Games 1 and 2, unfinished; game 1's input 11 is one the game refuses on replay."""
    journal = Journal(folder)
    assert played(journal, inputs=12) == 1
    assert played(journal, inputs=12, seed=3) == 2
    journal.close()
    conn = sqlite3.connect(folder / FILE_NAME)
    conn.execute("UPDATE inputs SET calls = ? WHERE game_id = 1 AND seq = 11", (OUT_OF_TURN,))
    conn.commit()
    conn.close()


def test_resume_of_a_journal_the_game_refuses_is_one_line_exit_2(tmp_path: Path) -> None:
    _damaged(tmp_path)
    result = CliRunner().invoke(app, ["resume", "1", "--data-dir", str(tmp_path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(SAID), lines
    assert "not Bob's turn" in lines[0]
    # Game 2 replays: it goes on to the table (which wants a terminal the test runner lacks).
    other = CliRunner().invoke(app, ["resume", "2", "--data-dir", str(tmp_path)])
    assert other.exit_code == 2 and "needs a terminal" in other.stderr


def test_the_start_screen_says_a_game_cannot_be_replayed_and_offers_the_list_again(
    tmp_path: Path,
) -> None:
    from homegame.tui.screens.saved import SavedGamesScreen

    _damaged(tmp_path)

    async def scenario() -> None:
        tui = HomegameApp(journal=Journal(tmp_path))
        async with tui.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(tui.screen, SavedGamesScreen)
            assert [g.id for g in tui.screen.games] == [2, 1]  # the newest first
            said: list[str] = []  # the toast's text (it is drawn in a layer of its own)
            tui.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign]
            await pilot.press("down", "enter")
            for _ in range(10):
                await pilot.pause()
            assert isinstance(tui.screen, SavedGamesScreen)
            assert len(said) == 1 and said[0].startswith(SAID.removeprefix("homegame: error: "))
            assert "#1 Texas Hold'em" in visible_text(tui)  # the list, offered again

    asyncio.run(scenario())
