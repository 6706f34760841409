"""Button and blinds across hands: HOUSE_RULES 5 (dead button, heads-up, three to two)."""

from __future__ import annotations

import random
from collections.abc import Set as AbstractSet

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine.table import (
    Positions,
    Table,
    busted_order,
    first_positions,
    next_live,
    next_positions,
    seats_from,
)


def live_of(count: int, out: AbstractSet[int] = frozenset()) -> list[bool]:
    return [seat not in out for seat in range(count)]


def test_next_live_skips_empty_seats_and_wraps() -> None:
    live = [True, False, True, False]
    assert next_live(0, live) == 2
    assert next_live(2, live) == 0
    assert seats_from(2, live) == [0, 2]


def test_first_hand_blinds_sit_left_of_the_button() -> None:
    positions = first_positions(live_of(5), button=3)
    assert (positions.button, positions.small_blind, positions.big_blind) == (3, 4, 0)
    assert not positions.heads_up


def test_first_button_must_be_on_a_player() -> None:
    with pytest.raises(ValueError, match="seat 1 is empty"):
        first_positions(live_of(4, {1}), button=1)


def test_house_rule_5_big_blind_moves_one_live_player_left_every_hand() -> None:
    live = live_of(6)
    positions = first_positions(live, 0)
    seen = [positions.big_blind]
    for _ in range(11):
        positions = next_positions(positions, live)
        seen.append(positions.big_blind)
    assert seen == [2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1]


def test_house_rule_5_full_table_button_and_small_blind_follow_one_seat_left() -> None:
    live = live_of(4)
    positions = first_positions(live, 0)
    positions = next_positions(positions, live)
    assert (positions.button, positions.small_blind, positions.big_blind) == (1, 2, 3)


def test_house_rule_5_dead_button_stays_on_the_seat_of_a_busted_small_blind() -> None:
    # Seats 0..4, button 0, small blind 1, big blind 2; the small blind busts.
    previous = first_positions(live_of(5), 0)
    positions = next_positions(previous, live_of(5, {1}))
    assert positions.button == 1  # an empty seat holds the button
    assert positions.small_blind == 2  # last hand's big blind
    assert positions.big_blind == 3


def test_house_rule_5_no_small_blind_when_last_big_blind_busted() -> None:
    previous = first_positions(live_of(5), 0)  # button 0, sb 1, bb 2
    positions = next_positions(previous, live_of(5, {2}))
    assert positions.small_blind is None
    assert positions.small_blind_seat == 2
    assert positions.button == 1
    assert positions.big_blind == 3
    # The hand after: the button moves onto the empty small-blind seat, the small blind is back.
    after = next_positions(positions, live_of(5, {2}))
    assert (after.button, after.small_blind, after.big_blind) == (2, 3, 4)


def test_house_rule_5_big_blind_skips_empty_seats_but_no_live_player() -> None:
    previous = first_positions(live_of(6), 0)  # bb 2
    positions = next_positions(previous, live_of(6, {3, 4}))
    assert positions.big_blind == 5


def test_house_rule_5_heads_up_button_posts_small_blind() -> None:
    positions = first_positions(live_of(2), 1)
    assert positions.heads_up
    assert positions.small_blind == positions.button == 1
    assert positions.big_blind == 0
    later = next_positions(positions, live_of(2))
    assert later.small_blind == later.button == 0
    assert later.big_blind == 1


def test_house_rule_5_heads_up_with_empty_seats_between() -> None:
    positions = first_positions(live_of(6, {0, 2, 3, 5}), 1)
    assert (positions.button, positions.small_blind, positions.big_blind) == (1, 1, 4)


@pytest.mark.parametrize("busted", [0, 1, 2])
def test_house_rule_5_three_to_two_nobody_posts_big_blind_twice(busted: int) -> None:
    previous = first_positions(live_of(3), 0)  # button 0, sb 1, bb 2
    live = live_of(3, {busted})
    positions = next_positions(previous, live)
    assert positions.heads_up
    assert positions.big_blind != previous.big_blind
    assert live[positions.big_blind] and live[positions.button]
    assert positions.big_blind == next_live(previous.big_blind, live)


def test_house_rule_5_two_busting_at_once_leaves_heads_up_with_bb_moving_on() -> None:
    previous = first_positions(live_of(4), 0)  # button 0, sb 1, bb 2
    positions = next_positions(previous, live_of(4, {1, 3}))
    assert positions.big_blind == 0
    assert positions.button == positions.small_blind == 2


@settings(max_examples=200, deadline=None)
@given(
    seats=st.integers(min_value=2, max_value=10),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_house_rule_5_over_a_whole_game_nobody_posts_bb_twice_or_skips_it(
    seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    stacks = [1] * seats
    table = Table(tuple(f"p{i}" for i in range(seats)), stacks)
    previous: Positions | None = None
    while table.players_left >= 2:
        positions = table.move_button(rng=rng)
        live = table.live
        assert live[positions.big_blind]
        if positions.small_blind is not None:
            assert live[positions.small_blind]
        assert positions.small_blind != positions.big_blind
        if table.players_left == 2:
            assert positions.heads_up and live[positions.button]
        if previous is not None:
            assert positions.big_blind != previous.big_blind
            # Nobody live was jumped over: every seat strictly between the two big blinds is out.
            seat = (previous.big_blind + 1) % seats
            while seat != positions.big_blind:
                assert not live[seat]
                seat = (seat + 1) % seats
        previous = positions
        # Bust a random player (not the last one) before the next hand, sometimes two.
        for _ in range(rng.choice([0, 0, 1, 1, 2])):
            if table.players_left > 1:
                victim = rng.choice([s for s in range(seats) if table.stacks[s] > 0])
                table.stacks[victim] = 0


def test_table_first_button_is_drawn_from_the_injected_random_source() -> None:
    draws = {
        Table(("a", "b", "c", "d"), [5, 5, 0, 5]).move_button(rng=random.Random(s)).button
        for s in range(40)
    }
    assert draws == {0, 1, 3}


def test_table_needs_a_seat_or_a_random_source_for_the_first_button() -> None:
    with pytest.raises(ValueError):
        Table(("a", "b"), [5, 5]).move_button()


def test_busted_players_in_one_hand_finish_by_starting_stack() -> None:
    assert busted_order([100, 50, 300, 0, 80], [530, 0, 0, 0, 0]) == [1, 4, 2]


def test_house_rule_5_heads_up_back_to_three_after_a_host_correction() -> None:
    previous = first_positions(live_of(4, {1, 2}), 0)  # heads-up: seats 0 and 3
    assert previous.heads_up and previous.big_blind == 3
    positions = next_positions(previous, live_of(4, {2}))  # seat 1 is given chips again
    assert (positions.button, positions.small_blind, positions.big_blind) == (1, 3, 0)
    assert not positions.heads_up
