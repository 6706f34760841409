"""Main and side pots from contributions, and their award with the odd-chip rule (HOUSE_RULES 4)."""

from __future__ import annotations

import random

from homegame.cards import parse_cards
from homegame.engine import AllIn, Call, Check, Fold, Hand
from homegame.engine.pots import Pot, build_pots, odd_chip_order, split_pot
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")


def test_rules_side_pot_example_all_in_100_against_two_300s() -> None:
    """The rules document: all-in 100, two opponents 300 each: main 300, side 400."""
    pots = build_pots([100, 300, 300], [False, False, False])
    assert pots == [Pot(300, (0, 1, 2)), Pot(400, (1, 2))]


def test_folded_chips_count_but_folded_seats_win_nothing() -> None:
    pots = build_pots([50, 200, 120, 200], [True, False, False, False])
    assert pots == [Pot(50 + 120 * 3, (1, 2, 3)), Pot(160, (1, 3))]
    assert sum(p.amount for p in pots) == 570


def test_several_all_ins_make_several_side_pots() -> None:
    pots = build_pots([10, 20, 30, 40, 40], [False] * 5)
    assert [p.amount for p in pots] == [50, 40, 30, 20]
    assert [p.eligible for p in pots] == [(0, 1, 2, 3, 4), (1, 2, 3, 4), (2, 3, 4), (3, 4)]


def test_dead_antes_go_to_the_main_pot_everyone_live_can_win() -> None:
    pots = build_pots([0, 100, 100], [False, False, False], dead=30)
    assert pots == [Pot(30, (0, 1, 2)), Pot(200, (1, 2))]


def test_house_rule_4_odd_chips_go_left_of_button() -> None:
    # button seat 3 of 5: order left of the button is 4, 0, 1, 2, 3
    assert odd_chip_order([0, 2, 4], button=3, players=5) == [4, 0, 2]
    assert split_pot(101, [0, 4], button=3, players=5) == (50, 51)
    assert split_pot(100, [0, 4], button=3, players=5) == (50, 50)


def test_house_rule_4_three_winners_get_one_odd_chip_each_at_most() -> None:
    assert split_pot(11, [1, 2, 3], button=0, players=4) == (4, 4, 3)
    assert split_pot(10, [1, 2, 3], button=2, players=4) == (3, 3, 4)
    for amount in range(30, 60):
        shares = split_pot(amount, [0, 1, 2], button=1, players=3)
        assert sum(shares) == amount and max(shares) - min(shares) <= 1


def test_house_rule_4_each_pot_is_settled_on_its_own() -> None:
    """A short big blind makes a main pot of 12 (three ways) and a side pot of 17 (two ways)."""
    hole = [parse_cards(h) for h in ("4h 4d", "2c 3d", "2d 3c", "2h 3s")]
    board = dict(zip(HOLDEM.slots, parse_cards("Ts Js Qh Kd Ac"), strict=True))
    hand = Hand(
        HOLDEM,
        [1000, 3, 1000, 1000],
        button=3,
        small_blind=6,
        big_blind=10,
        hole_cards=hole,
        board=board,
        burn_cards=False,
    )
    hand.act(Call())  # seat 2 calls the full big blind
    hand.act(Call())  # seat 3
    hand.act(Fold())  # seat 0 gives up its small blind
    while not hand.is_over:
        hand.act(Check())
    main, side = hand.pots
    assert (main.amount, main.winners, main.shares) == (12, (1, 2, 3), (4, 4, 4))
    assert (side.amount, side.winners, side.shares) == (17, (2, 3), (9, 8))


def test_house_rule_4_odd_chip_in_a_real_hand_goes_to_first_winner_left_of_button() -> None:
    hole = [parse_cards(h) for h in ("2c 3d", "9h 9d", "2d 3c")]
    board = dict(zip(HOLDEM.slots, parse_cards("Ts Js Qh Kd Ac"), strict=True))
    hand = Hand(
        HOLDEM,
        [1000, 1000, 1000],
        button=1,
        small_blind=5,
        big_blind=10,
        ante=1,
        hole_cards=hole,
        board=board,
        burn_cards=False,
    )
    # button 1: small blind seat 2, big blind seat 0; the three tie on the board's straight
    hand.act(Call())  # seat 1
    hand.act(Call())  # seat 2
    while not hand.is_over:
        hand.act(Check())
    (pot,) = hand.pots
    assert pot.amount == 33
    assert pot.winners == (0, 1, 2)
    assert pot.shares == (11, 11, 11)


def test_split_between_two_with_odd_chip_follows_seat_order_from_button() -> None:
    rng = random.Random(3)
    for _ in range(50):
        players = rng.randint(2, 9)
        button = rng.randrange(players)
        winners = sorted(rng.sample(range(players), rng.randint(2, players)))
        amount = rng.randint(1, 1000)
        shares = dict(zip(winners, split_pot(amount, winners, button, players), strict=True))
        order = odd_chip_order(winners, button, players)
        values = [shares[s] for s in order]
        assert values == sorted(values, reverse=True)
        assert sum(values) == amount


def test_all_in_players_win_only_their_level() -> None:
    hole = [parse_cards(h) for h in ("Ah Ad", "Kh Kd", "Qh Qd")]
    board = dict(zip(HOLDEM.slots, parse_cards("2c 7d 8s 9h 3c"), strict=True))
    hand = Hand(
        HOLDEM,
        [100, 300, 1000],
        button=2,
        small_blind=5,
        big_blind=10,
        hole_cards=hole,
        board=board,
        burn_cards=False,
    )
    hand.act(AllIn())  # seat 2, the button, first pre-flop with three players
    hand.act(AllIn())  # seat 0
    hand.act(AllIn())  # seat 1
    assert [p.amount for p in hand.pots] == [300, 400]  # seat 2's last 700 was not called
    assert [p.winners for p in hand.pots] == [(0,), (1,)]
    assert hand.stacks == (300, 400, 700)
