"""`homegame simulate --cash --workers N` (issue 34): the deals are cut into shards of a fixed
size, each with fresh bots and a random source of its own, so any number of worker processes
gives the same results from the same seed as one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from misbehaving_bots import write_bots
from typer.testing import CliRunner

from homegame.bots import match
from homegame.bots.base import Bot
from homegame.cli import app
from homegame.variants import get_variant

runner = CliRunner()
HOLDEM = get_variant("holdem")


def _results(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    report: dict[str, object] = json.loads(result.output)
    del report["seconds"]
    return report


def test_one_worker_and_two_give_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match, "SHARD_DEALS", 4)  # 11 deals: three shards, the last short
    args = ("holdem", "--cash", "--duplicate", "--seats", "easy,random,random", "--hands", "11")
    one = _results(*args, "--seed", "7", "--workers", "1")
    assert one == _results(*args, "--seed", "7", "--workers", "2")
    assert one != _results(*args, "--seed", "8", "--workers", "2")


def test_shards_change_nothing_but_the_bots_and_cards_of_later_shards() -> None:
    kinds = ["easy", "random"]
    whole = match.match_results(HOLDEM, kinds, 6, seed=3)
    sharded = match.match_results(HOLDEM, kinds, 6, seed=3, shard_deals=4)
    # The first shard plays from the match's own seed: an unsharded match's first four deals.
    assert [r[:4] for r in sharded] == [r[:4] for r in whole]
    assert [len(r) for r in sharded] == [6, 6]
    assert sharded == match.match_results(HOLDEM, kinds, 6, seed=3, shard_deals=4, workers=2)


def test_a_factorys_bots_play_in_one_process_only() -> None:
    with pytest.raises(ValueError, match="one worker"):
        match.match_results(
            HOLDEM, ["easy", "easy"], 4, 1, factory=match_bot, shard_deals=2, workers=2
        )


def match_bot(kind: str, rng: random.Random) -> Bot:
    raise AssertionError("no bot is made before the workers are refused")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--cash", "--workers", "0"), "--workers must be from 1 to 64, not 0"),
        (("--workers", "2"), "--workers shares out cash deals, each from fresh stacks: add --cash"),
        (
            ("--cash", "--workers", "2", "--seats", "easy,{bots}:Hang"),
            "a user's bot plays from one process",
        ),
    ],
)
def test_bad_workers_are_one_line_exit_2(
    args: tuple[str, ...], message: str, tmp_path: Path
) -> None:
    bots = write_bots(tmp_path)
    given = [arg.format(bots=bots) for arg in args]
    result = runner.invoke(app, ["simulate", "holdem", "--hands", "3", *given])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
