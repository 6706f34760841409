"""Real hands: the PHH histories in ../shared/phh replay through the engine to their stacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homegame.cli import app
from homegame.engine.pots import odd_chip_order
from homegame.phh import PhhError, PhhHand, read_file, replay, replay_file, replay_text, split_hands

PHH_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "phh"
needs_phh = pytest.mark.skipif(not PHH_DIR.is_dir(), reason="../shared/phh is not present")

SAMPLE_STEP = 33  # every 33rd Pluribus hand: 304 of 10,000

HAND = """
[{key}]
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = [{actions}]
players = ['Ann', 'Bob', 'Cy']
finishing_stacks = {finish}
"""
DEAL = "'d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 2c7h'"


def phhs(*hands: tuple[str, str, str]) -> str:
    return "".join(HAND.format(key=k, actions=a, finish=f) for k, a, f in hands)


def parsed(hands: list[PhhHand | PhhError]) -> list[PhhHand]:
    """The hands read, every one of which parsed."""
    assert not [h for h in hands if isinstance(h, PhhError)]
    return [h for h in hands if isinstance(h, PhhHand)]


@needs_phh
def test_wsop_hands_with_big_blind_antes_all_match() -> None:
    results = replay_file(PHH_DIR / "wsop-and-famous.phhs")
    assert len(results) == 11
    assert [r.hand for r in results if not r.match] == []


@needs_phh
def test_a_sample_of_pluribus_hands_match() -> None:
    hands = parsed(read_file(PHH_DIR / "pluribus.phhs"))[::SAMPLE_STEP]
    results = [replay(h) for h in hands]
    assert len(results) > 300
    bad = [(r.hand, r.error, r.finishing_stacks, r.expected) for r in results if not r.match]
    assert bad == []


@needs_phh
def test_house_rule_4_half_chip_hands_give_the_odd_chip_left_of_the_button() -> None:
    """The 8 Pluribus split pots recorded in half chips: within one chip, odd chip per HR 4."""
    hands = parsed(read_file(PHH_DIR / "pluribus.phhs"))
    halves = [
        h for h in hands if any(not float(x).is_integer() for x in h.data["finishing_stacks"])
    ]
    assert len(halves) == 8
    for phh in halves:
        result = replay(phh)
        assert result.match, phh.name
        hand = result.hand_object
        expected = result.expected
        assert hand is not None and expected is not None
        up = [s for s in range(hand.n) if hand.stacks[s] > expected[s]]
        tied = [s for s in range(hand.n) if not float(expected[s]).is_integer()]
        assert up == odd_chip_order(tied, hand.button, hand.n)[:1]


@needs_phh
@pytest.mark.slow
def test_all_10011_hands_match() -> None:
    results = replay_file(PHH_DIR / "pluribus.phhs") + replay_file(PHH_DIR / "wsop-and-famous.phhs")
    assert len(results) == 10_011
    assert sum(1 for r in results if r.match) == 10_011


def test_a_constructed_history_replays_and_matches() -> None:
    text = phhs(("1", DEAL + ", 'p3 f', 'p1 cbr 300', 'p2 f'", "[1100, 900, 1000]"))
    (result,) = [replay(h) for h in parsed(split_hands(text, "x.phhs"))]
    assert result.finishing_stacks == (1100, 900, 1000)
    assert result.match is True


def test_a_wrong_finishing_stack_is_a_mismatch() -> None:
    text = phhs(("1", DEAL + ", 'p3 f', 'p1 cbr 300', 'p2 f'", "[1000, 1000, 1000]"))
    (result,) = [replay(h) for h in parsed(split_hands(text, "x.phhs"))]
    assert result.match is False
    assert result.error is None


def test_an_illegal_action_names_the_hand_and_action_and_others_still_replay() -> None:
    text = phhs(
        ("1", DEAL + ", 'p3 f', 'p1 cbr 300', 'p2 f'", "[1100, 900, 1000]"),
        ("2", DEAL + ", 'p3 cbr 150', 'p1 f', 'p2 f'", "[950, 900, 1150]"),
        ("3", DEAL + ", 'p3 f', 'p1 f'", "[950, 1050, 1000]"),
    )
    results = [replay(h) for h in parsed(split_hands(text, "x.phhs"))]
    assert [r.match for r in results] == [True, False, True]
    assert results[1].error is not None
    assert "hand 2" in results[1].error
    assert "p3 cbr 150" in results[1].error
    assert "minimum" in results[1].error


def test_a_broken_hand_does_not_stop_the_others() -> None:
    text = phhs(("1", DEAL + ", 'p3 f', 'p1 f'", "[950, 1050, 1000]"))
    text += "\n[2]\nvariant = 'NT\nactions = [\n"
    text += phhs(("3", DEAL + ", 'p3 f', 'p1 f'", "[950, 1050, 1000]"))
    results = replay_text(text, "x.phhs")
    assert [r.hand for r in results] == ["1", "2", "3"]
    assert [r.match for r in results] == [True, False, True]
    assert results[1].error is not None and results[1].error.startswith("hand 2:")


def test_an_action_out_of_turn_is_named() -> None:
    text = phhs(("7", DEAL + ", 'p1 f'", "[950, 1050, 1000]"))
    (result,) = replay_text(text, "x.phhs")
    assert result.error is not None
    assert "hand 7" in result.error and "'p1 f'" in result.error


def test_replay_command_json_lists_each_hand_in_player_order(tmp_path: Path) -> None:
    path = tmp_path / "two.phhs"
    path.write_text(
        phhs(
            ("1", DEAL + ", 'p3 f', 'p1 cbr 300', 'p2 f'", "[1100, 900, 1000]"),
            ("2", DEAL + ", 'p3 f', 'p1 f'", "[950, 1050, 1000]"),
        )
    )
    result = CliRunner().invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data == [
        {
            "hand": "1",
            "finishing_stacks": [1100, 900, 1000],
            "expected": [1100, 900, 1000],
            "match": True,
        },
        {
            "hand": "2",
            "finishing_stacks": [950, 1050, 1000],
            "expected": [950, 1050, 1000],
            "match": True,
        },
    ]


def test_replay_command_reports_a_bad_hand_on_stderr_with_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text(
        phhs(
            ("1", DEAL + ", 'p3 cbr 150', 'p1 f', 'p2 f'", "[950, 900, 1150]"),
            ("2", DEAL + ", 'p3 f', 'p1 f'", "[950, 1050, 1000]"),
        )
    )
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "hand 2: 950 1050 1000  match" in result.stdout
    assert "homegame: error: hand 1: action 'p3 cbr 150'" in result.stderr
    assert "Traceback" not in result.output


def test_replay_command_missing_file_is_one_line_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "none.phh")])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("homegame: error: no such file")


def test_a_single_phh_file_is_one_hand(tmp_path: Path) -> None:
    path = tmp_path / "one.phh"
    path.write_text(
        HAND.format(key="x", actions=DEAL + ", 'p3 f', 'p1 f'", finish="[950, 1050, 1000]").split(
            "\n", 2
        )[2]
    )
    (result,) = replay_file(path)
    assert result.hand == "one.phh"
    assert result.match is True


def test_a_single_hand_document_with_its_own_tables_stays_one_hand() -> None:
    text = HAND.format(key="x", actions=DEAL + ", 'p3 f', 'p1 f'", finish="[950, 1050, 1000]")
    text = text.split("\n", 2)[2] + "\n[extra]\nnote = 'a table inside one hand'\n"
    (result,) = replay_text(text, "one.phh")
    assert result.hand == "one.phh" and result.match is True


def test_replay_command_flags_a_mismatch_with_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "off.phhs"
    path.write_text(phhs(("1", DEAL + ", 'p3 f', 'p1 f'", "[1000, 1000, 1000]")))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "hand 1: 950 1050 1000  MISMATCH (file: 1000 1000 1000)" in result.stdout
    assert "0 of 1 hands match" in result.stdout
