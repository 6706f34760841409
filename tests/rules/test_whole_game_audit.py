"""An independent audit of whole games against the rules: the button across busts, the blind
schedule, the last player standing, and the KRG series (ties, the pool, the doubling cube).

Busts are played out for real in host mode (cards `Entered` by the host), where the host names
the pot winners, so every hand's outcome is fixed by the test and not by the shuffle.
"""

from __future__ import annotations

import random
from typing import TypedDict

import pytest
from every_game import first_cards_thrown

from homegame.cards import parse_cards
from homegame.defaults import TieRule
from homegame.engine import Action, AllIn, Call, Check, Fold, Hand, IllegalAction, Show
from homegame.engine.card_sources import Entered
from homegame.engine.events import BlindPosted, DealWon, Event, HandStarted, PotAwarded
from homegame.engine.krg_series import KrgSeries, split_left_of
from homegame.engine.schedule import DEFAULT_LEVELS, BlindSchedule
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.session_events import (
    Busted,
    CubeTurned,
    DealScored,
    DroppedOut,
    GameWon,
    LevelChanged,
    SeriesWon,
)
from homegame.variants import get_variant

KRG = get_variant("krg")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


class HostHand(TypedDict):
    """One host-mode hand: the button, who posted which blind, the first seat to act on each
    street, and the events."""

    button: int
    blinds: dict[str, int]
    first: dict[str, int]
    events: list[Event]


def host_hand(
    session: FreezeoutSession,
    loser: int | None = None,
    winner: int | None = None,
    limp: bool = False,
) -> HostHand:
    """Play one host-mode hand: `loser` moves all-in, `winner` calls and is named the winner,
    the others fold (or, with `limp`, call and check to the showdown). Returns who posted what,
    the table's button, the first seat to act on each street, and the events."""
    events = session.start_deal()
    first: dict[str, int] = {}
    record: HostHand = {
        "button": next(e.button for e in events if isinstance(e, HandStarted)),
        "blinds": {e.blind: e.seat for e in events if isinstance(e, BlindPosted)},
        "first": first,
        "events": events,
    }
    while session.in_hand:
        seat = session.to_act
        if seat is None:
            assert winner is not None
            for pot in session.pending_awards():
                events += session.award(pot, [winner])
            continue
        legal = session.legal_actions()
        if legal.can_show:
            events += session.act(Show())
            continue
        assert session.hand is not None
        first.setdefault(session.hand.street, seat)
        action: Action
        if seat == loser:
            action = AllIn() if legal.can_all_in else Call() if legal.can_call else Check()
        elif seat == winner or limp:
            action = Call() if legal.can_call else Check()
        else:
            action = Fold() if legal.can_fold else Check()
        events += session.act(action, seat)
    return record


# -- HOUSE_RULES 5: dead button across busts, three to two, heads-up ---------------------------


def test_house_rule_5_dead_button_sequence_across_busts_down_to_heads_up() -> None:
    session = FreezeoutSession(
        "holdem",
        NAMES,
        rng=random.Random(1),
        stacks=[5000, 500, 5000, 1000, 500],
        button=0,
        cards=Entered(),
    )
    # Hand 1: B0 SB1 BB2; the small blind (seat 1) busts.
    hand = host_hand(session, loser=1, winner=2)
    assert (hand["button"], hand["blinds"]) == (0, {"small": 1, "big": 2})
    assert hand["first"]["preflop"] == 3
    assert any(isinstance(e, Busted) and e.seat == 1 for e in hand["events"])
    # Hand 2: the button stays on seat 1's empty seat (dead button); 2 and 3 post.
    hand = host_hand(session, winner=0, limp=True)
    assert (hand["button"], hand["blinds"]) == (1, {"small": 2, "big": 3})
    assert hand["first"] == {"preflop": 4, "flop": 2, "turn": 2, "river": 2}
    # Hand 3: B2 SB3 BB4; the big blind (seat 4) busts.
    hand = host_hand(session, loser=4, winner=0)
    assert (hand["button"], hand["blinds"]) == (2, {"small": 3, "big": 4})
    assert hand["first"]["preflop"] == 0
    # Hand 4: no small blind (its seat's player busted as big blind), B3, BB0.
    hand = host_hand(session, loser=3, winner=0)
    assert (hand["button"], hand["blinds"]) == (3, {"big": 0})
    assert hand["first"]["preflop"] == 2
    assert session.players_left == 2
    # Hand 5, three to two: seat 0 just posted the big blind, so seat 2 posts it now;
    # the button posts the small blind, acts first before the flop and last after it.
    hand = host_hand(session, winner=0, limp=True)
    assert (hand["button"], hand["blinds"]) == (0, {"small": 0, "big": 2})
    assert hand["first"] == {"preflop": 0, "flop": 2, "turn": 2, "river": 2}
    hand = host_hand(session, winner=2, limp=True)
    assert (hand["button"], hand["blinds"]) == (2, {"small": 2, "big": 0})
    assert hand["first"] == {"preflop": 2, "flop": 0, "turn": 0, "river": 0}
    # House rule 11: the last player with chips wins the table.
    hand = host_hand(session, loser=2, winner=0)
    won = [e for e in hand["events"] if isinstance(e, GameWon)]
    assert session.is_over and [e.seat for e in won] == [0]
    assert session.stacks[0] == 12000


