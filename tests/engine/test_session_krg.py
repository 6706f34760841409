"""KRG sessions: deals among the players still in the series, scored by the series rules."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from homegame.cards import Card, parse_cards
from homegame.defaults import TieRule
from homegame.engine.actions import Discard, Show
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.events import DealWon, Event, HandStarted, HoleDealt
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.session import KrgSession
from homegame.engine.session_events import DealScored, SeriesWon, SideBetWon
from homegame.evaluator import Category, category

NAMES = ("Ann", "Bob", "Cat", "Dan")


def play_deal(session: KrgSession, policy: RandomPolicy) -> list[Event]:
    events = session.start_deal()
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
        events += session.act(policy.choose(session.legal_actions(), hole))
    return events


def test_house_rule_13_krg_session_seats_two_to_seven() -> None:
    with pytest.raises(ValueError, match="2 to 7"):
        KrgSession(NAMES[:1], rng=random.Random(1))
    with pytest.raises(ValueError, match="2 to 7"):
        KrgSession([f"P{i}" for i in range(8)], rng=random.Random(1))


def test_house_rule_13_each_deal_gives_six_cards_and_ends_with_two_kept() -> None:
    session = KrgSession(NAMES, rng=random.Random(2), dealer=3)
    events = play_deal(session, RandomPolicy(random.Random(3)))
    dealt = [e for e in events if isinstance(e, HoleDealt)]
    assert sorted(e.seat for e in dealt) == [0, 1, 2, 3]
    assert all(e.count == 6 for e in dealt)
    assert all(len(session.hole_cards(s)) == 2 for s in range(4))
    started = next(e for e in events if isinstance(e, HandStarted))
    assert started.button == 3
    won = next(e for e in events if isinstance(e, DealWon))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.winners == won.winners
    assert session.series.dealer == 0


def test_house_rule_15_session_plays_to_the_target_and_pays_the_pool() -> None:
    session = KrgSession(NAMES, rng=random.Random(4), target=3, buy_in=500)
    policy = RandomPolicy(random.Random(5))
    events = []
    while not session.is_over:
        events += play_deal(session, policy)
    won = [e for e in events if isinstance(e, SeriesWon)]
    assert len(won) == 1 and sum(won[0].amounts) == 2000
    board = session.scoreboard().series
    assert board is not None
    assert all(board.rows[s].wins == 3 for s in won[0].winners)
    with pytest.raises(IllegalAction, match="over"):
        session.start_deal()


def test_house_rule_14_replay_session_deals_again_with_the_same_dealer() -> None:
    session = KrgSession(NAMES, rng=random.Random(6), tie_rule=TieRule.REPLAY, dealer=1)
    policy = RandomPolicy(random.Random(7))
    for _ in range(400):
        dealer = session.series.dealer
        wins = [p.wins for p in session.series.players]
        events = play_deal(session, policy)
        scored = next(e for e in events if isinstance(e, DealScored))
        if scored.replay:
            assert len(scored.winners) > 1 and scored.credited == ()
            assert session.series.dealer == dealer
            assert [p.wins for p in session.series.players] == wins
            return
        if session.is_over:
            session = KrgSession(NAMES, rng=random.Random(len(events)), tie_rule=TieRule.REPLAY)
    pytest.fail("no tied deal in 400 seeded deals")


def test_house_rule_16_cube_only_between_deals_and_dropped_players_are_not_dealt_in() -> None:
    session = KrgSession(NAMES, rng=random.Random(8), cube=True, dealer=0)
    session.start_deal()
    with pytest.raises(IllegalAction, match="between deals"):
        session.turn_cube(2)
    policy = RandomPolicy(random.Random(9))
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        hole = [c for c in session.hole_cards(seat) if c is not None]  # dealt: all known
        session.act(policy.choose(session.legal_actions(), hole))
    session.turn_cube(2)
    with pytest.raises(IllegalAction, match="answer the cube"):
        session.start_deal()
    session.answer_cube(3, double=False)
    session.answer_cube(0, double=True)
    session.answer_cube(1, double=True)
    events = play_deal(session, policy)
    assert sorted(e.seat for e in events if isinstance(e, HoleDealt)) == [0, 1, 2]
    with pytest.raises(IllegalAction, match="not in this hand"):
        session.hole_cards(3)


def _uses_a_kept_card_in_four_of_a_kind(session: KrgSession, seat: int) -> bool:
    """Exactly four of a kind (by the evaluator), its rank among the seat's kept cards."""
    hand = session.hand
    assert hand is not None
    made = hand.made_hand(session.hand_seat(seat))
    assert made is not None
    if category(made.value) != Category.FOUR_OF_A_KIND:
        return False
    ranks = [c.rank for c in made.cards]
    quad_rank = max(set(ranks), key=ranks.count)
    return quad_rank in {c.rank for c in session.hole_cards(seat) if c is not None}


def test_house_rule_17_a_deal_with_four_of_a_kind_wins_the_side_bet() -> None:
    policy = RandomPolicy(random.Random(10))
    for seed in range(3000):
        session = KrgSession(NAMES, rng=random.Random(seed), side_bet=100)
        events = play_deal(session, policy)
        quads = [s for s in range(4) if _uses_a_kept_card_in_four_of_a_kind(session, s)]
        side = [e for e in events if isinstance(e, SideBetWon)]
        if quads:
            assert len(side) == 1
            assert sorted(side[0].winners) == quads
            assert sum(side[0].amounts) == 400
            return
        assert not side
    pytest.fail("no four of a kind in 3000 seeded deals")


