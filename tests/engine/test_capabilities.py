"""Each kind of game answers for the capabilities it has and has none of the others' verbs;
nothing in the app tests a session's type to find out."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from homegame.config import CashGameSettings, GameConfig, PlayerSetting, SeriesSettings
from homegame.engine.session_interface import Session
from homegame.money.settings import MoneySettings
from homegame.setup import session_for

PACKAGE = Path(__file__).resolve().parents[2] / "homegame"
NAMES = ("Ann", "Bob", "Cy")
#: Each capability's asker and the verbs only a game with it has.
VERBS = {
    "tournament": ("join", "rebuy", "add_on", "chop", "set_clock", "money"),
    "cash_game": ("top_up", "cash_out", "end", "seated", "money_on_table"),
    "cube": ("cube_turners", "cube_pending", "turn_cube", "answer_cube"),
}
KINDS = {
    "freezeout for chips": (GameConfig("holdem"), {"tournament"}),
    "freezeout for money": (GameConfig("yukon", money=MoneySettings(1000)), {"tournament"}),
    "cash game": (GameConfig("holdem", cash=CashGameSettings()), {"cash_game"}),
    "krg": (GameConfig("krg"), set()),
    "krg with the cube": (GameConfig("krg", series=SeriesSettings(doubling_cube=True)), {"cube"}),
}


def _game(config: GameConfig) -> Session:
    players = tuple(PlayerSetting(n) for n in NAMES)
    return session_for(replace(config, players=players), NAMES, random.Random(1))


@pytest.mark.parametrize("kind", KINDS, ids=list(KINDS))
def test_a_game_has_its_capabilities_and_none_of_the_others_verbs(kind: str) -> None:
    config, has = KINDS[kind]
    game = _game(config)
    assert game.host_entry() is game
    for asker, verbs in VERBS.items():
        capability = getattr(game, asker)()
        if asker in has:
            assert capability is game
        else:
            assert capability is None
            if asker != "cube":  # KRG keeps the cube's verbs when the series plays without it
                assert not [v for v in verbs if hasattr(game, v)]


def test_a_freezeout_for_money_says_so_and_one_for_chips_refuses_money_moves() -> None:
    paid = _game(KINDS["freezeout for money"][0]).tournament()
    chips = _game(KINDS["freezeout for chips"][0]).tournament()
    assert paid is not None and chips is not None
    money = paid.money()
    assert money is not None and money.pool == 3000
    assert chips.money() is None


def test_nothing_in_the_app_tests_a_session_type() -> None:
    pattern = re.compile(r"isinstance\([^)]*(Freezeout|Krg|Cash)Session")
    found = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if pattern.search(line)
    ]
    assert found == []
