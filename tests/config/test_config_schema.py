"""The settings classes are the config's schema: every number in it has both limits, each limit
is written once (on the field) and a config file and the command line are held to the same."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import types
import typing
from pathlib import Path

import pytest

from homegame.config import (
    DEFAULT,
    ConfigError,
    FreezeoutSettings,
    GameConfig,
    field_types,
    parse_config,
    with_options,
)
from homegame.defaults import Limits
from homegame.engine.schedule import BlindSchedule

ROOT = Path(__file__).resolve().parents[2]


def _numbers(cls: type, prefix: str = "") -> list[tuple[str, typing.Any]]:
    """(dotted field, type) of every int or float a config of `cls` holds, at any depth."""
    found = []
    for name, hint in field_types(cls).items():
        for part in _leaves(hint):
            base = part.__origin__ if typing.get_origin(part) is typing.Annotated else part
            if isinstance(base, type) and dataclasses.is_dataclass(base):
                found += _numbers(base, f"{prefix}{name}.")
            elif base in (int, float):
                found.append((f"{prefix}{name}", part))
    return found


def _leaves(hint: typing.Any) -> list[typing.Any]:
    """The types inside unions, tuples and Annotated that hold a value each."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner = _leaves(hint.__origin__)
        return [typing.Annotated[(i, *hint.__metadata__)] for i in inner]
    if origin in (typing.Union, types.UnionType, tuple):
        return [leaf for arg in typing.get_args(hint) if arg is not ... for leaf in _leaves(arg)]
    return [hint]


def _limits(hint: typing.Any) -> tuple[float | None, float | None]:
    metas = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Limits)]
    return (metas[0].ge, metas[0].le) if metas else (None, None)


#: Numbers a reader of their own builds from what the file wrote (a buy-in in dollars, a fee
#: that is an amount or a percentage, a payout table), each bounded there: see the next test.
READ_WHOLE = [
    "series.buy_in",
    "money.house_fee.cents",
    "money.house_fee.basis_points",
    "money.payouts",
]


def test_every_number_a_config_holds_has_a_least_and_a_most() -> None:
    numbers = _numbers(GameConfig)
    assert {"freezeout.starting_stack", "seed", "money.add_on.chips"} <= {n for n, _ in numbers}
    unbounded = {name for name, hint in numbers if None in _limits(hint)}
    assert sorted(unbounded) == sorted(READ_WHOLE)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            f'game = "krg"\n[series]\nbuy_in = 1{"0" * 400}\n',
            "series.buy_in: expected an amount of at least 0.01 in whole cents, got a number",
        ),
        (
            f'game = "holdem"\n[money]\nbuy_in = 10\nhouse_fee = 1{"0" * 400}\n',
            "money.house_fee: expected a fixed amount like 5.00",
        ),
        (
            'game = "holdem"\n[money]\nbuy_in = 10\nhouse_fee = "1000000000000%"\n',
            "money.house_fee: expected a percentage above 0 and below 100",
        ),
        (
            f'game = "holdem"\n[money]\nbuy_in = 10\npayouts = [1{"0" * 400}]\n',
            'money.payouts: expected "default" or a list of percentages',
        ),
    ],
)
def test_the_numbers_read_whole_are_bounded_by_their_readers(text: str, line: str) -> None:
    (problem,) = problems_of(text)
    assert problem.startswith(line)


