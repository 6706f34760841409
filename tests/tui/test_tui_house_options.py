"""The home-game options (HOUSE_RULES 25-30) as a player meets them: set on the start screen,
said on the `?` card, posted at the table."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Input, Select
from tui_driver import run, settle, until, visible_text

from homegame.config import (
    CashGameSettings,
    ConfigError,
    GameConfig,
    PlayerSetting,
    RulesSettings,
    TimingSettings,
)
from homegame.defaults import AnteKind
from homegame.engine import Fold, Hand
from homegame.tui.app import HomegameApp
from homegame.tui.screens.settlement import StraddleScreen
from homegame.tui.screens.setup import SetupScreen, on_screen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.variants import get_variant

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)
HOLDEM = get_variant("holdem")


def test_house_rule_25_the_start_screen_sets_big_blind_antes() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert "Antes" in visible_text(app)
            screen.query_one("#ante", Select).value = AnteKind.BIG_BLIND.value
            config = screen.build()
            assert config.rules.ante is AnteKind.BIG_BLIND
            screen.fill(GameConfig("holdem", rules=RulesSettings(ante=AnteKind.EVERY_PLAYER)))
            assert screen.query_one("#ante", Select).value == AnteKind.EVERY_PLAYER.value

    run(scenario())


def test_house_rule_25_the_rules_card_says_the_antes_and_the_table_posts_them() -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")),
        timing=FAST,
        rules=RulesSettings(ante=AnteKind.BIG_BLIND),
    )
    app = HomegameApp(config, rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen)
            assert any(
                "table's ante" in e.describe(table.driver.names) for e in table.driver.hand_events
            )
            await pilot.press("question_mark")
            await pilot.pause()
            text = visible_text(app)
            assert "Antes (20, 25, 30 at levels 1-3): the big blind posts one" in text

    run(scenario())


def test_house_rule_26_the_person_left_of_the_big_blind_presses_s_to_straddle() -> None:
    players = (PlayerSetting("Ann"), *(PlayerSetting(f"Bot {i}", "easy") for i in (1, 2, 3)))
    config = GameConfig(
        "holdem", players=players, timing=FAST, cash=CashGameSettings(straddle=True)
    )
    app = HomegameApp(config, rng=random.Random(1), button=1)  # Ann is left of the big blind

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, StraddleScreen))
            text = visible_text(app)
            assert "Ann is left of the big blind" in text and "s: straddle 40" in text
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            assert isinstance(table, TableScreen)
            await until(
                pilot,
                lambda: any(
                    e.describe(table.driver.names) == "Ann straddles 40"
                    for e in table.driver.hand_events
                ),
            )
            await pilot.press("question_mark")
            await pilot.pause()
            assert "Straddle (40): before the cards" in visible_text(app)

    run(scenario())


def test_house_rule_28_the_start_screen_sets_bomb_pots_and_names_a_bad_count() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            box = screen.query_one("#bomb-pot-every", Input)
            box.value = "5"
            assert screen.build().rules.bomb_pot_every == 5
            box.value = "often"
            with pytest.raises(ConfigError) as caught:
                screen.build()
            assert on_screen(caught.value.problems[0]).startswith("Bomb pot every: expected")

    run(scenario())


def test_house_rule_30_r_on_the_result_of_a_hand_that_ended_early_hunts_the_rabbit() -> None:
    hand = Hand(HOLDEM, [1000] * 3, small_blind=10, big_blind=20, rng=random.Random(2))
    hand.act(Fold())
    hand.act(Fold())
    hunted = hand.rabbit_hunt()
    line = "Rabbit hunt (not played, changes nothing): " + " ".join(c.symbol for _, c in hunted)
    screen = ShowdownScreen(
        HOLDEM, hand.public_view(), ["Bob wins 30"], "Hand 1: result", rabbit=lambda: line
    )
    app = HomegameApp(rng=random.Random(1))  # its theme styles the result screen

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.push_screen(screen)
            await pilot.pause()
            assert "Rabbit hunt" in visible_text(app)  # the key, in the footer
            await pilot.press("R")
            await pilot.pause()
            assert line in visible_text(app)
            assert screen.view.board == () and screen.rabbit is None
            assert len(hunted) == 5

    run(scenario())


@pytest.mark.parametrize("on", [False, True])
def test_house_rule_30_the_rules_card_names_r_only_when_the_rabbit_hunt_is_on(on: bool) -> None:
    from homegame.tui.screens.rules_help import RABBIT_KEY, RulesHelpScreen

    config = GameConfig("holdem", rules=RulesSettings(rabbit_hunt=on))
    assert GameConfig("holdem").rules.rabbit_hunt is False  # off unless a config turns it on
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.push_screen(RulesHelpScreen(HOLDEM, config))
            await pilot.pause()
            return visible_text(app)

    text = run(scenario())
    assert (RABBIT_KEY in text) is on
    assert "l cash out (cash game) · ? this help · q twice quits" in text
