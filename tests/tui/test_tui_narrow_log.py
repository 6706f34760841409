"""Below 80 columns the hand log goes under the seats in the rows left over, so a player at a
narrow terminal still reads what the others did; the person's cards and the actions come first
(issue 12: down to 60x20, and at a full table the log gives way)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from tui_driver import settle, shows_card, visible_text

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar
from homegame.tui.widgets.hand_log import HandLog

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def _table_at(
    size: tuple[int, int], bots: int, check: Callable[[HomegameApp, TableScreen], object]
) -> None:
    players = (PlayerSetting("Ann"), *(PlayerSetting(f"Bot {i}", "easy") for i in range(bots)))
    app = HomegameApp(GameConfig("holdem", players=players, timing=FAST), rng=random.Random(3))

    async def scenario() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen) and table._choice is not None
            await pilot.pause()
            check(app, table)

    asyncio.run(scenario())


def _own_cards_and_actions(app: HomegameApp, table: TableScreen) -> str:
    text = visible_text(app)
    ann = next(ln for ln in text.splitlines() if ln.lstrip("▶ ").startswith("Ann"))
    assert all(c is not None and shows_card(ann, c) for c in table.game.hole_cards(0)), text
    legal = table.query_one(ActionBar).legal
    assert legal is not None
    assert f"[c] Call {legal.call_amount:,}" in text or "[c] Check" in text, text
    return text


def test_at_60x20_the_latest_log_line_shows_under_the_seats() -> None:
    def check(app: HomegameApp, table: TableScreen) -> None:
        text = _own_cards_and_actions(app, table)
        log = table.query_one(HandLog)
        assert log.entries, "nothing was logged before Ann's turn"
        assert log.entries[-1] in text, text

    _table_at((60, 20), 3, check)


def test_at_60x20_a_full_table_keeps_the_cards_and_actions_before_the_log() -> None:
    _table_at((60, 20), 9, _own_cards_and_actions)


def test_the_log_wraps_its_lines_again_when_the_terminal_is_resized() -> None:
    """Issue 28 item 11: lines wrapped at one width stayed so at another, cut in two rows with
    half of each empty once the terminal grew."""
    from textual.app import App, ComposeResult

    from homegame.tui.palette import COLOURS

    class LogApp(App[None]):
        def get_theme_variable_defaults(self) -> dict[str, str]:
            return {**super().get_theme_variable_defaults(), **COLOURS}

        def compose(self) -> ComposeResult:
            yield HandLog()

    lines = ["Ann raises to 300 and Bob calls 300 from the big blind", "Cy folds"]
    app = LogApp()

    async def scenario() -> None:
        async with app.run_test(size=(30, 12)) as pilot:
            log = app.query_one(HandLog)
            await pilot.pause()
            for line in lines:
                log.add(line)
            await pilot.pause()
            assert len(log.lines) > len(lines)  # the long line takes rows of its own
            await pilot.resize_terminal(100, 12)
            await pilot.pause()
            assert [row.text.rstrip() for row in log.lines] == lines
            await pilot.resize_terminal(30, 12)
            await pilot.pause()
            assert all(row.cell_length <= 30 for row in log.lines)

    asyncio.run(scenario())
