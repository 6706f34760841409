"""An independent audit of one deal against the rules: constructed hands that try to break them.

Each scenario fixes the hole cards, the board, the stacks and every action, and names the rule
(Hold'em rules document, HOUSE_RULES.md, TDA 2022 rule 47) it pins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypedDict, Unpack

import pytest
from every_game import ALL, first_cards_thrown, variant_id

from homegame.cards import Card, parse_cards
from homegame.engine import (
    Action,
    AllIn,
    BetRaise,
    Call,
    Check,
    Discard,
    Fold,
    Hand,
    IllegalAction,
    Muck,
    Phase,
    Show,
)
from homegame.engine.card_sources import Entered
from homegame.engine.events import (
    BoardDealt,
    CardsShown,
    Mucked,
    StreetStarted,
    UncalledReturned,
)
from homegame.engine.pots import split_pot
from homegame.variants import Variant, get_variant

HOLDEM = get_variant("holdem")
YUKON = get_variant("yukon")
KRG = get_variant("krg")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
#: Every hand ties on this board: it is a royal flush.
ROYAL = "As Ks Qs Js Ts"
JUNK_HOLES = ("2c 3d", "4c 5d", "6c 7d", "8c 9d", "2d 3c", "4d 5c")


def c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


class Rules(TypedDict, total=False):
    """The table rules a test may set on its hand besides the button and blinds."""

    muck_losers: bool


def deal(
    stacks: list[int],
    *,
    holes: Sequence[str] | None = None,
    board_text: str = "2h 7s 9c Jd Kh",
    button: int = 0,
    small_blind: int = 10,
    big_blind: int = 20,
    **kw: Unpack[Rules],
) -> Hand:
    """A Hold'em hand with fixed hole cards and board (the rng is never needed)."""
    holes = holes or JUNK_HOLES[: len(stacks)]
    return Hand(
        HOLDEM,
        stacks,
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        hole_cards=[c(h) for h in holes],
        board=dict(zip(HOLDEM.slots, parse_cards(board_text), strict=True)),
        burn_cards=False,
        names=NAMES[: len(stacks)],
        **kw,
    )


def play(hand: Hand, *actions: tuple[int, Action]) -> None:
    """Apply `(seat, action)` pairs, checking that each seat is the one to act."""
    for seat, action in actions:
        assert hand.to_act == seat, f"expected seat {seat} to act, not {hand.to_act}"
        hand.act(action, seat)


