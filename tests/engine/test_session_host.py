"""Session rules a live table needs: sit out (HOUSE_RULES 21), late entry (20), the level."""

from __future__ import annotations

import random

import pytest

from homegame.engine.actions import Call, Fold
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import PlayerJoined, SatOut


def _session(names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee")) -> FreezeoutSession:
    return FreezeoutSession("holdem", names, rng=random.Random(1), button=0, cards=Entered())


def test_house_rule_21_sitting_out_posts_blinds_and_folds_in_turn() -> None:
    session = _session()
    assert session.sit_out(1) == [SatOut(1)]
    events = session.start_deal()
    described = [e.describe(session.names) for e in events]
    assert "Bob posts the small blind 10" in described
    session.act(Call(), 3)  # Dee
    events = session.act(Call(), 0)  # Ann; then Bob folds in turn on his own
    assert "Bob folds" in [e.describe(session.names) for e in events]
    assert session.to_act == 2
    with pytest.raises(IllegalAction, match="already sitting out"):
        session.sit_out(1)


def test_house_rule_21_sitting_out_checks_when_checking_is_free() -> None:
    session = _session(("Ann", "Bob", "Cy"))
    session.start_deal()  # Ann button, Bob SB, Cy BB
    session.sit_out(2)
    session.act(Call(), 0)
    events = session.act(Call(), 1)  # Cy's option is free: checked for him
    assert "Cy checks" in [e.describe(session.names) for e in events]


def test_house_rule_20_late_entry_between_hands_no_blind_first_hand() -> None:
    session = _session(("Ann", "Bob", "Cy"))
    session.start_deal()
    with pytest.raises(IllegalAction, match="between hands"):
        session.join("Dee", 1500)
    session.act(Fold(), 0)
    session.act(Fold(), 1)
    assert session.join("Dee", 1500) == [PlayerJoined(3, "Dee", 1500)]
    assert session.total_chips == 6000 and session.stacks[3] == 1500
    events = session.start_deal()
    posts = [e.describe(session.names) for e in events if "posts" in e.describe(session.names)]
    assert posts == ["Cy posts the small blind 10", "Ann posts the big blind 20"]
    assert session.chips_in_play() == 6000
    while session.in_hand:
        session.act(Fold())
    with pytest.raises(IllegalAction, match="already at the table"):
        session.join("ann", 100)


def test_host_sets_the_level_back_between_hands() -> None:
    session = FreezeoutSession(
        "holdem",
        ("Ann", "Bob"),
        rng=random.Random(1),
        schedule=BlindSchedule.by_minutes(),
        button=0,
    )
    session.advance_time(16 * 60)
    session.start_deal()
    assert session.level.number == 2
    with pytest.raises(IllegalAction):
        session.set_clock(60)
    session.act(Fold())
    session.set_clock(60)  # the host moves the clock back into level 1
    assert session.level.number == 1
    session.advance_time(16 * 60)  # 17 minutes in: level 2's time again, the blinds rise again
    session.start_deal()
    assert session.level.number == 2


def test_a_yukon_pot_says_which_set_each_winner_played_and_holdem_names_none() -> None:
    """The event carries the set (the host's log reads it there, not from the hand)."""
    from homegame.engine.actions import Check
    from homegame.engine.events import PotAwarded

    seen: dict[str, set[tuple[str, ...]]] = {"yukon": set(), "holdem": set()}
    for game in seen:
        for seed in range(12):
            session = FreezeoutSession(game, ("Ann", "Bob", "Cy"), rng=random.Random(seed))
            events = session.start_deal()
            hand = session.hand
            assert hand is not None
            while session.in_hand:
                legal = session.legal_actions()
                events += session.act(Check() if legal.can_check else Call())
            for event in events:
                if isinstance(event, PotAwarded):
                    made = {hand.made_hand(w).group for w in event.winners}  # type: ignore[union-attr]
                    assert event.groups == tuple(sorted(g for g in made if g)), (game, seed)
                    seen[game].add(event.groups)
    assert seen["holdem"] == {()}
    assert {("A",), ("B",)} <= seen["yukon"]


def test_double_board_host_names_each_boards_winners_and_each_share_splits_by_rule_4() -> None:
    """A pot shown without cards: the host names board 1's and board 2's winners; each board
    wins half (the odd chip of the halves to board 1), a tie on a board splits its half."""
    from homegame.engine.actions import BetRaise, Check, Show
    from homegame.engine.events import PotAwarded
    from homegame.engine.pots import split_pot

    session = FreezeoutSession(
        "double-board", ("Ann", "Bob", "Cy"), rng=random.Random(1), button=0, cards=Entered()
    )
    session.start_deal()  # Ann button, Bob small blind, Cy big blind
    session.act(Call(), 0)
    session.act(Call(), 1)
    session.act(BetRaise(41), 2)
    session.act(Call(), 0)
    session.act(Call(), 1)  # 123 in the pot
    while session.to_act is not None and session.legal_actions().can_check:
        session.act(Check())
    while session.to_act is not None:
        session.act(Show())
    assert session.pending_awards() == [0]
    before = session.stacks
    with pytest.raises(IllegalAction, match="each of the 2 boards"):
        session.award(0, [1], boards=[[1], [2], [0]])
    assert session.stacks == before and session.pending_awards() == [0]
    events = session.award(0, [], boards=[[1], [0, 2]])
    paid = [(e.board, e.winners, e.amounts) for e in events if isinstance(e, PotAwarded)]
    assert paid == [(1, (1,), (62,)), (2, (0, 2), split_pot(61, (0, 2), 0, 3))]
    assert sum(session.stacks) == sum(before) + 123
