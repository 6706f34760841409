"""Issue 33 item 1: a saved game has one owner at a time. A second window that resumes it is
refused in one line naming the owner's pid (exit 2); a killed owner's lock is taken over."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pty_run import ROOT, homegame_env, run_in_pty

from homegame.config import GameConfig, PlayerSetting
from homegame.store.journal import Journal
from homegame.store.owner import GameOpenElsewhere, claim, lock_path, release
from homegame.store.recorder import PASS_AND_PLAY, GameLog


def _saved_game(data: Path) -> int:
    """A new pass-and-play game in `data`, owned by nobody."""
    journal = Journal(data)
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob"))
    game_id = journal.new_game(GameConfig("holdem", players=players, seed=3), PASS_AND_PLAY, {})
    journal.close()
    return game_id


def _resume(game_id: int, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "homegame", "resume", str(game_id)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_two_resumes_of_one_game_at_once_the_second_is_refused_naming_the_owner(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    game_id = _saved_game(data)
    env = homegame_env(data)
    seen: dict[str, object] = {}

    def second_window(owner: subprocess.Popen[bytes]) -> None:
        seen["owner"] = owner.pid
        seen["second"] = _resume(game_id, env)
        owner.send_signal(signal.SIGTERM)

    first = run_in_pty(
        ["-m", "homegame", "resume", str(game_id)],
        env,
        when=lambda out: "Pass to" in out,
        then=second_window,
    )
    assert first.status == 128 + signal.SIGTERM
    second = seen["second"]
    assert isinstance(second, subprocess.CompletedProcess)
    assert second.returncode == 2
    assert second.stdout == ""
    assert second.stderr == (
        f"homegame: error: game {game_id} is open in another window (pid {seen['owner']})\n"
    )
    journal = Journal(data)
    assert journal.game(game_id).state == "playing"  # the refused window wrote nothing
    journal.close()


def test_a_killed_owners_lock_is_taken_over(tmp_path: Path) -> None:
    data = tmp_path / "data"
    game_id = _saved_game(data)
    run = run_in_pty(
        ["-m", "homegame", "resume", str(game_id)],
        homegame_env(data),
        when=lambda out: "Pass to" in out,
        then=lambda owner: owner.send_signal(signal.SIGKILL),
    )
    assert run.status == -signal.SIGKILL
    assert lock_path(data, game_id).read_text().strip().isdigit()  # the dead owner's pid
    claim(data, game_id)  # taken over at once: the kernel let go when the owner died
    release(data, game_id)


def test_an_owner_in_another_process_is_named_and_this_process_may_claim_twice(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    game_id = _saved_game(data)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path; from homegame.store.owner import claim; "
            f"claim(Path({str(data)!r}), {game_id}); print('held', flush=True); sys.stdin.read()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**homegame_env(data)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        journal = Journal(data)
        log = GameLog(journal, game_id)
        with pytest.raises(GameOpenElsewhere, match=rf"\(pid {holder.pid}\)$"):
            log.claim()
        new = GameLog.new(journal, log.config, PASS_AND_PLAY)  # a new game is this one's own
        new.claim()
        release(data, new.game_id)
        journal.close()
    finally:
        holder.communicate("", timeout=30)
    claim(data, game_id)
    release(data, game_id)
