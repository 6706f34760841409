"""Exports, history and the games listing of a hosted night (issue 27): a late entry is named
everywhere, the board and the hands the host typed are in every format, and pokerkit replays
the PHH to the same stacks."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from hosted_night import LINES, STARTING, hosted_night

from homegame.phh import replay_text
from homegame.store.export import FORMATS, export_game
from homegame.store.recorder import GameLog


@pytest.fixture
def night(tmp_path: Path) -> GameLog:
    return hosted_night(tmp_path)


@pytest.mark.parametrize("fmt", FORMATS)
def test_issue_27_bug_1_every_format_names_a_late_entry(night: GameLog, fmt: str) -> None:
    text = export_game(night.record, night.events(), fmt)
    assert "Dee" in text
    if fmt == "phh":
        hands = tomllib.loads(text)
        assert hands["2"]["players"] == ["Cy", "Dee", "Ann", "Bob"]
    elif fmt == "json":
        data = json.loads(text)
        assert data["players"] == [*STARTING, "Dee"]
        assert [p["name"] for p in data["hands"][1]["players"]] == ["Cy", "Dee", "Ann", "Bob"]
    else:
        assert "Seat 4: Dee (1500 in chips)" in text


def test_issue_27_bug_1_an_unexpected_error_in_a_command_is_one_line_and_a_crash_log(
    night: GameLog, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import homegame.store.export
    from homegame.cli import main

    def broken(*args: object, **kwargs: object) -> str:
        raise IndexError("tuple index out of range next to As Kd")

    monkeypatch.setattr(homegame.store.export, "export_game", broken)
    folder = str(night.journal.folder)
    monkeypatch.setattr("sys.argv", ["homegame", "export", "1", "--data-dir", folder])
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "unexpected error (IndexError)" in err
    logs = list(Path(os.environ["HOMEGAME_DATA"]).glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    assert "As" not in logs[0].read_text().split("IndexError:")[-1]


def test_issue_27_bug_3_the_history_names_a_late_entry(night: GameLog) -> None:
    from homegame.store.history import history_text, load_history

    text = history_text(load_history(night.journal, night.game_id))
    assert "Seat 4" not in text
    assert "Dee enters late" in text and "Dee calls 1,480" in text


def test_issue_27_bug_3_the_games_listing_names_a_late_entry_until_it_is_undone(
    night: GameLog,
) -> None:
    from homegame.commands.games import describe

    journal = night.journal
    assert describe(journal.game(night.game_id))["players"] == [*STARTING, "Dee"]
    after = sum(len(hand) for hand in LINES[2:])  # the inputs typed after the late entry
    for _ in range(after):
        night.undo()
    assert journal.game(night.game_id).players == (*STARTING, "Dee")
    night.undo()  # the late entry itself
    assert journal.game(night.game_id).players == STARTING


def test_issue_27_bug_2_every_format_has_the_board_and_the_hands_the_host_typed(
    night: GameLog,
) -> None:
    phh = tomllib.loads(export_game(night.record, night.events(), "phh"))
    first = phh["1"]["actions"]
    assert [a for a in first if a.startswith("d db")] == ["d db AhKd7c", "d db 2s", "d db 9h"]
    assert {a for a in first if " sm " in a} == {"p3 sm AsAd", "p1 sm KsQs", "p2 sm JcTc"}
    data = json.loads(export_game(night.record, night.events(), "json"))
    board = {"flop 1": "Ah", "flop 2": "Kd", "flop 3": "7c", "turn": "2s", "river": "9h"}
    assert data["hands"][0]["board"] == board
    shown = {p["name"]: p["cards"] for p in data["hands"][0]["players"]}
    assert shown == {"Ann": ["As", "Ad"], "Bob": ["Ks", "Qs"], "Cy": ["Jc", "Tc"]}
    stars = export_game(night.record, night.events(), "pokerstars")
    assert "*** FLOP *** [Ah Kd 7c]" in stars
    assert "*** TURN *** [Ah Kd 7c] [2s]" in stars
    assert "*** RIVER *** [Ah Kd 7c 2s] [9h]" in stars
    assert "Board [Ah Kd 7c 2s 9h]" in stars
    assert "Dee: shows [6d 7d]" in stars


def test_issue_27_bug_2_pokerkit_and_homegame_replay_a_hosted_phh_export_to_every_stack(
    night: GameLog,
) -> None:
    text = export_game(night.record, night.events(), "phh")
    hands = tomllib.loads(text)
    assert len(hands) == len(LINES) - 1
    for table in hands.values():
        assert _pokerkit_stacks(table) == table["finishing_stacks"], table["hand"]
    results = replay_text(text, "hosted.phhs")
    assert all(r.match for r in results), [r.error for r in results if not r.match]


def _pokerkit_stacks(table: dict[str, object]) -> list[int]:
    """The finishing stacks pokerkit reaches for one hand of the export."""
    from pokerkit import HandHistory

    body = "\n".join(f"{k} = {json.dumps(v)}" for k, v in table.items() if k != "hand")
    return list(list(HandHistory.loads(body))[-1].stacks)
