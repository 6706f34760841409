"""Issue 14, done when: random keys at any speed and random names (markup, escapes, 10,000
characters) in all three games never crash a screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from fuzz_driver import enter_and_call, hammer

GAMES = ["holdem", "yukon", "krg"]


def test_random_keys_and_names_never_crash_a_screen(tmp_path: Path) -> None:
    report = asyncio.run(hammer(GAMES, steps=100, seed=14, folder=tmp_path))
    assert report.steps == 300 and report.games >= 3
    assert report.refused, "some random names must have been refused"
    assert {"TableScreen", "HandoffScreen"} <= report.screens


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_thousand_random_steps_in_every_game_never_crash(tmp_path: Path, seed: int) -> None:
    report = asyncio.run(hammer(GAMES, steps=2000, seed=seed, folder=tmp_path))
    assert report.steps == 6000
    assert {"TableScreen", "HandoffScreen", "ShowdownScreen"} <= report.screens


@pytest.mark.parametrize("game", GAMES)
def test_enter_and_c_as_fast_as_they_come_never_crash(game: str) -> None:
    """The result screen was once left while it was still being built (NoMatches 'Board')."""
    hands = sum(asyncio.run(enter_and_call(game, rounds=150, seed=seed)) for seed in (1, 2))
    assert hands >= 4
