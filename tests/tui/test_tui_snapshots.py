"""SVG snapshots of the main screens at 80x24 (pytest-textual-snapshot).

The pictures were made with the Textual that pyproject.toml pins (another draws some glyphs
differently); `test_installed_textual_is_the_pinned_one` says so plainly when another is
installed, and the pictures are compared on every run, never skipped. Update with
`pytest tests/tui/test_tui_snapshots.py --snapshot-update` after a deliberate change, and look
at the pictures before committing them.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Protocol

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from tui_driver import settle

from homegame.config import GameConfig, PlayerSetting, RulesSettings, TimingSettings
from homegame.tui.app import HomegameApp

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


def solo(game: str, rabbit_hunt: bool = False) -> HomegameApp:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "easy"))
    rules = RulesSettings(rabbit_hunt=rabbit_hunt)
    config = GameConfig(game, players=players, timing=FAST, rules=rules)
    return HomegameApp(config, rng=random.Random(7))


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

    assert snap_compare(solo("yukon", rabbit_hunt=True), run_before=rules)  # R on the card


def test_installed_textual_is_the_pinned_one() -> None:
    """The Textual packages installed are those pyproject.toml pins: the pictures above, the
    screens and the workaround module are checked against exactly those."""
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    pins = dict(
        line.split("==", 1)
        for line in project["project"]["dependencies"]
        if line.startswith("textual")
    )
    assert set(pins) == {"textual", "textual-serve", "textual-plotext"}
    assert {name: version(name) for name in pins} == pins
