"""h in the app (issue 9): the game's history with a stack chart, only what the table saw; from
a deal's result screen, that deal's every action."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tui_driver import everything_text, settle, shows_card, table_of, visible_text

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.store.journal import Journal
from homegame.tui.app import HomegameApp
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.history import HistoryScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.stack_chart import StackChart


def test_h_shows_the_history_and_the_chart_and_from_the_result_the_last_hand(
    tmp_path: Path,
) -> None:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy")),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )
    app = HomegameApp(config, journal=Journal(tmp_path))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            table = table_of(app)
            assert table is not None
            session = table.game
            holes = [session.hole_cards(s) for s in range(3)]
            for _ in range(40):  # everyone folds to the big blind
                if isinstance(app.screen, HandoffScreen):
                    await asyncio.sleep(HandoffScreen.GUARD_SECONDS)
                    await pilot.press("enter")
                elif app.screen is table and table._choice is not None:
                    await pilot.press("f")
                if isinstance(app.screen, ShowdownScreen):
                    break
                await pilot.pause(0.05)
            assert isinstance(app.screen, ShowdownScreen)
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            text = visible_text(app)
            assert "Hand 1: every action" in text
            assert "folds" in text
            everything = everything_text(app)
            assert not any(c is not None and shows_card(everything, c) for h in holes for c in h)
            await pilot.press("escape")
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("h")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            assert "This game so far" in visible_text(app)
            assert app.screen.query_one(StackChart).display

    asyncio.run(scenario())


def test_solo_take_back_only_before_a_card_is_dealt_and_only_when_set(tmp_path: Path) -> None:
    from dataclasses import replace

    from homegame.config import RulesSettings

    base = GameConfig(
        "holdem",
        players=(PlayerSetting("Me"), PlayerSetting("R1", "random"), PlayerSetting("R2", "random")),
        seed=4,
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )
    config = replace(base, rules=RulesSettings(solo_undo=True))

    def snapshot(table: TableScreen) -> tuple[object, ...]:
        session = table.game.tournament()  # a freezeout: chips on the table
        assert session is not None
        return (
            session.to_act,
            session.stacks,
            session.view_for(None).pots,
            table.driver.hand_number,
            session.hole_cards(0),
            dict(session.view_for(None).board),
        )

    async def scenario() -> tuple[int, int]:
        app = HomegameApp(config, journal=Journal(tmp_path))
        took, refused = 0, 0
        async with app.run_test(size=(80, 24)) as pilot:
            table = None
            for _ in range(400):
                await pilot.pause(0.02)
                table = table_of(app)
                if isinstance(app.screen, ShowdownScreen):
                    await pilot.press("enter")
                    continue
                if isinstance(app.screen, ShowOrMuckScreen):
                    await pilot.press("m")
                    continue
                if table is None or app.screen is not table or table._choice is None:
                    continue
                before = snapshot(table)
                dealt = len(table.driver.hand_events)
                await pilot.press("c")
                for _ in range(100):
                    await pilot.pause(0.02)
                    if table._choice is not None or isinstance(app.screen, ShowdownScreen):
                        break
                if table._choice is None:
                    continue
                news = table.driver.hand_events[dealt:]
                card_since = table.driver.hand_number != before[3] or any(
                    type(e).__name__ == "BoardDealt" for e in news
                )
                await pilot.press("u")
                await pilot.pause(0.1)
                if card_since:
                    assert "Nothing to take back" in visible_text(app)
                    refused += 1
                else:
                    assert snapshot(table) == before
                    assert any(
                        line.startswith("Taken back: Me")
                        for line in table.query_one("#log", HandLog).entries
                    )
                    took += 1
                if took and refused:
                    break
        return took, refused

    took, refused = asyncio.run(scenario())
    assert took >= 1 and refused >= 1
