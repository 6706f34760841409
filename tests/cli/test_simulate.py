"""`homegame simulate` and the random legal policy it plays with."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from every_game import ALL, GAMES, variant_id
from typer.testing import CliRunner, Result

from homegame.cards import parse_cards
from homegame.cli import app
from homegame.commands import simulate as simulate_command
from homegame.engine import simulation
from homegame.engine.actions import (
    Action,
    ActionKind,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
)
from homegame.engine.random_policy import RandomPolicy, random_action
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_interface import Session
from homegame.engine.simulation import Policy, SimulationResult, _count, simulate
from homegame.setup import default_session
from homegame.variants import Variant

runner = CliRunner()


def _run(*args: str) -> Result:
    return runner.invoke(app, ["simulate", *args])


@pytest.mark.parametrize("variant", GAMES)
def test_simulate_json_reports_hands_speed_and_conservation(variant: str) -> None:
    result = _run(variant, "--hands", "60", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"variant", "hands", "seconds", "hands_per_second", "chips_conserved"} <= set(data)
    assert data["variant"] == variant
    assert data["hands"] == 60
    assert data["chips_conserved"] is True
    assert data["seconds"] > 0
    assert data["hands_per_second"] == pytest.approx(60 / data["seconds"], rel=0.05)


def test_simulate_text_shows_hands_per_second_and_the_seed() -> None:
    result = _run("holdem", "--hands", "40", "--players", "3", "--seed", "9")
    assert result.exit_code == 0, result.output
    assert "hands per second" in result.output
    assert "seed 9" in result.output and "3 players" in result.output
    assert "Chips conserved after every hand: yes" in result.output


def test_simulate_text_prints_no_markup_and_krg_speaks_of_its_pool_not_chips() -> None:
    """Issue 28 item 10: '[bold]169 deals per second[/bold]' was printed as it stands, and a
    KRG run, which has no chips, said 'Chips conserved after every hand'."""
    krg = _run("krg", "--hands", "20", "--seed", "1")
    assert krg.exit_code == 0, krg.output
    assert "[bold]" not in krg.output and "[/" not in krg.output
    assert "deals per second" in krg.output
    assert "Pool conserved after every deal: yes" in krg.output and "Chips" not in krg.output
    holdem = _run("holdem", "--hands", "20", "--seed", "1")
    assert "[bold]" not in holdem.output and "hands per second" in holdem.output


def test_simulate_text_says_one_hand_and_one_seat_in_the_singular() -> None:
    result = _run("holdem", "--hands", "1", "--players", "2", "--seed", "9")
    assert result.exit_code == 0, result.output
    # "1,441 hands per second" is fine; a lone "1 hands" is not.
    assert "1 hand," in result.output
    assert not re.search(r"(?<![\d,.])1 hands", result.output)
    seats = _run("holdem", "--hands", "5", "--seats", "random", "--players", "2")
    assert seats.exit_code == 2 and "--seats names 1 seat but" in seats.output


def test_simulate_seats_sets_the_player_count() -> None:
    result = _run("krg", "--hands", "5", "--seats", "random,random,random", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hands"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("poker", "--hands", "5"), "unknown variant 'poker'"),
        (("holdem", "--hands", "0"), "--hands must be at least 1"),
        (("holdem", "--hands", "5", "--players", "11"), "for 2 to 10 players, not 11"),
        (("krg", "--hands", "5", "--players", "8"), "for 2 to 7 players, not 8"),
        (("holdem", "--hands", "5", "--seats", "random,robot"), "unknown seat kind 'robot'"),
        (("holdem", "--hands", "5", "--seats", "random,,random"), "seat 2 is empty"),
        (("holdem", "--hands", "5", "--seats", "random,random", "--players", "3"), "2 seats"),
    ],
)
def test_simulate_bad_input_is_one_line_exit_2(args: tuple[str, ...], message: str) -> None:
    result = _run(*args)
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert lines[0].startswith("homegame: error:") and message in lines[0]


def test_simulate_reports_broken_conservation_and_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(
        new_game: Callable[[], Session],
        hands: int,
        policies: Sequence[Policy],
        on_hand: Callable[[int], None] | None = None,
    ) -> SimulationResult:
        return SimulationResult(new_game().variant.key, 3, 0, False, "hand 3: 1 chip too many")

    monkeypatch.setattr(simulation, "simulate", broken)
    result = _run("holdem", "--hands", "3", "--json")
    assert result.exit_code == 1
    assert json.loads(result.output)["chips_conserved"] is False
    result = _run("holdem", "--hands", "3")
    assert result.exit_code == 1
    assert "NOT conserved" in result.output and "1 chip too many" in result.output


def test_simulate_seat_kinds_is_a_hook_for_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[random.Random] = []

    def factory(rng: random.Random) -> RandomPolicy:
        made.append(rng)
        return RandomPolicy(rng)

    monkeypatch.setitem(simulate_command.SEAT_KINDS, "scripted", factory)
    result = _run("holdem", "--hands", "4", "--seats", "scripted,random,scripted", "--json")
    assert result.exit_code == 0, result.output
    assert len(made) == 2


def test_conservation_check_catches_a_chip_made_from_nothing() -> None:
    session = FreezeoutSession("holdem", ["a", "b"], rng=random.Random(1))
    assert _count(session, 1) is None
    session.table.stacks[0] += 1
    assert _count(session, 1) == "hand 1: 3001 chips at the table, 3000 expected"
    session.table.stacks[0] = -1
    problem = _count(session, 2)
    assert problem is not None and "negative" in problem


@pytest.mark.parametrize("variant", ALL, ids=variant_id)
def test_simulation_is_repeatable_from_the_seed(variant: Variant) -> None:
    def run(seed: int) -> SimulationResult:
        policies = [RandomPolicy(random.Random(seed + i)) for i in range(4)]
        rng = random.Random(seed)
        return simulate(lambda: default_session(variant.key, 4, rng), 80, policies)

    assert run(3) == run(3)
    first = run(3)
    assert first.hands == 80 and first.chips_conserved


def test_random_action_only_picks_what_is_open() -> None:
    rng = random.Random(1)
    legal = LegalActions(seat=0, can_check=True, min_raise_to=20, max_raise_to=500, all_in_to=500)
    seen: set[type[Action]] = set()
    for _ in range(400):
        action = random_action(legal, rng)
        assert not isinstance(action, Fold | Call | AllIn)
        if isinstance(action, BetRaise):
            assert 20 <= action.to <= 500
        seen.add(type(action))
    assert seen == {Check, BetRaise}
    facing = LegalActions(seat=2, can_fold=True, call_amount=30, to_call=30, can_all_in=True)
    kinds = {type(random_action(facing, rng)) for _ in range(400)}
    assert kinds == {Fold, Call, AllIn}


def test_random_action_weights_can_shut_a_kind_out() -> None:
    legal = LegalActions(seat=0, can_fold=True, call_amount=10, to_call=10)
    weights = {ActionKind.FOLD: 0.0, ActionKind.CALL: 1.0}
    assert all(
        isinstance(random_action(legal, random.Random(s), weights=weights), Call) for s in range(50)
    )


def test_random_discards_come_from_the_seats_own_cards() -> None:
    hole = parse_cards("Ah Kd 7c 7s 2h 3d")
    legal = LegalActions(seat=1, discard_count=2)
    for seed in range(30):
        action = random_action(legal, random.Random(seed), hole)
        assert isinstance(action, Discard)
        assert len(set(action.cards)) == 2 and set(action.cards) <= set(hole)
    assert random_action(legal, random.Random(1)) == Discard(count=2)


def test_real_process_simulate_json_is_clean_stdout() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "homegame", "simulate", "holdem", "--hands", "20", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hands"] == 20


def test_simulate_seats_take_the_bot_levels() -> None:
    seats = "easy,random,medium"
    result = _run("holdem", "--hands", "3", "--seats", seats, "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["chips_conserved"] is True
    assert set(simulate_command.SEAT_KINDS) == {"random", "easy", "medium", "hard"}


def test_simulate_reports_each_seat_with_a_confidence_interval() -> None:
    result = _run("holdem", "--hands", "300", "--players", "3", "--seed", "4", "--json")
    seats = json.loads(result.output)["seats"]
    assert [s["seat"] for s in seats] == [1, 2, 3]
    assert all(s["kind"] == "random" and s["ci95"] > 0 for s in seats)
    # Every hand's chips move between the seats: the seats' winnings add up to zero.
    assert sum(s["chips_per_100_hands"] for s in seats) == pytest.approx(0, abs=1e-6)
    result = _run("krg", "--hands", "200", "--players", "4", "--seed", "4", "--json")
    seats = json.loads(result.output)["seats"]
    assert sum(s["deal_share"] for s in seats) == pytest.approx(1)
    assert all(0 < s["deal_share"] < 1 for s in seats)
    text = _run("krg", "--hands", "50", "--seed", "4").output
    assert "Share of deals won" in text


def test_seat_results_mean_and_interval() -> None:
    rng = random.Random(9)
    policies = [RandomPolicy(random.Random(i)) for i in range(2)]
    result = simulate(lambda: default_session("krg", 2, rng), 400, policies)
    first, second = result.seats
    assert first.hands == second.hands == 400
    assert first.mean + second.mean == pytest.approx(1)
    # A fair two-player deal: the interval around each share is about 1.96 * 0.5 / sqrt(400).
    assert 0.03 < first.ci95 < 0.06


def test_engine_benchmark_runs_all_three_engines_with_alike_hands() -> None:
    proc = subprocess.run(
        [sys.executable, "benchmarks/bench_engine.py", "--seconds", "0.2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.returncode == 0, proc.stderr
    rows = {row["engine"]: row for row in json.loads(proc.stdout)}
    assert set(rows) == {"homegame", "pokerkit", "texasholdem"}
    for row in rows.values():
        assert row["hands"] >= 16 and row["hands_per_cpu_second"] > 0
        # The same policy must give hands of about the same length on every engine.
        assert 14 <= row["actions_per_hand"] <= 23


#: The --json fields that time the run; everything else must repeat exactly for a seed.
TIMING_FIELDS = ("seconds", "hands_per_second")


@pytest.mark.parametrize("variant", GAMES)
def test_the_same_seed_gives_the_same_simulation_byte_for_byte(variant: str) -> None:
    """Bots think within a sample budget, not a clock: a seed replays a run exactly."""
    args = (variant, "--hands", "7", "--seed", "7", "--seats", "hard,medium,easy", "--json")
    outputs = []
    for _ in range(2):
        result = _run(*args)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        for field in TIMING_FIELDS:
            data.pop(field)
        outputs.append(json.dumps(data, sort_keys=True))
    assert outputs[0] == outputs[1]
    assert json.loads(outputs[0])["hands"] == 7