def limp_to_flop_four_handed(stacks: list[int]) -> Hand:
    """Four players, button 3 (SB 0, BB 1): everyone calls 20 and the flop is dealt."""
    hand = deal(stacks, button=3)
    play(hand, (2, Call()), (3, Call()), (0, Call()), (1, Check()))
    assert hand.street == "flop" and hand.to_act == 0
    return hand


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything a seat or the table could see, and the betting state behind it."""
    b = hand.betting
    return (
        tuple(repr(hand.view_for(s)) for s in range(hand.n)),
        repr(hand.public_view()),
        hand.stacks,
        hand.bets,
        hand.folded,
        hand.to_act,
        hand.phase,
        hand.street,
        len(hand.events),
        tuple(tuple(h) for h in hand.hole),
        tuple(tuple(d) for d in hand.discarded),
        tuple(hand.board.items()),
        tuple(b.totals),
        tuple(b.acted_level),
        b.current_bet,
        b.min_increment,
        b.aggressor,
    )


# -- TDA 47 / HOUSE_RULES 1: short all-ins and reopening -------------------------------------


def test_tda_47_two_short_all_ins_adding_up_to_a_full_raise_reopen_for_the_opener() -> None:
    hand = limp_to_flop_four_handed([1000, 170, 220, 1000])
    play(hand, (0, BetRaise(100)), (1, AllIn()), (2, AllIn()), (3, Call()))
    assert hand.bets == (100, 150, 200, 200)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call_amount == 100
    assert legal.can_raise and legal.min_raise_to == 300


def test_tda_47_short_all_ins_short_of_a_full_raise_in_total_do_not_reopen() -> None:
    hand = limp_to_flop_four_handed([1000, 170, 219, 1000])
    play(hand, (0, BetRaise(100)), (1, AllIn()), (2, AllIn()), (3, Call()))
    legal = hand.legal_actions()
    assert legal.call_amount == 99 and not legal.can_raise and not legal.can_all_in
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(BetRaise(300))
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(AllIn())
    assert snapshot(hand) == before


def test_tda_47_reopening_is_judged_per_player_by_what_each_one_faces() -> None:
    """Opener faces 140 more (a full raise in total), the caller of the first short all-in 90."""
    hand = limp_to_flop_four_handed([1000, 170, 1000, 260])
    play(hand, (0, BetRaise(100)), (1, AllIn()), (2, Call()), (3, AllIn()))
    assert hand.bets == (100, 150, 150, 240)
    opener = hand.legal_actions()
    assert opener.seat == 0 and opener.can_raise and opener.min_raise_to == 340
    play(hand, (0, Call()))
    caller = hand.legal_actions()
    assert caller.seat == 2 and caller.call_amount == 90
    assert not caller.can_raise and not caller.can_all_in


def test_tda_47_short_all_in_after_a_full_raise_reopens_only_for_who_faces_the_full_raise() -> None:
    hand = limp_to_flop_four_handed([1000, 1000, 470, 1000])
    play(hand, (0, BetRaise(100)), (1, BetRaise(300)), (2, AllIn()), (3, Call()))
    assert hand.bets == (100, 300, 450, 450)
    opener = hand.legal_actions()
    assert opener.seat == 0 and opener.can_raise and opener.min_raise_to == 650
    play(hand, (0, Call()))
    raiser = hand.legal_actions()
    assert raiser.seat == 1 and raiser.call_amount == 150 and not raiser.can_raise


# -- HOUSE_RULES 2: the short big blind --------------------------------------------------------


def test_house_rule_2_short_big_blind_others_call_full_bb_and_it_wins_only_what_it_matched() -> (
    None
):
    hand = deal(
        [1000, 1000, 15],
        holes=["Kc Kd", "7c 2d", "Ac Ad"],
        board_text="3h 8s 9c Jd 4h",
        button=0,
    )
    assert hand.bets == (0, 10, 15) and hand.all_in[2]
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call_amount == 20 and legal.min_raise_to == 40
    play(hand, (0, Call()), (1, Call()))
    assert hand.street == "flop" and hand.to_act == 1
    while not hand.is_over:
        hand.act(Check())
    pots = hand.result.pots
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [
        (45, (0, 1, 2), (2,)),
        (10, (0, 1), (0,)),
    ]
    assert hand.stacks == (990, 980, 45)


def test_house_rule_2_heads_up_short_big_blind_button_calls_full_bb_and_excess_returns() -> None:
    hand = deal([1000, 15], holes=["Kc Kd", "Ac Ad"], board_text="3h 8s 9c Jd 4h", button=0)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call_amount == 10 and not legal.can_raise
    hand.act(Call())
    returned = [e for e in hand.events if isinstance(e, UncalledReturned)]
    assert [(e.seat, e.amount) for e in returned] == [(0, 5)]
    assert hand.is_over and hand.stacks == (985, 30)


# -- HOUSE_RULES 3 and the minimum bet ----------------------------------------------------------


def test_house_rule_3_all_in_under_min_bet_call_40_or_raise_to_140_then_min_bet_is_bb_again() -> (
    None
):
    hand = deal([1000, 1000, 140], button=0, small_blind=50, big_blind=100)
    play(hand, (0, Call()), (1, Call()), (2, Check()))
    play(hand, (1, Check()), (2, AllIn()))
    assert hand.bets == (0, 0, 40)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call_amount == 40 and legal.min_raise_to == 140
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="minimum is raise to 140"):
        hand.act(BetRaise(139))
    assert snapshot(hand) == before
    play(hand, (0, Call()))
    checked = hand.legal_actions()
    assert checked.seat == 1 and checked.call_amount == 40 and not checked.can_raise
    play(hand, (1, Call()))
    assert hand.street == "turn" and hand.to_act == 1
    turn = hand.legal_actions()
    assert turn.can_bet and turn.min_raise_to == 100
    with pytest.raises(IllegalAction, match="minimum is bet to 100"):
        hand.act(BetRaise(99))


def test_house_rule_1_min_raise_after_a_short_all_in_raise_is_the_last_full_increment() -> None:
    hand = limp_to_flop_four_handed([1000, 170, 1000, 1000])
    play(hand, (0, BetRaise(100)), (1, AllIn()))
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.min_raise_to == 250
    with pytest.raises(IllegalAction, match="minimum is raise to 250"):
        hand.act(BetRaise(249))


# -- HOUSE_RULES 4: odd chips ------------------------------------------------------------------


def test_house_rule_4_odd_chips_in_multiway_side_pots_settle_each_pot_on_its_own() -> None:
    """Main pot 1340 three ways (two odd chips), side pot 305 two ways (one odd chip)."""
    hand = deal([1000, 1000, 335, 1000], board_text=ROYAL, button=3)
    play(hand, (2, AllIn()), (3, Call()), (0, Call()), (1, Call()))
    play(hand, (0, BetRaise(21)), (1, Call()), (3, Call()))
    play(hand, (0, BetRaise(40)), (1, Call()), (3, BetRaise(101)), (0, Fold()), (1, Call()))
    play(hand, (1, Check()), (3, Check()))
    assert hand.is_over
    pots = [(p.amount, p.eligible, p.winners, p.shares) for p in hand.result.pots]
    assert pots == [
        (1340, (1, 2, 3), (1, 2, 3), (447, 447, 446)),
        (305, (1, 3), (1, 3), (153, 152)),
    ]
    assert hand.stacks == (604, 1143, 447, 1141)


def test_house_rule_4_odd_chip_goes_to_first_winner_left_of_the_button_not_the_lowest_seat() -> (
    None
):
    hand = deal([1000] * 3, board_text=ROYAL, button=0, small_blind=15, big_blind=30)
    play(hand, (0, Call()), (1, Fold()), (2, Check()))
    while not hand.is_over:
        hand.act(Check())
    (pot,) = hand.result.pots
    assert (pot.amount, pot.winners, pot.shares) == (75, (0, 2), (37, 38))


def test_house_rule_4_no_tied_winner_gets_two_odd_chips_from_one_pot() -> None:
    for button in range(5):
        for amount in range(100, 110):
            winners = (0, 1, 3, 4)
            shares = split_pot(amount, winners, button, 5)
            assert sum(shares) == amount
            assert max(shares) - min(shares) <= 1
            order = sorted(winners, key=lambda s: (s - button - 1) % 5)
            extra = [s for s in order if shares[winners.index(s)] > amount // 4]
            assert extra == order[: amount % 4]


# -- HOUSE_RULES 6: uncalled bets --------------------------------------------------------------


def test_house_rule_6_uncalled_bet_returned_when_the_only_caller_is_all_in_for_less() -> None:
    hand = limp_to_flop_four_handed([1000, 140, 1000, 1000])
    play(hand, (0, BetRaise(500)), (1, Call()), (2, Fold()), (3, Fold()))
    returned = [(e.seat, e.amount) for e in hand.events if isinstance(e, UncalledReturned)]
    assert returned == [(0, 380)]
    assert hand.runout
    assert sum(p.amount for p in hand.result.pots) == 80 + 2 * 120
    assert sum(hand.stacks) == 1000 + 140 + 1000 + 1000


def test_house_rule_6_uncalled_part_of_a_raise_is_measured_against_the_next_biggest_bet() -> None:
    """0 bets 100, 1 raises to 300, 2 is all-in for 150, 0 folds: 150 of the raise comes back."""
    hand = limp_to_flop_four_handed([1000, 1000, 170, 1000])
    play(hand, (0, BetRaise(100)), (1, BetRaise(300)), (2, AllIn()), (3, Fold()), (0, Fold()))
    returned = [(e.seat, e.amount) for e in hand.events if isinstance(e, UncalledReturned)]
    assert returned == [(1, 150)]
    assert hand.is_over
    assert sum(hand.stacks) == 3170


# -- HOUSE_RULES 7: all-in run-outs ------------------------------------------------------------


def test_house_rule_7_one_player_with_chips_and_the_rest_all_in_runs_out_face_up() -> None:
    hand = deal([1000, 100, 200], holes=["Kc Kd", "Qc Qd", "Ac Ad"], button=0)
    play(hand, (0, AllIn()), (1, Call()), (2, Call()))
    assert hand.is_over
    events = hand.events
    started = [e.street for e in events if isinstance(e, StreetStarted)]
    assert started == ["preflop"]
    first_board = next(i for i, e in enumerate(events) if isinstance(e, BoardDealt))
    shown = [e.seat for e in events[:first_board] if isinstance(e, CardsShown)]
    assert sorted(shown) == [0, 1, 2]
    assert not any(isinstance(e, Mucked) for e in events)
    assert len(hand.board) == 5 and hand.winners == (0,)
    assert hand.stacks == (1300, 0, 0)


def test_house_rule_7_run_out_after_a_fold_leaves_only_one_player_with_chips() -> None:
    hand = deal([1000, 1000, 100], holes=["Kc Kd", "Qc Qd", "Ac Ad"], button=0)
    play(hand, (0, Call()), (1, Call()), (2, AllIn()), (0, Call()), (1, Call()))
    assert hand.street == "flop"
    play(hand, (1, BetRaise(200)), (0, Fold()))
    assert hand.is_over
    events = hand.events
    flop_fold = max(i for i, e in enumerate(events) if isinstance(e, StreetStarted))
    later = events[flop_fold:]
    assert [e.street for e in later if isinstance(e, StreetStarted)] == ["flop"]
    turn_dealt = next(
        i for i, e in enumerate(later) if isinstance(e, BoardDealt) and e.street == "turn"
    )
    assert sorted(e.seat for e in later[:turn_dealt] if isinstance(e, CardsShown)) == [1, 2]
    assert 0 not in hand.shown


# -- HOUSE_RULES 8: showdown order -------------------------------------------------------------


def shown_order(hand: Hand) -> list[int]:
    return [e.seat for e in hand.events if isinstance(e, CardsShown)]


def test_house_rule_8_last_river_aggressor_shows_first_then_clockwise() -> None:
    hand = deal([1000] * 3, board_text=ROYAL, button=0, muck_losers=False)
    play(hand, (0, Call()), (1, Call()), (2, Check()))
    for _ in range(2):
        play(hand, (1, Check()), (2, Check()), (0, Check()))
    play(hand, (1, Check()), (2, BetRaise(40)), (0, BetRaise(100)), (1, Call()), (2, Call()))
    assert shown_order(hand) == [0, 1, 2]


def test_house_rule_8_bet_on_turn_but_not_river_first_live_left_of_button_shows() -> None:
    hand = deal([1000] * 4, board_text=ROYAL, button=1, muck_losers=False)
    play(hand, (0, Call()), (1, Call()), (2, Call()), (3, Check()))
    play(hand, (2, Check()), (3, Check()), (0, Check()), (1, Check()))
    play(hand, (2, Check()), (3, BetRaise(50)), (0, Call()))
    play(hand, (1, Call()), (2, Fold()))
    play(hand, (3, Check()), (0, Check()), (1, Check()))
    assert shown_order(hand) == [3, 0, 1]


def test_house_rule_8_losers_muck_against_the_hands_already_shown() -> None:
    """River bettor shows a set; the next player has less and mucks; the last has more."""
    hand = deal(
        [1000] * 3,
        holes=["9c 9d", "Ah Kd", "Jc Js"],
        board_text="2h 7s 9h Jd 3c",
        button=0,
    )
    play(hand, (0, Call()), (1, Call()), (2, Check()))
    for _ in range(2):
        play(hand, (1, Check()), (2, Check()), (0, Check()))
    play(hand, (1, Check()), (2, Check()), (0, BetRaise(20)), (1, Call()), (2, Call()))
    assert shown_order(hand) == [0, 2]
    assert hand.mucked == {1}
    assert hand.winners == (2,)


def _to_the_river(hand: Hand) -> None:
    """Button 0 of three: everyone limps and checks to the river (seat 1 acts first there)."""
    play(hand, (0, Call()), (1, Call()), (2, Check()))
    for _ in range(2):
        play(hand, (1, Check()), (2, Check()), (0, Check()))
    assert hand.street == "river" and hand.to_act == 1


def test_tda_16_house_rules_7_8_a_called_river_all_in_turns_every_live_hand_face_up() -> None:
    """Decision by the lead: betting is over with a player all-in, so nobody mucks, though
    no card is left to come (the losers here would muck without the all-in)."""
    hand = deal(
        [1000, 500, 1000],
        holes=["7c 2d", "Ac Ad", "Kc Kd"],
        board_text="3h 8s 9c Jd 4h",
        button=0,
    )
    _to_the_river(hand)
    play(hand, (1, AllIn()), (2, Call()), (0, Call()))
    assert not hand.runout and hand.face_up
    assert shown_order(hand) == [1, 2, 0] and hand.mucked == set()
    assert hand.winners == (1,) and hand.stacks == (500, 1500, 500)


def test_tda_16_house_rules_7_8_an_earlier_all_in_shows_the_side_pot_hands_too() -> None:
    """All-in before the flop; the other two check the side pot down: every hand is shown."""
    hand = deal(
        [1000, 100, 1000],
        holes=["7c 2d", "Ac Ad", "Kc Kd"],
        board_text="3h 8s 9c Jd 4h",
        button=0,
    )
    play(hand, (0, Call()), (1, AllIn()), (2, Call()), (0, Call()))
    for _ in range(3):
        play(hand, (2, Check()), (0, Check()))
    assert not hand.runout and hand.face_up
    assert sorted(hand.shown) == [0, 1, 2] and hand.mucked == set()
    assert hand.stacks == (900, 300, 900)


def test_tda_16_host_mode_nobody_may_muck_after_a_called_river_all_in() -> None:
    hand = Hand(HOLDEM, [1000, 500, 1000], 0, 10, 20, cards=Entered(), names=NAMES[:3])
    _to_the_river(hand)
    play(hand, (1, AllIn()), (2, Call()), (0, Fold()))
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    assert not hand.legal_actions().can_muck
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="every live hand is shown"):
        hand.act(Muck())
    assert snapshot(hand) == before


def test_house_rule_8_without_an_all_in_a_loser_still_mucks_on_the_river() -> None:
    """The same river as the TDA 16 test, but a bet that leaves chips behind: losers muck."""
    hand = deal(
        [1000, 1000, 1000],
        holes=["7c 2d", "Ac Ad", "Kc Kd"],
        board_text="3h 8s 9c Jd 4h",
        button=0,
    )
    _to_the_river(hand)
    play(hand, (1, BetRaise(480)), (2, Call()), (0, Call()))
    assert not hand.face_up
    assert shown_order(hand) == [1] and hand.mucked == {0, 2}


# -- HOUSE_RULES 9: burn cards -----------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL, ids=variant_id)
def test_house_rule_9_one_burn_before_each_board_round_never_a_dealt_card(variant: Variant) -> None:
    stacks = [1000] * 3 if variant.has_chips else [0] * 3
    hand = Hand(variant, stacks, 0, 10, 20, rng=random.Random(11))
    while not hand.is_over:
        rounds = sum(isinstance(e, BoardDealt) for e in hand.events)
        assert len(hand.burned) == rounds  # one burn just before each round, none ahead
        legal = hand.legal_actions()
        if legal.discard_count:
            hand.act(first_cards_thrown(hand, legal.discard_count))
        else:
            hand.act(Check() if legal.can_check else Call())
    assert len(hand.burned) == len(variant.board_rounds) == 3
    dealt = [*hand.board.values(), *(x for seat in range(3) for x in hand.hole[seat])]
    dealt += [x for seat in range(3) for x in hand.discarded[seat]]
    assert len(set(dealt)) == len(dealt)
    assert not set(hand.burned) & set(dealt)
    unburned = Hand(variant, stacks, 0, 10, 20, rng=random.Random(11), burn_cards=False)
    assert unburned.burned == []


# -- Yukon: one set only -----------------------------------------------------------------------


def test_yukon_3_2_a_hand_never_combines_cards_from_both_sets() -> None:
    """Ah 2h with 3h 4h (set A) and 5h 6h (set B) would be a straight flush if mixed."""
    board = {
        "flop A1": c("3h")[0],
        "flop A2": c("4h")[0],
        "flop B1": c("5h")[0],
        "flop B2": c("6h")[0],
        "turn A": c("9c")[0],
        "turn B": c("Kc")[0],
        "river": c("7d")[0],
    }
    hand = Hand(
        YUKON,
        [1000, 1000],
        0,
        10,
        20,
        hole_cards=[c("Ah 2h"), c("9s 9d")],
        board=board,
        burn_cards=False,
        muck_losers=False,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    assert hand.winners == (1,)
    loser, winner = hand.made_hand(0), hand.made_hand(1)
    assert loser is not None and winner is not None
    assert loser.category == "high card"
    assert winner.category == "three of a kind"


# -- illegal actions: a clear refusal and no change of state -----------------------------------


def _preflop() -> Hand:
    return deal([1000, 1000, 1000], button=0)


def _flop_after_bet() -> Hand:
    hand = _preflop()
    play(hand, (0, Call()), (1, Call()), (2, Check()), (1, BetRaise(60)))
    return hand


def _bb_option() -> Hand:
    hand = _preflop()
    play(hand, (0, Call()), (1, Call()))
    return hand


def _over() -> Hand:
    hand = _preflop()
    play(hand, (0, Fold()), (1, Fold()))
    assert hand.is_over
    return hand


def _krg() -> Hand:
    holes = [c("Ah Ad Ac As Kh Kd"), c("2h 2d 2c 2s 3h 3d"), c("4h 4d 4c 4s 5h 5d")]
    return Hand(KRG, [0, 0, 0], button=2, hole_cards=holes, rng=random.Random(3))


ILLEGAL: list[tuple[str, Callable[[], Hand], Callable[[Hand], object], str]] = [
    ("wrong seat", _preflop, lambda h: h.act(Call(), 1), "not Bob's turn: Ann is to act"),
    ("negative bet", _preflop, lambda h: h.act(BetRaise(-5)), "raise to at least 40"),
    ("zero bet", _preflop, lambda h: h.act(BetRaise(0)), "raise to at least 40"),
    ("fraction", _preflop, lambda h: h.act(BetRaise(40.5)), "whole number"),  # type: ignore[arg-type]  # refused at run time
    ("over stack", _preflop, lambda h: h.act(BetRaise(1001)), "only have 1000"),
    ("below min raise", _preflop, lambda h: h.act(BetRaise(39)), "minimum is raise to 40"),
    ("check facing bet", _flop_after_bet, lambda h: h.act(Check()), "Bob bet 60"),
    ("call nothing", _bb_option, lambda h: h.act(Call()), "no bet to call; check or bet"),
    ("after the end", _over, lambda h: h.act(Check()), "the hand is over"),
    ("discard in betting", _preflop, lambda h: h.act(Discard(c("2c 3d"))), "betting round"),
    ("not held", _krg, lambda h: h.act(Discard(c("Ah 4h"))), "4h: it is not in your hand"),
    ("other seat's card", _krg, lambda h: h.act(Discard(c("2h 2d"))), "not in your hand"),
    ("wrong count", _krg, lambda h: h.act(Discard(c("Ah Ad Ac"))), "exactly 2 cards, not 3"),
    ("same card twice", _krg, lambda h: h.act(Discard(c("Ah Ah"))), "same card twice"),
    ("bet in KRG", _krg, lambda h: h.act(BetRaise(40)), "discard 2"),
    ("KRG wrong seat", _krg, lambda h: h.act(Discard(c("Ah Ad")), 1), "not Seat 2's turn"),
]


@pytest.mark.parametrize(
    ("setup", "attempt", "message"), [x[1:] for x in ILLEGAL], ids=[x[0] for x in ILLEGAL]
)
def test_illegal_action_is_refused_clearly_and_changes_nothing(
    setup: Callable[[], Hand], attempt: Callable[[Hand], object], message: str
) -> None:
    hand = setup()
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as error:
        attempt(hand)
    text = str(error.value)
    assert message in text
    assert "Traceback" not in text and "object" not in text and "None" not in text
    assert snapshot(hand) == before


# -- KRG 3.1-3.6: the discards come between the board rounds -----------------------------------


def test_krg_3_discards_two_before_the_flop_one_after_it_one_after_the_turn_then_the_river() -> (
    None
):
    hand = Hand(KRG, [0] * 3, button=0, rng=random.Random(21), names=NAMES[:3])
    stages: list[tuple[int, int, int]] = []
    while not hand.is_over:
        legal = hand.legal_actions()
        assert hand.to_act is not None
        stages.append((legal.discard_count, len(hand.board), len(hand.hole[hand.to_act])))
        hand.act(first_cards_thrown(hand, legal.discard_count))
    assert stages == [(2, 0, 6)] * 3 + [(1, 3, 4)] * 3 + [(1, 4, 3)] * 3
    assert len(hand.board) == 5 and all(len(hand.hole[s]) == 2 for s in range(3))


@pytest.mark.parametrize(("variant", "most"), [(HOLDEM, 10), (YUKON, 10), (KRG, 7)])
def test_rules_player_counts_two_to_ten_and_krg_to_seven(variant: Variant, most: int) -> None:
    stacks = [0 if not variant.has_betting else 100] * most
    Hand(variant, stacks, 0, 1, 2, rng=random.Random(1))
    with pytest.raises(ValueError, match=f"2 to {most}"):
        Hand(variant, [*stacks, stacks[0]], 0, 1, 2, rng=random.Random(1))
    with pytest.raises(ValueError, match=f"2 to {most}"):
        Hand(variant, stacks[:1], 0, 1, 2, rng=random.Random(1))


# -- side pots with a short ante (Hold'em rules: "All-ins and side pots") ----------------------


def test_rules_side_pots_a_short_ante_wins_only_what_it_matched_from_each_opponent() -> None:
    hand = Hand(
        HOLDEM,
        [5, 1000, 1000],
        button=0,
        small_blind=10,
        big_blind=20,
        ante=10,
        hole_cards=[c("Ac Ad"), c("Kc Kd"), c("Qc Qd")],
        board=dict(zip(HOLDEM.slots, c("2h 7s 9c Jd 3h"), strict=True)),
        burn_cards=False,
    )
    assert hand.all_in[0]
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    assert hand.stacks == (15, 1020, 970)


def test_rules_side_pots_a_big_blind_ante_stays_dead_money_in_the_main_pot() -> None:
    """The big blind's ante (20, for the table) is dead: the 5-chip all-in may win all of it."""
    hand = Hand(
        HOLDEM,
        [5, 1000, 1000],
        button=0,
        small_blind=10,
        big_blind=20,
        ante=20,
        bb_ante=True,
        hole_cards=[c("Ac Ad"), c("Kc Kd"), c("Qc Qd")],
        board=dict(zip(HOLDEM.slots, c("2h 7s 9c Jd 3h"), strict=True)),
        burn_cards=False,
    )
    assert hand.stacks == (5, 990, 960)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    assert [(p.amount, p.eligible) for p in hand.pots] == [(20 + 15, (0, 1, 2)), (30, (1, 2))]
    assert hand.stacks == (35, 1010, 960)


