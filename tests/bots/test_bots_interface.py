"""The bot interface: a user's bot class loads from a file, plays behind a guard, sees one seat."""

from __future__ import annotations

import json
import logging
import random
import re
import sys
from pathlib import Path

import pytest
from every_game import ALL, GAMES, new_hand, variant_id
from typer.testing import CliRunner

from homegame.bots import make_bot
from homegame.bots.interface import GuardedBot, load_bot_class
from homegame.bots.match import play_hand, play_match
from homegame.cli import app
from homegame.config import ConfigError, load_config
from homegame.engine.actions import Action, BetRaise, Call, Check, Fold
from homegame.engine.hand import Hand
from homegame.engine.krg_series import Scoreboard
from homegame.engine.views import HandView
from homegame.variants import HOLDEM, Variant

README = Path(__file__).resolve().parents[2] / "README.md"

SPY = '''
from homegame.engine.actions import Call, Check, Discard, Show

SEEN = []


class Spy:
    """Records every view it gets, and stays in as cheaply as it can."""

    def __init__(self, rng):
        self.rng = rng

    def decide(self, view):
        SEEN.append(view)
        legal = view.legal
        if legal.discard_count:
            me = next(s for s in view.seats if s.seat == view.viewer)
            return Discard(tuple(me.cards[: legal.discard_count]))
        if legal.can_show:
            return Show()
        return Check() if legal.can_check else Call()
'''

BROKEN = """
from homegame.engine.actions import BetRaise, Check


class Raiser:
    def __init__(self, rng):
        pass

    def decide(self, view):
        raise RuntimeError("boom")


class Illegal:
    def __init__(self, rng):
        pass

    def decide(self, view):
        return BetRaise(10**9)


class Wrong:
    def __init__(self, rng):
        pass

    def decide(self, view):
        return "fold please"
"""


def _readme_bot() -> str:
    text = README.read_text(encoding="utf-8")
    block = text.split("<!-- example-bot -->", 1)[1]
    found = re.search(r"```python\n(.*?)```", block, re.S)
    assert found is not None
    return found.group(1)


@pytest.fixture
def bot_dir(tmp_path: Path) -> Path:
    (tmp_path / "spy.py").write_text(SPY)
    (tmp_path / "broken.py").write_text(BROKEN)
    (tmp_path / "mybot.py").write_text(_readme_bot())
    return tmp_path


@pytest.mark.parametrize("variant", GAMES)
def test_the_readme_example_bot_plays_through_simulate_seats(bot_dir: Path, variant: str) -> None:
    seats = f"hard,{bot_dir / 'mybot.py'}:MyBot"
    args = ["simulate", variant, "--hands", "8", "--seats", seats, "--seed", "2", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["chips_conserved"] is True
    assert data["seats"][1]["kind"].endswith("mybot.py:MyBot")


def test_a_file_bot_plays_cash_duplicate(bot_dir: Path) -> None:
    seats = f"{bot_dir / 'mybot.py'}:MyBot,easy"
    args = ["simulate", "holdem", "--hands", "10", "--cash", "--duplicate", "--seats", seats]
    result = CliRunner().invoke(app, [*args, "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["seats"]
    assert rows[0]["bb_per_100"] == pytest.approx(-rows[1]["bb_per_100"])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nowhere.py:Bot", "bot file nowhere.py not found"),
        ("{dir}/spy.py:Nobody", "has no class Nobody"),
    ],
)
def test_a_bad_bot_file_is_one_error_line(bot_dir: Path, spec: str, message: str) -> None:
    seats = "hard," + spec.format(dir=bot_dir)
    result = CliRunner().invoke(app, ["simulate", "holdem", "--hands", "2", "--seats", seats])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("homegame: error: --seats: seat 2:")
    assert message in lines[0]


@pytest.mark.parametrize("variant", ALL, ids=variant_id)
def test_a_file_bot_never_sees_another_seats_cards(bot_dir: Path, variant: Variant) -> None:
    spec = f"{bot_dir / 'spy.py'}:Spy"
    spy = make_bot(spec, random.Random(1))
    assert isinstance(spy, GuardedBot)
    module = sys.modules[type(spy.inner).__module__]
    for deal in range(6):
        n = 4
        hand = new_hand(variant, n, deal % n, random.Random(deal))
        bots = [spy, *(make_bot("easy", random.Random(i)) for i in range(n - 1))]
        play_hand(hand, bots)
    assert module.SEEN
    for view in module.SEEN:
        for seat in view.seats:
            if seat.seat != view.viewer and not seat.shown:
                assert seat.cards is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Raiser", "raised RuntimeError: boom"),
        ("Illegal", "bet or raised to 1000000000"),
        ("Wrong", "returned str, not an action"),
    ],
)
def test_a_bot_that_fails_checks_or_folds_with_one_log_line(
    bot_dir: Path, name: str, why: str, caplog: pytest.LogCaptureFixture
) -> None:
    bot = make_bot(f"{bot_dir / 'broken.py'}:{name}", random.Random(0))
    hand = Hand(HOLDEM, [2000, 2000], 0, 10, 20, rng=random.Random(3))
    view = hand.view_for(hand.to_act)
    with caplog.at_level(logging.WARNING, logger="homegame.bots"):
        action = bot.decide(view)
    assert action == Fold()  # the small blind faces the big blind: check-or-fold folds
    assert len(caplog.records) == 1
    assert why in caplog.records[0].getMessage()
    # The table plays on: whole matches finish with the broken bot seated.
    scores = play_match(
        HOLDEM,
        ["hard", "broken"],
        6,
        seed=1,
        factory=lambda k, r: make_bot(k if k == "hard" else f"{bot_dir}/broken.py:{name}", r),
    )
    assert scores[1].mean < 0


