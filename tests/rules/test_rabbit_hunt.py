"""HOUSE_RULES 30, the rabbit hunt, pinned: after a hand that ended before its board was out,
the cards that would have come are shown marked as not played, and never change a result nor
enter the board, the history, an export, a bot's view or the journal."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from every_game import CHIP_GAMES

from homegame.config import GameConfig, PlayerSetting, RulesSettings, TimingSettings
from homegame.engine import BetRaise, Call, Check, Fold, Hand
from homegame.engine.card_sources import Dealt, Entered
from homegame.engine.events import HandStarted
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction, DealResult
from homegame.store import codec
from homegame.store.export import export_game
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.variants import get_variant


def _folded_on_the_flop(game: str, burn: bool = True, cards: object = None) -> Hand:
    """Three players; the flop is dealt, then a bet that everyone folds to."""
    hand = Hand(
        get_variant(game),
        [1000] * 3,
        button=0,
        small_blind=10,
        big_blind=20,
        burn_cards=burn,
        cards=cards if cards is not None else Dealt(random.Random(7)),  # type: ignore[arg-type]
    )
    while hand.street == "preflop":
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    hand.act(BetRaise(hand.legal_actions().min_raise_to or 20))
    while not hand.is_over:
        hand.act(Fold())
    return hand


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_30_the_would_be_cards_are_the_deck_as_it_would_have_dealt(game: str) -> None:
    for burn in (True, False):
        hand = _folded_on_the_flop(game, burn)
        variant = get_variant(game)
        rounds = variant.board_rounds
        missing = [s for r in rounds for s in r if s not in hand.dealt_slots]
        before = (dict(hand.board), list(hand.events), hand.stacks, hand.public_view())
        hunted = hand.rabbit_hunt()
        assert [slot for slot, _ in hunted] == missing
        assert hand.rabbit_hunt() == hunted  # reading it changes nothing
        assert (dict(hand.board), list(hand.events), hand.stacks, hand.public_view()) == before
        # The same deal played on: exactly these cards come.
        played = Hand(
            variant,
            [1000] * 3,
            button=0,
            small_blind=10,
            big_blind=20,
            burn_cards=burn,
            rng=random.Random(7),
        )
        while not played.is_over:
            legal = played.legal_actions()
            played.act(Check() if legal.can_check else Call())
        assert all(played.board[slot] == card for slot, card in hunted)


def test_house_rule_30_nothing_to_hunt_while_playing_after_a_full_board_or_real_cards() -> None:
    live = Hand(
        get_variant("holdem"), [1000] * 3, small_blind=10, big_blind=20, rng=random.Random(1)
    )
    assert live.rabbit_hunt() == ()
    full = Hand(
        get_variant("holdem"), [1000] * 3, small_blind=10, big_blind=20, rng=random.Random(1)
    )
    while not full.is_over:
        legal = full.legal_actions()
        full.act(Check() if legal.can_check else Call())
    assert full.rabbit_hunt() == ()
    hosted = Hand(get_variant("holdem"), [1000] * 3, small_blind=10, big_blind=20, cards=Entered())
    hosted.act(Fold())
    hosted.act(Fold())
    assert hosted.is_over and hosted.rabbit_hunt() == ()


def test_house_rule_30_privacy_the_hunted_cards_never_reach_the_journal_history_or_export(
    tmp_path: Path,
) -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "easy"), PlayerSetting("Cy", "easy"))
    config = GameConfig(
        "holdem",
        players=players,
        seed=9,
        timing=TimingSettings(bot_pause=0.0),
        rules=RulesSettings(rabbit_hunt=True),
    )
    journal = Journal(tmp_path / "rabbit")
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    driver = GameDriver(config, random.Random(9), log, button=0)
    driver.start()
    seen_views = []
    line = None
    while line is None and driver.game.deals < 30:
        request = driver.request
        if isinstance(request, AskAction):
            driver.answer(Fold() if request.legal.can_fold else Check())
        elif isinstance(request, DealResult):
            line = driver.rabbit_hunt()
            if line is None:
                driver.answer(False)
        elif request is not None and hasattr(request, "view"):
            seen_views.append(request.view)
            driver.answer(Fold() if driver.game.legal_actions().can_fold else Check())
        else:
            driver.answer(False)
    assert line is not None and line.startswith("Rabbit hunt (not played, changes nothing): ")
    hand = driver.game.hand  # type: ignore[attr-defined]
    hunted = [card for _, card in driver.game.rabbit_hunt()]
    saved = GameLog(journal, log.game_id)
    texts = [str(card) for card in hunted]
    events = saved.events()
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
    stored = codec.dumps(list(events[starts[-1] :])) + json.dumps([r.calls for r in saved.inputs()])
    assert not any(f'"{text}"' in stored for text in texts), "a hunted card is in the journal"
    assert all(card not in hand.board.values() for card in hunted)
    for view in [*seen_views, driver.game.view_for(1), driver.game.view_for(None)]:
        assert all(card not in dict(view.board).values() for card in hunted)
    exported = export_game(saved.record, saved.events(), "json", all_cards=False)
    hand_json = json.loads(exported)["hands"][-1]
    assert not any(f'"{text}"' in json.dumps(hand_json) for text in texts)


def _first_early_result(config: GameConfig) -> GameDriver:
    """`config`'s game played (everyone folding) up to the result of a hand that ended early."""
    driver = GameDriver(config, random.Random(9), None, button=0)
    driver.start()
    while driver.game.deals < 30:
        request = driver.request
        if isinstance(request, AskAction):
            driver.answer(Fold() if request.legal.can_fold else Check())
        elif isinstance(request, DealResult) and driver.game.rabbit_hunt():
            return driver
        else:
            driver.answer(False)
    raise AssertionError("no hand ended early in 30 hands")


def test_house_rule_30_the_rabbit_hunt_is_a_setting_and_off_by_default() -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bot", "easy"), PlayerSetting("Cy", "easy"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=0.0))
    assert config.rules.rabbit_hunt is False  # HOUSE_RULES 25-30: each a setting, default off
    assert _first_early_result(config).rabbit_hunt() is None
    on = GameConfig(
        "holdem",
        players=players,
        timing=TimingSettings(bot_pause=0.0),
        rules=RulesSettings(rabbit_hunt=True),
    )
    line = _first_early_result(on).rabbit_hunt()
    assert line is not None and line.startswith("Rabbit hunt (not played")


def test_house_rule_30_host_mode_never_offers_the_rabbit_hunt() -> None:
    from homegame.host.console import HostConsole

    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    config = GameConfig("holdem", players=players, rules=RulesSettings(rabbit_hunt=True))
    console = HostConsole(config, random.Random(7), button=0)
    assert not any("rabbit" in line.lower() for line in console.help_lines())
    assert not hasattr(console, "rabbit_hunt")