def test_rules_side_pots_a_short_small_blind_wins_only_what_it_matched() -> None:
    """The small blind has 5 of its 10: it can win 5 from each of the others, no more."""
    hand = deal(
        [1000, 5, 1000],
        holes=["Kc Kd", "Ac Ad", "Qc Qd"],
        board_text="3h 8s 9c Jd 4h",
        button=0,
    )
    assert hand.bets == (0, 5, 20) and hand.all_in[1]
    play(hand, (0, Call()), (2, Check()))
    while not hand.is_over:
        hand.act(Check())
    assert hand.stacks == (1010, 15, 980)


def test_house_rule_7_yukon_all_in_preflop_runs_out_every_slot_with_a_burn_per_round() -> None:
    hand = Hand(YUKON, [500, 500, 500], 0, 10, 20, rng=random.Random(6))
    play(hand, (0, AllIn()), (1, Call()), (2, Call()))
    assert hand.is_over
    assert [e.street for e in hand.events if isinstance(e, StreetStarted)] == ["preflop"]
    dealt = [e.slots for e in hand.events if isinstance(e, BoardDealt)]
    assert dealt == list(YUKON.board_rounds)
    assert len(hand.burned) == 3 and sorted(hand.shown) == [0, 1, 2]


@pytest.mark.parametrize("amount", [0, -5])
def test_rules_min_bet_a_bet_of_nothing_is_refused_by_naming_the_minimum_bet(amount: int) -> None:
    hand = deal([1000] * 3, button=0)
    play(hand, (0, Call()), (1, Call()), (2, Check()))
    with pytest.raises(IllegalAction) as error:
        hand.act(BetRaise(amount))
    assert "already 0" not in str(error.value)
    assert "minimum" in str(error.value) and "20" in str(error.value)


