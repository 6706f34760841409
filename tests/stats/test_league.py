"""The league: points by finish over a season's freezeouts, counted by hand; the command and
its CSV over games played through the journal."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from nights import play_game
from typer.testing import CliRunner

from homegame.cli import app
from homegame.stats.collect import GameFigures
from homegame.stats.league import (
    LeagueError,
    check_season,
    league_table,
    parse_points,
    points_for,
)
from homegame.stats.report import CSV_COLUMNS
from homegame.store.journal import Journal
from homegame.store.players import rename

runner = CliRunner()
NAMES = {1: ("Ann", False), 2: ("Bob", False), 3: ("Cy", False), 4: ("Bot 1", True)}


def _game(game_id: int, created: str, places: dict[int, int], prizes: dict[int, int],
          *, freezeout: bool = True) -> GameFigures:  # fmt: skip
    """A finished game of seats 0-3 (Ann, Bob, Cy, Bot 1) with these places and prizes,
    each seat putting in 10.00."""
    net = {seat: prizes.get(seat, 0) - 1000 for seat in places}
    return GameFigures(game_id, "holdem", "pass-and-play", created, True, freezeout,
                       ["Ann", "Bob", "Cy", "Bot 1"], [False, False, False, True],
                       places=places, prizes=prizes, net_cents=net)  # fmt: skip


def _links(*games: int) -> dict[tuple[int, int], int]:
    return {(g, seat): seat + 1 for g in games for seat in range(4)}


SEASON = [
    # Game 1: Ann wins (30.00), Bot 1 second (10.00), Bob third, Cy fourth.
    _game(1, "2026-03-01T20:00:00+00:00", {0: 1, 3: 2, 1: 3, 2: 4}, {0: 3000, 3: 1000}),
    # Game 2: Cy wins (40.00), Bob second, Ann third, the bot last.
    _game(2, "2026-05-01T20:00:00+00:00", {2: 1, 1: 2, 0: 3, 3: 4}, {2: 4000}),
    # A cash game and a game of another year: not in the 2026 league.
    _game(3, "2026-06-01T20:00:00+00:00", {0: 4, 1: 3, 2: 2, 3: 1}, {}, freezeout=False),
    _game(4, "2025-06-01T20:00:00+00:00", {0: 4, 1: 3, 2: 2, 3: 1}, {3: 4000}),
]


def test_points_by_finish_over_the_season_counted_by_hand() -> None:
    league = league_table(SEASON, _links(1, 2, 3, 4), NAMES, season="2026")
    assert league.games == [1, 2]
    rows = [(r.name, r.points, r.games, r.wins, r.cashes, r.net_cents) for r in league.standings]
    # Ann 10 (1st) + 5 (3rd); Cy 3 (4th: the bot came 2nd) + 10; Bob 5 + 7.
    assert rows == [
        ("Ann", 15, 2, 1, 1, 1000),
        ("Cy", 13, 2, 1, 1, 2000),
        ("Bob", 12, 2, 0, 0, -2000),
    ]
    assert [r.after for r in league.standings] == [[0, 10, 15], [0, 3, 13], [0, 5, 12]]


def test_bots_take_their_place_but_are_shown_only_when_asked() -> None:
    league = league_table(SEASON, _links(1, 2), NAMES, season="2026", bots=True)
    bot = next(r for r in league.standings if r.name == "Bot 1")
    assert (bot.points, bot.cashes) == (7 + 3, 1)


def test_points_by_entries_and_other_tables() -> None:
    assert [points_for(p, 4, None) for p in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert [points_for(p, 4, (10, 7)) for p in (1, 2, 3)] == [10, 7, 0]
    league = league_table(SEASON, _links(1, 2), NAMES, season="2026-Q2", points=None)
    assert [(r.name, r.points) for r in league.standings] == [("Cy", 4), ("Bob", 3), ("Ann", 2)]
    assert parse_points("entries") is None and parse_points(" 5, 3 ,1") == (5, 3, 1)
    for bad in ("10,x", "", "1,2"):
        with pytest.raises(LeagueError):
            parse_points(bad)
    assert check_season("2026-q4") == "2026-Q4"
    with pytest.raises(LeagueError, match="a year"):
        check_season("fall")


def test_the_league_command_and_its_csv_after_a_rename(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    five = ("Ann", "Bob", "Cy", "Dee", "Eve")
    for seed in (1, 2, 3):
        play_game(journal, five, seed)
    rename(journal.conn, "Eve", "Evelyn")
    journal.close()
    out = tmp_path / "league.csv"
    result = runner.invoke(
        app, ["league", "--csv", str(out), "--data-dir", str(tmp_path)], terminal_width=80
    )
    assert result.exit_code == 0, result.output
    assert "3 games" in result.output and "Evelyn" in result.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert sorted(r["player"] for r in rows) == ["Ann", "Bob", "Cy", "Dee", "Evelyn"]
    assert sum(int(r["games"]) for r in rows) == 15 and sum(int(r["wins"]) for r in rows) == 3
    # 10 + 7 + 5 + 3 + 1 points a game.
    assert sum(int(r["points"]) for r in rows) == 3 * 26
    assert sum(float(r["net"]) for r in rows) == 0


def test_bad_league_options_are_one_line(tmp_path: Path) -> None:
    Journal(tmp_path).close()
    for args, line in [
        (["--season", "fall"], "--season: a season is a year (2026)"),
        (["--points", "1,2"], "--points: a place cannot score more than the one before it"),
    ]:
        result = runner.invoke(app, ["league", *args, "--data-dir", str(tmp_path)])
        assert result.exit_code == 2 and line in result.output, result.output
    result = runner.invoke(app, ["league", "--data-dir", str(tmp_path)])
    assert "No league games yet" in result.output
