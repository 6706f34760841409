"""HOUSE_RULES 25, antes and big-blind antes, pinned rule by rule: in a hand of every betting
game, in a freezeout's levels and a cash game, in the config and the start of a game."""

from __future__ import annotations

import random

import pytest
from every_game import CHIP_GAMES

from homegame.cards import parse_cards
from homegame.config import ConfigError, GameConfig, PlayerSetting, parse_config, with_options
from homegame.defaults import AnteKind
from homegame.engine import Call, Check, Hand
from homegame.engine.cash_session import CashSession
from homegame.engine.events import AntePosted, BlindPosted
from homegame.engine.schedule import BlindSchedule, Level, default_ante
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import LevelChanged
from homegame.setup import schedule_for, session_for
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")


def _posts(hand: Hand) -> list[tuple[str, int, int]]:
    """The forced bets in order: (kind, seat, amount)."""
    out = []
    for event in hand.events:
        if isinstance(event, AntePosted):
            out.append(("ante", event.seat, event.amount))
        elif isinstance(event, BlindPosted):
            out.append((event.blind, event.seat, event.amount))
    return out


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_25_every_player_dealt_in_posts_the_ante_before_the_blinds(game: str) -> None:
    hand = Hand(
        get_variant(game),
        [500] * 4,
        button=3,
        small_blind=5,
        big_blind=10,
        ante=2,
        rng=random.Random(1),
    )
    assert _posts(hand) == [
        ("ante", 0, 2),
        ("ante", 1, 2),
        ("ante", 2, 2),
        ("ante", 3, 2),
        ("small", 0, 5),
        ("big", 1, 10),
    ]
    assert hand.pot_total == 23
    assert hand.legal_actions().call_amount == 10  # the ante is not part of the bet to call


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_25_a_big_blind_ante_is_posted_once_after_the_big_blind(game: str) -> None:
    hand = Hand(
        get_variant(game),
        [500] * 4,
        button=3,
        small_blind=5,
        big_blind=10,
        ante=10,
        bb_ante=True,
        rng=random.Random(1),
    )
    assert _posts(hand) == [("small", 0, 5), ("big", 1, 10), ("ante", 1, 10)]
    assert hand.legal_actions().call_amount == 10
    (ante,) = [e for e in hand.events if isinstance(e, AntePosted)]
    assert ante.for_table and "the table's ante of 10" in ante.describe(None)


def test_house_rule_25_a_short_big_blind_posts_the_blind_first_then_what_is_left() -> None:
    hand = Hand(
        HOLDEM,
        [500, 16, 500, 500],
        button=3,
        small_blind=5,
        big_blind=10,
        ante=10,
        bb_ante=True,
        rng=random.Random(1),
    )
    assert _posts(hand) == [("small", 0, 5), ("big", 1, 10), ("ante", 1, 6)]
    assert hand.all_in[1]


def test_house_rule_25_a_big_blind_short_of_the_blind_posts_no_ante() -> None:
    hand = Hand(
        HOLDEM,
        [500, 7, 500, 500],
        button=3,
        small_blind=5,
        big_blind=10,
        ante=10,
        bb_ante=True,
        rng=random.Random(1),
    )
    assert _posts(hand) == [("small", 0, 5), ("big", 1, 7)]


