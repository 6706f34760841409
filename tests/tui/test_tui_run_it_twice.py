"""HOUSE_RULES 27, run it twice, as the people at the table meet it at 80x24: the question to
each person in the all-in hand (no hole card shown but the face-up hands), both runs on the
result screen, and a bot that keeps one run."""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot
from tui_driver import run, until, visible_text

from homegame.config import (
    CashGameSettings,
    GameConfig,
    PlayerSetting,
    RulesSettings,
    TimingSettings,
)
from homegame.engine.events import RunTwiceAnswered
from homegame.tui.app import HomegameApp
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.settlement import RunTwiceScreen, TopUpScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen

FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def _config(*players: PlayerSetting) -> GameConfig:
    return GameConfig(
        "holdem",
        players=players,
        timing=FAST,
        cash=CashGameSettings(),
        rules=RulesSettings(run_it_twice=True),
    )


async def _all_in_to(pilot: Pilot[None], app: HomegameApp, goal: type) -> list[str]:
    """Go all-in (or call it) at every turn, through the handoffs, until `goal` is on screen;
    the text of each run-it-twice question seen on the way."""
    asked: list[str] = []
    for _ in range(40):
        screen = app.screen
        if isinstance(screen, goal):
            return asked
        if isinstance(screen, HandoffScreen):
            await pilot.press("enter")
        elif isinstance(screen, TopUpScreen):
            await pilot.press("t")
        elif isinstance(screen, RunTwiceScreen):
            asked.append(visible_text(app))
            await pilot.press("y")
        elif isinstance(screen, TableScreen) and screen.driver.game.to_act is not None:
            legal = screen.driver.game.legal_actions()
            await pilot.press("a", "a" if legal.can_all_in else "c")
        await pilot.pause(0.05)
    raise AssertionError(f"never reached {goal.__name__}")


def test_house_rule_27_each_person_is_asked_and_the_result_shows_both_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HandoffScreen, "GUARD_SECONDS", 0.0)
    app = HomegameApp(
        _config(PlayerSetting("Ann"), PlayerSetting("Bob")), rng=random.Random(5), button=0
    )

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            asked = await _all_in_to(pilot, app, ShowdownScreen)
            assert len(asked) == 2
            assert "Bob: run it twice?" in asked[0] and "Ann: run it twice?" in asked[1]
            for text in asked:
                assert "y: deal the rest of the board twice, each pot split half per run" in text
                assert "n: one run (one no keeps one run; asked: Bob, Ann)" in text
            screen = app.screen
            assert isinstance(screen, ShowdownScreen)
            view = screen.view
            text = visible_text(app)
            assert "Run 1" in text and "Run 2" in text
            first = " ".join(card.symbol for _, card in view.board)
            second = " ".join(card.symbol for _, card in view.second_run)
            rows = [" ".join(line.split()) for line in text.splitlines()]
            assert any(row.startswith(f"Run 1 {first}") for row in rows)
            assert any(row.startswith(f"Run 2 {second}") for row in rows)
            results = [row for row in rows if row.startswith(("Run 1:", "Run 2:"))]
            assert len(results) == 2
            assert "half of the main pot (2,000)" in results[0]
            assert "half of the main pot (2,000)" in results[1]

    run(scenario())


def test_house_rule_27_a_bot_keeps_one_run_and_the_person_is_not_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(HandoffScreen, "GUARD_SECONDS", 0.0)
    config = _config(PlayerSetting("Ann"), PlayerSetting("Robo", "easy"))
    app = HomegameApp(config, rng=random.Random(5), button=0)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TableScreen | ShowdownScreen))
            for _hand in range(6):
                await _all_in_to(pilot, app, ShowdownScreen)
                screen = app.screen
                assert isinstance(screen, ShowdownScreen)
                events = screen.view.history
                answered = [e for e in events if isinstance(e, RunTwiceAnswered)]
                if answered:
                    assert all(not e.agree for e in answered if e.seat == 1)
                    assert "Run 2" not in visible_text(app)
                    return
                await pilot.press("enter")
                await until(pilot, lambda: not isinstance(app.screen, ShowdownScreen))
            raise AssertionError("no hand asked to run it twice")

    run(scenario())
