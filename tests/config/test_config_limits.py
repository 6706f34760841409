"""Issue 14: configs without limits. Only regular files up to 1 MB are read, any nesting or size
is one line per problem (at most 20 and a count), names with control characters are refused."""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from pathlib import Path

import pytest
from textual.widgets import Input, Static
from tui_driver import visible_text

from homegame.config import (
    MAX_PROBLEMS,
    ConfigError,
    GameConfig,
    PlayerSetting,
    load_config,
    parse_config,
)
from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen


def problems_of_file(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config(path)
    return info.value.problems


def problems_of(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    return info.value.problems


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_config_linked_to_an_endless_device_is_refused_unread(
    tmp_path: Path, device: str
) -> None:
    link = tmp_path / "game.toml"
    link.symlink_to(device)
    started = time.monotonic()
    assert problems_of_file(link) == [f"{link}: expected a TOML file, got a device, FIFO or socket"]
    assert time.monotonic() - started < 1.0


def test_a_fifo_config_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    result: list[list[str]] = []
    reader = threading.Thread(target=lambda: result.append(problems_of_file(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=3)
    assert result == [[f"{fifo}: expected a TOML file, got a device, FIFO or socket"]]


def test_a_config_over_a_megabyte_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text('game = "holdem"\n' + "# padding\n" * 200_000)
    assert problems_of_file(big) == [
        f"{big}: expected a config of at most 1,000,000 bytes, got {big.stat().st_size:,}"
    ]


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbfgame = "krg"\n')
    assert load_config(path).game == "krg"
    assert parse_config('\ufeffgame = "yukon"\n').game == "yukon"


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deep_nesting_is_one_line_not_a_recursion_error(depth: int) -> None:
    text = 'game = "holdem"\nseed = ' + "[" * depth + "]" * depth + "\n"
    problems = problems_of(text)
    assert len(problems) == 1
    assert problems[0].startswith(("not valid TOML", "seed: expected a whole number"))


def test_an_integer_too_long_to_read_is_one_line() -> None:
    (problem,) = problems_of('game = "holdem"\nseed = ' + "9" * 5000 + "\n")
    assert problem.startswith("not valid TOML: Exceeds the limit (4300 digits)")
    assert len(problem) < 120


def test_problems_are_capped_at_twenty_and_a_count() -> None:
    keys = "\n".join(f"k{i} = 1" for i in range(5_000))
    problems = problems_of(f'game = "holdem"\n{keys}\n')
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[0].startswith("k0: unknown key")
    assert problems[-1] == "... and 4,980 more problems"


@pytest.mark.parametrize(
    ("section", "key", "words"),
    [
        ("timing", "turn_timer", "whole seconds from 0 (off) to 3,600"),
        ("freezeout", "minutes_per_level", "whole minutes from 1 to 1,440"),
    ],
)
def test_a_330_digit_time_is_refused_before_it_reaches_the_clock(
    section: str, key: str, words: str
) -> None:
    text = f'game = "holdem"\n[{section}]\n{key} = {"9" * 330}\n'
    assert problems_of(text) == [
        f"{section}.{key}: expected {words}, got a number with more than 40 digits"
    ]


@pytest.mark.parametrize("name", ["Ann\x1b[2K", "Bo\x07b", "Cy\u202e", "D\x9bx"])
def test_a_name_with_a_control_character_is_refused_in_one_escaped_line(name: str) -> None:
    config = GameConfig("holdem", players=(PlayerSetting(name), PlayerSetting("Bob")))
    problems = config.problems()
    assert len(problems) == 1
    assert "is a control character; use letters, digits and spaces" in problems[0]
    assert all(c not in problems[0] for c in "\x1b\x07\u202e\x9b")
    in_file = f'game = "holdem"\n[[players]]\nname = "{name}"\n[[players]]\nname = "Bob"\n'
    from_file = problems_of(in_file.replace("\x1b", "\\u001b").replace("\x07", "\\u0007"))
    assert len(from_file) == 1 and "control character" in from_file[0]


def test_a_long_name_is_quoted_short_in_its_problem() -> None:
    config = GameConfig("holdem", players=(PlayerSetting("x" * 10_000), PlayerSetting("Bob")))
    (problem,) = config.problems()
    assert len(problem) < 120


def test_start_screen_load_of_a_deep_or_endless_config_is_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text('game = "holdem"\nseed = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            for path, line in [
                (deep, f"{deep}: not valid TOML: nested too deeply"),
                (zero, f"{zero}: expected a TOML file, got a device, FIFO or socket"),
            ]:
                box = screen.query_one("#config-file", Input)
                box.value = str(path)
                box.focus()
                await pilot.press("enter")
                await pilot.pause()
                assert app.screen is screen
                assert str(screen.query_one("#setup-problems", Static).content) == line
                assert "setup-problems" in str(screen.query_one("#setup-problems").id)
                assert str(path.name) in visible_text(app)

    asyncio.run(scenario())


def test_start_screen_refuses_a_huge_bot_count_before_naming_any() -> None:
    app = HomegameApp(rng=random.Random(1))

    async def scenario() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            screen.query_one("#bots", Input).value = "99999999999999999999"
            screen.action_start()
            await pilot.pause()
            assert app.screen is screen
            assert str(screen.query_one("#setup-problems", Static).content) == (
                "Bots: expected 0 to 9, got 99999999999999999999"
            )

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("section", "key", "value", "line"),
    [
        ("timing", "turn_timer", "2.5", "whole seconds from 0 (off) to 3,600, got 2.5"),
        ("freezeout", "minutes_per_level", "1.5", "whole minutes >= 1, got 1.5"),
    ],
)
def test_a_fraction_where_a_whole_number_is_needed_says_so(
    section: str, key: str, value: str, line: str
) -> None:
    text = f'game = "holdem"\n[{section}]\n{key} = {value}\n'
    assert problems_of(text) == [f"{section}.{key}: expected {line}"]
