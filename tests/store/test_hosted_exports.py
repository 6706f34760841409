"""Exports, history and the games listing of a hosted night (issue 27): a late entry is named
everywhere, the board and the hands the host typed are in every format, and pokerkit replays
the PHH to the same stacks."""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path

import pytest
from hosted_night import LINES, STARTING, hosted_night

from homegame.phh import replay_text
from homegame.store.export import FORMATS, export_game, hand_starts
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


# -- PokerStars text a tracker reads (issue 27) ------------------------------------------------

TIME = r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d UTC \[\d{4}/\d\d/\d\d \d\d:\d\d:\d\d ET\]"
CARD = r"(?:[2-9TJQKA][cdhs])"
TOURNAMENT = re.compile(
    rf"PokerStars Hand #(?P<id>\d+): Tournament #\d+, (?:\$\d+\.\d\d\+\$\d+\.\d\d USD|Freeroll ) "
    rf"Hold'em No Limit - Level [IVXLC]+ \(\d+/\d+\) - (?P<time>{TIME})"
)
CASH = re.compile(
    rf"PokerStars Hand #(?P<id>\d+):  Hold'em No Limit \(\d+/\d+\) - (?P<time>{TIME})"
)
TABLE = re.compile(r"Table '[^']+' \d+-max Seat #(?P<button>\d+) is the button")
SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>[\w .-]+) \(\d+ in chips\)")
NAME = r"(?P<name>[\w .-]+)"
#: Every line that may follow the seats, by section; a hand's sections come in this order.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("blinds", (rf"{NAME}: posts (small|big) blind \d+( and is all-in)?",)),
    ("hole", (r"\*\*\* HOLE CARDS \*\*\*", rf"Dealt to {NAME} \[{CARD} {CARD}\]")),
    (
        "streets",
        (
            rf"{NAME}: (folds|checks|calls \d+|bets \d+|raises \d+ to \d+)( and is all-in)?",
            rf"\*\*\* FLOP \*\*\* \[{CARD} {CARD} {CARD}\]",
            rf"\*\*\* TURN \*\*\* \[{CARD}( {CARD}){{2}}\] \[{CARD}\]",
            rf"\*\*\* RIVER \*\*\* \[{CARD}( {CARD}){{3}}\] \[{CARD}\]",
            rf"Uncalled bet \(\d+\) returned to {NAME}",
        ),
    ),
    (
        "showdown",
        (
            r"\*\*\* SHOW DOWN \*\*\*",
            rf"{NAME}: shows \[{CARD} {CARD}\] \((a |an |two |three |four |high ).+\)",
            rf"{NAME}: mucks hand",
        ),
    ),
    ("collected", (rf"{NAME} collected \d+ from (pot|main pot|side pot-\d+)",)),
    (
        "summary",
        (
            r"\*\*\* SUMMARY \*\*\*",
            r"Total pot \d+( Main pot \d+\.( Side pot-\d+ \d+\.)+)? \| Rake 0",
            rf"Board \[{CARD}( {CARD}){{2,4}}\]",
            rf"Seat \d+: {NAME}( \(button\))?( \((small|big) blind\))? (folded before Flop"
            r"|folded on the (Flop|Turn|River)|collected \(\d+\)|mucked"
            rf"|showed \[{CARD} {CARD}\] and (won \(\d+\)|lost) with (a |an |two |three |four "
            r"|high ).+)",
        ),
    ),
)


def _check_stars_hand(text: str, header: re.Pattern[str]) -> str:
    """Every line of one hand is a PokerStars line, its sections in order, each name seated;
    the hand's start time."""
    lines = text.strip("\n").split("\n")
    top = header.fullmatch(lines[0])
    table = TABLE.fullmatch(lines[1])
    assert top and table, lines[:2]
    seats = {}
    at = 2
    while at < len(lines) and (seat := SEAT.fullmatch(lines[at])):
        seats[seat["seat"]] = seat["name"]
        at += 1
    assert table["button"] in seats, "the button is a seated player"
    section = 0
    for line in lines[at:]:
        for index in range(section, len(SECTIONS)):
            found = next((m for p in SECTIONS[index][1] if (m := re.fullmatch(p, line))), None)
            if found:
                section = index
                break
        else:
            raise AssertionError(f"not a PokerStars line here: {line!r}")
        if "name" in found.groupdict():
            assert found["name"] in seats.values(), line
    assert SECTIONS[section][0] == "summary"
    return top["time"]