# -- HOUSE_RULES 8 at a live table (host mode): a mucked hand concedes -------------------------


def _host_showdown() -> Hand:
    """Three players check a host-mode hand down; nobody's cards or the board are entered."""
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Entered(), names=NAMES[:3])
    while hand.phase is Phase.BETTING:
        legal = hand.legal_actions()
        hand.act(Check() if legal.can_check else Call())
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    return hand


def test_house_rule_8_host_mode_a_mucked_hand_cannot_be_named_the_winner() -> None:
    hand = _host_showdown()
    hand.act(Show())
    hand.act(Muck())
    hand.act(Show())
    assert hand.pending_awards() == [0]
    assert hand.pots[0].eligible == (0, 1)  # the host chooses among the hands not mucked
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="Cy can't win this pot: the hand was mucked"):
        hand.award(0, [2])
    assert snapshot(hand) == before


def test_house_rule_8_host_mode_when_every_other_hand_mucks_the_last_one_wins() -> None:
    hand = _host_showdown()
    hand.act(Show())
    hand.act(Muck())
    hand.act(Muck())
    assert hand.is_over and hand.winners == (1,)
    assert hand.stacks == (980, 1040, 980)


def test_house_rule_8_host_mode_the_last_hand_left_in_a_pot_cannot_muck_it_wins() -> None:
    """Mucking concedes; with nobody left to concede to, the last hand may only show."""
    hand = _host_showdown()
    hand.act(Muck())
    hand.act(Muck())
    assert hand.to_act == 0 and not hand.legal_actions().can_muck
    before = snapshot(hand)
    with pytest.raises(IllegalAction, match="every other hand"):
        hand.act(Muck())
    assert snapshot(hand) == before
    hand.act(Show())
    assert hand.is_over and hand.winners == (0,)
    assert hand.stacks == (1040, 980, 980)


