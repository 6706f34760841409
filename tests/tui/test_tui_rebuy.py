"""HOUSE_RULES 19 at the table: a person who busts in a freezeout's rebuy period is asked
whether to buy back in (r rebuys, n does not); a bot always rebuys."""

from __future__ import annotations

import asyncio
import random

from tui_driver import chip_game, settle, visible_text

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.money.settings import MoneySettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.settlement import RebuyScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar


def _app(seed: int) -> HomegameApp:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy")),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        freezeout=FreezeoutSettings(starting_stack=200, hands_per_level=20),
        money=MoneySettings(buy_in=500, rebuys=True, rebuy_until_level=4),
    )
    return HomegameApp(config, rng=random.Random(seed))


def test_house_rule_19_a_busted_person_is_asked_and_r_rebuys() -> None:
    """All-in every hand: once Ann busts she is asked; r buys her 200 chips again for 5.00."""
    for seed in range(20):
        app = _app(seed)

        async def scenario(app: HomegameApp = app) -> bool | None:
            async with app.run_test(size=(100, 34)) as pilot:
                for _ in range(400):
                    await settle(pilot, app)
                    screen = app.screen
                    if isinstance(screen, RebuyScreen):
                        text = visible_text(app)
                        assert "Ann is out of chips" in text
                        assert "r: rebuy 200 chips for 5.00" in text
                        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
                        await pilot.press("r")
                        await settle(pilot, app)
                        game = chip_game(table)
                        return not game.is_over and not game.is_out(0)
                    if isinstance(screen, ShowdownScreen):
                        await pilot.press("enter")
                    elif isinstance(screen, ShowOrMuckScreen):
                        await pilot.press("m")
                    elif isinstance(screen, TableScreen) and screen._choice is not None:
                        legal = screen.query_one(ActionBar).legal
                        await pilot.press("a" if legal and legal.can_all_in else "c")
                        if legal and legal.can_all_in:
                            await pilot.press("a")
                return None

        if asyncio.run(scenario()):
            return
    raise AssertionError("Ann never busted in 20 seeds")
