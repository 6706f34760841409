"""`showdown` and `odds` for the games added as data: Pot-Limit Omaha (and Double Board)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner, Result

from homegame.cli import app

runner = CliRunner()


def _run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_omaha_showdown_takes_four_hole_cards_and_uses_exactly_two() -> None:
    result = _run(
        "showdown", "omaha", "--board", "Qh 9c 9d 4s 2h",
        "--player", "Ann=Ah Ad Kc Qd", "--player", "Bob=Kh Th 8h 7h", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ann, bob = data["players"]
    assert ann["category"] == "two pair" and sorted(ann["cards"]) == sorted(
        ["Ah", "Ad", "9c", "9d", "Qh"]
    )
    # Four hearts in the hand and one on the board is no flush in Omaha.
    assert bob["category"] == "one pair"
    assert data["winners"] == ["Ann"] and "boards" not in data


def test_omaha_odds_heads_up_on_the_flop_is_exact() -> None:
    result = _run(
        "odds", "omaha", "--board", "Qh 9c 4d",
        "--player", "Ann=Ah Ad Kc Qd", "--player", "Bob=9h 9s 2c 3c", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["method"] == "exact" and data["samples"] == 820
    ann, bob = data["players"]
    assert bob["equity"] > 80 and abs(ann["equity"] + bob["equity"] - 100) < 1e-6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["showdown", "omaha", "--board", "Qh 9c 9d 4s 2h", "--player", "A=Ah Kd"],
         "player 'A' has 2 cards; expected 4"),
        (["showdown", "omaha", "--board", "Qh 9c 9d 4s", "--player", "A=Ah Kd Kc Ks"],
         "the board has 4 cards"),
        (["odds", "omaha", "--player", "A=Ah Kd Kc", "--player", "B=?"],
         "player 'A' has 3 cards; expected 4"),
    ],
)  # fmt: skip
def test_bad_omaha_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    result = _run(*args)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("homegame: error:") and message in lines[0]
