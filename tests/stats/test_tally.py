"""Each figure of three crafted hands, counted by hand (see `crafted` for the hands)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from crafted import CALL, FOLD, RAISE, act, end, hand_one, start, three_hands

from homegame.engine.events import HoleDealt
from homegame.stats.counts import Counts
from homegame.stats.figures import BETTING, as_json, shown
from homegame.stats.tally import GameTally


def _by_seat() -> dict[int, Counts]:
    return GameTally().feed_all(three_hands()).by_seat


def test_each_seats_counts_over_the_three_crafted_hands() -> None:
    seats = _by_seat()
    # Seat 0: 3-bets hand 1 and c-bets, wins at showdown; folds its big blind to a raise in 3.
    assert seats[0] == Counts(
        hands=3, vpip=1, pfr=1, three_bet_chances=2, three_bets=1, cbet_chances=1, cbets=1,
        saw_flop=1, showdowns=1, showdowns_won=1, bets_raises=1, calls=1,
        bb_hands=3, net_bb=40.5 - 1, net_chips=790,
    )  # fmt: skip
    # Seat 1: folds the small blind to the 3-bet (no 3-bet chance facing two raises); limps
    # and shoves over a raise in hand 3 (a 3-bet), loses at showdown.
    assert seats[1] == Counts(
        hands=3, vpip=1, pfr=1, three_bet_chances=1, three_bets=1, saw_flop=1, showdowns=1,
        bb_hands=3, net_bb=-0.5 - 15, net_chips=-310,
    )  # fmt: skip
    # Seat 2: raises in hand 3 and folds to the 3-bet.
    assert seats[2] == Counts(
        hands=3, vpip=1, pfr=1, fold_to_three_bet_chances=1, folds_to_three_bet=1,
        bb_hands=3, net_bb=-1 - 0.5 - 4, net_chips=-110,
    )  # fmt: skip
    # Seat 3: opens hand 1 and calls the 3-bet; a walk in hand 2; cold-calls and wins in 3.
    assert seats[3] == Counts(
        hands=3, walks=1, vpip=2, pfr=1, three_bet_chances=1, fold_to_three_bet_chances=1,
        saw_flop=2, showdowns=2, showdowns_won=1, bets_raises=1, calls=1,
        bb_hands=3, net_bb=-39 + 0.5 + 20, net_chips=-370,
    )  # fmt: skip


def test_the_figures_are_the_counts_as_pokertracker_defines_them() -> None:
    seats = _by_seat()
    table = {seat: [shown(f, c) for f in BETTING] for seat, c in seats.items()}
    #               VPIP  PFR  3B    F3B   CB     WTSD   W$SD   AF     bb/100
    assert table[0] == ["33", "33", "50", "-", "100", "100", "100", "1.0", "+1317"]
    assert table[1] == ["33", "33", "100", "-", "-", "100", "0", "-", "-517"]
    assert table[2] == ["33", "33", "-", "100", "-", "-", "-", "-", "-183"]
    # The walk is no hand for VPIP and PFR: 2 of 2 and 1 of 2.
    assert table[3] == ["100", "50", "0", "0", "-", "100", "50", "1.0", "-617"]
    assert as_json(seats[3])["vpip"] == 100.0 and as_json(seats[2])["af"] is None


def test_a_folded_hands_cards_are_never_read() -> None:
    """The same hands with every hole card taken away count the same."""
    blind = [e.public() if isinstance(e, HoleDealt) else e for e in three_hands()]
    assert all(e.cards is None for e in blind if isinstance(e, HoleDealt))
    assert GameTally().feed_all(blind).by_seat == _by_seat()


def test_a_hand_the_game_stopped_in_adds_nothing() -> None:
    cut = hand_one()[:-1]
    assert GameTally().feed_all(cut).by_seat == {}


def test_a_short_all_in_big_blind_counts_in_the_levels_big_blind() -> None:
    events = [*hand_one()]
    short = [*start(0, 1, 2)]
    short[2] = replace(short[2], amount=5, all_in=True)  # type: ignore[call-arg]
    short += [act(3, FOLD), act(0, FOLD), act(1, FOLD), end((0, -5, 5, 0))]
    tally = GameTally().feed_all([*events, *short])
    # The big blind won 5 chips all-in for 5: a quarter of the level's big blind of 20.
    assert tally.by_seat[2].net_bb == pytest.approx(-1 + 0.25)


def test_a_second_raise_after_a_call_is_the_3_bet_of_the_caller() -> None:
    events = [
        *start(0, 1, 2),
        act(3, RAISE, 60, 60),
        act(0, CALL, 60, 60),
        act(1, FOLD),
        act(2, RAISE, 200, 200),
        act(3, FOLD),
        act(0, FOLD),
        end((0, -10, 80, -60)),
    ]
    seats = GameTally().feed_all(events).by_seat
    assert (seats[0].three_bet_chances, seats[0].three_bets) == (1, 0)
    assert (seats[2].three_bet_chances, seats[2].three_bets) == (1, 1)
    assert (seats[3].fold_to_three_bet_chances, seats[3].folds_to_three_bet) == (1, 1)