def test_pokerstars_text_is_a_tournament_with_each_hand_s_time_and_a_seated_button(
    night: GameLog,
) -> None:
    starts = ["2026-05-01T20:00:00+00:00", "2026-05-01T20:04:31+00:00", "2026-05-01T20:09:02+00:00"]
    text = export_game(night.record, night.events(), "pokerstars", started=starts)
    hands = [h for h in text.split("\n\n\n") if h.strip()]
    times = [_check_stars_hand(h, TOURNAMENT) for h in hands]
    assert times == [
        "2026/05/01 20:00:00 UTC [2026/05/01 16:00:00 ET]",
        "2026/05/01 20:04:31 UTC [2026/05/01 16:04:31 ET]",
        "2026/05/01 20:09:02 UTC [2026/05/01 16:09:02 ET]",
    ]
    assert "Tournament #" in hands[0] and "$20.00+$0.00 USD" in hands[0] and "Level I " in hands[0]
    # Hand 3's button stands on Cy's empty seat: the table names Bob, who acts last after the flop.
    assert "Seat #3" not in hands[2] and "Seat 3:" not in hands[2]
    assert "Seat 1: Ann (button) showed [As Ad] and won (60) with three of a kind, Aces" in text
    assert "Seat 2: Bob (small blind) showed [Ks Qs] and lost with a pair of Kings" in text
    assert "Dee: shows [6d 7d] (a straight, Four to Eight)" in text


def test_pokerstars_text_of_a_cash_game_has_the_cash_header(tmp_path: Path) -> None:
    log = hosted_night(tmp_path, cash=True)
    inputs = log.inputs()
    events = [e for r in inputs for e in r.events]
    text = export_game(log.record, events, "pokerstars", started=hand_starts(inputs))
    [hand] = [h for h in text.split("\n\n\n") if h.strip()]
    _check_stars_hand(hand, CASH)
    assert "Tournament" not in hand


def test_every_format_of_a_cash_game_has_its_own_blinds_not_the_freezeout_schedule_s(
    tmp_path: Path,
) -> None:
    log = hosted_night(tmp_path, cash=True, cash_blinds=(25, 50))
    events = log.events()
    phh = tomllib.loads(export_game(log.record, events, "phh"))["1"]
    assert sorted(phh["blinds_or_straddles"]) == [0, 25, 50] and phh["min_bet"] == 50
    assert "Hold'em No Limit (25/50)" in export_game(log.record, events, "pokerstars")
    assert json.loads(export_game(log.record, events, "json"))["hands"][0]["blinds"] == [25, 50]


def test_the_export_command_writes_each_hand_s_own_time(night: GameLog) -> None:
    from typer.testing import CliRunner

    from homegame.cli import app

    folder = str(night.journal.folder)
    night.journal.conn.execute("UPDATE inputs SET at = printf('2026-05-01T20:%02d:00+00:00', seq)")
    night.journal.conn.commit()
    result = CliRunner().invoke(
        app, ["export", "1", "--format", "pokerstars", "--data-dir", folder]
    )
    assert result.exit_code == 0
    times = re.findall(r"- (\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) UTC", result.stdout)
    assert len(times) == 3 and len(set(times)) == 3


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (6, 3), (9, 4), (6, 7)])
def test_pokerstars_text_of_dealt_games_has_only_pokerstars_lines(
    tmp_path: Path, players: int, seed: int
) -> None:
    from test_store_export import _played

    log = _played(tmp_path, "holdem", players, seed)
    for all_cards in (False, True):
        text = export_game(log.record, log.events(), "pokerstars", all_cards=all_cards)
        hands = [h for h in text.split("\n\n\n") if h.strip()]
        assert len(hands) == log.record.hands
        for hand in hands:
            _check_stars_hand(hand, TOURNAMENT)