def test_host_mode_krg_river_typed_after_the_hands_are_shown_decides_the_deal() -> None:
    session = KrgSession(NAMES[:2], rng=random.Random(11), cards=Entered(), dealer=0)
    session.start_deal()
    while session.to_act is not None and session.legal_actions().discard_count:
        session.act(Discard(count=session.legal_actions().discard_count))
    board = zip(("flop 1", "flop 2", "flop 3", "turn"), parse_cards("Qh 9c 9d 4s"), strict=True)
    for slot, card in board:
        session.reveal_board(slot, card)
    session.show(1, parse_cards("Kh Ks"))
    session.show(0, parse_cards("4d 4c"))
    assert session.awaiting_winners  # the river is still to be typed
    events = session.reveal_board("river", parse_cards("2h")[0])
    assert any(isinstance(e, DealScored) and e.credited == (0,) for e in events)
    assert not session.in_hand and not session.awaiting_winners


def test_host_mode_krg_deal_waits_for_the_host_to_name_the_winner() -> None:
    session = KrgSession(NAMES[:3], rng=random.Random(11), cards=Entered(), dealer=0)
    session.start_deal()
    assert session.hole_cards(1) == (None,) * 6
    while session.to_act is not None:
        legal = session.legal_actions()
        session.act(Discard(count=legal.discard_count) if legal.discard_count else Show())
    # The deal waits for the host, as a freezeout pot the cards could not settle does.
    assert session.in_hand and session.pending_awards() == [0]
    with pytest.raises(IllegalAction, match="not finished"):
        session.start_deal()
    events = session.award(0, [2])
    assert events[-1] == DealScored(1, (2,), (2,), False)
    assert not session.in_hand and session.hand is not None and session.hand.winners == (2,)
    assert session.pending_awards() == []
    with pytest.raises(IllegalAction, match="waiting"):
        session.award(0, [1])


class _StackedDeck(random.Random):
    """A deck in a set order: each seat's six cards from the dealer's left, then the board."""

    def __init__(self, holes: list[str], board: str) -> None:
        super().__init__(0)
        flop, turn, river = board.split()[:3], board.split()[3], board.split()[4]
        burn = iter(parse_cards("2s 3s 4s"))
        pops = [next(burn), *parse_cards(flop), next(burn), *parse_cards(turn)]
        pops += [next(burn), *parse_cards(river)]
        deck = list(reversed(pops))
        for hole in reversed(holes):
            deck += parse_cards(hole)
        self.deck = deck

    def sample(  # type: ignore[override]  # this deck deals only its own cards
        self, population: Sequence[Card], k: int, **kw: object
    ) -> list[Card]:
        assert k == len(self.deck)
        return list(self.deck)


def _side_bet_deal(holes: list[str], board: str) -> list[Event]:
    """Two players, dealer seat 1 (seat 0 is dealt first); each discards its first four cards."""
    session = KrgSession(NAMES[:2], rng=_StackedDeck(holes, board), side_bet=100, dealer=1)
    events = session.start_deal()
    while session.in_hand:
        seat = session.to_act
        assert seat is not None
        count = session.legal_actions().discard_count
        thrown = session.hole_cards(seat)[:count]
        events += session.act(Discard(tuple(c for c in thrown if c is not None)))
    return events


def test_house_rule_17_four_of_a_kind_with_a_kept_card_wins_the_side_bet() -> None:
    events = _side_bet_deal(["5c 5d 6c 6d 7s 2c", "8c 8d 9c 9d Ac Ad"], "7c 7d 7h Kd 3h")
    (side,) = [e for e in events if isinstance(e, SideBetWon)]
    assert side.winners == (0,)


def test_house_rule_17_a_straight_flush_is_not_four_of_a_kind_for_the_side_bet() -> None:
    events = _side_bet_deal(["5c 5d 6c 6d 9h Th", "8c 8d 9c 9d Ac Ad"], "Jh Qh Kh 2c 3d")
    assert next(e for e in events if isinstance(e, DealWon)).winners == (0,)
    assert not [e for e in events if isinstance(e, SideBetWon)]


def test_house_rule_17_four_of_a_kind_on_the_board_alone_wins_nobody_the_side_bet() -> None:
    events = _side_bet_deal(["5c 5d 6c 6d Ks 2c", "8c 8d 9c 9d Ac Ad"], "7c 7d 7h 7s 3h")
    assert next(e for e in events if isinstance(e, DealWon)).winners == (1,)
    assert not [e for e in events if isinstance(e, SideBetWon)]


def test_krg_session_has_no_chips_timer_or_sitting_out() -> None:
    session = KrgSession(NAMES[:3], rng=random.Random(1), dealer=0)
    board = session.scoreboard()
    assert board.series is not None
    assert board.level is None and board.series.target == 3
    assert [p.stack for p in board.players] == [None] * 3
    assert session.advance_time(3600) == [] and session.time_left() is None
    assert session.sitting_out == frozenset()
    with pytest.raises(IllegalAction, match="discards for themselves"):
        session.sit_out(1)
    with pytest.raises(IllegalAction, match="no chip stacks"):
        session.correct_stacks({0: 100})
