"""A user's bot that never returns or kills its own process at the app's table: the decision
is lost to check-or-fold with one line in the log while the hand is played, the table plays on,
and no card but the person's own (and those shown down) is ever on the screen (issue 33)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from misbehaving_bots import PRINTED, class_name, write_bots
from textual.app import App
from tui_driver import Record, drive, privacy_check, run, visible_text

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp

#: Seconds a bot's decision may take here (the app's is 2).
LIMIT = 0.3
SAID = {"hang": f"took longer than {LIMIT:g} s", "os_exit": "ended its process", "print": ""}


@pytest.mark.parametrize("mode", list(SAID))
def test_a_bot_file_that_hangs_or_exits_loses_its_turns_and_the_table_plays_on(
    mode: str, tmp_path: Path
) -> None:
    path = write_bots(tmp_path)
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Robo", f"{path}:{class_name(mode)}")),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        freezeout=FreezeoutSettings(starting_stack=4000),
    )
    app = HomegameApp(config, rng=random.Random(2), bot_limit=LIMIT)
    screens: list[str] = []

    def check(app: App[None], record: Record) -> None:
        screens.append(privacy_check(app, record) + visible_text(app))

    async def scenario() -> Record:
        async with app.run_test(size=(100, 30)) as pilot:
            return await drive(
                app,
                pilot,
                check=check,
                stop=lambda app, record: len(record.showdowns) >= 2,
                max_wait=10,
            )

    record = run(scenario())
    assert len(record.showdowns) >= 2, "the table did not play on"
    said = [line for line in record.log_lines if line.startswith("Robo's bot ")]
    if SAID[mode]:
        assert said and all(SAID[mode] in line for line in said), said
        shown = [text for text in screens if "Robo's bot" in text]
        assert shown, "the lost decision was not said on the screen while the hand went on"
    else:
        assert said == []
    assert not any(PRINTED in text for text in screens), "what the bot printed is on screen"