@pytest.mark.parametrize("busted", [0, 1, 2])
def test_house_rule_5_three_to_two_in_every_position_nobody_posts_the_big_blind_twice(
    busted: int,
) -> None:
    session = FreezeoutSession(
        "holdem", NAMES[:3], rng=random.Random(2), stacks=[3000] * 3, button=0, cards=Entered()
    )
    session.table.stacks[busted] = 300  # the short stack: it busts in the first hand
    first = host_hand(session, loser=busted, winner=(busted + 1) % 3)
    assert first["blinds"] == {"small": 1, "big": 2}
    assert session.players_left == 2
    second = host_hand(session, winner=(busted + 1) % 3, limp=True)
    assert second["blinds"]["big"] != 2
    assert second["blinds"]["small"] == second["button"]
    assert second["first"]["preflop"] == second["button"]
    assert second["first"]["flop"] == second["blinds"]["big"]


# -- HOUSE_RULES 10: the blind schedule ----------------------------------------------------------


def test_house_rule_10_default_schedule_is_the_listed_levels() -> None:
    listed = "10/20, 15/25, 15/30, 20/40, 25/50, 30/60, 40/80, 50/100, 60/120, 75/150, 100/200"
    assert ", ".join(str(level) for level in DEFAULT_LEVELS) == listed
    schedule = BlindSchedule()
    for number in range(1, 40):
        level = schedule.level(number)
        assert level.small_blind % 5 == 0 and level.big_blind % 5 == 0
        if number > 1:
            rise = level.big_blind / schedule.level(number - 1).big_blind
            assert 1.15 <= rise <= 1.35, (number, level)


def test_house_rule_10_blinds_change_after_every_tenth_hand_and_say_so_once() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(3), stack=100_000)
    seen = []
    for _ in range(31):
        events = session.start_deal()
        changes = [(e.small_blind, e.big_blind) for e in events if isinstance(e, LevelChanged)]
        blinds = sorted(e.amount for e in events if isinstance(e, BlindPosted))
        seen.append((tuple(blinds), changes))
        while session.in_hand:
            legal = session.legal_actions()
            session.act(Fold() if legal.can_fold else Check())
    assert [s[0] for s in seen] == [(10, 20)] * 10 + [(15, 25)] * 10 + [(15, 30)] * 10 + [(20, 40)]
    assert [(i, s[1]) for i, s in enumerate(seen) if s[1]] == [
        (10, [(15, 25)]),
        (20, [(15, 30)]),
        (30, [(20, 40)]),
    ]


def test_house_rule_10_by_minutes_the_level_follows_the_time_passed_in() -> None:
    schedule = BlindSchedule.by_minutes(minutes=15)
    assert str(schedule.level_at(elapsed_seconds=15 * 60 - 1)) == "10/20"
    assert str(schedule.level_at(elapsed_seconds=15 * 60)) == "15/25"
    assert str(schedule.level_at(hands_played=500, elapsed_seconds=31 * 60)) == "15/30"


# -- KRG: HOUSE_RULES 13-16 -----------------------------------------------------------------------


def test_house_rule_13_krg_seats_two_to_seven() -> None:
    for count in (2, 7):
        KrgSeries([f"P{i}" for i in range(count)])
    for count in (1, 8):
        with pytest.raises(ValueError, match="2 to 7"):
            KrgSeries([f"P{i}" for i in range(count)])


def test_house_rule_14_a_tied_krg_deal_names_every_tied_player() -> None:
    board = dict(zip(KRG.slots, parse_cards("As Ks Qs Js Ts"), strict=True))
    holes = [
        tuple(parse_cards(h))
        for h in ("2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d", "2h 3h 4h 5h 6h 7h")
    ]
    hand = Hand(KRG, [0, 0, 0], button=0, hole_cards=holes, board=board, burn_cards=False)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(first_cards_thrown(hand, legal.discard_count))
    assert hand.winners == (0, 1, 2)
    won = [e for e in hand.events if isinstance(e, DealWon)]
    assert len(won) == 1 and won[0].winners == (0, 1, 2)


