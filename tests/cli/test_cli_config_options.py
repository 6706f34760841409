"""`homegame play` and `homegame host` read their options by the config's own schema: the same
limits and words as a config file, and `play --config FILE` plays the file's game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.commands import _errors
from homegame.config import FreezeoutSettings, GameConfig
from homegame.tui.app import HomegameApp
from homegame.tui.screens.host import HostApp


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[GameConfig]:
    """The configs the table apps were started with (the apps themselves do not run)."""
    seen: list[GameConfig] = []
    monkeypatch.setattr(_errors, "stdin_is_terminal", lambda: True)  # the app is not run
    for cls in (HomegameApp, HostApp):
        monkeypatch.setattr(cls, "run", lambda self: seen.append(self.config))
    return seen


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("minutes", ["601", "1440"])
def test_host_minutes_take_the_range_a_config_file_takes(
    started: list[GameConfig], minutes: str
) -> None:
    """`--minutes` allowed 1 to 600 while `minutes_per_level` in a file allowed 1 to 1,440."""
    result = run("host", "holdem", "--players", "Ann,Bob", "--minutes", minutes, "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].freezeout.minutes_per_level == int(minutes)


@pytest.mark.parametrize(
    ("args", "key", "toml"),
    [
        (["--minutes", "1441"], "freezeout.minutes_per_level", "[freezeout]\nminutes_per_level"),
        (["--minutes", "0"], "freezeout.minutes_per_level", "[freezeout]\nminutes_per_level"),
        (["--stack", "0"], "freezeout.starting_stack", "[freezeout]\nstarting_stack"),
        (["--stack", "1" + "0" * 400], "freezeout.starting_stack", "[freezeout]\nstarting_stack"),
    ],
)
def test_host_refuses_what_a_config_file_refuses_in_the_same_words(
    started: list[GameConfig], tmp_path: Path, args: list[str], key: str, toml: str
) -> None:
    option = ("host", "holdem", "--players", "Ann,Bob", *args)
    by_option = run(*option)
    bad = tmp_path / "bad.toml"
    bad.write_text(f'game = "holdem"\n{toml} = {args[1]}\n')
    by_file = run("host", "holdem", "--players", "Ann,Bob", "--config", str(bad))
    assert by_option.exit_code == by_file.exit_code == 2
    option_line = by_option.stderr.strip().removeprefix(f"homegame: error: {args[0]}: ")
    file_line = by_file.stderr.strip().removeprefix(f"homegame: error: {bad}: {key}: ")
    assert option_line == file_line and option_line.startswith("expected ")
    assert by_option.stderr.count("\n") == 1 and started == []


def test_play_seed_is_held_to_the_config_limits(started: list[GameConfig]) -> None:
    result = run("play", "holdem", "--bots", "1", "--seed", "-1")
    assert result.exit_code == 2
    assert result.stderr == "homegame: error: --seed: expected a whole number >= 0, got -1\n"
    assert started == []


def test_play_players_are_held_to_the_name_limit(started: list[GameConfig]) -> None:
    result = run("play", "holdem", "--players", "Ann," + "B" * 17)
    assert result.exit_code == 2
    words = f'expected a name of 1 to 16 characters, got "{"B" * 17}"'
    assert result.stderr.strip() == f"homegame: error: --players[2].name: {words}"


def test_host_minutes_put_the_hands_per_level_back_to_the_schedule_default(
    started: list[GameConfig], tmp_path: Path
) -> None:
    """A clock in minutes, not hands: the hands per level are the field's default, not a 10
    written again in the command."""
    night = tmp_path / "night.toml"
    night.write_text('game = "holdem"\n[freezeout]\nhands_per_level = 5\n')
    result = run("host", "--config", str(night), "--minutes", "20", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].freezeout.minutes_per_level == 20
    assert started[0].freezeout.hands_per_level == FreezeoutSettings().hands_per_level


def test_play_config_without_a_game_plays_the_files_game(
    started: list[GameConfig], tmp_path: Path
) -> None:
    """README passes a config for another game than Hold'em; the file names the game."""
    series = tmp_path / "series.toml"
    series.write_text('game = "krg"\n[[players]]\nname = "Ann"\n[[players]]\nname = "Bob"\n')
    result = run("play", "--config", str(series), "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].game == "krg"
    named = run("play", "holdem", "--config", str(series))
    assert named.exit_code == 2
    assert 'game is "krg", but you asked to play holdem' in named.stderr


def test_play_without_a_game_or_a_config_says_what_to_give(started: list[GameConfig]) -> None:
    result = run("play")
    assert result.exit_code == 2
    assert result.stderr.startswith("homegame: error: give the game to play (holdem, ")
    assert result.stderr.count("\n") == 1


def test_cash_for_a_game_without_chips_names_the_option(started: list[GameConfig]) -> None:
    result = run("play", "krg", "--players", "Ann,Bob", "--cash")
    assert result.exit_code == 2
    assert result.stderr == (
        'homegame: error: --cash: only for games with betting (game is "krg")\n'
    )


@pytest.mark.parametrize("verb", ["play", "host"])
def test_house_rule_25_ante_option_sets_who_posts_the_antes(
    started: list[GameConfig], verb: str
) -> None:
    result = run(verb, "holdem", "--players", "Ann,Bob", "--ante", "big-blind", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].rules.ante.value == "big-blind"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["holdem", "--ante", "lots"],
            '--ante: expected one of "off", "every-player", "big-blind"',
        ),
        (["krg", "--ante", "big-blind"], '--ante: only for games with betting (game is "krg")'),
    ],
)
def test_house_rule_25_a_bad_ante_option_is_one_line(
    started: list[GameConfig], args: list[str], line: str
) -> None:
    result = run("play", *args, "--players", "Ann,Bob", "--no-save")
    assert result.exit_code == 2 and not started
    assert result.stderr.startswith(f"homegame: error: {line}")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("verb", ["play", "host"])
