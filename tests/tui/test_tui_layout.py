"""What the main screens show at 80x24 (every seat, the board layout, the keys) and roomier."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest
from every_game import GAMES
from tui_driver import settle, until_shown, visible_text

from homegame.config import GameConfig, PlayerSetting, RulesSettings, TimingSettings
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen
from homegame.variants import get_variant

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def solo(game: str, bots: int, timing: TimingSettings = FAST) -> GameConfig:
    players = (PlayerSetting("Ann"), *(PlayerSetting(f"Bot {i}", "easy") for i in range(bots)))
    return GameConfig(game, players=players, timing=timing)


def table_text(config: GameConfig, size: tuple[int, int], keys: tuple[str, ...] = ()) -> str:
    app = HomegameApp(config, rng=random.Random(3))

    async def scenario() -> str:
        async with app.run_test(size=size) as pilot:
            for _ in range(100):
                if not isinstance(app.screen, TableScreen) or app.screen._choice is not None:
                    break
                await pilot.press("space")  # hurry the bots
                await pilot.pause(0.05)
            await settle(pilot, app)
            for key in keys:
                await pilot.press(key)
            await pilot.pause(0.3)
            assert isinstance(app.screen, TableScreen)
            return visible_text(app)

    return asyncio.run(scenario())


@pytest.mark.parametrize("game", GAMES)
def test_a_full_table_fits_80x24(game: str) -> None:
    variant = get_variant(game)
    bots = variant.max_players - 1
    if variant.has_series:
        # Discard, then look at the table while a slow bot thinks.
        config = solo(game, bots, TimingSettings(turn_timer=0, bot_pause=3.0))
        text = table_text(config, (80, 24), keys=("1", "2", "enter"))
    else:
        text = table_text(solo(game, bots), (80, 24))
    lines = text.splitlines()
    assert len(lines) == 24
    for name in ["Ann", *(f"Bot {i}" for i in range(bots))]:
        assert any(line.lstrip(" ▶").startswith(name) for line in lines), name
    if variant.has_series:
        assert "First to 3 · pool 35.00" in text
        assert "(bot) is thinking" in text and "4 cards" in text
    else:
        assert "Ann, your turn" in text
        assert "[f] Fold" in text or "[c] Check" in text
        assert any(
            "Blinds 10/20 · level up in 10 hands" in line
            or ("Blinds 10/20" in line and "level up in 10 hands" in lines[i + 1])
            for i, line in enumerate(lines[:-1])
        )
        assert "? Rules" in lines[-1] and "q Quit" in lines[-1]


def test_yukon_board_shows_two_labelled_sets_and_the_shared_river() -> None:
    text = table_text(solo("yukon", 2), (80, 24))
    top = "\n".join(text.splitlines()[:6])
    assert "Set A" in top and "Set B" in top and "River (A & B)" in top
    assert top.index("Set A") < top.index("River (A & B)") < top.index("Set B")


def test_cards_are_drawn_as_boxes_when_the_terminal_is_roomy() -> None:
    small = table_text(solo("holdem", 2), (80, 24))
    roomy = table_text(solo("holdem", 2), (120, 40))
    assert "╭────╮" not in small.splitlines()[1]
    assert "╭────╮" in roomy.splitlines()[1]


def test_solo_odds_display_is_off_until_o() -> None:
    config = solo("holdem", 2)
    assert "% equity" not in table_text(config, (80, 24))
    app = HomegameApp(config, rng=random.Random(3))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("o")  # worked out in the table's worker process: shown on arrival
            return await until_shown(pilot, app, "% equity vs 2", max_wait=20)

    assert "% equity vs 2" in asyncio.run(scenario())


def test_80x24_yukon_level_line_is_two_whole_lines_and_the_raise_prompt_ends_with_esc() -> None:
    text = table_text(solo("yukon", 1), (80, 24), keys=("r",))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "Blinds 10/20" in line)
    assert lines[at].rstrip().endswith("Blinds 10/20")
    assert lines[at + 1].rstrip().endswith("level up in 10 hands")
    prompt = next(line for line in lines if "Raise to:" in line)
    assert prompt.rstrip().endswith("· Enter · Esc")
    assert "m Min" in lines[-1] and "esc Back" in lines[-1]


def test_80x24_rules_card_keeps_each_keys_line_whole() -> None:
    config = replace(solo("holdem", 1), rules=RulesSettings(rabbit_hunt=True))
    app = HomegameApp(config, rng=random.Random(3))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("question_mark")
            await pilot.pause()
            return visible_text(app)

    text = asyncio.run(scenario())
    for words in (
        "Keys: f fold · c check/call · r bet/raise · a all-in",
        "Amount box: m min · h ½ pot · p pot · a all-in · Esc",
        "h this game's history and chart · o odds (solo)",
        "u take back your last action (solo, solo_undo)",
        "R on a hand's result: the rabbit hunt (ended early)",
        "l cash out (cash game) · ? this help · q twice quits",
    ):
        assert words in text, words
