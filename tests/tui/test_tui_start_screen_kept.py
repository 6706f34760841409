"""The app keeps one start screen for its life (issue 15): built anew after every game it laid
the largest form out and drew it twice in one stretch of the event loop. Shown again it is
the same screen, filled in with the last game, its old problems gone, and it keeps its styles
unless the terminal's size or the app's classes changed while it was hidden."""

from __future__ import annotations

import asyncio
import random

import pytest
from textual.dom import DOMNode
from textual.widgets import Static
from tui_driver import table_of, until, visible_text

from homegame.config import GameConfig, PlayerSetting
from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen


def _config(game: str = "holdem") -> GameConfig:
    return GameConfig(game, players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))


def test_the_start_screen_shown_again_is_the_same_one_filled_in_with_the_last_game() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            first = app.screen
            assert isinstance(first, SetupScreen)
            first.query_one("#setup-problems", Static).update("Stack: expected a number")
            app.start_from_setup(_start(_config("yukon")))
            await until(pilot, lambda: table_of(app) is not None)
            app.back_to_start(_config("krg"))
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            kept: SetupScreen = first
            assert app.screen is first
            assert kept.selected_game() == "krg"
            assert "expected a number" not in visible_text(app)
            app.play_again(_config("holdem"))  # from the start screen: it is kept, not freed
            await until(pilot, lambda: table_of(app) is not None)
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            assert app.screen is first and first.selected_game() == "krg"

    asyncio.run(scenario())


def _start(config: GameConfig):  # type: ignore[no-untyped-def]
    from homegame.tui.screens.setup import Start

    return Start(config, host=False)


def test_shown_again_it_keeps_its_styles_unless_the_terminal_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    restyled: list[DOMNode] = []
    update = DOMNode.update_node_styles

    def counted(self: DOMNode, animate: bool = True) -> None:
        if isinstance(self, SetupScreen):
            restyled.append(self)
        update(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counted)
    app = HomegameApp(_config(), rng=random.Random(2))

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            await until(pilot, lambda: table_of(app) is not None)
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            app.play_again(_config())
            await until(pilot, lambda: table_of(app) is not None)
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            assert restyled == []  # the same size and classes: its styles still hold
            app.play_again(_config())
            await until(pilot, lambda: table_of(app) is not None)
            await pilot.resize_terminal(120, 40)  # roomy now: the app's classes change
            await pilot.pause()
            app.back_to_start()
            await until(pilot, lambda: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            assert restyled != []

    asyncio.run(scenario())


def test_the_discard_prompt_is_kept_and_asks_each_discard_afresh() -> None:
    """KRG asks three discards a deal: the app shows one prompt again for each, with the next
    discard's cards and count and nothing picked."""
    from tui_driver import settle

    from homegame.tui.screens.discard import DiscardScreen

    config = GameConfig("krg", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))
    app = HomegameApp(config, rng=random.Random(6))

    async def scenario() -> None:
        async with app.run_test() as pilot:
            await settle(pilot, app)
            first = app.screen
            assert isinstance(first, DiscardScreen) and first.count == 2
            discard: DiscardScreen = first
            assert len(first.cards) == 6
            await pilot.press("1", "2", "enter")
            await until(pilot, lambda: app.screen is discard and discard.count == 1)
            assert first.picked == [] and len(first.cards) == 4
            text = visible_text(app)
            assert "throw away 1 card" in text and "key 4" in text and "key 5" not in text
            assert "✗ out" not in text
            held = [c.symbol for c in first.cards]
            assert all(card in text for card in held)

    asyncio.run(scenario())
