"""HOUSE_RULES 26, the straddle, pinned rule by rule: in a hand, in a cash game (an input
between hands, one clear line for a wrong one), in the config, the driver, host mode and PHH."""

from __future__ import annotations

import random
import re

import pytest
from every_game import CHIP_GAMES
from pokerkit import HandHistory

from homegame.config import (
    CashGameSettings,
    ConfigError,
    GameConfig,
    PlayerSetting,
    TimingSettings,
    parse_config,
)
from homegame.engine import BetRaise, Call, Check, Fold, Hand, IllegalAction
from homegame.engine.actions import passive
from homegame.engine.cash_session import CashSession, StraddleCalled
from homegame.engine.events import BlindPosted
from homegame.phh import PhhError, replay_text
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction, AskStraddle, BotTurn, DealResult
from homegame.setup import session_for
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _straddled(game: str = "holdem", stacks: int = 1000) -> Hand:
    """Four players, Ann on the button: Bob 10, Cy 20, Dee straddles 40."""
    return Hand(
        get_variant(game),
        [stacks] * 4,
        button=0,
        small_blind=10,
        big_blind=20,
        straddle=40,
        straddle_seat=3,
        names=NAMES,
        rng=random.Random(1),
    )


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_26_a_straddle_is_a_third_blind_left_of_the_big_blind(game: str) -> None:
    hand = _straddled(game)
    posted = [(e.seat, e.blind, e.amount) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(1, "small", 10), (2, "big", 20), (3, "straddle", 40)]
    assert hand.to_act == 0  # action starts left of the straddler
    legal = hand.legal_actions()
    assert legal.call_amount == 40
    assert legal.min_raise_to == 80  # a raise is to at least two straddles


def test_house_rule_26_the_straddler_acts_last_and_may_raise() -> None:
    hand = _straddled()
    for _ in range(3):  # Ann, Bob and Cy call the straddle
        hand.act(Call())
    assert hand.to_act == 3 and hand.street == "preflop"
    legal = hand.legal_actions()
    assert legal.can_check and legal.min_raise_to == 80
    hand.act(BetRaise(120))
    assert hand.to_act == 0 and hand.legal_actions().call_amount == 80


def test_house_rule_26_after_a_raise_the_next_raise_is_by_the_last_raise() -> None:
    hand = _straddled()
    hand.act(BetRaise(100))  # 60 more than the straddle
    assert hand.legal_actions().min_raise_to == 160


def test_house_rule_26_the_flop_bets_from_one_big_blind_again() -> None:
    hand = _straddled()
    for _ in range(3):
        hand.act(Call())
    hand.act(Check())
    assert hand.street == "flop" and hand.to_act == 1
    assert hand.legal_actions().min_raise_to == 20


@pytest.mark.parametrize(
    ("seat", "amount", "stacks", "players", "line"),
    [
        (2, 40, 1000, 4, "only Dee, left of the big blind, may straddle, not Cy"),
        (3, 20, 1000, 4, "a straddle is more than the big blind (20), not 20"),
        (3, 40, 40, 4, "Dee needs more than 40 chips to straddle 40"),
        (0, 40, 1000, 2, "a straddle needs three players dealt in"),
    ],
)
def test_house_rule_26_a_straddle_the_rules_do_not_allow_is_refused(
    seat: int, amount: int, stacks: int, players: int, line: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(line)):
        Hand(
            HOLDEM,
            [stacks] * players,
            button=0,
            small_blind=10,
            big_blind=20,
            straddle=amount,
            straddle_seat=seat,
            names=NAMES[:players],
            rng=random.Random(1),
        )


def _cash(straddles: bool = True) -> CashSession:
    return CashSession("holdem", NAMES, rng=random.Random(2), button=0, straddles=straddles)


def _finish(game: CashSession) -> None:
    while game.in_hand:
        game.act(Check() if game.legal_actions().can_check else Fold())


def test_house_rule_26_a_cash_game_straddle_is_an_input_before_the_cards() -> None:
    game = _cash()
    assert game.straddler() == 3
    assert game.straddle(3) == [StraddleCalled(3, 40)]
    events = game.start_deal()
    assert BlindPosted(3, "straddle", 40) in events
    assert "Dee straddles 40" in [e.describe(game.names) for e in events]
    _finish(game)
    assert game.straddler() == 0  # the button moved: Ann is left of the big blind now
    events = game.start_deal()  # voluntary each hand: nobody said it this time
    assert not any(isinstance(e, BlindPosted) and e.blind == "straddle" for e in events)
    assert game.audit() is None