def problems_of(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    return info.value.problems


@pytest.mark.parametrize(
    ("section", "key", "words"),
    [
        ("freezeout", "starting_stack", "a whole number of chips from 1 to 1,000,000,000"),
        ("freezeout", "hands_per_level", "a whole number of hands from 1 to 1,000"),
        ("freezeout", "late_entry_until_level", "a level number from 0 (no late entry) to 1,000"),
        ("cash", "small_blind", "a whole number of chips from 1 to 1,000,000,000"),
        ("cash", "max_buy_in", "big blinds from 1 to 10,000"),
        ("money", "rebuy_until_level", "a level number from 1 to 1,000"),
    ],
)
def test_a_huge_number_is_refused_in_one_line(section: str, key: str, words: str) -> None:
    """10**400 once passed and crashed a bot with OverflowError; now it is one line."""
    money = "buy_in = 10\n" if section == "money" else ""
    text = f'game = "holdem"\n[{section}]\n{money}{key} = 1{"0" * 400}\n'
    assert problems_of(text) == [
        f"{section}.{key}: expected {words}, got a number with more than 40 digits"
    ]


def test_huge_values_inside_lists_and_tables_are_refused_too() -> None:
    (blinds,) = problems_of(f'game = "holdem"\n[freezeout]\nblinds = [[10, 2{"0" * 30}]]\n')
    assert blinds == (
        "freezeout.blinds[1]: expected blinds of a whole number of chips from 1 to "
        "1,000,000,000, got [10, 2000000000000000000000000000000]"
    )
    (add_on,) = problems_of(
        'game = "holdem"\n[money]\nbuy_in = 10\nadd_on = { chips = 9999999999, price = 5 }\n'
    )
    assert add_on.startswith("money.add_on.chips: expected a whole number of chips from 1 to")
    (seed,) = problems_of(f'game = "holdem"\nseed = 1{"0" * 18}\n')
    assert seed == (
        "seed: expected a whole number from 0 to 999,999,999,999,999,999, got 1000000000000000000"
    )


#: (config key, command-line option) pairs that set the same field, and values around its limits.
FIELDS = [
    ("freezeout.starting_stack", "--stack", [0, 1, 1_000_000_000, 1_000_000_001, 10**400]),
    ("freezeout.minutes_per_level", "--minutes", [0, 1, 600, 601, 1440, 1441, -5]),
    ("seed", "--seed", [-1, 0, 10**18 - 1, 10**18]),
]


def _toml(key: str, value: int) -> str:
    section, _, name = key.rpartition(".")
    table = f"[{section}]\n" if section else ""
    return f'game = "holdem"\n{table}{name} = {value}\n'


@pytest.mark.parametrize(
    ("key", "option", "value"),
    [(key, option, value) for key, option, values in FIELDS for value in values],
)
def test_a_file_and_the_command_line_take_the_same_values(
    key: str, option: str, value: int
) -> None:
    """Each value is taken by both or refused by both, with the same words after the key."""
    base = GameConfig("holdem")
    try:
        from_file: GameConfig | str = parse_config(_toml(key, value))
    except ConfigError as exc:
        (line,) = exc.problems
        from_file = line.removeprefix(f"{key}: ")
    try:
        from_options: GameConfig | str = with_options(base, {key: (option, value)})
    except ConfigError as exc:
        (line,) = exc.problems
        from_options = line.removeprefix(f"{option}: ")
    assert from_file == from_options


def test_the_command_line_clock_is_the_same_1_to_1440_minutes_a_file_allows() -> None:
    """`homegame host --minutes` allowed only 1 to 600 while a config allowed 1 to 1,440."""
    config = with_options(GameConfig("holdem"), {"freezeout.minutes_per_level": ("--m", 1440)})
    assert config.freezeout.minutes_per_level == 1440


def test_an_option_for_another_kind_of_game_names_the_option() -> None:
    with pytest.raises(ConfigError) as info:
        with_options(
            GameConfig("krg"),
            {
                "freezeout.minutes_per_level": ("--minutes", 10),
                "freezeout.hands_per_level": ("--minutes", DEFAULT),
            },
        )
    assert info.value.problems == ['--minutes: only for games with betting (game is "krg")']


def test_default_puts_a_setting_back_to_the_schedules_own_default() -> None:
    config = parse_config('game = "holdem"\n[freezeout]\nhands_per_level = 5\n')
    clocked = with_options(
        config,
        {
            "freezeout.minutes_per_level": ("--minutes", 20),
            "freezeout.hands_per_level": ("--minutes", DEFAULT),
        },
    )
    (hands,) = [f for f in dataclasses.fields(FreezeoutSettings) if f.name == "hands_per_level"]
    assert clocked.freezeout.hands_per_level == hands.default == BlindSchedule().per_level
    assert clocked.freezeout.minutes_per_level == 20


def test_reading_a_bot_file_does_not_import_the_config_back() -> None:
    """homegame.config and homegame.bots.interface imported each other (an import cycle)."""
    probe = (
        "import sys\nimport homegame.bots.interface\n"
        "assert 'homegame.config' not in sys.modules, 'interface imports the config'\n"
    )
    subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=True, timeout=60)
