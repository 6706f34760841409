"""No-limit betting, pinned rule by rule: the Hold'em rules document and HOUSE_RULES 1-9."""

from __future__ import annotations

import random
from typing import TypedDict, Unpack

import pytest

from homegame.cards import Card, parse_cards
from homegame.engine import AllIn, BetRaise, Call, Check, Fold, Hand, IllegalAction
from homegame.engine.events import (
    Acted,
    BoardDealt,
    CardsShown,
    HoleDealt,
    Mucked,
    UncalledReturned,
)
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
YUKON = get_variant("yukon")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def board(text: str) -> dict[str, Card]:
    return dict(zip(HOLDEM.slots, parse_cards(text), strict=True))


class Rules(TypedDict, total=False):
    """The table rules a test may set on its hand (the blinds and button have defaults)."""

    button: int
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: bool
    small_blind_seat: int | str | None
    big_blind_seat: int | str | None
    muck_losers: bool


def deal(
    stacks: list[int],
    hole: list[str] | None = None,
    board_text: str = "2c 3d 8h 9s Kd",
    **kw: Unpack[Rules],
) -> Hand:
    """A hold'em hand with 10/20 blinds, button on seat 0 unless told otherwise."""
    kw.setdefault("button", 0)
    kw.setdefault("small_blind", 10)
    kw.setdefault("big_blind", 20)
    holes = [cards(h) for h in hole] if hole else None
    return Hand(
        HOLDEM,
        stacks,
        hole_cards=holes,
        board=board(board_text),
        rng=random.Random(0),
        names=["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][: len(stacks)],
        **kw,
    )


def test_rules_preflop_first_to_act_is_left_of_the_big_blind() -> None:
    hand = deal([1000] * 5)
    assert (hand.small_blind_seat, hand.big_blind_seat, hand.to_act) == (1, 2, 3)


def test_rules_postflop_first_active_player_left_of_the_button_acts_first() -> None:
    hand = deal([1000] * 4)
    hand.act(Call())  # seat 3
    hand.act(Call())  # seat 0, the button
    hand.act(Fold())  # seat 1, small blind folds
    hand.act(Check())  # seat 2, big blind
    assert hand.street == "flop"
    assert hand.to_act == 2


def test_house_rule_5_heads_up_button_posts_small_blind_first_preflop_last_after() -> None:
    hand = deal([1000, 1000], button=1)
    assert hand.small_blind_seat == 1 and hand.big_blind_seat == 0
    assert hand.to_act == 1
    hand.act(Call())
    hand.act(Check())
    assert hand.street == "flop" and hand.to_act == 0


def test_house_rule_5_a_hand_with_no_small_blind() -> None:
    hand = deal([1000] * 4, small_blind_seat=None, big_blind_seat=1)
    assert hand.bets == (0, 20, 0, 0)
    assert hand.to_act == 2


def test_rules_min_bet_is_one_big_blind() -> None:
    hand = deal([1000] * 3)
    for _ in range(3):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    legal = hand.legal_actions()
    assert legal.can_bet and legal.min_raise_to == 20
    with pytest.raises(IllegalAction, match="minimum is bet to 20"):
        hand.act(BetRaise(19))
    hand.act(BetRaise(20))


def test_house_rule_1_min_raise_is_the_last_full_increment() -> None:
    hand = deal([5000] * 4)
    hand.act(BetRaise(100))  # seat 3 raises by 80
    assert hand.legal_actions().min_raise_to == 180
    hand.act(BetRaise(300))  # button raises by 200
    assert hand.legal_actions().min_raise_to == 500


def test_house_rule_1_min_raise_never_less_than_the_big_blind() -> None:
    hand = deal([1000] * 3)
    legal = hand.legal_actions()
    assert legal.min_raise_to == 40  # call 20, raise by at least one big blind


def test_house_rule_1_short_all_in_does_not_reopen_for_a_player_who_acted() -> None:
    hand = deal([1000, 1000, 1000, 150])
    hand.act(BetRaise(100))  # seat 3 would be 150 all-in; seat 3 raises to 100
    hand.act(Call())  # button calls 100
    hand.act(Call())  # small blind calls
    hand.act(Call())  # big blind calls
    # flop: big blind (seat 2)... seat 1 first left of button
    hand.act(BetRaise(20))  # seat 1 bets 20
    hand.act(Call())  # seat 2 calls
    hand.act(AllIn())  # seat 3: all-in for 50, a raise of 30 (short of 20? no: full)
    assert hand.legal_actions().min_raise_to is not None  # seat 0 has not acted


def test_house_rule_1_short_all_in_raise_gives_acted_players_only_call_or_fold() -> None:
    # seat 3 has 250: after a bet of 200 its all-in to 250 is a raise of 50 < 200
    hand = deal([2000, 2000, 2000, 270])
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    assert hand.street == "flop" and hand.to_act == 1
    hand.act(BetRaise(200))  # seat 1 bets 200
    hand.act(Call())  # seat 2 calls
    hand.act(AllIn())  # seat 3 all-in 250: short
    hand.act(Call())  # seat 0 (not acted yet) just calls
    legal = hand.legal_actions()  # back to seat 1, who acted
    assert hand.to_act == 1
    assert legal.call_amount == 50
    assert legal.min_raise_to is None and not legal.can_all_in
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(BetRaise(500))


def test_house_rule_1_player_not_yet_acted_may_raise_over_a_short_all_in() -> None:
    hand = deal([2000, 2000, 2000, 270])
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    hand.act(BetRaise(200))
    hand.act(Call())
    hand.act(AllIn())  # 250, short raise of 50
    legal = hand.legal_actions()
    assert hand.to_act == 0
    assert legal.min_raise_to == 450  # 250 + the last full increment 200


def test_house_rule_1_short_all_ins_adding_up_to_a_full_raise_reopen_tda_47() -> None:
    # after the flop: seat 1 bets 100; seat 2 all-in 150 (+50), seat 3 all-in 210 (+60):
    # seat 1 now faces 110 more, at least a full raise of 100: it may raise again
    hand = deal([2000, 2000, 170, 230])
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    hand.act(BetRaise(100))
    hand.act(AllIn())
    hand.act(AllIn())
    hand.act(Call())  # seat 0
    assert hand.to_act == 1
    legal = hand.legal_actions()
    assert legal.min_raise_to == 310


def test_house_rule_1_one_short_all_in_under_a_full_raise_does_not_reopen() -> None:
    hand = deal([2000, 2000, 170, 2000])
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    hand.act(BetRaise(100))
    hand.act(AllIn())  # 150: +50
    hand.act(Call())  # seat 3
    hand.act(Call())  # seat 0
    assert hand.to_act == 1
    assert hand.legal_actions().min_raise_to is None


def test_house_rule_2_short_big_blind_others_call_the_full_big_blind() -> None:
    hand = deal([1000, 1000, 12, 1000])
    assert hand.bets == (0, 10, 12, 0)
    legal = hand.legal_actions()
    assert legal.call_amount == 20
    assert legal.min_raise_to == 40


def test_house_rule_2_short_big_blind_wins_only_what_it_matched() -> None:
    hole = ["7c 7d", "8c 9d", "Ah As", "Kc Qd"]
    hand = deal([1000, 1000, 12, 1000], hole=hole)
    hand.act(Call())  # seat 3 calls 20
    hand.act(Call())  # seat 0 calls 20
    hand.act(Fold())  # seat 1 folds its 10
    while not hand.is_over:
        hand.act(Check())
    main, side = hand.pots[0], hand.pots[1]
    assert main.amount == 12 * 3 + 10 and main.winners == (2,)
    assert side.amount == 16 and 2 not in side.eligible
    assert hand.stacks[2] == 46


def test_house_rule_2_big_blind_short_of_the_small_blind_heads_up_nobody_acts() -> None:
    """Ann (button, small blind 10) against Bob all-in for 8: no decision, 2 back, showdown."""
    hand = deal([1000, 8], hole=["7c 2d", "Ah As"], button=0)
    assert hand.is_over and hand.to_act is None
    returned = [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert returned == [UncalledReturned(0, 2)]
    assert len(hand.board) == 5
    assert {e.seat for e in hand.events if isinstance(e, CardsShown)} == {0, 1}
    assert hand.stacks == (992, 16)


def test_house_rule_2_folded_to_the_small_blind_against_a_short_big_blind_nobody_acts() -> None:
    """The button folds to the small blind (10) against a big blind all-in for 10: showdown."""
    hand = deal([1000, 1000, 10], hole=["Kc Qc", "7c 2d", "Ah As"], button=0)
    assert hand.to_act == 0 and hand.legal_actions().call_amount == 20
    hand.act(Fold())
    assert hand.is_over
    assert not [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert len(hand.board) == 5
    assert hand.stacks == (1000, 990, 20)


def test_house_rule_2_a_short_big_blind_over_the_small_blind_still_asks_the_small_blind() -> None:
    """A big blind all-in for 15 over a small blind of 10: the small blind calls or folds."""
    hand = deal([1000, 15], button=0)
    assert hand.to_act == 0
    assert hand.legal_actions().can_fold


def test_house_rule_3_short_all_in_under_the_minimum_bet() -> None:
    # flop: seat 3 with 40 left goes all-in for 40 (big blind 100 here)
    hand = deal([5000, 5000, 5000, 140], small_blind=50, big_blind=100)
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    hand.act(Check())  # seat 1
    hand.act(Check())  # seat 2
    hand.act(AllIn())  # seat 3: 40
    legal = hand.legal_actions()  # seat 0, the button, has not acted
    assert legal.call_amount == 40
    assert legal.min_raise_to == 140


def test_house_rule_1_checked_player_facing_under_minimum_all_in_may_only_call_or_fold() -> None:
    hand = deal([5000, 5000, 5000, 140], small_blind=50, big_blind=100)
    for _ in range(4):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    hand.act(Check())
    hand.act(Check())
    hand.act(AllIn())
    hand.act(Call())  # seat 0 calls 40
    legal = hand.legal_actions()  # seat 1 checked before
    assert legal.call_amount == 40 and legal.min_raise_to is None


def test_rules_all_in_is_allowed_for_less_than_a_call() -> None:
    hand = deal([1000, 1000, 1000, 15])
    legal = hand.legal_actions()
    assert legal.can_all_in and legal.all_in_to == 15 and legal.call_amount == 15
    events = hand.act(AllIn())
    assert isinstance(events[0], Acted)
    assert events[0].all_in and events[0].amount == 15


def test_illegal_check_says_who_bet_and_what_is_allowed() -> None:
    hand = deal([5000] * 3, small_blind=60, big_blind=120)
    hand.act(BetRaise(240))
    hand.act(Fold())
    with pytest.raises(IllegalAction) as err:
        hand.act(Check())
    assert (
        str(err.value) == "you can't check: Ann bet 240; call 120, raise to at least 360, or fold"
    )


def test_house_rule_6_uncalled_bet_is_returned_and_fold_out_shows_no_cards() -> None:
    hand = deal([1000] * 3)
    hand.act(BetRaise(300))
    hand.act(Fold())
    events = hand.act(Fold())
    returned = [e for e in events if isinstance(e, UncalledReturned)]
    assert returned == [UncalledReturned(0, 280)]
    assert hand.stacks == (1030, 990, 980)
    assert not any(isinstance(e, CardsShown) for e in hand.events)
    assert hand.public_view().seats[0].cards is None


def test_house_rule_7_all_in_run_out_deals_the_rest_face_up_without_betting() -> None:
    hole = ["Ah Ad", "Qh Qc", "2s 2h"]
    hand = deal([1000, 500, 1000], hole=hole)
    hand.act(AllIn())  # seat 0
    hand.act(AllIn())  # seat 1
    events = hand.act(Fold())  # seat 2
    assert hand.is_over
    kinds = [type(e) for e in events]
    first_board = kinds.index(BoardDealt)
    shown_at = [i for i, k in enumerate(kinds) if k is CardsShown]
    assert len(shown_at) == 2 and max(shown_at) < first_board
    assert len(hand.board) == 5
    assert hand.stacks == (1520, 0, 980)


def test_house_rule_8_last_river_aggressor_shows_first_and_a_loser_mucks() -> None:
    hole = ["Ah Ad", "7h 7d", "2s 3h"]
    hand = deal([1000] * 3, hole=hole, board_text="Kc 9d 8h 4s Js")
    for _ in range(3):
        hand.act(Call() if hand.legal_actions().can_call else Check())
    while hand.street != "river":
        hand.act(Check())
    hand.act(Check())  # seat 1
    hand.act(BetRaise(40))  # seat 2 bets the river with nothing
    hand.act(Call())  # seat 0
    hand.act(Call())  # seat 1
    shown = [e.seat for e in hand.events if isinstance(e, CardsShown)]
    mucked = [e.seat for e in hand.events if isinstance(e, Mucked)]
    assert shown == [2, 0]
    assert mucked == [1]


def test_house_rule_8_nobody_bet_first_live_player_left_of_button_shows_first() -> None:
    hole = ["Ah Ad", "7h 7d", "Kh Kd"]
    hand = deal([1000] * 3, hole=hole, board_text="Qc 9d 8h 4s Js")
    hand.act(Call())
    hand.act(Call())
    while not hand.is_over:
        hand.act(Check())
    shown = [e.seat for e in hand.events if isinstance(e, CardsShown)]
    assert shown == [1, 2, 0]  # 7s shown, kings beat them, aces beat kings


def test_house_rule_8_everyone_shows_setting() -> None:
    hole = ["Ah Ad", "7h 7d", "2s 3h"]
    hand = deal([1000] * 3, hole=hole, board_text="Kc 9d 8h 4s Js", muck_losers=False)
    hand.act(Call())
    hand.act(Call())
    while not hand.is_over:
        hand.act(Check())
    assert sorted(e.seat for e in hand.events if isinstance(e, CardsShown)) == [0, 1, 2]


def test_house_rule_8_no_mucking_in_an_all_in_run_out() -> None:
    hole = ["Ah Ad", "7h 7d", "2s 3h"]
    hand = deal([1000] * 3, hole=hole, board_text="Kc 9d 8h 4s Js")
    hand.act(AllIn())
    hand.act(AllIn())
    hand.act(AllIn())
    assert sorted(e.seat for e in hand.events if isinstance(e, CardsShown)) == [0, 1, 2]
    assert not any(isinstance(e, Mucked) for e in hand.events)


def test_house_rule_9_one_burn_before_each_board_round() -> None:
    for variant, rounds in ((HOLDEM, 3), (YUKON, 3)):
        hand = Hand(variant, [1000] * 3, 0, 10, 20, rng=random.Random(5))
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(Call() if legal.can_call else Check())
        assert len(hand.burned) == rounds
        seen = [c for s in range(3) for c in hand.hole[s]] + list(hand.board.values())
        assert not set(hand.burned) & set(seen)
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(5), burn_cards=False)
    hand.act(AllIn())
    hand.act(AllIn())
    hand.act(AllIn())
    assert hand.burned == []


def test_antes_and_big_blind_ante_are_posted_as_dead_money() -> None:
    hand = deal([1000] * 4, ante=5)
    assert hand.stacks == (995, 985, 975, 995)
    assert hand.pots[0].amount == 20
    hand = deal([1000] * 4, ante=20, bb_ante=True)
    assert hand.stacks == (1000, 990, 960, 1000)


def test_hole_cards_dealt_privately_one_event_per_seat() -> None:
    hand = deal([1000] * 3)
    dealt = [e for e in hand.events if isinstance(e, HoleDealt)]
    assert [e.seat for e in dealt] == [1, 2, 0]
    public = [e.public() for e in dealt]
    assert all(isinstance(e, HoleDealt) and e.cards is None for e in public)
    to_owner, to_other = dealt[0].visible_to(1), dealt[0].visible_to(2)
    assert isinstance(to_owner, HoleDealt) and isinstance(to_other, HoleDealt)
    assert to_owner.cards == tuple(hand.hole[1])
    assert to_other.cards is None


def test_a_raise_to_no_more_than_the_bet_is_refused_unless_it_is_the_whole_stack() -> None:
    hand = deal([1000, 1000, 1000, 15])
    events = hand.act(BetRaise(15))  # all-in for less than the big blind: a call
    assert isinstance(events[0], Acted)
    assert events[0].amount == 15 and events[0].all_in
    assert hand.betting.current_bet == 20
    with pytest.raises(IllegalAction, match="the bet is already 20"):
        hand.act(BetRaise(20))
    with pytest.raises(IllegalAction, match="whole number"):
        hand.act(BetRaise(40.5))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="you only have 1000 more"):
        hand.act(BetRaise(5000))


def test_house_rule_1_a_limper_facing_a_short_all_in_raise_may_only_call_or_fold() -> None:
    """Big blind 20: seat 1 limps, seat 4 goes all-in to 35 (+15, short): seat 1 can't re-raise."""
    hand = deal([1000, 1000, 1000, 1000, 35], button=3)
    # button 3: blinds 4 and 0, first to act seat 1
    hand.act(Call())  # seat 1 limps for 20
    hand.act(Fold())  # seat 2
    hand.act(Fold())  # seat 3, the button
    hand.act(AllIn())  # seat 4 (small blind) all-in to 35: a raise of 15, short of 20
    hand.act(Call())  # seat 0, the big blind, has not acted: it just calls
    assert hand.to_act == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 15 and legal.min_raise_to is None and not legal.can_all_in