@pytest.mark.parametrize(
    ("rule", "wins", "replay", "dealer"),
    [
        (TieRule.SHARE, [1, 1, 0], False, 1),
        (TieRule.REPLAY, [0, 0, 0], True, 0),
        (TieRule.NONE, [0, 0, 0], False, 1),
    ],
)
def test_house_rule_14_tie_rules_share_replay_none(
    rule: TieRule, wins: list[int], replay: bool, dealer: int
) -> None:
    series = KrgSeries(NAMES[:3], tie_rule=rule, dealer=0)
    events = series.score_deal([0, 1])
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.replay is replay
    assert [row.wins for row in series.scoreboard().rows] == wins
    assert series.dealer == dealer


def test_house_rule_15_pool_split_odd_cent_goes_to_first_seat_left_of_the_dealer() -> None:
    series = KrgSeries(NAMES[:3], buy_in=5, dealer=1)
    for _ in range(3):
        events = series.score_deal([0, 1])
    won = next(e for e in events if isinstance(e, SeriesWon))
    assert series.deals == 3 and series.dealer == 0  # dealt by seats 1, 2 and 0
    assert dict(zip(won.winners, won.amounts, strict=True)) == {1: 8, 0: 7}
    assert won.pool == 15


def test_house_rule_15_three_way_split_never_gives_anyone_two_odd_cents() -> None:
    assert split_left_of(20, [0, 2, 3], dealer=2, table_size=4) == {3: 7, 0: 7, 2: 6}
    assert split_left_of(23, [1, 2], dealer=3, table_size=4) == {1: 12, 2: 11}


def test_house_rule_16_cube_others_double_or_drop_and_forfeit() -> None:
    series = KrgSeries(NAMES[:4], buy_in=500, cube=True, dealer=0)
    events = series.turn_cube(1)
    assert [(e.seat, e.value, e.paid) for e in events if isinstance(e, CubeTurned)] == [(1, 2, 500)]
    with pytest.raises(IllegalAction, match="answer the cube"):
        series.score_deal([0])
    series.answer_cube(2, True)
    dropped = series.answer_cube(3, False)
    assert [(e.seat, e.forfeited) for e in dropped if isinstance(e, DroppedOut)] == [(3, 500)]
    series.answer_cube(0, True)
    assert series.pool == 3 * 1000 + 500
    with pytest.raises(IllegalAction, match="turned the cube last"):
        series.turn_cube(1)
    with pytest.raises(IllegalAction, match="out of the series"):
        series.turn_cube(3)
    with pytest.raises(ValueError):
        series.score_deal([3])
    series.turn_cube(2)
    assert series.cube == 4 and series.players[2].paid == 2000
    series.answer_cube(0, False)
    events = series.answer_cube(1, False)
    won = [e for e in events if isinstance(e, SeriesWon)]
    assert [(e.winners, e.amounts) for e in won] == [((2,), (4500,))]
    assert series.over


def test_house_rule_16_cube_only_between_deals_and_off_by_default() -> None:
    plain = KrgSession(list(NAMES[:3]), rng=random.Random(1), dealer=0)
    with pytest.raises(IllegalAction, match="not in play"):
        plain.turn_cube(0)
    session = KrgSession(list(NAMES[:3]), rng=random.Random(1), cube=True, dealer=0)
    session.start_deal()
    with pytest.raises(IllegalAction, match="between deals"):
        session.turn_cube(0)


def test_house_rule_4_odd_chips_start_left_of_a_dead_button_in_a_session() -> None:
    session = FreezeoutSession(
        "holdem",
        NAMES,
        rng=random.Random(4),
        stacks=[5000, 500, 5000, 5000, 5000],
        schedule=BlindSchedule.by_hands([(5, 15)], hands=100),
        button=0,
        cards=Entered(),
    )
    host_hand(session, loser=1, winner=2)  # seat 1 (small blind) busts
    events = session.start_deal()
    assert session.positions is not None
    assert session.positions.button == 1 and session.positions.small_blind == 2
    assert session.to_act == 4
    session.act(Call(), 4)
    session.act(Call(), 0)
    session.act(Fold(), 2)
    session.act(Check(), 3)
    while session.to_act is not None:
        legal = session.legal_actions()
        session.act(Show() if legal.can_show else Check())
    (pot,) = session.pending_awards()
    events = session.award(pot, [0, 3, 4])
    award = next(e for e in events if isinstance(e, PotAwarded))
    assert award.amount == 50
    assert dict(zip(award.winners, award.amounts, strict=True)) == {3: 17, 4: 17, 0: 16}
