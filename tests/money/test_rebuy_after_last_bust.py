"""HOUSE_RULES 19: a busted player may rebuy until the rebuy period ends, the last bust too.

A hosted night found heads-up during the rebuy period that the last bust ended the game before
the busted player could buy back in (issue 27). The game now waits: the engine names who may
rebuy, the host types `rebuy NAME` or `n` to go on without, and the driver asks the person (a
bot always rebuys)."""

from __future__ import annotations

import random

import pytest
from host_lines import Hosting

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.actions import AllIn, Call, Check, Fold
from homegame.engine.errors import IllegalAction
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import Busted, GameWon
from homegame.money.settings import MoneySettings
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction, AskRebuy, DealResult, GameOver

REBUYS = MoneySettings(buy_in=1000, rebuys=True, rebuy_until_level=2)


def heads_up(hands_per_level: int = 10) -> FreezeoutSession:
    return FreezeoutSession(
        "holdem",
        ("Ann", "Bob"),
        rng=random.Random(3),
        money=REBUYS,
        button=0,
        schedule=BlindSchedule.by_hands(None, hands_per_level),
    )


def all_in_hand(game: FreezeoutSession) -> list[object]:
    """One hand: both all in before the flop; the events."""
    events: list[object] = list(game.start_deal())
    while game.in_hand:
        legal = game.legal_actions()
        events += game.act(AllIn() if legal.can_all_in else Call())
    return events


def bust_one(game: FreezeoutSession) -> list[object]:
    """All-in hands until somebody busts."""
    while True:
        events = all_in_hand(game)
        if any(isinstance(e, Busted) for e in events):
            return events


def test_house_rule_19_the_last_bust_in_the_rebuy_period_waits_for_a_rebuy() -> None:
    game = heads_up()
    events = bust_one(game)
    (busted,) = [e.seat for e in events if isinstance(e, Busted)]
    assert not any(isinstance(e, GameWon) for e in events)
    assert not game.is_over and game.waiting_for_rebuy
    assert game.rebuys_open() == (busted,)
    with pytest.raises(IllegalAction, match="waiting for a rebuy"):
        game.start_deal()
    game.rebuy(busted)
    assert not game.waiting_for_rebuy and game.stacks[busted] == 1500
    all_in_hand(game)  # and they play on


def test_house_rule_19_no_rebuy_and_the_player_with_every_chip_wins() -> None:
    game = heads_up()
    bust_one(game)
    (leader,) = [s for s, chips in enumerate(game.stacks) if chips > 0]
    events = game.no_rebuys()
    assert events == [GameWon(leader, 3000, game.deals)]
    assert game.is_over and game.winners == (leader,)
    with pytest.raises(IllegalAction):
        game.no_rebuys()


def test_house_rule_19_after_the_rebuy_period_the_last_bust_ends_the_game() -> None:
    game = heads_up(hands_per_level=1)  # level 3 from the third hand: rebuys are over
    for _ in range(2):
        game.start_deal()
        while game.in_hand:
            legal = game.legal_actions()
            game.act(Check() if legal.can_check else Fold())
    while not game.is_over:
        assert not game.waiting_for_rebuy
        all_in_hand(game)
    assert game.rebuys_open() == ()


def test_the_host_types_rebuy_or_n_after_the_last_bust() -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bob")),
        freezeout=FreezeoutSettings(hands_per_level=10),
        money=REBUYS,
    )
    for rebuys in (True, False):
        host = Hosting(config)
        session = host.console.session
        while not host.console.tournament or not host.console.tournament.waiting_for_rebuy:
            for line in ("n", "a", "c", "b Ah Kd 7c 2s 9h"):
                assert host.run(line).ok, line
            view = host.console.view()
            assert view is not None
            while session.in_hand:
                pending = session.pending_awards() or [0]
                name = host.console.names[view.pots[pending[0]].eligible[0]]
                assert host.run(f"w {name}").ok
        (loser,) = [host.console.names[s] for s in host.console.tournament.rebuys_open()]
        leader = next(n for n in ("Ann", "Bob") if n != loser)
        assert host.console.prompt() == (
            f"Last bust in the rebuy period: rebuy {loser} · n: no rebuy, {leader} wins"
        )
        if rebuys:
            assert host.run(f"rebuy {loser}").ok and host.run("n").ok
            assert session.in_hand
        else:
            outcome = host.run("n")
            assert outcome.ok and "The game is over" in outcome.lines
            assert host.console.winner_names() == [leader]


@pytest.mark.parametrize("rebuy", [True, False])
def test_the_driver_asks_a_busted_person_whether_to_rebuy(rebuy: bool) -> None:
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Ann"), PlayerSetting("Bob")),
        freezeout=FreezeoutSettings(hands_per_level=10),
        money=REBUYS,
    )
    driver = GameDriver(config, random.Random(4), button=0)
    driver.start()
    asked = None
    while not isinstance(driver.request, GameOver):
        request = driver.request
        if isinstance(request, AskRebuy):
            asked = request
            driver.answer(rebuy)
            break
        if isinstance(request, DealResult):
            driver.answer(False)
            continue
        if isinstance(request, AskAction):
            legal = request.legal
            driver.answer(AllIn() if legal.can_all_in else Call())
        else:  # the hand-off before each person's turn
            driver.answer(None)
    assert asked is not None and (asked.chips, asked.cents) == (1500, 1000)
    tournament = driver.game.tournament()
    assert tournament is not None
    if rebuy:
        assert not driver.game.is_over and not driver.game.is_out(asked.seat)
    else:
        assert isinstance(driver.request, GameOver) and driver.game.is_over


@pytest.mark.parametrize("seed", range(12))
def test_house_rule_19_a_rebuy_voids_a_place_and_the_places_stay_one_each(seed: int) -> None:
    """Issue 27: Gus was out in 8th, rebought, and Dev was out in 8th too; two players could
    end 6th with nobody 7th. Whatever the rebuys and late entries, the places at the end are
    1 to the number of entries, one each."""
    names = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    game = FreezeoutSession(
        "holdem",
        names,
        rng=random.Random(seed),
        money=MoneySettings(buy_in=1000, rebuys=True, rebuy_until_level=3),
        button=0,
        schedule=BlindSchedule.by_hands(None, 10),
    )
    rng = random.Random(seed)
    late = iter(("Ivy", "Jo"))
    while not game.is_over:
        for seat in game.rebuys_open():
            if rng.random() < 0.5:
                game.rebuy(seat)
        if game.waiting_for_rebuy:
            game.no_rebuys()
            break
        if game.deals in (3, 7):
            game.buy_in(next(late))
        game.start_deal()
        while game.in_hand:
            legal = game.legal_actions()
            roll = rng.random()
            if legal.can_all_in and roll < 0.3:
                game.act(AllIn())
            elif legal.call_amount and roll < 0.6:
                game.act(Call())
            else:
                game.act(Check() if legal.can_check else Fold())
    assert sorted(game.places.values()) == list(range(1, len(game.names) + 1))
