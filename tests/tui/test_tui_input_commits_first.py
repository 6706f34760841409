"""Issue 33 item 12: an input counts once the screen shows it. The journal commits a person's
action or discard before the first frame that shows it taken: every frame drawn after the key
either still asks for it or comes after its commit, so a kill right after the screen changed
never loses it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.store.journal import Journal
from homegame.tui.app import HomegameApp
from homegame.tui.screens.discard import DiscardScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar


def _frames(
    monkeypatch: pytest.MonkeyPatch,
    journal: Journal,
    asking: Callable[[App[Any]], bool],
    saved: Callable[[Journal], bool],
) -> list[tuple[bool, bool]]:
    """Each frame drawn from now on: whether it still asks for the input (`asking`: the key not
    yet taken), and whether the input was saved by then."""
    frames: list[tuple[bool, bool]] = []
    draw = App._display

    def spy(app: App[Any], screen: Any, renderable: Any) -> None:
        frames.append((asking(app), saved(journal)))
        draw(app, screen, renderable)

    monkeypatch.setattr(App, "_display", spy)
    return frames


def _discarding(app: App[Any]) -> bool:
    return isinstance(app.screen, DiscardScreen)


def _offering(app: App[Any]) -> bool:
    screen = app.screen
    return isinstance(screen, TableScreen) and screen.query_one(ActionBar).legal is not None


def _person_saved(kind: str) -> Callable[[Journal], bool]:
    def saved(journal: Journal) -> bool:
        rows = journal.conn.execute("SELECT calls FROM inputs").fetchall()
        return any('"seat":0' in calls and kind in calls for (calls,) in rows)

    return saved


def _config(game: str) -> GameConfig:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "easy"))
    return GameConfig(game, players=players, seed=0, timing=TimingSettings(bot_pause=0))


def test_a_discard_is_saved_before_any_frame_shows_the_discard_screen_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> None:
        journal = Journal(tmp_path)
        app = HomegameApp(_config("krg"), journal=journal, button=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(200):
                if isinstance(app.screen, DiscardScreen):
                    break
                await pilot.pause(0.02)
            await pilot.press("1", "2")
            await pilot.pause()
            frames = _frames(monkeypatch, journal, _discarding, _person_saved("discard"))
            await pilot.press("enter")
            for _ in range(10):
                await pilot.pause(0.02)
            assert frames, "no frame drawn after the key"
            assert not all(asking for asking, _ in frames)  # the screen changed
            assert all(asking or saved for asking, saved in frames), frames

    asyncio.run(play())


def test_an_action_key_is_saved_before_any_frame_shows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def play() -> None:
        journal = Journal(tmp_path)
        app = HomegameApp(_config("holdem"), journal=journal, button=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(200):
                if app.screen.check_action("act", ("fold",)):
                    break
                await pilot.pause(0.02)
            frames = _frames(monkeypatch, journal, _offering, _person_saved("fold"))
            await pilot.press("f")
            for _ in range(10):
                await pilot.pause(0.02)
            assert not all(asking for asking, _ in frames)  # the screen changed
            assert all(asking or saved for asking, saved in frames), frames

    asyncio.run(play())
