"""A sixth game is only data: registered for a test under a key no code knows, with its own
deal word and street names, it validates, deals, plays, is journalled, read back and exported
through the registry-driven paths, so nothing branches on a game's name."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from homegame.config import GameConfig, PlayerSetting, config_from_dict
from homegame.engine.events import BoardDealt, StreetStarted
from homegame.engine.hand import Hand
from homegame.engine.random_policy import random_action
from homegame.play.driver import GameDriver
from homegame.store.db import StoreError
from homegame.store.export import export_game
from homegame.store.history import build_history, chart_series, history_text
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import build_session, fresh_session
from homegame.variants import HOLDEM, VARIANTS, Bet, DealBoard, DealHole, Showdown, Structure
from homegame.variants.steps import Step

STREETS = {"preflop": "opening", "flop": "first", "turn": "second", "river": "last"}


def _renamed(step: Step) -> Step:
    """`step` with its street renamed by `STREETS`."""
    if isinstance(step, DealHole | DealBoard | Bet):
        return replace(step, street=STREETS[step.street])
    return step


SIXTH = replace(
    HOLDEM,
    key="test-sixth",
    name="Sixth Hold'em",
    deal_word="round",
    script=tuple(_renamed(step) for step in HOLDEM.script),
    export_formats=(),
)


@pytest.fixture
def sixth(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sixth game in the registry for this test only (its registry line)."""
    monkeypatch.setitem(VARIANTS, SIXTH.key, SIXTH)


def _config(seed: int = 4) -> GameConfig:
    players = [{"name": name} for name in ("Ann", "Bob", "Cy")]
    return config_from_dict({"game": SIXTH.key, "players": players, "seed": seed})


def test_its_streets_come_from_its_script() -> None:
    assert SIXTH.street_names == ("opening", "first", "second", "last")
    hand = Hand(SIXTH, [1000] * 3, 0, 5, 10, rng=random.Random(1))
    assert hand.street == "opening"
    assert [e.street for e in hand.events if isinstance(e, StreetStarted)] == ["opening"]


@pytest.mark.usefixtures("sixth")
def test_its_key_is_a_valid_config_and_its_session_plays_journals_and_exports(
    tmp_path: Path,
) -> None:
    config = _config()
    assert config.game == SIXTH.key and config.problems() == []
    log = GameLog.new(Journal(tmp_path), config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    rng = random.Random(2)
    while session.in_hand or not (session.is_over or session.deals >= 6):
        if not session.in_hand:
            session.start_deal()
            continue
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]
        session.act(random_action(session.legal_actions(), rng, hole), seat)
    events = log.events()
    dealt = {e.street for e in events if isinstance(e, BoardDealt)}
    started = {e.street for e in events if isinstance(e, StreetStarted)}
    assert dealt == {"first", "second", "last"} and started <= set(SIXTH.street_names)
    again = build_session(GameLog(Journal(tmp_path), log.game_id))
    assert again.view_for(None) == session.view_for(None)

    history = build_history(log.record, log.journal.inputs(log.game_id, live=False))
    assert "== Round 1 ==" in history_text(history)
    assert chart_series(history).per == "round"
    data = json.loads(export_game(log.record, events, "json"))
    assert data["game"] == SIXTH.key and "blinds" in data["hands"][0]
    assert {a["street"] for a in data["hands"][0]["actions"]} <= set(SIXTH.street_names)
    assert data["hands"][0]["actions"][0]["street"] == "opening"
    with pytest.raises(StoreError, match="phh export is for Texas Hold'em; Sixth Hold'em"):
        export_game(log.record, events, "phh")


@pytest.mark.usefixtures("sixth")
def test_the_driver_names_its_deals_with_its_word() -> None:
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob"))
    driver = GameDriver(replace(_config(), players=players), random.Random(1))
    assert driver.deal_word == "round"


def test_a_script_that_does_not_fit_its_game_is_refused_when_the_variant_is_built() -> None:
    with pytest.raises(ValueError, match=r"Bet\('flop'\) follows the dealing of the preflop"):
        replace(HOLDEM, script=(DealHole(2, "preflop"), Bet("flop"), Showdown()))
    with pytest.raises(ValueError, match="a game without betting has no Bet steps"):
        replace(HOLDEM, structure=Structure.NONE)
    with pytest.raises(ValueError, match="a no-limit game needs Bet steps"):
        replace(HOLDEM, script=(DealHole(2, "preflop"), DealBoard(HOLDEM.slots, "flop")))
    with pytest.raises(ValueError, match="must start by dealing the hole cards"):
        replace(HOLDEM, script=(DealBoard(HOLDEM.slots, "flop"), Bet("flop")))
