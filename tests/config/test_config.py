"""TOML game configs: the samples load; a broken config gets one line per problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from homegame.config import (
    ConfigError,
    GameConfig,
    PlayerSetting,
    bot_names,
    load_config,
    parse_config,
    with_options,
)
from homegame.defaults import MIN_STACK_BIG_BLINDS, TieRule

SAMPLES = Path(__file__).resolve().parents[2] / "sample_configs"
REQUIRED_SAMPLES = ("holdem-freezeout", "yukon-home", "krg-series", "solo-vs-bots")


def problems_of(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        parse_config(text)
    return info.value.problems


@pytest.mark.parametrize("name", REQUIRED_SAMPLES)
def test_every_required_sample_config_loads(name: str) -> None:
    config = load_config(SAMPLES / f"{name}.toml")
    assert config.game in name or (name == "solo-vs-bots" and config.game == "holdem")
    assert len(config.players) >= 2


def test_sample_holdem_freezeout_is_pass_and_play_with_its_schedule() -> None:
    config = load_config(SAMPLES / "holdem-freezeout.toml")
    assert [p.name for p in config.players] == ["Ann", "Bob", "Cleo", "Dev"]
    assert not config.is_solo
    assert config.freezeout.blinds is not None
    assert config.freezeout.blinds[:3] == ((10, 20), (15, 25), (15, 30))


def test_sample_solo_has_one_person_and_bots() -> None:
    config = load_config(SAMPLES / "solo-vs-bots.toml")
    assert config.is_solo
    assert [p.bot for p in config.players[1:]] == ["easy", "medium", "hard"]
    assert config.timing.turn_timer == 30


def test_sample_krg_series_settings() -> None:
    config = load_config(SAMPLES / "krg-series.toml")
    assert (config.series.wins, config.series.buy_in) == (3, 5)
    assert config.series.tie_rule is TieRule.SHARE


def test_house_rule_defaults_when_a_config_says_only_the_game() -> None:
    config = parse_config('game = "holdem"')
    assert config.freezeout.starting_stack == 1500  # HOUSE_RULES.md 10
    assert config.freezeout.hands_per_level == 10
    assert config.rules.burn_cards is True  # HOUSE_RULES.md 9
    assert config.rules.everyone_shows is False  # HOUSE_RULES.md 8
    assert config.timing.turn_timer == 0  # HOUSE_RULES.md 12: off by default
    assert config.series.tie_rule is TieRule.SHARE  # HOUSE_RULES.md 14
    assert config.series.wins == 3  # HOUSE_RULES.md 15
    assert config.series.doubling_cube is False  # HOUSE_RULES.md 16
    assert config.series.side_bets is False  # HOUSE_RULES.md 17
    assert len(config.players) == 2


def test_config_is_frozen() -> None:
    config = parse_config('game = "krg"')
    with pytest.raises(AttributeError):
        config.game = "holdem"  # type: ignore[misc]


def test_unknown_keys_are_named_one_line_each() -> None:
    problems = problems_of(
        'game = "holdem"\ncolour = "green"\n[freezeout]\nstarting_stack = 1000\nante = 5\n'
    )
    assert len(problems) == 2
    assert problems[0].startswith("colour: unknown key")
    assert problems[1].startswith("freezeout.ante: unknown key")
    assert "starting_stack" in problems[1]


def test_wrong_types_and_bad_values_each_get_a_line() -> None:
    text = """
game = "holdem"
[freezeout]
starting_stack = "lots"
hands_per_level = 0
[rules]
burn_cards = "yes"
[timing]
bot_pause = 99
"""
    problems = problems_of(text)
    assert problems == [
        'freezeout.starting_stack: expected a whole number of chips >= 1, got "lots"',
        "freezeout.hands_per_level: expected a whole number of hands >= 1, got 0",
        'rules.burn_cards: expected true or false, got "yes"',
        "timing.bot_pause: expected seconds between 0 and 10, got 99",
    ]


def test_missing_or_unknown_game_is_refused() -> None:
    assert problems_of("seed = 1")[0].startswith("game: missing")
    assert problems_of('game = "razz"')[0].startswith('game: expected one of "holdem"')


def test_players_are_checked_name_level_count_and_duplicates() -> None:
    text = """
