"""The derived stats table kept as games are written (issue 31): a game's row is worked out
off the caller's thread when the game ends, equals a fresh computation, and is never trusted
over the journal (an undo or a new input makes it stale and a read works the game out again)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from nights import play_game, random_inputs

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.stats import collect
from homegame.stats.collect import VERSION, all_figures, game_figures, keep_figures
from homegame.store import game_stats
from homegame.store.journal import SIMULATION, Journal
from homegame.store.owner import release
from homegame.store.recorder import PASS_AND_PLAY, FiguresKeeper, GameLog
from homegame.store.resume import build_session

FIVE = ("Ann", "Bob", "Cy", "Dee", "Eve")


def _row(journal: Journal, game_id: int) -> tuple[int, dict[str, Any]] | None:
    saved = game_stats.saved_rows(journal.conn, VERSION).get(game_id)
    return None if saved is None else (saved[0], json.loads(saved[1]))


def _no_working_out(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*_: object) -> None:
        raise AssertionError("a read worked a game out")

    monkeypatch.setattr(collect, "game_figures", refused)


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_a_game_played_through_the_journal_has_its_row_kept_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    journal = Journal(tmp_path)
    game_id = play_game(journal, FIVE if game == "holdem" else FIVE[:2], 7, game=game)
    record = journal.game(game_id)
    assert record.finished
    row = _row(journal, game_id)
    assert row is not None, "no row kept when the game ended"
    assert row[0] == game_stats.latest_inputs(journal.conn)[game_id]
    assert row[1] == game_figures(journal, record).as_data()  # as a fresh working out
    _no_working_out(monkeypatch)
    assert [f.game_id for f in all_figures(journal)] == [game_id]  # read from the row alone


def test_only_the_inputs_that_leave_the_game_over_ask_for_the_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    keep = FiguresKeeper.request

    def counted(self: FiguresKeeper) -> None:
        asked.append(self.game_id)
        keep(self)

    monkeypatch.setattr(FiguresKeeper, "request", counted)
    journal = Journal(tmp_path)
    game_id = play_game(journal, FIVE, 8)
    assert journal.count(game_id) > 20 and asked == [game_id]  # nothing hand by hand


def test_an_unfinished_game_is_worked_out_on_read(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    game_id = play_game(journal, FIVE, 9, inputs=30)
    assert not journal.game(game_id).finished and _row(journal, game_id) is None
    assert [f.game_id for f in all_figures(journal)] == [game_id]
    assert _row(journal, game_id) is not None


def _game(journal: Journal, seed: int) -> tuple[GameLog, Any]:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in FIVE[:3]),
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=200, hands_per_level=2),
    )
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    log.keep_figures_by(keep_figures)
    assert log.figures is not None
    return log, log.attach(build_session(log))


def _wait(log: GameLog) -> None:
    assert log.figures is not None
    log.figures.wait()


def test_an_undo_and_new_inputs_make_the_row_stale_and_the_end_keeps_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = Journal(tmp_path)
    log, session = _game(journal, 11)
    rng = random.Random(11)
    random_inputs(session, rng, 20_000)
    _wait(log)
    ended = _row(journal, log.game_id)
    assert session.is_over and ended is not None
    log.undo()  # the last action back: the game is on again, its row stale
    session = log.attach(build_session(log))
    log.progress(session)
    _wait(log)
    assert not session.is_over and _row(journal, log.game_id) == ended
    fresh = game_figures(journal, journal.game(log.game_id)).as_data()
    assert fresh != ended[1]  # the undone hand is not counted
    (read,) = all_figures(journal)  # the stale row is not trusted: worked out again
    assert read.as_data() == fresh
    random_inputs(session, rng, 20_000)  # new inputs to a new end
    _wait(log)
    again = _row(journal, log.game_id)
    assert session.is_over and again is not None
    assert again[0] == game_stats.latest_inputs(journal.conn)[log.game_id]
    assert again[1] == game_figures(journal, journal.game(log.game_id)).as_data()
    release(tmp_path, log.game_id)
    _no_working_out(monkeypatch)
    assert all_figures(journal)[0].as_data() == again[1]


def test_a_row_kept_while_inputs_were_written_is_no_newer_than_its_inputs(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    log, session = _game(journal, 12)
    rng = random.Random(12)
    random_inputs(session, rng, 10)
    assert keep_figures(tmp_path, log.game_id)  # as the thread does, at any point
    row = _row(journal, log.game_id)
    assert row is not None and row[0] == game_stats.latest_inputs(journal.conn)[log.game_id]
    random_inputs(session, rng, 1)
    release(tmp_path, log.game_id)
    assert game_stats.latest_inputs(journal.conn)[log.game_id] > row[0]  # stale: redone


def test_no_row_is_kept_for_a_simulation(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    config = GameConfig("holdem", players=tuple(PlayerSetting(n) for n in FIVE[:2]))
    game_id = journal.new_game(config, SIMULATION, {})
    assert not keep_figures(tmp_path, game_id) and _row(journal, game_id) is None
