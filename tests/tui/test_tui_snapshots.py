"""SVG snapshots of the main screens at 80x24 (pytest-textual-snapshot).

The pictures were made with Textual 8.2.8; another Textual draws some glyphs differently, so
the comparison runs only on that version (the text-level checks in test_tui_layout.py run on
any). Update with `pytest tests/tui/test_tui_snapshots.py --snapshot-update` after a deliberate
change, and look at the pictures before committing them.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

import pytest
import textual
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from tui_driver import settle

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp

pytest.importorskip("pytest_textual_snapshot")
pytestmark = pytest.mark.skipif(
    textual.__version__ != "8.2.8", reason="snapshots were drawn with Textual 8.2.8"
)

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


class SnapCompare(Protocol):
    """The `snap_compare` fixture: draws the app (after `run_before`) and compares the picture
    with the saved one."""

    def __call__(
        self,
        app: App[Any],
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None,
    ) -> bool: ...


def solo(game: str) -> HomegameApp:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "easy"))
    return HomegameApp(GameConfig(game, players=players, timing=FAST), rng=random.Random(7))


def pass_and_play(game: str) -> HomegameApp:
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Cleo"))
    return HomegameApp(GameConfig(game, players=players, timing=FAST), rng=random.Random(7))


async def to_first_prompt(pilot: Pilot[None]) -> None:
    await settle(pilot, pilot.app)
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def test_snapshot_start_screen(snap_compare: SnapCompare) -> None:
    async def still(pilot: Pilot[None]) -> None:
        await pilot.pause()
        for widget in pilot.app.screen.query(Input):
            widget.cursor_blink = False

    assert snap_compare(HomegameApp(rng=random.Random(1)), run_before=still)


@pytest.mark.parametrize("game", ["holdem", "yukon"])
def test_snapshot_solo_table(snap_compare: SnapCompare, game: str) -> None:
    assert snap_compare(solo(game), run_before=to_first_prompt)


def test_snapshot_krg_discard(snap_compare: SnapCompare) -> None:
    assert snap_compare(solo("krg"), run_before=to_first_prompt)


def test_snapshot_handoff(snap_compare: SnapCompare) -> None:
    assert snap_compare(pass_and_play("holdem"), run_before=to_first_prompt)


def test_snapshot_rules_help(snap_compare: SnapCompare) -> None:
    async def rules(pilot: Pilot[None]) -> None:
        await to_first_prompt(pilot)
        await pilot.press("question_mark")
        await pilot.pause()

    assert snap_compare(solo("yukon"), run_before=rules)
