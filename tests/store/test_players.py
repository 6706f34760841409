"""The players as people across games: seats linked as games are saved, bots marked, renames
and merges that keep every game, and a journal from before the list brought up to it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from homegame.config import GameConfig, PlayerSetting
from homegame.engine.session_events import PlayerJoined
from homegame.store.db import FILE_NAME, StoreError
from homegame.store.journal import SIMULATION, Journal
from homegame.store.players import (
    all_players,
    find_player,
    merge,
    regulars,
    rename,
    seat_links,
    set_nickname,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _game(
    journal: Journal, *names: str, bots: tuple[str, ...] = (), mode: str = "pass-and-play"
) -> int:
    players = tuple(PlayerSetting(n, "easy" if n in bots else None) for n in names)
    return journal.new_game(GameConfig("holdem", players=players), mode, {})


def _names(journal: Journal) -> dict[str, tuple[bool, int]]:
    return {p.name: (p.bot, p.games) for p in all_players(journal.conn)}


def test_a_saved_games_seats_are_linked_to_players_one_per_name_in_any_case(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    first = _game(journal, "Ann", "Bob", "Bot 1", bots=("Bot 1",))
    second = _game(journal, "ann", "Cy")
    assert _names(journal) == {
        "Ann": (False, 2),
        "Bob": (False, 1),
        "Bot 1": (True, 1),
        "Cy": (False, 1),
    }
    links = seat_links(journal.conn)
    assert links[(first, 0)] == links[(second, 0)]


def test_unnamed_seats_and_simulations_are_nobodys(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    _game(journal, "Player 1", "Player 2", "Ann")
    _game(journal, "Seat 1", "Seat 2", mode=SIMULATION)
    assert _names(journal) == {"Ann": (False, 1)}


def test_a_late_entry_is_linked_and_its_undo_unlinks_it(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    game = _game(journal, "Ann", "Bob")
    journal.append(game, "join", "", [], [PlayerJoined(2, "Dee", 1500)])
    assert (game, 2) in seat_links(journal.conn)
    journal.undo(game)
    assert (game, 2) not in seat_links(journal.conn)


def test_a_rename_keeps_the_players_games_and_the_games_keep_their_names(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    game = _game(journal, "Bob", "Ann")
    rename(journal.conn, "bob", "Robert")
    assert _names(journal) == {"Ann": (False, 1), "Robert": (False, 1)}
    assert journal.game(game).players == ("Bob", "Ann")
    # Next week "Bob" is a new name, so a new player (merge them if it is Robert).
    _game(journal, "Bob", "Ann")
    merge(journal.conn, "Bob", "Robert")
    assert _names(journal) == {"Ann": (False, 2), "Robert": (False, 2)}


def test_a_rename_onto_another_player_or_a_bad_name_is_refused_unchanged(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    _game(journal, "Ann", "Bob", "Bot 1", bots=("Bot 1",))
    with pytest.raises(StoreError, match="Ann is already a player: homegame players merge"):
        rename(journal.conn, "Bob", "ANN")
    with pytest.raises(StoreError, match="no player called 'Zed'"):
        rename(journal.conn, "Zed", "Zoe")
    with pytest.raises(StoreError, match="1 to 16 characters"):
        rename(journal.conn, "Bob", "x" * 17)
    with pytest.raises(StoreError, match="cannot be merged: one is a bot"):
        merge(journal.conn, "Bot 1", "Ann")
    with pytest.raises(StoreError, match="the same player already"):
        merge(journal.conn, "ann", "Ann")
    assert _names(journal) == {"Ann": (False, 1), "Bob": (False, 1), "Bot 1": (True, 1)}


def test_a_nickname_finds_its_player_and_a_merge_keeps_it(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    _game(journal, "Robert", "Rob", "Ann")
    set_nickname(journal.conn, "Rob", "Bobby")
    assert find_player(journal.conn, "bobby").name == "Rob"
    kept = merge(journal.conn, "Rob", "Robert")
    assert kept.shown == 'Robert "Bobby"' and kept.games == 1


def test_the_regulars_are_the_people_who_sat_in_most_games(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    _game(journal, "Cy", "Ann", "Bot 1", bots=("Bot 1",))
    _game(journal, "Ann", "Bob", "Bot 1", bots=("Bot 1",))
    assert regulars(journal.conn) == ["Ann", "Bob", "Cy"]


def test_a_journal_from_before_the_player_list_has_its_seats_linked(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "format2" / FILE_NAME, tmp_path / FILE_NAME)
    journal = Journal(tmp_path, create=False)
    found = _names(journal)
    assert found["Ann"] == (False, 11) and found["Bot 1"] == (True, 1)
    assert set(found) == {"Ann", "Bob", "Cy", "Dee", "Eve", "Bot 1", "Bot 2"}