def test_a_bot_over_its_time_limit_loses_the_decision(caplog: pytest.LogCaptureFixture) -> None:
    class Slow:
        def decide(self, view: HandView) -> Action:
            assert view.legal is not None and view.legal.min_raise_to is not None
            return BetRaise(view.legal.min_raise_to)

    ticks = iter([0.0, 5.0])
    bot = GuardedBot(Slow(), "slow.py:Slow", limit=2.0, clock=lambda: next(ticks))
    hand = Hand(HOLDEM, [2000, 2000], 0, 10, 20, rng=random.Random(3))
    hand.act(Call())  # the small blind completes: the big blind may check
    with caplog.at_level(logging.WARNING, logger="homegame.bots"):
        action = bot.decide(hand.view_for(hand.to_act))
    assert action == Check()
    assert "thought 5.0 s (limit 2 s)" in caplog.text


def test_a_config_names_a_bot_file_found_from_its_folder(bot_dir: Path) -> None:
    config = bot_dir / "game.toml"
    config.write_text(
        'game = "holdem"\n[[players]]\nname = "Ann"\n'
        '[[players]]\nname = "Mine"\nbot = "mybot.py:MyBot"\n'
    )
    loaded = load_config(config)
    spec = loaded.players[1].bot
    assert spec == f"{bot_dir / 'mybot.py'}:MyBot"
    assert load_bot_class(spec).__name__ == "MyBot"
    config.write_text(
        'game = "holdem"\n[[players]]\nname = "Ann"\n'
        '[[players]]\nname = "Mine"\nbot = "mybot.py:Missing"\n'
    )
    with pytest.raises(ConfigError) as error:
        load_config(config)
    assert "players[2].bot:" in str(error.value) and "has no class Missing" in str(error.value)


def test_duplicate_replays_each_deal_in_every_seat(bot_dir: Path) -> None:
    """A deterministic bot against itself: each deal's cards go both ways, so both break even."""
    spec = f"{bot_dir / 'mybot.py'}:MyBot"
    args = ["simulate", "holdem", "--hands", "12", "--cash", "--duplicate", "--json"]
    result = CliRunner().invoke(app, [*args, "--seats", f"{spec},{spec},{spec}", "--seed", "5"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"] == 12 and data["hands"] == 36
    assert [row["bb_per_100"] for row in data["seats"]] == [0, 0, 0]
    undup = CliRunner().invoke(
        app,
        [
            "simulate",
            "holdem",
            "--hands",
            "12",
            "--cash",
            "--json",
            "--seed",
            "5",
            "--seats",
            f"{spec},{spec},{spec}",
        ],
    )
    rows = json.loads(undup.output)["seats"]
    assert any(row["bb_per_100"] != 0 for row in rows)
    assert all(row["ci95"][0] <= row["bb_per_100"] <= row["ci95"][1] for row in rows)


def test_house_rule_16_a_guarded_bot_answers_the_cube_as_its_own_bot_says(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The guard passes the cube to the user's bot: its False drops out; a bot with no
    answer doubles, and so does one whose answer raises (with one log line)."""
    from homegame.bots.base import doubles
    from homegame.engine.krg_series import KrgSeries

    series = KrgSeries(["Ann", "Bob", "Cleo"], cube=True)
    series.turn_cube(0)
    board = series.scoreboard()

    class Plain:
        def decide(self, view: HandView) -> Action:
            return Check()

    class Drops(Plain):
        def answer_cube(self, series: Scoreboard, seat: int) -> bool:
            return series.cube < 2

    class Raises(Plain):
        def answer_cube(self, series: Scoreboard, seat: int) -> bool:
            raise RuntimeError("no idea")

    assert doubles(GuardedBot(Drops(), "drops.py:Drops"), board, 1) is False
    assert doubles(GuardedBot(Plain(), "plain.py:Plain"), board, 1) is True
    with caplog.at_level(logging.WARNING, logger="homegame.bots"):
        assert doubles(GuardedBot(Raises(), "raises.py:Raises"), board, 1) is True
    assert "bot raises.py:Raises (seat 2) raised RuntimeError: no idea answering the cube" in (
        caplog.text
    )


@pytest.mark.parametrize(
    ("top", "said"),
    [
        ("print('loading: As Kd')\nraise SystemExit(3)", "failed to load: SystemExit: 3"),
        ("print('loading: As Kd')", ""),
    ],
)
def test_a_bot_file_checked_by_its_config_prints_nothing_and_cannot_exit(
    tmp_path: Path, top: str, said: str, capfd: pytest.CaptureFixture[str]
) -> None:
    """The config checks a bot file by loading it: what the file does at import (print, exit)
    reaches no terminal, and an exit is one line naming the key (issue 33)."""
    (tmp_path / "loud.py").write_text(
        f"{top}\n\n\nclass Loud:\n    def decide(self, view):\n        return None\n"
    )
    config = tmp_path / "game.toml"
    config.write_text(
        'game = "holdem"\n[[players]]\nname = "Ann"\n'
        '[[players]]\nname = "Mine"\nbot = "loud.py:Loud"\n'
    )
    if said:
        with pytest.raises(ConfigError) as error:
            load_config(config)
        assert error.value.problems == [f"players[2].bot: bot file {tmp_path}/loud.py {said}"]
    else:
        assert load_config(config).players[1].bot == f"{tmp_path / 'loud.py'}:Loud"
    out, err = capfd.readouterr()
    assert "loading" not in out + err