def test_house_rule_26_straddle_option_is_a_cash_game_with_straddles(
    started: list[GameConfig], verb: str
) -> None:
    result = run(verb, "holdem", "--players", "Ann,Bob,Cy", "--straddle", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].cash is not None and started[0].cash.straddle


def test_house_rule_26_straddle_for_a_game_without_chips_is_one_line(
    started: list[GameConfig],
) -> None:
    result = run("play", "krg", "--players", "Ann,Bob", "--straddle", "--no-save")
    assert result.exit_code == 2 and not started
    assert result.stderr == (
        'homegame: error: --straddle: only for games with betting (game is "krg")\n'
    )


def test_house_rule_28_bomb_pot_option_and_its_one_line(started: list[GameConfig]) -> None:
    result = run("host", "yukon", "--players", "Ann,Bob,Cy", "--bomb-pot-every", "5", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].rules.bomb_pot_every == 5
    bad = run("play", "krg", "--players", "Ann,Bob", "--bomb-pot-every", "5", "--no-save")
    assert bad.exit_code == 2
    assert bad.stderr == (
        'homegame: error: --bomb-pot-every: only for games with betting (game is "krg")\n'
    )


def test_house_rule_29_seven_deuce_option_is_a_cash_game_with_the_bounty(
    started: list[GameConfig],
) -> None:
    result = run("play", "holdem", "--players", "Ann,Bob", "--seven-deuce", "20", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].cash is not None and started[0].cash.seven_deuce_bounty == 20
    bad = run("host", "omaha", "--players", "Ann,Bob", "--seven-deuce", "20", "--no-save")
    assert bad.exit_code == 2
    assert bad.stderr == (
        'homegame: error: --seven-deuce: only for games of two hole cards (game is "omaha")\n'
    )


def test_house_rule_27_run_it_twice_option_and_its_one_line(started: list[GameConfig]) -> None:
    result = run("play", "omaha", "--players", "Ann,Bob", "--run-it-twice", "--no-save")
    assert result.exit_code == 0, result.output
    assert started[0].rules.run_it_twice
    hosted = run("host", "holdem", "--players", "Ann,Bob", "--run-it-twice", "--no-save")
    assert hosted.exit_code == 0, hosted.output
    assert started[1].rules.run_it_twice
    bad = run("play", "krg", "--players", "Ann,Bob", "--run-it-twice", "--no-save")
    assert bad.exit_code == 2
    assert bad.stderr == (
        'homegame: error: --run-it-twice: only for games with betting (game is "krg")\n'
    )


def test_house_rule_30_rabbit_hunt_is_off_unless_play_turns_it_on_and_host_has_none(
    started: list[GameConfig],
) -> None:
    assert run("play", "holdem", "--players", "Ann,Bob", "--no-save").exit_code == 0
    result = run("play", "holdem", "--players", "Ann,Bob", "--rabbit-hunt", "--no-save")
    assert result.exit_code == 0, result.output
    assert [c.rules.rabbit_hunt for c in started] == [False, True]
    hosted = run("host", "holdem", "--players", "Ann,Bob", "--rabbit-hunt", "--no-save")
    assert hosted.exit_code == 2 and len(started) == 2  # a live table's cards are not the app's
    assert "--rabbit-hunt" in hosted.stderr
