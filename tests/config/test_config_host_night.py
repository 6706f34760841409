"""The live night's config: a minutes structure with breaks and colour-up notes, and its errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from homegame.config import ConfigError, load_config, parse_config
from homegame.defaults import Break
from homegame.host.console import HostConsole

SAMPLE = Path(__file__).resolve().parents[2] / "sample_configs" / "host-night.toml"


def test_sample_host_night_is_a_real_structure() -> None:
    config = load_config(SAMPLE)
    fz = config.freezeout
    assert len(config.players) == 6 and fz.minutes_per_level == 20
    assert fz.blinds is not None and len(fz.blinds) >= 10
    assert [b.after_level for b in fz.breaks] == [5, 10]
    assert all("colour up" in b.note for b in fz.breaks)
    # After each colour-up every blind can be paid without the chip taken off the table.
    for brk, chip in zip(fz.breaks, (100, 500), strict=True):
        later = fz.blinds[brk.after_level :]
        assert all(small % chip == 0 and big % chip == 0 for small, big in later)
    # Each player's starting chips as the comment lays them out.
    assert fz.starting_stack == 25 * 8 + 100 * 8 + 500 * 6 + 1000 * 6


def test_sample_clock_runs_into_its_first_break_with_the_note() -> None:
    console = HostConsole(load_config(SAMPLE), random.Random(1), button=0)
    assert console.run("n", now=0.0).ok
    alerts = console.tick(5 * 20 * 60 + 1.0)
    assert alerts[-1].describe().startswith("Break for 10 minutes: colour up the T25s")
    assert console.clock_line(5 * 20 * 60 + 60.0).startswith("BREAK 9:00 · then 200/400")


def test_breaks_parse_in_level_order() -> None:
    config = parse_config(
        'game = "holdem"\n[freezeout]\nminutes_per_level = 15\n'
        "[[freezeout.breaks]]\nafter_level = 6\nminutes = 5\n"
        '[[freezeout.breaks]]\nafter_level = 3\nminutes = 10\nnote = "colour up"\n'
    )
    assert config.freezeout.breaks == (Break(3, 10.0, "colour up"), Break(6, 5.0))


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("breaks = [{after_level = 2, minutes = 5}]", "freezeout.breaks: breaks need a clock"),
        (
            "minutes_per_level = 10\nbreaks = [{after_level = 0, minutes = 5}]",
            "freezeout.breaks[1].after_level: expected a level number >= 1, got 0",
        ),
        (
            "minutes_per_level = 10\nbreaks = [{after_level = 2}]",
            "freezeout.breaks[1].minutes: missing",
        ),
        (
            "minutes_per_level = 10\nbreaks = [{after_level = 2, minutes = 5, lunch = true}]",
            "freezeout.breaks[1].lunch: unknown key",
        ),
        ("late_entry_until_level = -1", "freezeout.late_entry_until_level: expected a level"),
    ],
)
def test_bad_breaks_name_the_key(body: str, problem: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(f'game = "holdem"\n[freezeout]\n{body}\n')
    assert any(line.startswith(problem) for line in info.value.problems), info.value.problems
