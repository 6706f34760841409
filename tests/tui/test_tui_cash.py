"""`homegame play holdem --cash` (HOUSE_RULES 22) at the table: the players end the game between
hands and the result is what each takes home and who pays whom; a player with no chips left
tops up or leaves."""

from __future__ import annotations

import asyncio
import random

from tui_driver import chip_game, settle, until, visible_text

from homegame.config import CashGameSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.engine.cash_session import CashSession
from homegame.tui.app import HomegameApp
from homegame.tui.screens.settlement import SettlementScreen, TopUpScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar
from homegame.tui.widgets.hand_log import HandLog

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def _app(seed: int, stacks_bb: int = 100) -> HomegameApp:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "easy"))
    cash = CashGameSettings(max_buy_in_big_blinds=stacks_bb)
    config = GameConfig("holdem", players=players, timing=FAST, cash=cash)
    return HomegameApp(config, rng=random.Random(seed))


def test_house_rule_22_the_players_end_the_cash_game_and_see_the_settlement() -> None:
    app = _app(5)

    async def scenario() -> None:
        async with app.run_test(size=(100, 34)) as pilot:
            for _ in range(300):
                await settle(pilot, app)
                screen = app.screen
                if isinstance(screen, ShowdownScreen):
                    assert "e: end the cash game" in visible_text(app)
                    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
                    cash = table.game
                    assert isinstance(cash, CashSession)
                    stacks = dict(zip(cash.names, cash.stacks, strict=True))
                    await pilot.press("e")
                    await settle(pilot, app)
                    assert isinstance(app.screen, SettlementScreen)
                    text = app.screen.text
                    assert "Cash game over after 1 hand" in text
                    assert "Check: the nets sum to 0.00" in text
                    for name, chips in stacks.items():
                        net = f"{(chips - 2000) / 100:.2f}"
                        assert any(
                            line.startswith(name) and line.endswith(net)
                            for line in text.splitlines()
                        ), (name, net, text)
                    return
                if isinstance(screen, ShowOrMuckScreen):
                    await pilot.press("m")
                elif isinstance(screen, TableScreen) and screen._choice is not None:
                    await pilot.press("c")
            raise AssertionError("no hand ended")

    asyncio.run(scenario())


def test_house_rule_22_a_player_with_no_chips_tops_up_or_leaves() -> None:
    """Short stacks, all-in every hand: once Ann is busted she is asked; t tops her up."""
    for seed in range(20):
        app = _app(seed, stacks_bb=5)

        async def scenario(app: HomegameApp = app) -> bool | None:
            async with app.run_test(size=(100, 34)) as pilot:
                for _ in range(400):
                    await settle(pilot, app)
                    screen = app.screen
                    if isinstance(screen, TopUpScreen):
                        assert "Ann has no chips left" in visible_text(app)
                        assert "top up to 100 chips (1.00)" in visible_text(app)
                        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
                        await pilot.press("t")
                        await settle(pilot, app)
                        return chip_game(table).stacks[0] == 100 or table.game.in_hand
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


def test_house_rule_22_a_player_cashes_out_with_their_chips_between_hands() -> None:
    """l at the table: Ann asks to leave; when the hand is over she cashes out with every chip
    in front of her, and with no person left seated the game ends in the settlement."""
    from homegame.tui.screens.settlement import LeaveScreen

    app = _app(5)

    async def scenario() -> None:
        async with app.run_test(size=(100, 34)) as pilot:
            await settle(pilot, app)
            table = app.screen
            assert isinstance(table, TableScreen) and table._choice is not None
            assert "l Cash out" in visible_text(app)
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LeaveScreen))
            assert "1: Ann leaves with" in visible_text(app)
            await pilot.press("1")
            await settle(pilot, app)
            assert "Ann cashes out after this hand" in table.query_one("#log", HandLog).entries
            cash = table.game
            assert isinstance(cash, CashSession)
            for _ in range(300):
                await settle(pilot, app)
                screen = app.screen
                if isinstance(screen, SettlementScreen):
                    break
                if isinstance(screen, ShowdownScreen):
                    ann = cash.stacks[0]  # what she has when the hand is over
                    await pilot.press("enter")
                elif isinstance(screen, ShowOrMuckScreen):
                    await pilot.press("m")
                elif isinstance(screen, TableScreen) and screen._choice is not None:
                    await pilot.press("c")
            else:
                raise AssertionError("the game did not end once Ann left")
            assert cash.deals == 1  # she left after the hand she asked in
            settlement = app.screen
            assert isinstance(settlement, SettlementScreen)
            text = settlement.text
            out = f"{ann / 100:.2f}"
            assert any(
                line.startswith("Ann") and f" {out} " in f" {line} " for line in text.splitlines()
            ), (out, text)
            assert "Check: the nets sum to 0.00" in text

    asyncio.run(scenario())
