"""Freezeout sessions: HOUSE_RULES 5 (positions), 10 (levels), 11 (winner), 12 (turn timer)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from homegame.cards import parse_cards
from homegame.engine.actions import ActionKind, AllIn, Call, Check, Fold, Show
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.events import (
    Acted,
    BlindPosted,
    CardsShown,
    Event,
    HandStarted,
    HoleDealt,
    PotAwarded,
)
from homegame.engine.hand import Hand
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import (
    Busted,
    CameBack,
    GameWon,
    LevelChanged,
    SatOut,
    StacksCorrected,
    TimedOut,
)
from homegame.engine.table import Positions

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def positions_of(session: FreezeoutSession) -> Positions:
    """The positions of the hand dealt last (a hand has been dealt)."""
    assert session.positions is not None
    return session.positions


def hand_of(session: FreezeoutSession) -> Hand:
    """The hand being played."""
    assert session.hand is not None
    return session.hand


def fold_to_big_blind(session: FreezeoutSession) -> list[Event]:
    """Everyone folds; the big blind wins the blinds (nobody ever busts)."""
    events: list[Event] = []
    while session.in_hand:
        legal = session.legal_actions()
        events += session.act(Check() if legal.can_check else Fold())
    return events


def play_random(session: FreezeoutSession, policy: RandomPolicy) -> list[Event]:
    events: list[Event] = []
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
        events += session.act(policy.choose(session.legal_actions(), hole))
    return events


def test_freezeout_is_for_betting_games_with_the_right_player_count() -> None:
    with pytest.raises(ValueError, match="no betting"):
        FreezeoutSession("krg", NAMES[:3], rng=random.Random(1))
    with pytest.raises(ValueError, match="2 to 10 players"):
        FreezeoutSession("holdem", NAMES[:1], rng=random.Random(1))
    with pytest.raises(ValueError, match="above zero"):
        FreezeoutSession("holdem", NAMES[:2], rng=random.Random(1), stacks=[100, 0])


def test_house_rule_10_everyone_starts_with_the_same_stack() -> None:
    session = FreezeoutSession("holdem", NAMES[:4], rng=random.Random(1))
    assert session.stacks == (1500, 1500, 1500, 1500)
    assert session.level.big_blind == 20


def test_house_rule_10_blinds_go_up_after_ten_hands() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), button=0)
    for _ in range(10):
        events = session.start_deal()
        assert not any(isinstance(e, LevelChanged) for e in events)
        fold_to_big_blind(session)
    events = session.start_deal()
    assert events[0] == LevelChanged(2, 15, 25)
    posted = {e.blind: e.amount for e in events if isinstance(e, BlindPosted)}
    assert posted == {"small": 15, "big": 25}
    assert session.level.number == 2


def test_house_rule_10_blinds_by_minutes_follow_the_time_passed_in() -> None:
    session = FreezeoutSession(
        "holdem", NAMES[:3], rng=random.Random(1), schedule=BlindSchedule.by_minutes(minutes=10)
    )
    session.start_deal()
    fold_to_big_blind(session)
    assert session.advance_time(599) == []
    events = session.start_deal()
    assert not any(isinstance(e, LevelChanged) for e in events)
    fold_to_big_blind(session)
    session.advance_time(701)
    assert session.scoreboard().seconds_to_next_level == 500
    events = session.start_deal()
    assert events[0] == LevelChanged(3, 15, 30)
    fold_to_big_blind(session)
    # Time only moves forward: a negative step is refused and the blinds stay.
    with pytest.raises(ValueError, match="forward"):
        session.advance_time(-5)
    session.start_deal()
    assert session.level.number == 3 and session.elapsed == 1300


def test_house_rule_11_last_player_with_chips_wins_the_table() -> None:
    session = FreezeoutSession("holdem", NAMES, rng=random.Random(7))
    policy = RandomPolicy(random.Random(8))
    events = []
    while not session.is_over:
        events += session.start_deal()
        events += play_random(session, policy)
    won = [e for e in events if isinstance(e, GameWon)]
    assert len(won) == 1 and won[0].seat == session.winner
    assert session.stacks[session.winner] == 1500 * 6
    assert sorted(session.places.values()) == [1, 2, 3, 4, 5, 6]
    busted = [e.seat for e in events if isinstance(e, Busted)]
    assert sorted([*busted, session.winner]) == list(range(6))
    with pytest.raises(IllegalAction, match="over"):
        session.start_deal()


def test_session_refuses_a_second_hand_while_one_is_running_and_actions_between_hands() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1))
    with pytest.raises(IllegalAction, match="no hand"):
        session.act(Check())
    session.start_deal()
    with pytest.raises(IllegalAction, match="not finished"):
        session.start_deal()


def test_house_rule_5_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    session = FreezeoutSession("holdem", NAMES[:2], rng=random.Random(3), button=1)
    events = session.start_deal()
    blinds = {e.blind: e.seat for e in events if isinstance(e, BlindPosted)}
    assert blinds == {"small": 1, "big": 0}
    assert session.to_act == 1
    session.act(Call())
    session.act(Check())
    assert session.to_act == 0  # after the flop the button acts last


def _blind_seats(events: Sequence[Event]) -> dict[str, int]:
    return {e.blind: e.seat for e in events if isinstance(e, BlindPosted)}


@pytest.mark.parametrize("seed", range(12))
def test_house_rule_5_each_hand_posts_blinds_where_the_dead_button_rule_puts_them(
    seed: int,
) -> None:
    rng = random.Random(seed)
    count = rng.randint(3, 8)
    stacks = [rng.choice([30, 60, 200, 1500]) for _ in range(count)]
    session = FreezeoutSession(
        "holdem", [f"P{i}" for i in range(count)], rng=random.Random(seed), stacks=stacks
    )
    policy = RandomPolicy(random.Random(seed + 100))
    previous_bb = None
    while not session.is_over:
        live_before = [s for s, c in enumerate(session.stacks) if c > 0]
        events = session.start_deal()
        positions = positions_of(session)
        started = next(e for e in events if isinstance(e, HandStarted))
        assert started.button == positions.button
        assert started.describe().startswith("New hand of Texas Hold'em")
        dealt = sorted(e.seat for e in events if isinstance(e, HoleDealt))
        assert dealt == live_before
        blinds = _blind_seats(events)
        assert blinds["big"] == positions.big_blind
        assert blinds.get("small") == positions.small_blind
        assert positions.big_blind != previous_bb
        if len(live_before) == 2:
            assert positions.small_blind == positions.button
        previous_bb = positions.big_blind
        play_random(session, policy)


def test_house_rule_5_no_small_blind_when_last_big_blind_busted_in_a_session() -> None:
    # Search seeded games for a hand whose big blind busted; the next hand has no small blind.
    for seed in range(300):
        session = FreezeoutSession(
            "holdem", NAMES[:5], rng=random.Random(seed), stacks=[1500, 1500, 20, 1500, 1500]
        )
        session.start_deal()  # drawn button; seat 2 may be any position
        policy = RandomPolicy(random.Random(seed))
        big = positions_of(session).big_blind
        events = play_random(session, policy)
        if any(isinstance(e, Busted) and e.seat == big for e in events):
            events = session.start_deal()
            assert "small" not in _blind_seats(events)
            assert positions_of(session).small_blind is None
            assert positions_of(session).small_blind_seat == big
            return
    pytest.fail("no seeded game busted the big blind")


def test_events_and_views_use_table_seats_after_a_bust() -> None:
    session = FreezeoutSession(
        "holdem", NAMES[:4], rng=random.Random(5), stacks=[1500, 1500, 1500, 1500], button=0
    )
    session.table.stacks[1] = 0  # seat 1 has busted
    events = session.start_deal()
    assert sorted(e.seat for e in events if isinstance(e, HoleDealt)) == [0, 2, 3]
    assert session.to_act in (0, 2, 3)
    view = session.view_for(2)
    assert [s.seat for s in view.seats] == [0, 2, 3]
    mine = next(s for s in view.seats if s.seat == 2)
    others = [s for s in view.seats if s.seat != 2]
    assert mine.cards == session.hole_cards(2)
    assert all(s.cards is None for s in others)
    with pytest.raises(IllegalAction, match="Bob is not in this hand"):
        session.view_for(1)
    events = fold_to_big_blind(session)
    award = next(e for e in events if isinstance(e, PotAwarded))
    assert award.winners == (positions_of(session).big_blind,)
    assert session.chips_in_play() == 4500


def test_house_rule_12_timer_is_off_by_default_and_fires_only_when_time_is_up() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1))
    session.start_deal()
    assert session.advance_time(10_000) == []
    assert session.time_left() is None
    timed = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), turn_timer=30)
    timed.start_deal()
    first = timed.to_act
    assert first is not None
    assert timed.advance_time(12) == []
    assert timed.time_left() == 18
    # While the app holds the turn (a pass screen, a bot thinking) the player's clock waits.
    assert timed.advance_time(100, turn_clock=False) == []
    assert timed.time_left() == 18
    assert timed.advance_time(17.9) == []
    events = timed.advance_time(0.1)
    assert events[0] == TimedOut(first, False, 1)
    # The next player's clock starts afresh.
    assert timed.time_left() == 30


def test_house_rule_12_timeout_checks_when_it_can_otherwise_folds() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), turn_timer=20, button=0)
    session.start_deal()
    first = session.to_act  # the button, facing the big blind
    assert first is not None
    events = session.timeout()
    assert events[0] == TimedOut(first, False, 1)
    assert events[1] == Acted(first, ActionKind.FOLD)
    session.act(Call())  # small blind completes
    big = session.to_act
    assert big is not None
    events = session.timeout()
    assert events[0] == TimedOut(big, True, 1)
    assert events[1] == Acted(big, ActionKind.CHECK, 0, 20)


def test_house_rule_12_two_timeouts_in_a_row_sit_out_until_they_come_back() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), turn_timer=20, button=0)
    session.start_deal()
    slow = session.to_act
    assert slow is not None
    session.timeout()
    fold_to_big_blind(session)
    session.start_deal()
    while session.to_act != slow and session.in_hand:
        session.act(Call() if session.legal_actions().can_call else Check())
    assert session.to_act == slow
    events = session.timeout()
    assert SatOut(slow) in events
    assert slow in session.sitting_out
    # Sitting out: the game checks or folds for them without waiting.
    for _ in range(3):
        if not session.in_hand:
            session.start_deal()
        while session.in_hand:
            assert session.to_act != slow
            session.act(Call() if session.legal_actions().can_call else Check())
    assert session.come_back(slow) == [CameBack(slow)]
    assert slow not in session.sitting_out and session.timeouts[slow] == 0
    with pytest.raises(IllegalAction, match="not sitting out"):
        session.come_back(slow)


def test_house_rule_12_acting_between_timeouts_resets_the_count() -> None:
    session = FreezeoutSession("holdem", NAMES[:2], rng=random.Random(4), turn_timer=20, button=0)
    session.start_deal()
    assert session.to_act == 0
    session.timeout()  # seat 0, on the button, folds
    assert session.timeouts[0] == 1
    session.start_deal()  # seat 1 has the button now; seat 0 is the big blind
    session.act(Call(), seat=1)
    session.act(Check(), seat=0)  # seat 0 acts by itself
    assert session.timeouts[0] == 0
    assert session.to_act == 0  # after the flop the big blind acts first
    events = session.timeout()
    assert events[0] == TimedOut(0, True, 1)
    assert 0 not in session.sitting_out


def test_host_mode_session_settles_from_shown_cards_in_table_seats() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), cards=Entered(), button=1)
    session.table.stacks[:] = [0, 2250, 2250]  # seat 0 has busted: hand seats are 1 and 2
    session.start_deal()
    assert session.hole_cards(1) == (None, None)
    while not session.legal_actions().can_show:
        legal = session.legal_actions()
        session.act(Call() if legal.can_call else Check())
    slots = ("flop 1", "flop 2", "flop 3", "turn", "river")
    for slot, card in zip(slots, parse_cards("2c 7d 9h Js 3s"), strict=True):
        session.reveal_board(slot, card)
    hands = {1: parse_cards("Ah As"), 2: parse_cards("Kh Kd")}
    events: list[Event] = []
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        events += session.act(Show(tuple(hands[seat])))
    award = next(e for e in events if isinstance(e, PotAwarded))
    assert award.winners == (1,)
    assert session.stacks == (0, 2250 + 20, 2250 - 20)


def test_host_mode_session_host_names_the_winner_when_cards_are_never_entered() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), cards=Entered())
    session.start_deal()
    while not session.legal_actions().can_show:
        legal = session.legal_actions()
        session.act(Call() if legal.can_call else Check())
    while session.in_hand and session.to_act is not None:
        session.act(Show())
    assert session.in_hand and session.to_act is None
    assert session.pending_awards() == [0]
    events = session.award(0, [2])
    assert any(isinstance(e, PotAwarded) and e.winners == (2,) for e in events)
    assert not session.in_hand
    assert session.stacks[2] == 1500 + 40


def test_house_rule_5_three_to_two_in_a_session_nobody_posts_the_big_blind_twice() -> None:
    seen_busts = set()
    for seed in range(60):
        session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(seed))
        policy = RandomPolicy(random.Random(seed))
        while session.players_left == 3:
            session.start_deal()
            big = positions_of(session).big_blind
            events = play_random(session, policy)
        if session.is_over:
            continue
        busted = next(e.seat for e in events if isinstance(e, Busted))
        seen_busts.add((busted - big) % 3)  # 0: the big blind busted, 1: the button, 2: the sb
        events = session.start_deal()
        blinds = _blind_seats(events)
        assert blinds["big"] != big
        assert blinds["small"] == positions_of(session).button
        if session.in_hand and not hand_of(session).all_in[session.hand_seat(blinds["small"])]:
            assert session.to_act == positions_of(session).button
    assert seen_busts == {0, 1, 2}  # every way of going from three to two was played


def test_house_rule_5_views_show_a_dead_button_on_its_empty_seat() -> None:
    for seed in range(300):
        session = FreezeoutSession(
            "holdem", NAMES[:5], rng=random.Random(seed), stacks=[1500, 1500, 25, 1500, 1500]
        )
        session.start_deal()
        small = positions_of(session).small_blind
        events = play_random(session, RandomPolicy(random.Random(seed)))
        if any(isinstance(e, Busted) and e.seat == small for e in events):
            session.start_deal()
            view = session.view_for(None)
            assert view.button == small  # the button sits on the busted player's seat
            assert small not in [s.seat for s in view.seats]
            assert not any(s.is_button for s in view.seats)
            return
    pytest.fail("no seeded game busted the small blind")


def test_final_authority_host_corrects_stacks_between_hands_and_it_is_recorded() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(2), button=0)
    session.start_deal()
    with pytest.raises(IllegalAction, match="between hands"):
        session.correct_stacks({0: 1000})
    fold_to_big_blind(session)
    before = session.stacks
    events = session.correct_stacks({0: before[0] - 100, 1: before[1] + 100}, "miscount")
    assert events == [
        StacksCorrected(before, (before[0] - 100, before[1] + 100, before[2]), "miscount")
    ]
    assert "Ann" in events[0].describe(NAMES) and "miscount" in events[0].describe(NAMES)
    events = session.correct_stacks({2: 0})
    assert Busted(2, 3, 1) in events
    assert session.total_chips == sum(session.stacks)
    for bad, message in (({5: 10}, "no seat 5"), ({0: -1}, "0 or more"), ({0: 0, 1: 0}, "keep")):
        with pytest.raises(IllegalAction, match=message):
            session.correct_stacks(bad)
    events = session.correct_stacks({1: 0})
    assert isinstance(events[-1], GameWon) and session.winner == 0


def test_host_mode_session_enters_shown_hands_by_table_seat_in_an_all_in_run_out() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), cards=Entered(), button=1)
    session.table.stacks[:] = [0, 2250, 2250]  # hand seats 0 and 1 are table seats 1 and 2
    session.start_deal()
    session.act(AllIn(), seat=1)
    session.act(Call(), seat=2)
    assert session.in_hand and hand_of(session).runout
    session.show(2, parse_cards("Kh Kd"))
    session.show(1, parse_cards("Ah As"))
    events = []
    slots = ("flop 1", "flop 2", "flop 3", "turn", "river")
    for slot, card in zip(slots, parse_cards("2c 7d 9h Js 3s"), strict=True):
        events += session.reveal_board(slot, card)
    assert not session.in_hand
    assert session.stacks == (0, 4500, 0)
    assert session.winner == 1
    with pytest.raises(IllegalAction, match="no hand"):
        session.show(1, parse_cards("Ah As"))


def test_house_rule_21_a_player_who_sits_out_posts_blinds_and_folds_in_turn() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), button=0)
    session.start_deal()
    away = session.to_act
    assert away is not None
    events = session.sit_out(away)
    assert events[0] == SatOut(away)
    # The game acted for them at once: they checked or folded and it is someone else's turn.
    assert any(isinstance(e, Acted) and e.seat == away for e in events)
    assert session.to_act != away and away in session.sitting_out
    with pytest.raises(IllegalAction, match="already sitting out"):
        session.sit_out(away)
    fold_to_big_blind(session)
    assert session.scoreboard().players[away].sitting_out
    assert session.come_back(away) == [CameBack(away)]


def test_standings_give_every_seat_the_level_and_who_is_out() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), button=0)
    board = session.scoreboard()
    assert board.level is not None
    assert board.deals == 0 and board.level.big_blind == 20 and board.hands_to_next_level == 10
    assert [p.stack for p in board.players] == [1500] * 3 and board.series is None
    session.correct_stacks({2: 0})
    assert session.is_out(2) and not session.is_out(0)
    board = session.scoreboard()
    assert board.players[2].out and board.players[2].place == 3
    session.start_deal()
    assert session.deals == 1 and not session.in_deal(2) and session.in_deal(0)
    with pytest.raises(IllegalAction, match="out of the game"):
        session.sit_out(2)


def test_a_freezeout_has_no_doubling_cube_and_no_cash_game() -> None:
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1))
    assert session.cube() is None and session.cash_game() is None
    assert session.tournament() is session and session.host_entry() is session
    for verb in ("cube_turners", "turn_cube", "answer_cube", "top_up", "cash_out", "end"):
        assert not hasattr(session, verb)


def test_host_moves_the_clock_back_and_the_next_hand_is_dealt_at_the_lower_blinds() -> None:
    schedule = BlindSchedule.by_minutes(minutes=10)
    session = FreezeoutSession("holdem", NAMES[:3], rng=random.Random(1), schedule=schedule)
    session.advance_time(700)
    session.start_deal()
    assert session.level.number == 2
    with pytest.raises(IllegalAction, match="between hands"):
        session.set_clock(10)
    fold_to_big_blind(session)
    session.set_clock(10)
    session.start_deal()
    assert session.level.number == 1 and session.elapsed == 10


def _shown_down(events: Sequence[Event]) -> set[int]:
    """The seats whose cards were turned up, once the pots were awarded."""
    assert any(isinstance(e, PotAwarded) for e in events)
    return {e.seat for e in events if isinstance(e, CardsShown)}


def test_house_rule_2_short_big_blind_heads_up_asks_nobody_so_no_timer_or_bot_can_fold() -> None:
    """Heads-up, Bob all-in for 8 in the big blind: the hand runs out with nobody to act."""
    session = FreezeoutSession(
        "holdem", NAMES[:2], rng=random.Random(3), stacks=[1000, 8], button=0, turn_timer=20
    )
    events = session.start_deal()
    assert not session.in_hand and session.to_act is None
    assert session.advance_time(100.0) == []
    assert not any(isinstance(e, (TimedOut, Acted)) for e in events)
    assert any(isinstance(e, PotAwarded) for e in events)
    assert sum(session.stacks) == 1008


def test_house_rule_2_short_big_blind_after_a_timeout_fold_the_small_blind_is_not_asked() -> None:
    """The button times out and folds; the small blind faces only Cat's all-in 8: no fold."""
    session = FreezeoutSession(
        "holdem", NAMES[:3], rng=random.Random(3), stacks=[1000, 1000, 8], button=0, turn_timer=20
    )
    session.start_deal()
    assert session.to_act == 0
    events = session.timeout()
    assert events[:2] == [TimedOut(0, False, 1), Acted(0, ActionKind.FOLD)]
    assert not session.in_hand
    assert [e for e in events if isinstance(e, Acted)] == [Acted(0, ActionKind.FOLD)]
    assert _shown_down(events) == {1, 2}


def test_house_rule_2_short_big_blind_with_the_button_sitting_out_goes_to_showdown() -> None:
    """The button sits out and its hand folds; the small blind is not asked against the 8."""
    session = FreezeoutSession(
        "holdem", NAMES[:3], rng=random.Random(3), stacks=[1000, 1000, 8], button=0, turn_timer=20
    )
    session.sit_out(0)
    events = session.start_deal()
    assert not session.in_hand
    assert [e for e in events if isinstance(e, Acted)] == [Acted(0, ActionKind.FOLD)]
    assert _shown_down(events) == {1, 2}