game = "krg"
[[players]]
name = "Ann"
bot = "expert"
[[players]]
name = ""
[[players]]
name = "Bob"
age = 3
"""
    problems = problems_of(text)
    assert problems[0].startswith('players[1].bot: expected one of "random", "easy"')
    assert problems[1].startswith("players[2].name: expected a name of 1 to")
    assert problems[2].startswith("players[3].age: unknown key")
    assert len(problems) == 3


def test_player_count_is_checked_against_the_game() -> None:
    players = "".join(f'[[players]]\nname = "P{i}"\n' for i in range(8))
    problems = problems_of('game = "krg"\n' + players)
    assert problems == ["players: KRG is for 2 to 7 players, not 8"]
    assert problems_of('game = "holdem"\n[[players]]\nname = "Solo"\n') == [
        "players: Texas Hold'em is for 2 to 10 players, not 1"
    ]


def test_duplicate_names_are_refused() -> None:
    problems = problems_of(
        'game = "holdem"\n[[players]]\nname = "Ann"\n[[players]]\nname = "ann"\n'
    )
    assert problems == ['players: the name "ann" is used twice; names must differ']


def test_series_values_and_wrong_section_for_the_game() -> None:
    problems = problems_of('game = "krg"\n[series]\nwins = 5\ntie_rule = "coin"\n[freezeout]\n')
    assert problems[0].startswith("freezeout: only for games with betting")
    assert "series.wins: expected 3 or 4, got 5" in problems
    assert any(p.startswith('series.tie_rule: expected one of "share"') for p in problems)
    assert problems_of('game = "yukon"\n[series]\n')[0].startswith("series: only for KRG")


def test_blind_schedule_shape_is_checked() -> None:
    bad = problems_of('game = "holdem"\n[freezeout]\nblinds = [[10, 20], [30]]\n')
    assert bad == [
        "freezeout.blinds[2]: expected a level [small, big] of two whole numbers, got [30]"
    ]
    empty = problems_of('game = "holdem"\n[freezeout]\nblinds = []\n')
    assert len(empty) == 1 and empty[0].startswith("freezeout.blinds: expected at least one level")
    assert empty[0].endswith("got []")
    words = problems_of('game = "holdem"\n[freezeout]\nblinds = "10/20"\n')
    assert words == [
        "freezeout.blinds: expected a list of [small, big] blind levels, e.g. [[10, 20], [15, 30]],"
        ' got "10/20"'
    ]
    down = problems_of('game = "holdem"\n[freezeout]\nblinds = [[20, 40], [10, 20]]\n')
    assert down[0].startswith("freezeout.blinds[2]: expected a big blind above the level before")


def test_a_wrong_value_is_shown_as_written_and_cut_short_when_long() -> None:
    assert problems_of('game = "holdem"\nseed = [7]\n') == [
        "seed: expected a whole number >= 0, got [7]"
    ]
    long = problems_of('game = "holdem"\nseed = [' + ", ".join(["1000"] * 30) + "]\n")
    assert long == [
        "seed: expected a whole number >= 0, got [1000, 1000, 1000, 1000, 1000, 1000, ..."
    ]


def test_hands_and_minutes_per_level_are_exclusive() -> None:
    problems = problems_of(
        'game = "holdem"\n[freezeout]\nhands_per_level = 5\nminutes_per_level = 9\n'
    )
    assert problems == [
        "freezeout.minutes_per_level: expected either hands_per_level or minutes_per_level, "
        "not both"
    ]


def test_not_toml_and_missing_file_are_one_line(tmp_path: Path) -> None:
    problems = problems_of("game = = 3")
    assert len(problems) == 1 and problems[0].startswith("not valid TOML")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "nope.toml")
    assert info.value.problems == [f"{tmp_path / 'nope.toml'}: no such file"]


def test_a_files_problems_name_the_file_once(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from homegame.cli import app

    bad = tmp_path / "bad.toml"
    bad.write_text('game = "holdem"\nseed = -1\n')
    with pytest.raises(ConfigError) as info:
        load_config(bad)
    assert info.value.problems == [f"{bad}: seed: expected a whole number >= 0, got -1"]
    missing = tmp_path / "nope.toml"
    result = CliRunner().invoke(app, ["play", "holdem", "--config", str(missing)])
    assert result.exit_code == 2
    assert result.output.strip() == f"homegame: error: {missing}: no such file"
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path)
    assert info.value.problems == [f"{tmp_path}: expected a TOML file, got a directory"]


def test_a_name_from_the_command_line_is_held_to_the_same_length() -> None:
    long = "A" * 17
    config = GameConfig("holdem", (PlayerSetting(long), PlayerSetting("Bob")))
    assert config.problems() == [f'players: expected names of 1 to 16 characters, got "{long}"']


def test_problems_of_a_config_built_in_code() -> None:
    config = GameConfig("holdem", players=(PlayerSetting("Ann"),))
    assert config.problems() == ["players: Texas Hold'em is for 2 to 10 players, not 1"]


def test_bot_names_avoid_the_peoples_names() -> None:
    assert bot_names(2, ["bot 1", "Ann"]) == ["Bot 2", "Bot 3"]


@pytest.mark.parametrize(
    ("table", "line"),
    [
        ("[freezeout]\nblinds = [[0, 20]]", "freezeout.blinds[1]: expected 1 <= small <= big"),
        (
            "[freezeout]\nblinds = [[10, 20], [15, 20]]",
            "freezeout.blinds[2]: expected a big blind above the level before (20)",
        ),
    ],
)
def test_house_rule_10_config_refuses_blinds_the_schedule_would_refuse(
    table: str, line: str
) -> None:
    """A zero small blind or a level that does not rise: one line naming the key, at load."""
    problems = problems_of(f'game = "holdem"\n{table}\n')
    assert len(problems) == 1 and problems[0].startswith(line)


@pytest.mark.parametrize("buy_in", ["0", "0.005", "1.234", "-5"])
def test_house_rule_15_config_refuses_a_buy_in_the_pool_cannot_hold(buy_in: str) -> None:
    """The pool is in whole cents, at least one: 0 or 0.005 is one line naming series.buy_in."""
    problems = problems_of(f'game = "krg"\n[series]\nbuy_in = {buy_in}\n')
    assert problems == [
        f"series.buy_in: expected an amount of at least 0.01 in whole cents, got {buy_in}"
    ]


@pytest.mark.parametrize(
    "text",
    [
        'game = "holdem"\n[freezeout]\nblinds = [[1, 1], [1, 2], [2, 3]]\n',
        'game = "krg"\n[series]\nbuy_in = 0.01\n',
        'game = "krg"\n[series]\nbuy_in = 2.5\n',
    ],
)
def test_a_config_that_loads_builds_its_session(text: str) -> None:
    """The edge values the config accepts are ones the engine takes too."""
    import random

    from homegame.setup import session_for

    config = parse_config(text)
    names = tuple(p.name for p in config.players)
    session = session_for(config, names, random.Random(1))
    assert session.names == names


def test_a_stack_too_small_for_the_first_blinds_is_refused_by_the_file_and_the_options() -> None:
    """Issue 28 item 4: a stack of 5 against blinds of 10/20 ended the game after one hand; a
    freezeout starts with at least MIN_STACK_BIG_BLINDS (10) big blinds of its first level."""
    assert MIN_STACK_BIG_BLINDS == 10
    assert problems_of('game = "holdem"\n[freezeout]\nstarting_stack = 5\n') == [
        "freezeout.starting_stack: expected at least 200 chips, 10 big blinds at the first "
        "blinds 10/20, got 5"
    ]
    listed = 'game = "yukon"\n[freezeout]\nstarting_stack = 499\nblinds = [[25, 50]]\n'
    assert problems_of(listed)[0].endswith("at the first blinds 25/50, got 499")
    assert parse_config(listed.replace("499", "500")).freezeout.starting_stack == 500
    assert parse_config('game = "holdem"\n[freezeout]\nstarting_stack = 200\n')
    with pytest.raises(ConfigError) as info:
        with_options(GameConfig("holdem"), {"freezeout.starting_stack": ("--stack", 150)})
    assert info.value.problems == [
        "--stack: expected at least 200 chips, 10 big blinds at the first blinds 10/20, got 150"
    ]