@pytest.mark.parametrize("seat", [3, -3])
def test_illegal_host_show_for_a_seat_not_in_the_hand_is_refused_and_changes_nothing(
    seat: int,
) -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Entered(), names=NAMES[:3])
    play(hand, (0, AllIn()), (1, AllIn()), (2, Fold()))
    assert hand.runout
    before = snapshot(hand)
    with pytest.raises(IllegalAction):
        hand.show(seat, c("Ah Ad"))
    assert snapshot(hand) == before


@pytest.mark.parametrize("seat", [3, -1, -3])
def test_illegal_every_hand_method_taking_a_seat_refuses_one_not_in_the_hand(seat: int) -> None:
    """A seat outside 0..n-1 is refused everywhere; a negative one never aliases a real seat."""
    hand = _host_showdown()
    hand.act(Show())
    hand.act(Show())
    hand.act(Show())
    assert hand.pending_awards() == [0]
    before = snapshot(hand)
    attempts: list[Callable[[], object]] = [
        lambda: hand.hole_cards(seat),
        lambda: hand.made_hand(seat),
        lambda: hand.name(seat),
        lambda: hand.view_for(seat),
        lambda: hand.award(0, [seat]),
        lambda: hand.show(seat, c("Ah Ad")),
    ]
    for attempt in attempts:
        with pytest.raises(IllegalAction, match=f"no seat {seat} in this hand"):
            attempt()
    assert snapshot(hand) == before
    betting = deal([1000] * 3, button=0)
    with pytest.raises(IllegalAction, match=f"no seat {seat} in this hand"):
        betting.act(Call(), seat)
