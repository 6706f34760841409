"""`homegame stats`: the crafted hands saved as a game and counted across games by player;
money a game from the ledger; --player, --since, --game, --bots; the derived table."""

from __future__ import annotations

import json
from pathlib import Path

from crafted import three_hands
from nights import play_game
from typer.testing import CliRunner, Result

from homegame.cli import app
from homegame.commands.ledger import game_lines
from homegame.config import GameConfig, PlayerSetting
from homegame.engine.events import Event, HandStarted
from homegame.store.journal import Journal
from homegame.store.players import rename

runner = CliRunner()
FOUR = ("Ann", "Bob", "Cy", "Dee")


def _stats(folder: Path, *args: str) -> Result:
    return runner.invoke(app, ["stats", *args, "--data-dir", str(folder)])


def _json(folder: Path, *args: str) -> dict[str, dict[str, object]]:
    result = _stats(folder, "--json", *args)
    assert result.exit_code == 0, result.output
    return {line["player"]: line for line in json.loads(result.output)}


def crafted_game(journal: Journal, names: tuple[str, ...] = FOUR) -> int:
    """The three crafted hands saved as a game's inputs, a hand an input."""
    players = tuple(PlayerSetting(n) for n in names)
    game = journal.new_game(GameConfig("holdem", players=players), "pass-and-play", {})
    hand: list[Event] = []
    for event in three_hands():
        if isinstance(event, HandStarted) and hand:
            journal.append(game, "deal", "", [], hand)
            hand = []
        hand.append(event)
    journal.append(game, "deal", "", [], hand)
    return game


def test_the_crafted_hands_counted_by_hand_are_each_players_figures(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    crafted_game(journal)
    journal.close()
    found = _json(tmp_path)
    assert list(found) == ["Ann", "Bob", "Cy", "Dee"]
    figures = found["Dee"]["figures"]
    assert isinstance(figures, dict)
    assert figures["vpip"] == 100.0 and figures["pfr"] == 50.0 and figures["three_bet"] == 0.0
    assert figures["wsd"] == 50.0 and figures["money_per_game"] is None
    ann = found["Ann"]["figures"]
    assert isinstance(ann, dict)
    assert ann["cbet"] == 100.0 and ann["fold_to_three_bet"] is None
    assert round(ann["bb_per_100"], 2) == round(100 * 39.5 / 3, 2)
    text = _stats(tmp_path).output
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines()[3:]}
    assert rows["Ann"] == ["3", "33", "33", "50", "-", "100", "100", "100", "1.0", "+1317", "-"]


def test_a_player_is_counted_across_games_under_a_new_name_and_by_nickname(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    crafted_game(journal)
    rename(journal.conn, "Ann", "Anna")
    crafted_game(journal, ("Anna", "Bob", "Cy", "Dee"))
    runner.invoke(app, ["players", "nick", "Anna", "Nan", "--data-dir", str(tmp_path)])
    journal.close()
    anna = _json(tmp_path, "--player", "nan")
    assert list(anna) == ["Anna"]
    counts = anna["Anna"]["counts"]
    assert isinstance(counts, dict)
    assert (counts["hands"], counts["games"], counts["net_chips"]) == (6, 2, 1580)


def test_money_a_game_is_the_ledgers_net_and_bots_are_left_out_unless_asked(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    games = [play_game(journal, ("Ann", "Bob", "Bot 1"), seed, bots=("Bot 1",)) for seed in (1, 2)]
    nets: dict[str, int] = {}
    for game in games:
        for line in game_lines(journal, journal.game(game)):
            nets[line.party] = nets.get(line.party, 0) + line.cents_out - line.cents_in
    journal.close()
    found = _json(tmp_path)
    assert set(found) == {"Ann", "Bob"}
    for name in ("Ann", "Bob"):
        counts = found[name]["counts"]
        assert isinstance(counts, dict)
        assert (counts["money_games"], counts["net_cents"]) == (2, nets[name])
    assert set(_json(tmp_path, "--bots")) == {"Ann", "Bob", "Bot 1"}


def test_since_and_game_choose_the_games(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    crafted_game(journal)
    journal.conn.execute("UPDATE games SET created = '2025-01-02T20:00:00+00:00'")
    journal.conn.commit()
    journal.close()
    assert _json(tmp_path, "--since", "2025-01-02")["Ann"]["counts"]["hands"] == 3  # type: ignore[index]
    assert _json(tmp_path, "--since", "2025-01-03") == {}
    assert _json(tmp_path, "--game", "omaha") == {}


def test_bad_options_are_one_line_and_exit_2(tmp_path: Path) -> None:
    Journal(tmp_path).close()
    for args, line in [
        (["--since", "last week"], "--since: expected a date like 2026-01-31, got 'last week'"),
        (["--player", "Zed"], "--player: no player called 'Zed'"),
        (["--game", "chess"], "chess"),
    ]:
        result = _stats(tmp_path, *args)
        assert result.exit_code == 2 and line in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1


def test_the_derived_table_is_kept_and_worked_out_again_after_a_new_input(
    tmp_path: Path,
) -> None:
    journal = Journal(tmp_path)
    game = crafted_game(journal)
    assert _json(tmp_path)["Ann"]["counts"]["hands"] == 3  # type: ignore[index]
    rows = journal.conn.execute("SELECT game_id, seq FROM game_stats").fetchall()
    assert rows == [(game, 3)]
    journal.undo(game)  # the third hand is undone: two hands left
    assert _json(tmp_path)["Ann"]["counts"]["hands"] == 2  # type: ignore[index]
    journal.conn.execute("UPDATE game_stats SET data = '{}'")  # never trusted over the journal
    journal.conn.commit()
    journal.close()
    assert _json(tmp_path)["Ann"]["counts"]["hands"] == 2  # type: ignore[index]


def test_krg_kept_best_counts_a_finished_series_only(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    play_game(journal, ("Ann", "Bob"), 3, game="krg", inputs=15)  # cut short: still playing
    journal.close()
    ann = _json(tmp_path, "--game", "krg")["Ann"]["counts"]
    assert isinstance(ann, dict)
    assert ann["deals"] > 0 and ann["discards_judged"] == 0 and ann["series"] == 0
    journal = Journal(tmp_path)
    play_game(journal, ("Ann", "Bob"), 4, game="krg")
    journal.close()
    ann = _json(tmp_path, "--game", "krg")["Ann"]["counts"]
    assert isinstance(ann, dict)
    assert ann["series"] == 1 and 0 < ann["discards_judged"] <= ann["deals"]
    text = _stats(tmp_path, "--game", "krg").output
    assert "Players: KRG" in text and "kept best" in text and "VPIP" not in text
