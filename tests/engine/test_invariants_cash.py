"""Invariants over cash games (hypothesis): whatever is called, the chips on the table are the
chips bought, and once the game ends the money paid out is the money paid in."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.engine.cash_session import CashMoved, CashSession
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.random_policy import RandomPolicy
from homegame.money.ledger import mismatches

#: What a step may call; "join", "rebuy", "add_on" and "chop" are a freezeout's verbs, which a
#: cash game must not have (the inherited `join` once seated a player for no money).
STEPS = (
    "hand",
    "buy_in",
    "top_up",
    "cash_out",
    "correct",
    "move_chips",
    "sit_out",
    "straddle",
    "bomb",
    "join",
    "rebuy",
    "add_on",
    "chop",
)
FREEZEOUT_VERBS = ("join", "rebuy", "add_on", "chop")
NEWCOMERS = ("Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def _bought(events: list[Event]) -> int:
    """Chips bought less chips cashed out, from the events alone."""
    moved = [e for e in events if isinstance(e, CashMoved)]
    return sum(-e.chips if e.kind == "cash-out" else e.chips for e in moved)


def _money(events: list[Event]) -> tuple[int, int]:
    """Cents paid in and paid out, from the events alone."""
    moved = [e for e in events if isinstance(e, CashMoved)]
    paid_in = sum(e.cents for e in moved if e.kind != "cash-out")
    return paid_in, sum(e.cents for e in moved if e.kind == "cash-out")


def _play_hand(session: CashSession, rng: random.Random) -> list[Event]:
    policy = RandomPolicy(rng)
    events = session.start_deal()
    while session.in_hand:
        if rng.random() < 0.05:
            events += session.advance_time(30)  # the turn timer runs out
        else:
            seat = session.to_act
            assert seat is not None
            hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
            events += session.act(policy.choose(session.legal_actions(), hole))
    return events


def _step(
    session: CashSession, step: str, who: int, amount: int, rng: random.Random
) -> list[Event]:
    """One call the host or the table might make; IllegalAction when the game refuses it."""
    seat = who % len(session.names)
    if step in FREEZEOUT_VERBS:
        assert not hasattr(session, step), f"a cash game has no {step}"
        return []
    if step == "hand":
        return _play_hand(session, rng)
    if step == "straddle":  # HOUSE_RULES 26: any seat may try; only the one left of the BB may
        return session.straddle(seat)
    if step == "bomb":  # HOUSE_RULES 28: the host calls a bomb pot
        return session.call_bomb_pot()
    if step == "buy_in":
        name = NEWCOMERS[who % len(NEWCOMERS)] if who % 3 else session.names[seat]
        return session.buy_in(name, amount if amount % 4 else None)
    if step == "top_up":
        return session.top_up(seat, amount)
    if step == "cash_out":
        return session.cash_out(seat, None if amount % 2 else amount)
    if step == "correct":  # any stacks at all: a cash game refuses those that make chips
        return session.correct_stacks({seat: max(0, amount)})
    if step == "move_chips":  # chips miscounted from one seat to another
        other = (seat + 1) % len(session.names)
        stacks = session.stacks
        moved = min(stacks[seat], max(0, amount))
        return session.correct_stacks({seat: stacks[seat] - moved, other: stacks[other] + moved})
    return session.sit_out(seat)


@settings(max_examples=80, deadline=None)
@given(
    buy_ins=st.lists(st.integers(min_value=1, max_value=2000), min_size=2, max_size=6),
    steps=st.lists(
        st.tuples(
            st.sampled_from(STEPS),
            st.integers(min_value=0, max_value=20),
            st.integers(min_value=-20, max_value=2500),
        ),
        max_size=30,
    ),
    seed=st.integers(min_value=0, max_value=2**32),
    ante=st.sampled_from([(0, False), (2, False), (20, True), (7, True)]),
)
def test_a_cash_game_ledger_always_balances(
    buy_ins: list[int], steps: list[tuple[str, int, int]], seed: int, ante: tuple[int, bool]
) -> None:
    """With antes too (HOUSE_RULES 25): every player's, or the big blind's for the table; and
    straddles (HOUSE_RULES 26) tried by any seat between hands, bomb pots called (28) and the
    7-2 bounty (29), and run it twice (27) answered at random."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(len(buy_ins))]
    session = CashSession(
        "holdem",
        names,
        rng=random.Random(seed),
        buy_ins=buy_ins,
        turn_timer=30,
        ante=ante[0],
        bb_ante=ante[1],
        straddles=True,
        seven_deuce_bounty=25,
        run_twice=True,
    )
    assert session.tournament() is None and session.cash_game() is session
    chips_bought = sum(buy_ins)
    paid: list[Event] = []  # every money move after the opening buy-ins
    for step, who, amount in steps:
        before = (session.stacks, len(session.moves), session.names)
        try:
            events = _step(session, step, who, amount, rng)
        except IllegalAction:
            assert (session.stacks, len(session.moves), session.names) == before
            continue
        chips_bought += _bought(events)
        paid += events
        assert session.chips_in_play() == chips_bought == session.total_chips
        assert session.audit() is None
    events = session.end()
    assert session.is_over and session.chips_in_play() == 0
    assert chips_bought + _bought(events) == 0
    paid_in, paid_out = _money(paid + events)
    lines = session.ledger_lines("cash")
    assert sum(line.cents_in for line in lines) == sum(buy_ins) + paid_in
    assert sum(line.cents_out for line in lines) == paid_out == sum(buy_ins) + paid_in
    assert mismatches(lines) == () and session.audit() is None
