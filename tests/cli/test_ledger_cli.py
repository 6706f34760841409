"""`homegame ledger` (HOUSE_RULES 23): the night's games replayed, their nets, check, settlement."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import replace
from pathlib import Path

from host_lines import Hosting
from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.commands.ledger import NIGHT_HOURS, night_games
from homegame.config import GameConfig, PlayerSetting, SeriesSettings
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.simulation import play_hand
from homegame.money.night import CSV_COLUMNS
from homegame.money.settings import MoneySettings
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, PASS_AND_PLAY, GameLog
from homegame.store.resume import fresh_session

runner = CliRunner()
PLAYERS = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))


def _game(folder: Path, config: GameConfig, deals: int = 10_000, seed: int = 1) -> int:
    """A journalled game played with random legal actions for at most `deals` deals."""
    journal = Journal(folder)
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    policies = [RandomPolicy(random.Random(seed + seat)) for seat in range(len(config.players))]
    for _ in range(deals):
        if session.is_over:
            break
        session.start_deal()
        play_hand(session, policies)
    journal.close()
    return log.game_id


def _ledger(folder: Path, *args: str) -> Result:
    return runner.invoke(app, ["ledger", *args, "--data-dir", str(folder)])


def test_house_rule_23_ledger_of_a_freezeout_and_a_krg_series_balances_and_settles(
    tmp_path: Path,
) -> None:
    holdem = GameConfig("holdem", PLAYERS, seed=2, money=MoneySettings(buy_in=1250))
    krg = GameConfig("krg", PLAYERS, seed=3, series=SeriesSettings(buy_in=5))
    first = _game(tmp_path, holdem)
    second = _game(tmp_path, krg)
    out = tmp_path / "night.csv"
    result = _ledger(tmp_path, "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert f"Ledger: games #{first}, #{second}" in result.stdout
    assert "Check: the nets sum to 0.00" in result.stdout
    assert " pays " in result.stdout
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert tuple(rows[0]) == CSV_COLUMNS
    totals = {r["party"]: r["net"] for r in rows if r["row"] == "total"}
    assert set(totals) == {"Ann", "Bob", "Cy"}
    assert sum(round(float(n) * 100) for n in totals.values()) == 0
    # 3 x 12.50 + 3 x 5.00 went in; the nets of the transfers are the totals
    ins = sum(round(float(r["money_in"]) * 100) for r in rows if r["row"] == "line")
    assert ins == 3 * 1250 + 3 * 500
    paid: dict[str, int] = {}
    for r in rows:
        if r["row"] == "transfer":
            cents = round(float(r["amount"]) * 100)
            paid[r["party"]] = paid.get(r["party"], 0) - cents
            paid[r["pays_to"]] = paid.get(r["pays_to"], 0) + cents
    assert {p: c for p, c in paid.items() if c} == {
        p: round(float(n) * 100) for p, n in totals.items() if float(n)
    }


def test_an_unfinished_game_is_named_as_a_mismatch_and_exits_1(tmp_path: Path) -> None:
    game = _game(
        tmp_path, GameConfig("holdem", PLAYERS, seed=4, money=MoneySettings(buy_in=1000)), 3
    )
    result = _ledger(tmp_path, str(game))
    assert result.exit_code == 1
    assert f"MISMATCH game #{game}: in 30.00, out 0.00, off by -30.00" in result.stdout
    assert "not finished" in result.stdout and "No settlement" in result.stdout


def test_games_for_chips_only_have_no_money(tmp_path: Path) -> None:
    game = _game(tmp_path, GameConfig("holdem", PLAYERS, seed=4), 1)
    result = _ledger(tmp_path, f"#{game}")
    assert result.exit_code == 0
    assert f"No money in 1 game (#{game}): played for chips only." in result.stdout


def test_ledger_mistakes_are_one_error_line_and_exit_2(tmp_path: Path) -> None:
    _game(tmp_path, GameConfig("holdem", PLAYERS, seed=4), 1)
    for args in (["9"], ["x"]):
        result = _ledger(tmp_path, *args)
        assert result.exit_code == 2, args
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("homegame: error: "), lines
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _ledger(empty)
    assert result.exit_code == 2 and "homegame: error:" in result.stderr


def test_the_night_is_the_latest_game_and_those_started_12_hours_before_it(
    tmp_path: Path,
) -> None:
    _game(tmp_path, GameConfig("holdem", PLAYERS, seed=4), 1)
    journal = Journal(tmp_path)
    (record,) = journal.games()
    journal.close()
    at = [
        ("2026-11-30T08:00:00+00:00", "pass-and-play"),
        ("2026-11-30T19:00:00+00:00", "host"),
        ("2026-12-01T01:30:00+00:00", "simulation"),
        ("2026-12-01T02:00:00+00:00", "solo"),
    ]
    records = [replace(record, id=i, created=c, mode=m) for i, (c, m) in enumerate(at, 1)]
    assert NIGHT_HOURS == 12
    assert [r.id for r in night_games(records)] == [2, 4]
    assert night_games([]) == []


def test_a_host_game_is_replayed_from_its_typed_lines(tmp_path: Path) -> None:
    config = GameConfig("holdem", PLAYERS, money=MoneySettings(buy_in=2000))
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, HOST)
    host = Hosting(config, log, rng=random.Random(1))
    for line in ("n", "a", "c", "f", "b Ah Kd 7c 2s 9h", "w Ann"):
        assert host.run(line, 0.0).ok, line
    journal.close()
    result = _ledger(tmp_path)
    assert result.exit_code == 1  # the game goes on: its pool of 60.00 is still held
    assert f"MISMATCH game #{log.game_id}: in 60.00, out 0.00" in result.stdout


def test_bots_money_is_the_houses_and_default_names_stay_in_their_own_game(
    tmp_path: Path,
) -> None:
    """Issue 28 item 6: two solo KRG series read 'Bot 1 pays Bot 2 5.00 / Player pays Bot 2
    5.00', the bots and the unnamed 'Player' of both games taken for one person each, and a
    game played for chips only was listed among the night's games."""
    solo = (PlayerSetting("Player"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "hard"))
    first = _game(
        tmp_path, GameConfig("krg", solo, seed=3, series=SeriesSettings(buy_in=5)), seed=1
    )
    second = _game(
        tmp_path, GameConfig("krg", solo, seed=4, series=SeriesSettings(buy_in=5)), seed=7
    )
    chips = _game(tmp_path, GameConfig("holdem", PLAYERS, seed=2), deals=3)
    out = tmp_path / "night.csv"
    result = _ledger(tmp_path, "--csv", str(out))
    assert result.exit_code == 0, result.output
    assert f"Ledger: games #{first}, #{second}" in result.stdout
    assert f"#{chips}" not in result.stdout.splitlines()[0]
    assert "Bot 1" not in result.stdout.replace("Bot 1, Bot 2", "")  # only in the note
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    parties = {r["party"] for r in rows if r["row"] in ("line", "total")}
    assert parties == {f"Player (#{first})", f"Player (#{second})", "(house)"}, parties
    payers = {(r["party"], r["pays_to"]) for r in rows if r["row"] == "transfer"}
    assert all("Bot" not in a + b for a, b in payers)
    assert "the bots' money is the house's" in result.stdout