def test_house_rule_25_the_table_ante_is_dead_money_the_short_big_blind_still_contests() -> None:
    """The big blind all-in on blind and part of the ante wins the dead ante with its blind."""
    holes = [parse_cards(h) for h in ("7c 2d", "Ah As", "Kc Qd", "9h 8h")]
    board = dict(zip(HOLDEM.slots, parse_cards("Kh 8s 4c Jd 3s"), strict=True))
    hand = Hand(
        HOLDEM,
        [500, 16, 500, 500],
        button=3,
        small_blind=5,
        big_blind=10,
        ante=10,
        bb_ante=True,
        hole_cards=holes,
        board=board,
        burn_cards=False,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    main = hand.pots[0]
    assert main.amount == 4 * 10 + 6 and main.winners == (1,)  # blinds matched, the dead ante
    assert sum(hand.stacks) == 500 * 3 + 16


def test_house_rule_25_a_player_all_in_for_part_of_the_ante_contests_what_it_matched() -> None:
    """Every player's ante: 5 of a 10 ante wins 5 from each player, as HOUSE_RULES 1 says."""
    holes = [parse_cards(h) for h in ("Kc Kd", "Qc Qd", "Ac Ad")]
    board = dict(zip(HOLDEM.slots, parse_cards("2h 7s 9c Jd 3h"), strict=True))
    hand = Hand(
        HOLDEM,
        [1000, 1000, 5],
        button=2,
        small_blind=10,
        big_blind=20,
        ante=10,
        hole_cards=holes,
        board=board,
        burn_cards=False,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    assert [(p.amount, p.eligible) for p in hand.pots] == [(15, (0, 1, 2)), (50, (0, 1))]
    assert hand.stacks == (1020, 970, 15)


def test_house_rule_25_levels_carry_antes_and_the_ladder_keeps_their_share() -> None:
    schedule = BlindSchedule.by_hands([(10, 20, 0), (15, 30, 5), (25, 50, 10)], 5)
    assert [schedule.level(n).ante for n in (1, 2, 3)] == [0, 5, 10]
    past = schedule.level(4)
    assert past.ante == past.big_blind // 5 // 5 * 5 and past.ante > 0
    assert str(schedule.level(2)) == "15/30 ante 5"
    assert BlindSchedule.by_hands([(10, 20)], 5).level(7).ante == 0


def test_house_rule_25_the_house_antes_a_tenth_or_one_big_blind() -> None:
    assert default_ante(20, AnteKind.EVERY_PLAYER) == 5  # a tenth, up to the 5 chip
    assert default_ante(200, AnteKind.EVERY_PLAYER) == 20
    assert default_ante(200, AnteKind.BIG_BLIND) == 200
    assert default_ante(200, AnteKind.OFF) == 0


def test_house_rule_25_a_freezeout_posts_each_levels_ante_and_says_it_when_blinds_go_up() -> None:
    schedule = BlindSchedule.by_hands([(10, 20, 0), (15, 30, 5)], 1)
    game = FreezeoutSession("holdem", ["A", "B", "C"], rng=random.Random(3), schedule=schedule)
    first = game.start_deal()
    assert not any(isinstance(e, AntePosted) for e in first)
    while game.in_hand:
        game.act(Check() if game.legal_actions().can_check else Call())
    second = game.start_deal()
    (up,) = [e for e in second if isinstance(e, LevelChanged)]
    assert up == LevelChanged(2, 15, 30, 5)
    assert up.describe(None) == "Blinds up: level 2, 15/30, ante 5"
    assert sum(e.amount for e in second if isinstance(e, AntePosted)) == 15
    assert game.audit() is None


@pytest.mark.parametrize("kind", [AnteKind.EVERY_PLAYER, AnteKind.BIG_BLIND])
def test_house_rule_25_a_cash_game_posts_its_ante_every_hand(kind: AnteKind) -> None:
    bb = kind is AnteKind.BIG_BLIND
    game = CashSession(
        "holdem", ["A", "B", "C"], rng=random.Random(3), ante=20 if bb else 2, bb_ante=bb
    )
    for _ in range(3):
        events = game.start_deal()
        antes = [e.amount for e in events if isinstance(e, AntePosted)]
        assert antes == ([20] if bb else [2, 2, 2])
        while game.in_hand:
            game.act(Check() if game.legal_actions().can_check else Call())
        assert game.audit() is None


def test_house_rule_25_config_antes_per_level_and_who_posts_them() -> None:
    config = parse_config(
        'game = "holdem"\n[rules]\nante = "every-player"\n'
        "[freezeout]\nblinds = [[10, 20], [15, 30], [25, 50]]\nantes = [0, 5, 5]\n"
    )
    assert config.rules.ante is AnteKind.EVERY_PLAYER
    schedule = schedule_for(config)
    assert [schedule.level(n).ante for n in (1, 2, 3)] == [0, 5, 5]
    assert not schedule.bb_ante


def test_house_rule_25_config_big_blind_ante_defaults_to_one_big_blind_per_level() -> None:
    config = parse_config('game = "holdem"\n[rules]\nante = "big-blind"\n')
    schedule = schedule_for(config)
    assert schedule.bb_ante
    assert [schedule.level(n).ante for n in (1, 2, 3)] == [20, 25, 30]
    assert schedule.level(30).ante == schedule.level(30).big_blind


def test_house_rule_25_config_cash_ante() -> None:
    config = parse_config('game = "omaha"\n[rules]\nante = "every-player"\n[cash]\nante = 3\n')
    game = session_for(config, ["A", "B"], random.Random(1))
    assert game.scoreboard().level == Level(1, 10, 20, 3)
    house = parse_config('game = "holdem"\n[rules]\nante = "big-blind"\n[cash]\n')
    level = session_for(house, ["A", "B"], random.Random(1)).scoreboard().level
    assert level is not None and level.ante == 20


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('game = "krg"\n[rules]\nante = "big-blind"\n', "rules.ante: only for games with betting"),
        ('game = "holdem"\n[freezeout]\nantes = [5]\n', "freezeout.antes: antes are off"),
        ('game = "holdem"\n[cash]\nante = 5\n', "cash.ante: antes are off"),
        ('game = "holdem"\n[rules]\nante = "sometimes"\n', 'rules.ante: expected one of "off"'),
        (
            'game = "holdem"\n[rules]\nante = "every-player"\n[freezeout]\nantes = [-1]\n',
            "freezeout.antes",
        ),
    ],
)
def test_house_rule_25_a_bad_ante_setting_is_one_line_naming_the_key(
    text: str, problem: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith(problem)


def test_house_rule_25_the_ante_option_is_checked_as_a_file_is() -> None:
    players = (PlayerSetting("A"), PlayerSetting("B"))
    config = with_options(GameConfig("holdem", players), {"rules.ante": ("--ante", "big-blind")})
    assert config.rules.ante is AnteKind.BIG_BLIND
    with pytest.raises(ConfigError) as caught:
        with_options(GameConfig("krg", players), {"rules.ante": ("--ante", "big-blind")})
    assert caught.value.problems == ['--ante: only for games with betting (game is "krg")']
    with pytest.raises(ConfigError) as caught:
        with_options(GameConfig("holdem", players), {"rules.ante": ("--ante", "lots")})
    assert caught.value.problems[0].startswith("--ante: expected one of")
