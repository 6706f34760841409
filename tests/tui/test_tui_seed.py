"""Issue 14: a seeded game says so ("practice deal: seed 42") on the table and the certificate,
and the bots' randomness never comes from the deck's source."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.app import App
from tui_driver import Record, drive, table_of, visible_text

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.setup import session_for
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def _play_to_the_end(config: GameConfig, folder: Path) -> tuple[list[str], str]:
    app = HomegameApp(config, certificate_folder=folder)
    tables: list[str] = []

    def check(app: App[None], record: Record) -> None:
        table = table_of(app)
        if app.screen is table:
            tables.append(visible_text(app))

    async def scenario() -> str:
        async with app.run_test(size=(80, 24)) as pilot:
            record = await drive(app, pilot, decide=lambda table: "a", check=check)
            return record.certificate

    return tables, asyncio.run(scenario())


def test_a_seeded_game_says_practice_deal_on_the_table_and_certificate(tmp_path: Path) -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bob")),
        seed=42,
        freezeout=FreezeoutSettings(starting_stack=100),
        timing=FAST,
    )
    tables, certificate = _play_to_the_end(config, tmp_path)
    assert tables and all("practice deal: seed 42" in text for text in tables)
    assert "Practice deal: seed 42" in certificate


def test_an_unseeded_game_says_nothing_of_practice(tmp_path: Path) -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bob")),
        freezeout=FreezeoutSettings(starting_stack=100),
        timing=FAST,
    )
    tables, certificate = _play_to_the_end(config, tmp_path)
    assert tables and not any("practice" in text for text in tables)
    assert "ractice" not in certificate


class CountingRandom(random.Random):
    """A deck source that counts every draw."""

    draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


def test_the_bots_draw_nothing_from_the_decks_source() -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "hard"), PlayerSetting("Bot 2", "easy"))
    config = GameConfig("holdem", players=players, seed=42, timing=FAST)
    alone = CountingRandom(42)
    session_for(config, tuple(p.name for p in config.players), alone)
    deck = CountingRandom(42)
    table = TableScreen(config, deck, bot_rng=HomegameApp().bot_rng(config))
    assert table.driver.bots and deck.draws == alone.draws
    assert deck.getstate() == alone.getstate()


def test_the_bots_stream_is_fixed_by_the_seed_and_apart_from_the_decks() -> None:
    config = GameConfig("holdem", seed=42)
    first, again = HomegameApp().bot_rng(config), HomegameApp().bot_rng(config)
    assert first.getstate() == again.getstate()
    assert first.getstate() != random.Random(42).getstate()
    unseeded = GameConfig("holdem")
    assert HomegameApp().bot_rng(unseeded).random() != HomegameApp().bot_rng(unseeded).random()
