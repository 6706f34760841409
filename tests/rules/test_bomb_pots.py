"""HOUSE_RULES 28, bomb pots, pinned rule by rule: in a hand of every betting game, every N
hands of a freezeout or a cash game, called by the host, in the config and the exports."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from every_game import CHIP_GAMES

from homegame.config import ConfigError, GameConfig, PlayerSetting, RulesSettings, parse_config
from homegame.engine import Call, Check, Hand, IllegalAction
from homegame.engine.actions import passive
from homegame.engine.cash_session import CashSession
from homegame.engine.events import AntePosted, BlindPosted, BombPotStarted, StreetStarted
from homegame.engine.random_policy import random_action
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import BombPotCalled
from homegame.host.console import HostConsole
from homegame.phh import replay_text
from homegame.store.export import export_game
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import fresh_session
from homegame.variants import get_variant

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _bomb(game: str, stacks: list[int]) -> Hand:
    return Hand(
        get_variant(game),
        stacks,
        button=0,
        small_blind=10,
        big_blind=20,
        ante=40,
        bomb_pot=True,
        names=NAMES,
        rng=random.Random(4),
    )


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_28_everyone_antes_no_blinds_and_betting_starts_on_the_flop(game: str) -> None:
    hand = _bomb(game, [1000] * 4)
    assert isinstance(hand.events[1], BombPotStarted) and hand.events[1].ante == 40
    assert [e.amount for e in hand.events if isinstance(e, AntePosted)] == [40] * 4
    assert not any(isinstance(e, BlindPosted) for e in hand.events)
    streets = [e.street for e in hand.events if isinstance(e, StreetStarted)]
    assert streets == ["flop"]  # no preflop round
    assert hand.to_act == 1  # the first player left of the button
    legal = hand.legal_actions()
    assert legal.can_check and legal.min_raise_to == 20  # a bet is one big blind or more
    assert hand.pot_total == 160


def test_house_rule_28_a_player_all_in_on_the_bomb_ante_contests_what_it_put_in() -> None:
    hand = _bomb("holdem", [1000, 25, 1000, 1000])
    assert hand.all_in[1] and hand.to_act == 2
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    main = hand.pots[0]
    assert main.amount == 100 and 1 in main.eligible  # 25 from each of the four
    assert sum(hand.stacks) == 3025


def _play_out(game: FreezeoutSession | CashSession) -> None:
    while game.in_hand:
        game.act(Check() if game.legal_actions().can_check else Call())


@pytest.mark.parametrize("kind", ["freezeout", "cash"])
def test_house_rule_28_every_third_hand_is_a_bomb_pot_of_two_big_blinds(kind: str) -> None:
    rng = random.Random(5)
    game: FreezeoutSession | CashSession
    if kind == "freezeout":
        game = FreezeoutSession("omaha", NAMES, rng=rng, bomb_pot_every=3)
    else:
        game = CashSession("yukon", NAMES, rng=rng, bomb_pot_every=3)
    bombs = []
    for _ in range(6):
        events = game.start_deal()
        bombs.append(any(isinstance(e, BombPotStarted) for e in events))
        if bombs[-1]:
            assert [e.amount for e in events if isinstance(e, AntePosted)] == [40] * 4
        _play_out(game)
        assert game.audit() is None
    assert bombs == [False, False, True, False, False, True]


def test_house_rule_28_the_host_calls_a_bomb_pot_for_the_next_hand_only() -> None:
    players = tuple(PlayerSetting(n) for n in NAMES)
    console = HostConsole(GameConfig("holdem", players=players), button=0)
    called = console.run("bomb")
    assert called.ok and called.lines == ("The next hand is a bomb pot",)
    again = console.run("bomb")
    assert not again.ok and again.message == "the next hand is a bomb pot already"
    dealt = console.run("n")
    assert any(line.startswith("Bomb pot: everyone antes 40") for line in dealt.lines)
    refused = console.run("bomb")
    assert refused.message == "a bomb pot is called between hands, for the next one"
    assert "bomb" in "\n".join(console.help_lines())


def test_house_rule_28_a_bomb_pot_voids_a_straddle_said_for_that_hand() -> None:
    game = CashSession("holdem", NAMES, rng=random.Random(2), button=0, straddles=True)
    game.straddle(3)
    assert game.call_bomb_pot() == [BombPotCalled()]
    events = game.start_deal()
    assert not any(isinstance(e, BlindPosted) for e in events)
    _play_out(game)
    with pytest.raises(IllegalAction):
        game.start_deal()
        game.call_bomb_pot()


def test_house_rule_28_config_bomb_pot_every_and_its_ante() -> None:
    config = parse_config('game = "holdem"\n[rules]\nbomb_pot_every = 5\nbomb_pot_ante = 3\n')
    assert config.rules == RulesSettings(bomb_pot_every=5, bomb_pot_ante=3)
    for text, line in (
        ('game = "krg"\n[rules]\nbomb_pot_every = 5\n', "rules.bomb_pot_every: only for games"),
        ('game = "holdem"\n[rules]\nbomb_pot_every = -1\n', "rules.bomb_pot_every: expected"),
        ('game = "holdem"\n[rules]\nbomb_pot_ante = 0\n', "rules.bomb_pot_ante: expected"),
    ):
        with pytest.raises(ConfigError) as caught:
            parse_config(text)
        assert len(caught.value.problems) == 1 and caught.value.problems[0].startswith(line)


def test_house_rule_28_exports_say_the_bomb_pots_phh_cannot_carry(tmp_path: Path) -> None:
    players = tuple(PlayerSetting(n) for n in NAMES)
    config = GameConfig("holdem", players=players, seed=3, rules=RulesSettings(bomb_pot_every=2))
    log = GameLog.new(Journal(tmp_path / "bombs"), config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    rng = random.Random(3)
    while session.deals < 8 and not session.is_over:
        session.start_deal()
        while session.in_hand:
            seat = session.to_act
            assert seat is not None
            legal = session.legal_actions()
            session.act(random_action(legal, rng) if rng.random() < 0.2 else passive(legal), seat)
    log = GameLog(log.journal, log.game_id)
    text = export_game(log.record, log.events(), "phh", all_cards=False)
    assert "# hand 2: a bomb pot (HOUSE_RULES 28), which PHH cannot say" in text
    assert all(r.match for r in replay_text(text, "bombs.phhs"))
    assert session.deals == 8
    assert len(tomllib.loads(text)) == 4  # hands 1, 3, 5 and 7
    stars = export_game(log.record, log.events(), "pokerstars", all_cards=False)
    assert ": posts the ante 40" in stars
