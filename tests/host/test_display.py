"""`homegame display`: the room's view follows a journalled host game, read-only, no card."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from host_lines import Hosting
from typer.testing import CliRunner

from homegame.cli import app
from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.host.follow import Follower
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

NAMES = ("Ann", "Bob", "Cy")


def _hosted(tmp_path: Path) -> tuple[Journal, GameLog, Hosting]:
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES),
        freezeout=FreezeoutSettings(minutes_per_level=10),
    )
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, HOST)
    return journal, log, Hosting(config, log, rng=random.Random(3))


def test_display_follows_the_host_line_by_line_and_writes_nothing(tmp_path: Path) -> None:
    journal, log, host = _hosted(tmp_path)
    reader = Journal(tmp_path, create=False)
    follower = Follower(reader, log.game_id)
    assert follower.view().clock_state == "not started"
    host.run("n", now=100.0)
    host.run("r 400", now=130.0)
    view = follower.view()
    assert view.title.endswith("hand 1") and view.clock == "9:30"
    log.clock_seen(160.0)  # the host's screen ticks: the display's clock follows it
    assert follower.view().clock == "9:00"
    host.run("p", now=170.0)
    log.clock_seen(400.0)
    view = follower.view()
    assert view.clock == "8:50" and view.clock_state == "paused"
    before = journal.count(log.game_id), [r.seq for r in journal.inputs(log.game_id, live=False)]
    for _ in range(3):
        follower.view()
    after = journal.count(log.game_id), [r.seq for r in journal.inputs(log.game_id, live=False)]
    assert before == after


def test_display_shows_the_board_and_no_hole_card(tmp_path: Path) -> None:
    _journal, log, host = _hosted(tmp_path)
    for line in ("n", "a", "c", "c", "b Ah Kd 7c", "b 2s", "b 3h", "s Ann Qs Qd", "s Bob Jc Jd"):
        assert host.run(line, now=10.0).ok, line
    view = Follower(Journal(tmp_path, create=False), log.game_id).view()
    text = " ".join(str(v) for v in view.__dict__.values())
    # The board is face up on the table: the display shows it as entered; no hole card ever,
    # not even one shown at the showdown.
    assert not any(card in text for card in ("Qs", "Q♠", "Qd", "Q♦", "Jc", "J♣", "Jd", "J♦"))
    assert view.board_line == "Board: A♥ K♦ 7♣ 2♠ 3♥"


def test_display_with_no_game_named_follows_the_hosted_game_played_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: the display stayed on the game it was started with; a game the host started
    later was never shown."""
    start = datetime(2026, 12, 3, 20, tzinfo=UTC)
    ticks = iter(range(10_000))
    monkeypatch.setattr(  # each write a second after the last (the listing keeps seconds)
        "homegame.store.journal._now",
        lambda: (start + timedelta(seconds=next(ticks))).isoformat(timespec="seconds"),
    )
    journal, first_log, first = _hosted(tmp_path)
    assert first.run("n", now=10.0).ok
    follower = Follower(Journal(tmp_path, create=False))
    assert follower.game_id == first_log.game_id and follower.view().title.endswith("hand 1")
    second_log = GameLog.new(journal, first_log.config, HOST)
    second = Hosting(first_log.config, second_log, rng=random.Random(4))
    assert second.run("n", now=20.0).ok and second.run("f", now=25.0).ok
    view = follower.view()
    assert follower.game_id == second_log.game_id and view.title.endswith("hand 1")
    assert first.run("c", now=30.0).ok  # back at the first table: the display follows it
    assert follower.game_id == first_log.game_id
    named = Follower(Journal(tmp_path, create=False), second_log.game_id)
    assert named.game_id == second_log.game_id  # a game named stays the one shown


def test_display_clears_the_board_between_hands_and_counts_bets_as_their_owners(
    tmp_path: Path,
) -> None:
    """Issue 27: between hands the display kept the last hand's board, and mid-hand the chip
    leader left out the chips a player had bet (the leader could be below the average)."""
    _journal, log, host = _hosted(tmp_path)
    for line in ("n", "Ann r 900", "Bob f", "Cy c", "b Ah Kd 7c"):
        assert host.run(line, now=10.0).ok, line
    follower = Follower(Journal(tmp_path, create=False), log.game_id)
    view = follower.view()
    assert view.board_line == "Board: A♥ K♦ 7♣"
    # Ann and Cy have 900 each in the pot, still theirs; Bob folded his small blind.
    assert view.leader_line == "Chip lead shared at 1,500 by 2 players"
    for line in ("Cy a", "Ann c", "b 2s", "b 3h", "s Cy Qs Qd", "s Ann Jc Jd"):
        assert host.run(line, now=20.0).ok, line
    view = follower.view()
    assert view.board_line == "" and view.leader_line == "Chip leader: Cy 3,010"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["display"], "no hosted game is running"),
        (["display", "abc"], "expected a game number"),
        (["display", "99"], "no saved game 99"),
        (["display", "--host", "0.0.0.0"], "--host: only with --serve"),
        (["display", "--serve", "--port", "0"], "--port: expected 1 to 65535"),
    ],
)
def test_display_mistakes_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    Journal(tmp_path).close()
    result = CliRunner().invoke(app, [*args, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.startswith("homegame: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_display_says_when_the_host_is_not_running_and_picks_the_game_up_again(
    tmp_path: Path,
) -> None:
    """Issue 27: when the host quit or died the display's clock froze with no notice."""
    import subprocess
    import sys

    from homegame.store.owner import claim, lock_path, release

    _journal, log, host = _hosted(tmp_path)
    assert host.run("n", now=10.0).ok
    follower = Follower(Journal(tmp_path, create=False), log.game_id)
    assert follower.view().notice == ""  # the host's window (this process) holds the game
    release(tmp_path, log.game_id)
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    lock_path(tmp_path, log.game_id).write_text(gone.stdout)  # a host that has since died
    view = follower.view()
    assert view.notice.startswith("Host not running") and view.clock_state == "paused"
    claim(tmp_path, log.game_id)  # the host resumes the game
    assert follower.view().notice == ""


def test_display_replays_the_journal_only_when_its_inputs_change(tmp_path: Path) -> None:
    """Issue 34: asked twice a second, the display re-read and replayed every input each time;
    now a file nobody changed is not read, and the host's clock ticking reads one row."""
    _journal, log, host = _hosted(tmp_path)
    assert host.run("n", now=100.0).ok
    follower = Follower(Journal(tmp_path, create=False), log.game_id)
    first = follower.view()
    for _ in range(3):
        assert follower.view() is first  # the same view, nothing read again
    log.clock_seen(130.0)
    assert follower.view().clock == "9:30" and follower.replays == 1
    assert host.run("r 400", now=140.0).ok
    assert follower.view().clock == "9:20" and follower.replays == 2
