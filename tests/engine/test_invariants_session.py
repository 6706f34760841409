"""Invariants over whole sessions (hypothesis): no chip made or lost, no stack below zero."""

from __future__ import annotations

import random

from every_game import CHIP_GAMES
from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.defaults import AnteKind, TieRule
from homegame.engine.card_sources import Entered
from homegame.engine.events import BlindPosted, HandStarted
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.schedule import BlindSchedule, default_ante
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.session_events import Busted, GameWon

MAX_HANDS = 400


def _check(session: FreezeoutSession) -> None:
    stacks = session.stacks
    assert all(chips >= 0 for chips in stacks), stacks
    assert session.chips_in_play() == session.total_chips


@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(CHIP_GAMES),
    stacks=st.lists(st.integers(min_value=1, max_value=3000), min_size=2, max_size=10),
    seed=st.integers(min_value=0, max_value=2**32),
    hands_per_level=st.integers(min_value=1, max_value=12),
    timeout_rate=st.sampled_from([0.0, 0.05, 0.3]),
    ante=st.sampled_from(list(AnteKind)),
    bomb_pot_every=st.sampled_from([0, 2, 5]),
)
def test_freezeout_never_makes_or_loses_a_chip(
    variant: str,
    stacks: list[int],
    seed: int,
    hands_per_level: int,
    timeout_rate: float,
    ante: AnteKind,
    bomb_pot_every: int,
) -> None:
    """Every betting game, antes (HOUSE_RULES 25) off, every player's or the big blind's, and
    bomb pots (HOUSE_RULES 28) now and then, and run it twice (HOUSE_RULES 27) in every
    other game, answered at random."""
    rng = random.Random(seed)
    schedule = BlindSchedule.by_hands(hands=hands_per_level, bb_ante=ante is AnteKind.BIG_BLIND)
    if ante is not AnteKind.OFF:
        schedule = schedule.with_antes([default_ante(lv.big_blind, ante) for lv in schedule.levels])
    session = FreezeoutSession(
        variant,
        [f"P{i}" for i in range(len(stacks))],
        rng=random.Random(seed),
        stacks=stacks,
        schedule=schedule,
        turn_timer=30,
        bomb_pot_every=bomb_pot_every,
        run_twice=seed % 2 == 0,
    )
    policy = RandomPolicy(random.Random(seed + 1))
    busted: list[int] = []
    for _ in range(MAX_HANDS):
        if session.is_over:
            break
        events = session.start_deal()
        _check(session)
        started = next(e for e in events if isinstance(e, HandStarted))
        assert sum(started.stacks) <= session.total_chips
        for event in events:
            if isinstance(event, BlindPosted):
                assert started.stacks[event.seat] > 0  # only live players post
        while session.in_hand:
            if rng.random() < timeout_rate:
                events += session.advance_time(30)  # the turn timer runs out
            else:
                seat = session.to_act
                assert seat is not None
                hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
                events += session.act(policy.choose(session.legal_actions(), hole))
            _check(session)
            if session.sitting_out and not session.is_over and rng.random() < 0.2:
                events += session.come_back(rng.choice(sorted(session.sitting_out)))
            elif not session.is_over and rng.random() < 0.02:  # HOUSE_RULES 21: a player steps away
                still_in = [s for s in range(len(stacks)) if not session.is_out(s)]
                away = rng.choice(still_in)
                if away not in session.sitting_out:
                    events += session.sit_out(away)
        busted += [e.seat for e in events if isinstance(e, Busted)]
        assert all(session.table.stacks[s] == 0 for s in busted)
        assert len(set(busted)) == len(busted)
    if session.is_over:
        assert session.winner is not None
        assert session.stacks[session.winner] == session.total_chips
        assert sorted([*busted, session.winner]) == list(range(len(stacks)))
        assert isinstance(events[-1], GameWon)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32),
    tie_rule=st.sampled_from(list(TieRule)),
    target=st.sampled_from([3, 4]),
    side_bet=st.sampled_from([0, 100]),
)
def test_krg_series_money_is_conserved_and_the_pool_paid_once(
    players: int, seed: int, tie_rule: TieRule, target: int, side_bet: int
) -> None:
    rng = random.Random(seed)
    session = KrgSession(
        [f"P{i}" for i in range(players)],
        rng=random.Random(seed),
        target=target,
        tie_rule=tie_rule,
        cube=True,
        side_bet=side_bet,
    )
    series = session.series
    side_total = series.side_pool
    policy = RandomPolicy(random.Random(seed + 1))
    for _ in range(200):
        if session.is_over:
            break
        if series.pending:
            session.answer_cube(series.pending[0], rng.random() < 0.7)
            continue
        if rng.random() < 0.1:
            turner = rng.choice(series.seats_in)
            if series.can_turn_cube(turner) is None:
                session.turn_cube(turner)
                continue
        session.start_deal()
        while session.in_hand:
            seat = session.to_act
            assert seat is not None
            hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
            session.act(policy.choose(session.legal_actions(), hole))
            assert len(session.hole_cards(seat)) in (2, 3, 4)
        assert series.pool == sum(p.paid for p in series.players)
    if session.is_over:
        assert sum(p.won for p in series.players) == series.pool + side_total
        assert all(series.players[s].in_series for s in series.winners)


@settings(max_examples=30, deadline=None)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=800), min_size=2, max_size=7),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_host_mode_freezeout_conserves_chips_when_the_host_names_winners(
    stacks: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    session = FreezeoutSession(
        "holdem",
        [f"P{i}" for i in range(len(stacks))],
        rng=random.Random(seed),
        stacks=stacks,
        cards=Entered(),
    )
    policy = RandomPolicy(random.Random(seed + 1))
    for _ in range(MAX_HANDS):
        if session.is_over:
            break
        session.start_deal()
        while session.in_hand:
            if session.to_act is None:  # pots wait for the host to name winners
                view = session.view_for(None)
                index = session.pending_awards()[0]
                eligible = view.pots[index].eligible
                session.award(index, rng.sample(eligible, rng.randint(1, len(eligible))))
            else:
                legal = session.legal_actions()
                # Hold'em: the policy reads the cards only to discard, and the host's are unknown
                session.act(policy.choose(legal))
            _check(session)
    assert session.is_over and session.winner is not None
    assert session.stacks[session.winner] == session.total_chips


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=7), seed=st.integers(min_value=0, max_value=2**32)
)
def test_host_mode_krg_series_ends_with_the_pool_paid_from_named_winners(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    session = KrgSession([f"P{i}" for i in range(players)], rng=rng, cards=Entered())
    policy = RandomPolicy(random.Random(seed + 1))
    for _ in range(100):
        if session.is_over:
            break
        session.start_deal()
        while session.to_act is not None:  # the deal then waits for the host's winners
            legal = session.legal_actions()
            hole = [c for c in session.hole_cards(legal.seat) if c is not None]  # none known
            session.act(policy.choose(legal, hole))
        # The deal waits for the host to name its winners, as an unsettled pot does.
        assert session.in_hand and session.pending_awards() == [0]
        seats = session.series.seats_in
        session.award(0, rng.sample(seats, rng.choice([1, 1, 2])))
    assert session.is_over
    assert sum(p.won for p in session.series.players) == session.series.pool
