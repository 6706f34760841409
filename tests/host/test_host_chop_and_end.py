"""What a hosted night found wrong (issue 27): a chop or a cash game's end left the game
"playing", money moves after a chop broke the host screen, and `a` was refused where only a
call was open. HOUSE_RULES 18 (a chop of the remaining prizes) and 22 (the host ends a cash
game)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from host_lines import Hosting, ok_lines

from homegame.config import CashGameSettings, GameConfig, PlayerSetting
from homegame.money.settings import MoneySettings
from homegame.play.results import game_result
from homegame.store.journal import FINISHED, Journal
from homegame.store.recorder import HOST, GameLog

NAMES = ("Ann", "Bob", "Cy", "Dee")


def _money_night(tmp_path: Path) -> tuple[Journal, GameLog, Hosting]:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES),
        money=MoneySettings(buy_in=2000, rebuys=True),
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, HOST)
    return journal, log, Hosting(config, log, rng=random.Random(2))


def _typed(host: Hosting, *lines: str) -> None:
    for line in lines:
        outcome = host.run(line)
        assert outcome.ok, f"{line!r}: {outcome.message}"


@pytest.mark.parametrize("kind", ["equal", "chips", "icm"])
def test_house_rule_18_a_chop_of_every_prize_left_ends_the_game(tmp_path: Path, kind: str) -> None:
    journal, log, host = _money_night(tmp_path)
    _typed(host, "n", "f", "f", "f")  # one hand, then the four still in chop
    outcome = host.run(f"chop {kind}")
    assert outcome.ok and "The game is over" in outcome.lines
    assert host.console.over and host.console.winner_names() == list(NAMES)
    record = journal.game(log.game_id)
    assert record.state == FINISHED and record.winner == "Ann and Bob and Cy and Dee"
    assert journal.latest_unfinished() is None  # `homegame resume` picks no chopped game
    result = game_result(host.console.session, host.console.config, hosted=True)
    assert result.title == "Chopped by" and result.money is not None
    assert [name for name, _ in result.prizes] == list(NAMES)
    assert sum(round(float(won) * 100) for _, won in result.prizes) == 4 * 2000


@pytest.mark.parametrize("line", ["n", "buy Gus", "rebuy Ann", "addon Ann", "chop equal"])
def test_after_a_chop_no_hand_and_no_money_move_is_taken(tmp_path: Path, line: str) -> None:
    """Issue 27: `buy Gus` after `chop equal` was taken and then broke the host screen
    ("the chop does not share exactly the prizes still to be won"); now one line refuses it."""
    _journal, _log, host = _money_night(tmp_path)
    _typed(host, "n", "f", "f", "f", "chop equal")
    money = host.console.money_lines()
    outcome = host.run(line)
    assert not outcome.ok and "\n" not in outcome.message and "over" in outcome.message
    assert host.console.money_lines() == money  # and the money still adds up


def test_house_rule_22_a_cash_game_the_host_ended_is_finished_in_the_listing(
    tmp_path: Path,
) -> None:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES[:3]),
        cash=CashGameSettings(small_blind=10, big_blind=20),
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, HOST)
    host = Hosting(config, log)
    _typed(host, "n", "f", "f", "end")
    assert journal.game(log.game_id).state == FINISHED
    assert journal.latest_unfinished() is None
    assert not host.run("n").ok


def test_host_all_in_where_only_a_call_is_open_is_the_call() -> None:
    """Issue 27: a player covering everyone left all-in typed `a` and was refused; at a live
    table "all-in" there means the call, logged as the call it was."""
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES[:3]),
    )
    host = Hosting(config)
    ok_lines(host.console, "set Cy 3000", "n")  # Cy covers everyone
    ok_lines(host.console, "Ann f", "Bob a")  # Bob all-in for 1,500: nobody left to raise
    legal = host.console.session.legal_actions()
    assert not legal.can_all_in and 0 < legal.call_amount < 3000
    lines = ok_lines(host.console, "Cy a")
    assert "Cy calls 1,480" in lines
