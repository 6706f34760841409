"""The table screen keeps the game's stats row when it is left (issue 31), off its event loop:
a `homegame stats` after the night reads it instead of working the game out."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from tui_driver import chip_game, settle, the_table

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine.actions import Call
from homegame.stats.collect import VERSION, game_figures
from homegame.store import game_stats
from homegame.store.journal import Journal
from homegame.store.recorder import GameLog
from homegame.tui.app import HomegameApp


def test_leaving_the_table_keeps_the_games_stats_row(tmp_path: Path) -> None:
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(turn_timer=0))

    async def night() -> GameLog:
        app = HomegameApp(config, journal=Journal(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = the_table(app)
            session = chip_game(table)
            for _ in range(2):
                table.game.act(Call(), session.to_act)
            log = table.journal
            assert log is not None and log.figures is not None
            assert game_stats.saved_rows(log.journal.conn, VERSION) == {}  # nothing per input
        return log

    log = asyncio.run(night())
    assert log.figures is not None
    log.figures.wait()
    journal = Journal(tmp_path)
    seq, text = game_stats.saved_rows(journal.conn, VERSION)[log.game_id]
    assert seq == game_stats.latest_inputs(journal.conn)[log.game_id]
    assert json.loads(text) == game_figures(journal, journal.game(log.game_id)).as_data()
