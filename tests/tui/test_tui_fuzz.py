"""Issue 14, done when: random keys at any speed and random names (markup, escapes, 10,000
characters) in every game never crash a screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from every_game import CHIP_GAMES, GAMES
from fuzz_driver import enter_and_call, hammer

#: Bursts of keys per game: about 180 in all, whatever the number of games.
STEPS = 180 // len(GAMES)


def test_random_keys_and_names_never_crash_a_screen(tmp_path: Path) -> None:
    report = asyncio.run(hammer(list(GAMES), steps=STEPS, seed=14, folder=tmp_path))
    assert report.steps == STEPS * len(GAMES) and report.games >= len(GAMES)
    assert report.refused, "some random names must have been refused"
    assert {"TableScreen", "HandoffScreen"} <= report.screens


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_thousand_random_steps_in_every_game_never_crash(tmp_path: Path, seed: int) -> None:
    report = asyncio.run(hammer(list(GAMES), steps=2000, seed=seed, folder=tmp_path))
    assert report.steps == 2000 * len(GAMES)
    assert {"TableScreen", "HandoffScreen", "ShowdownScreen"} <= report.screens


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_enter_and_c_as_fast_as_they_come_never_crash(game: str) -> None:
    """The result screen was once left while it was still being built (NoMatches 'Board')."""
    wanted = frozenset({"HandoffScreen", "ShowdownScreen"})
    seen = asyncio.run(enter_and_call(game, rounds=300 // len(CHIP_GAMES), seed=1, until=wanted))
    assert wanted <= seen


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [2, 3])
def test_enter_and_c_in_every_game_for_longer(game: str, seed: int) -> None:
    seen = asyncio.run(enter_and_call(game, rounds=600, seed=seed))
    assert "HandoffScreen" in seen
