"""KRG series: HOUSE_RULES 13 (players), 14 (ties), 15 (wins, pool), 16 (cube), 17 (side bet)."""

from __future__ import annotations

import random
from typing import TypedDict, Unpack

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.defaults import TieRule
from homegame.engine.errors import IllegalAction
from homegame.engine.krg_series import KrgSeries, split_left_of
from homegame.engine.session_events import (
    CubeDoubled,
    CubeTurned,
    DealScored,
    DroppedOut,
    SeriesStarted,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
)
from homegame.money.night import night

NAMES = ("Ann", "Bob", "Cat", "Dan")


class SeriesOptions(TypedDict, total=False):
    """What a test may set on a series besides its players."""

    target: int
    buy_in: int
    tie_rule: TieRule
    cube: bool
    side_bet: int
    dealer: int


def series(players: int = 4, **kwargs: Unpack[SeriesOptions]) -> KrgSeries:
    return KrgSeries(
        NAMES[:players] if players <= 4 else [f"P{i}" for i in range(players)], **kwargs
    )


@pytest.mark.parametrize("players", [1, 8])
def test_house_rule_13_krg_refuses_fewer_than_two_or_more_than_seven(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 7 players"):
        series(players)


@pytest.mark.parametrize("players", [2, 7])
def test_house_rule_13_krg_takes_two_to_seven(players: int) -> None:
    assert len(series(players).players) == players


def test_house_rule_14_share_credits_each_tied_player() -> None:
    s = series(tie_rule=TieRule.SHARE)
    events = s.score_deal([1, 3])
    assert events == [DealScored(1, (1, 3), (1, 3), False)]
    assert [p.wins for p in s.players] == [0, 1, 0, 1]
    assert s.dealer == 1


def test_house_rule_14_replay_counts_the_deal_for_nobody_and_deals_again() -> None:
    s = series(tie_rule=TieRule.REPLAY)
    events = s.score_deal([1, 3])
    assert events == [DealScored(1, (1, 3), (), True)]
    assert [p.wins for p in s.players] == [0, 0, 0, 0]
    assert s.dealer == 0  # the same dealer deals again
    s.score_deal([2])
    assert [p.wins for p in s.players] == [0, 0, 1, 0]
    assert s.dealer == 1


def test_house_rule_14_none_credits_nobody_and_play_moves_on() -> None:
    s = series(tie_rule=TieRule.NONE)
    events = s.score_deal([0, 2])
    assert events == [DealScored(1, (0, 2), (), False)]
    assert [p.wins for p in s.players] == [0, 0, 0, 0]
    assert s.dealer == 1


def test_house_rule_15_wins_target_is_three_or_four() -> None:
    with pytest.raises(ValueError, match="3 or 4 wins"):
        series(target=5)
    s = series(target=4)
    for _ in range(3):
        s.score_deal([2])
    assert not s.over
    s.score_deal([2])
    assert s.winners == (2,)


def test_house_rule_15_pool_is_paid_up_front_and_the_first_to_target_takes_it_all() -> None:
    s = series(buy_in=500)
    assert s.log[0] == SeriesStarted(3, 500, 2000, 0)
    s.score_deal([0])
    s.score_deal([1])
    s.score_deal([0])
    events = s.score_deal([0])
    assert events[-1] == SeriesWon((0,), (2000,), 2000)
    assert s.players[0].won == 2000
    with pytest.raises(IllegalAction, match="over"):
        s.score_deal([1])


def test_house_rule_15_tie_for_the_target_splits_pool_odd_cents_left_of_dealer() -> None:
    # Three players, buy-in 1.01: pool 303 cents; seats 0 and 2 reach three wins together.
    s = KrgSeries(("Ann", "Bob", "Cat"), buy_in=101)
    s.score_deal([0, 2])
    s.score_deal([0, 2])
    dealer = s.dealer
    events = s.score_deal([0, 2])
    won = events[-1]
    assert isinstance(won, SeriesWon)
    assert dealer == 2
    # First seat left of the dealer (seat 2) among the winners is seat 0: it gets the odd cent.
    assert dict(zip(won.winners, won.amounts, strict=True)) == {0: 152, 2: 151}
    assert sum(won.amounts) == 303


def test_house_rule_15_odd_cents_go_one_each_in_seat_order_from_the_dealer() -> None:
    assert split_left_of(1002, [0, 1, 3, 4], dealer=1, table_size=5) == {
        3: 251,
        4: 251,
        0: 250,
        1: 250,
    }
    assert split_left_of(10, [2, 0], dealer=0, table_size=3) == {2: 5, 0: 5}


def test_house_rule_16_doubling_cube_is_off_by_default() -> None:
    s = series()
    assert s.can_turn_cube(0) is not None
    with pytest.raises(IllegalAction, match="not in play"):
        s.turn_cube(0)


def test_house_rule_16_turning_doubles_stakes_others_double_or_drop_out_forfeiting_their_pay() -> (
    None
):
    s = series(cube=True, buy_in=500)
    events = s.turn_cube(1)
    assert events == [CubeTurned(1, 2, 500)]
    assert s.cube == 2 and s.pool == 2500
    assert s.pending == [2, 3, 0]
    with pytest.raises(IllegalAction, match="answer the cube"):
        s.score_deal([0])
    assert s.answer_cube(2, double=True) == [CubeDoubled(2, 500)]
    assert s.answer_cube(3, double=False) == [DroppedOut(3, 500)]
    s.answer_cube(0, double=True)
    assert s.pool == 3500  # Dan's 5.00 stays in the pool
    assert [p.paid for p in s.players] == [1000, 1000, 1000, 500]
    assert not s.players[3].in_series
    with pytest.raises(ValueError, match="still in the series"):
        s.score_deal([3])


def test_house_rule_16_the_player_who_turned_it_last_cannot_turn_it_again() -> None:
    s = series(cube=True)
    s.turn_cube(0)
    for seat in (1, 2, 3):
        s.answer_cube(seat, double=True)
    with pytest.raises(IllegalAction, match="turned the cube last"):
        s.turn_cube(0)
    s.score_deal([1])
    with pytest.raises(IllegalAction, match="turned the cube last"):
        s.turn_cube(0)
    s.turn_cube(2)
    assert s.cube == 4
    assert s.players[2].paid == 2000
    for seat in (3, 0, 1):
        s.answer_cube(seat, double=True)
    s.turn_cube(0)  # allowed again once someone else has turned it
    assert s.cube == 8


def test_house_rule_16_no_second_turn_while_answers_are_pending() -> None:
    s = series(cube=True)
    s.turn_cube(0)
    with pytest.raises(IllegalAction, match="waiting"):
        s.turn_cube(1)
    with pytest.raises(IllegalAction, match="no cube to answer"):
        s.answer_cube(0, double=True)


def test_house_rule_16_dropped_players_cannot_turn_and_the_last_one_in_takes_the_pool() -> None:
    s = KrgSeries(("Ann", "Bob", "Cat", "Dan"), cube=True, buy_in=500)
    s.score_deal([1])
    s.turn_cube(0)
    s.answer_cube(1, double=False)
    s.answer_cube(2, double=True)
    s.answer_cube(3, double=True)
    with pytest.raises(IllegalAction, match="out of the series"):
        s.turn_cube(1)
    s.turn_cube(3)
    s.answer_cube(0, double=False)
    events = s.answer_cube(2, double=False)
    assert events[-1] == SeriesWon((3,), (500 + 1000 + 1000 + 2000,), 4500)
    assert s.winners == (3,)


def test_house_rule_16_a_dealer_who_drops_passes_the_deal_left() -> None:
    s = series(cube=True)
    s.turn_cube(1)
    s.answer_cube(2, double=True)
    s.answer_cube(3, double=True)
    s.answer_cube(0, double=False)
    assert s.dealer == 1
    assert s.seats_in == [2, 3, 1]


def test_house_rule_17_side_bet_is_off_by_default() -> None:
    s = series()
    s.score_deal([0], four_of_a_kind=[0])
    assert s.side_pool == 0
    assert not any(isinstance(e, SideBetWon) for e in s.log)


def test_house_rule_17_first_four_of_a_kind_takes_the_side_pool() -> None:
    s = series(side_bet=100)
    assert s.side_pool == 400
    s.score_deal([1])
    events = s.score_deal([2], four_of_a_kind=[0, 2])
    assert isinstance(events[0], SideBetWon)
    assert sum(events[0].amounts) == 400
    assert s.side_pool == 0
    assert s.players[0].won == s.players[2].won == 200
    s.score_deal([3], four_of_a_kind=[3])  # only the first counts
    assert s.players[3].won == 0


def test_house_rule_17_side_bet_returned_when_nobody_makes_four_of_a_kind() -> None:
    s = KrgSeries(("Ann", "Bob"), side_bet=100)
    for _ in range(3):
        events = s.score_deal([1])
    assert events[-1] == SideBetReturned("the first four of a kind", (0, 1), 100)
    assert [p.won for p in s.players] == [100, 1000 + 100]


def test_scoreboard_shows_wins_money_cube_and_dealer() -> None:
    s = series(cube=True)
    s.score_deal([2])
    s.turn_cube(3)
    board = s.scoreboard()
    assert [r.wins for r in board.rows] == [0, 0, 1, 0]
    assert [r.dealer for r in board.rows] == [False, True, False, False]
    assert (board.cube, board.cube_owner, board.pool, board.deals) == (2, 3, 2500, 1)
    assert not board.over


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32),
    tie_rule=st.sampled_from(list(TieRule)),
    buy_in=st.integers(min_value=1, max_value=999),
)
def test_series_money_is_never_created_or_lost(
    players: int, seed: int, tie_rule: TieRule, buy_in: int
) -> None:
    rng = random.Random(seed)
    s = KrgSeries(
        [f"P{i}" for i in range(players)],
        tie_rule=tie_rule,
        buy_in=buy_in,
        cube=True,
        side_bet=rng.choice([0, 7, 100]),
        dealer=rng.randrange(players),
    )
    side_total = s.side_pool
    for _ in range(200):
        if s.over:
            break
        if s.pending:
            s.answer_cube(rng.choice(s.pending), rng.random() < 0.8)
        elif rng.random() < 0.15 and s.can_turn_cube(turner := rng.choice(s.seats_in)) is None:
            s.turn_cube(turner)
        else:
            seats = s.seats_in
            winners = rng.sample(seats, rng.choice([1, 1, 1, 2, len(seats)]))
            quads = rng.sample(seats, 1) if rng.random() < 0.05 else []
            s.score_deal(winners, quads)
        assert s.pool == sum(p.paid for p in s.players)
        assert all(p.paid > 0 for p in s.players)
    if s.over:
        assert sum(p.won for p in s.players) == s.pool + side_total
        assert all(s.players[w].in_series for w in s.winners)
        # HOUSE_RULES 23: the series' ledger lines balance and give each player's net
        result = night(s.ledger("krg"))
        assert result.balanced
        nets = {t.party: t.net for t in result.totals}
        assert nets == {p.name: p.won - p.paid - p.side_bet for p in s.players}


@pytest.mark.parametrize(("winners", "quads"), [((), ()), ((9,), ()), ((1,), (9,))])
def test_a_deal_is_scored_only_for_seats_at_the_table(
    winners: tuple[int, ...], quads: tuple[int, ...]
) -> None:
    s = series()
    with pytest.raises(ValueError, match="among the seats"):
        s.score_deal(winners, quads)
    assert s.deals == 0


def test_house_rule_17_four_of_a_kind_counts_exactly_four_using_a_kept_card() -> None:
    from homegame.cards import parse_cards
    from homegame.engine.krg_series import makes_four_of_a_kind

    def made(kept: str, board: str) -> bool:
        return makes_four_of_a_kind(parse_cards(kept), parse_cards(board))

    assert made("7s 2c", "7c 7d 7h Kd 3h")
    assert made("7s 7h", "7c 7d 2h Kd 3h")
    assert not made("Ks 2c", "7c 7d 7h 7s 3h")  # the board alone holds the four
    assert not made("9h Th", "Jh Qh Kh 2c 3d")  # a straight flush is not four of a kind
    assert not made("7s 7h", "7c 2d 2h Kd 3h")  # a full house