@pytest.mark.parametrize(
    ("prepare", "seat", "line"),
    [
        ("off", 3, "straddles are off in this game"),
        ("", 1, "only the player left of the big blind may straddle: Dee next hand, not Bob"),
        ("twice", 3, "Dee already straddles the next hand"),
        ("in hand", 0, "a player straddles between hands"),
        ("short", 3, "Dee needs more than 40 chips to straddle 40"),
    ],
)
def test_house_rule_26_a_wrong_straddle_is_one_line_and_changes_nothing(
    prepare: str, seat: int, line: str
) -> None:
    game = _cash(straddles=prepare != "off")
    if prepare == "twice":
        game.straddle(3)
    if prepare == "in hand":
        game.start_deal()
    if prepare == "short":
        game.table.stacks[3] = 40
    before = (game.straddling, game.stacks, game.deals)
    with pytest.raises(IllegalAction, match=line):
        game.straddle(seat)
    assert (game.straddling, game.stacks, game.deals) == before


def test_house_rule_26_a_straddle_is_void_when_the_straddler_leaves_first() -> None:
    game = _cash()
    game.straddle(3)
    game.cash_out(3)
    events = game.start_deal()
    assert not any(isinstance(e, BlindPosted) and e.blind == "straddle" for e in events)


def test_house_rule_26_config_cash_straddle_and_nowhere_else() -> None:
    config = parse_config('game = "holdem"\n[cash]\nstraddle = true\n')
    game = session_for(config, NAMES, random.Random(1), button=0)
    cash = game.cash_game()
    assert cash is not None and cash.straddler() == 3
    with pytest.raises(ConfigError) as caught:
        parse_config('game = "holdem"\n[freezeout]\nstraddle = true\n')
    assert caught.value.problems[0].startswith("freezeout.straddle: unknown key")
    with pytest.raises(ConfigError) as caught:
        parse_config('game = "holdem"\n[cash]\nstraddle = "yes"\n')
    assert caught.value.problems == ['cash.straddle: expected true or false, got "yes"']


def _driver(bots: bool) -> GameDriver:
    players = tuple(PlayerSetting(n, "easy" if bots and n != "Ann" else None) for n in NAMES)
    config = GameConfig(
        "holdem",
        players=players,
        cash=CashGameSettings(straddle=True),
        timing=TimingSettings(bot_pause=0.0),
    )
    return GameDriver(config, random.Random(3), button=0)


def test_house_rule_26_the_driver_asks_the_person_left_of_the_big_blind() -> None:
    driver = _driver(bots=False)
    driver.start()
    request = driver.request
    assert request == AskStraddle(3, 40)
    events = driver.answer(True)
    assert StraddleCalled(3, 40) in events
    assert BlindPosted(3, "straddle", 40) in events


def test_house_rule_26_bots_straddle_rarely() -> None:
    """Bots left of the big blind straddle about one hand in ten (deep stacks: the bots here
    check or fold, so the buy-ins of 100 big blinds stay deep)."""
    driver = _driver(bots=True)
    events = driver.start()
    offered = 0
    while driver.game.deals < 300 and driver.request is not None:
        request = driver.request
        if isinstance(request, BotTurn | AskAction):
            legal = driver.game.legal_actions()
            answer: object = passive(legal)
        else:
            answer = False
        if isinstance(request, DealResult):
            cash = driver.cash
            assert cash is not None
            seat = cash.straddler()
            offered += seat is not None and seat in driver.bots
        events += driver.answer(answer)
    straddles = sum(1 for e in events if isinstance(e, StraddleCalled))
    assert offered > 150
    assert 0 < straddles < offered / 4


STRADDLED_PHH = """variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0, 0]
blinds_or_straddles = [10, 20, 40, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000, 1000]
actions = ['d dh p1 AhAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'd dh p4 9s8s', 'p4 cc', 'p1 cc',
  'p2 cc', 'p3 cbr 160', 'p4 f', 'p1 cc', 'p2 f', 'd db Ts4c3h', 'p1 cc', 'p3 cc', 'd db 5d',
  'p1 cc', 'p3 cc', 'd db Jh', 'p1 cc', 'p3 cc', 'p1 sm AhAd', 'p3 sm']
finishing_stacks = [1240, 960, 840, 960]
"""


def test_house_rule_26_replay_reads_a_straddle_in_blinds_or_straddles() -> None:
    (result,) = replay_text(STRADDLED_PHH, "straddle.phh")
    assert result.match, result.error
    assert list(list(HandHistory.loads(STRADDLED_PHH))[-1].stacks) == [1240, 960, 840, 960]


@pytest.mark.parametrize(
    ("blinds", "line"),
    [
        ("[10, 20, 40, 80]", "only one straddle is supported"),
        ("[10, 20, 20, 0]", "a straddle is more than the big blind"),
    ],
)
def test_house_rule_26_replay_refuses_what_homegame_does_not_deal_in_one_line(
    blinds: str, line: str
) -> None:
    text = STRADDLED_PHH.replace("[10, 20, 40, 0]", blinds)
    (result,) = replay_text(text, "straddle.phh")
    assert not result.match and result.error is not None and line in result.error
    assert isinstance(PhhError(result.error), ValueError)
