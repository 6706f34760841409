"""One deal of each game: scripts, views, events, unknown cards (host mode) and bad input."""

from __future__ import annotations

import dataclasses
import random
from typing import TypedDict

import pytest
from every_game import first_cards_thrown

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
    public_view,
    view_for,
)
from homegame.engine.card_sources import Entered
from homegame.engine.events import (
    BoardDealt,
    CardsShown,
    DealWon,
    Discarded,
    HandEnded,
    PotAwarded,
)
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
YUKON = get_variant("yukon")
KRG = get_variant("krg")


def c(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def check_or_call(hand: Hand) -> None:
    legal = hand.legal_actions()
    hand.act(Check() if legal.can_check else Call())


def discard_first(hand: Hand) -> None:
    legal = hand.legal_actions()
    hand.act(first_cards_thrown(hand, legal.discard_count))


# -- scripts ---------------------------------------------------------------------------------


def test_yukon_deals_two_flops_two_turns_and_one_river_in_three_rounds() -> None:
    hand = Hand(YUKON, [1000] * 3, 0, 10, 20, rng=random.Random(1))
    dealt = []
    while not hand.is_over:
        before = len(hand.dealt_slots)
        check_or_call(hand)
        if len(hand.dealt_slots) != before:
            dealt.append(len(hand.dealt_slots) - before)
    rounds = [e.slots for e in hand.events if isinstance(e, BoardDealt)]
    assert rounds == [
        ("flop A1", "flop A2", "flop B1", "flop B2"),
        ("turn A", "turn B"),
        ("river",),
    ]
    assert len(hand.board) == 7


def test_yukon_showdown_uses_one_set_as_in_the_rules_example() -> None:
    """OPR-589 example: A♥9♦ plays set B (trip nines); 5♠5♦ makes four fives with set A."""
    board = dict(
        zip(
            ("flop A1", "flop A2", "turn A", "flop B1", "flop B2", "turn B", "river"),
            parse_cards("Ad 5c 5h 9s 9c Kd 4s"),
            strict=True,
        )
    )
    hand = Hand(
        YUKON,
        [1000, 1000],
        1,
        10,
        20,
        hole_cards=[c("Ah 9d"), c("5s 5d")],
        board=board,
        burn_cards=False,
    )
    hand.act(AllIn())
    hand.act(Call())
    assert hand.winners == (1,)
    winner, loser = hand.made_hand(1), hand.made_hand(0)
    assert winner is not None and loser is not None
    assert winner.category == "four of a kind"
    assert loser.group == "B"
    assert hand.stacks == (0, 2000)


def test_krg_discards_two_one_one_from_left_of_the_button_and_shows_two_each() -> None:
    hand = Hand(KRG, [0] * 4, button=2, rng=random.Random(4))
    assert all(len(h) == 6 for h in hand.hole)
    order: list[int | None] = []
    counts: list[int] = []
    while not hand.is_over:
        assert hand.phase is Phase.DISCARD
        order.append(hand.to_act)
        counts.append(hand.legal_actions().discard_count)
        discard_first(hand)
    assert order == [3, 0, 1, 2] * 3
    assert counts == [2] * 4 + [1] * 4 + [1] * 4
    shown = [e for e in hand.events if isinstance(e, CardsShown)]
    assert sorted(e.seat for e in shown) == [0, 1, 2, 3]
    assert all(len(e.cards) == 2 for e in shown)
    assert isinstance(hand.events[-2], DealWon)


def test_krg_rules_example_the_full_house_wins() -> None:
    """OPR-542 example: board Q♥9♣9♦4♠2♥; K♥K♠ and Q♣J♣ lose to 4♦4♣ (fours full)."""
    board = dict(zip(KRG.slots, parse_cards("Qh 9c 9d 4s 2h"), strict=True))
    holes = [c("Kh Ks 2c 3c 5c 6c"), c("Qc Jc 2d 3d 5d 6d"), c("4d 4c 2s 3s 5s 6s")]
    hand = Hand(KRG, [0, 0, 0], button=0, hole_cards=holes, board=board, burn_cards=False)
    while not hand.is_over:
        assert hand.to_act is not None
        keep = holes[hand.to_act][:2]
        extra = [x for x in hand.hole[hand.to_act] if x is not None and x not in keep]
        hand.act(Discard(tuple(extra[: hand.legal_actions().discard_count])))
    assert hand.winners == (2,)
    assert hand.events[-2].describe(["A", "B", "C"]) == "C wins the deal with a full house"


def test_krg_a_discard_must_be_the_right_number_of_own_cards() -> None:
    hand = Hand(KRG, [0] * 3, rng=random.Random(2))
    seat = hand.to_act
    assert seat is not None
    mine = [card for card in hand.hole[seat] if card is not None]  # dealt: every card known
    other = hand.hole[(seat + 1) % 3][0]
    assert other is not None
    with pytest.raises(IllegalAction, match="exactly 2"):
        hand.act(Discard((mine[0],)))
    with pytest.raises(IllegalAction, match="not in your hand"):
        hand.act(Discard((mine[0], other)))
    with pytest.raises(IllegalAction, match="same card twice"):
        hand.act(Discard((mine[0], mine[0])))
    with pytest.raises(IllegalAction, match="discard"):
        hand.act(Check())
    assert hand.to_act == seat and len(hand.hole[seat]) == 6


# -- views and events -------------------------------------------------------------------------


def test_a_view_holds_only_the_viewers_own_hole_cards() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(7))
    for seat in range(3):
        view = view_for(hand, seat)
        for other in view.seats:
            if other.seat == seat:
                assert other.cards == tuple(hand.hole[seat])
            else:
                assert other.cards is None
            assert other.cards_held == 2
    assert all(s.cards is None for s in public_view(hand).seats)
    assert view_for(hand, hand.to_act).legal is not None
    assert public_view(hand).legal is None


def test_views_are_frozen_and_show_blinds_pots_and_street() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(7), names=["A", "B", "C"])
    view = hand.view_for(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.street = "river"  # type: ignore[misc]
    assert (view.button, view.small_blind_seat, view.big_blind_seat) == (0, 1, 2)
    assert [s.bet for s in view.seats] == [0, 10, 20]
    assert view.pot_total == 30
    assert view.street == "preflop" and view.board == ()


def test_shown_hands_appear_in_every_view_after_showdown_but_not_mucked_ones() -> None:
    board = dict(zip(HOLDEM.slots, parse_cards("Kc 9d 8h 4s Js"), strict=True))
    holes = [c("Ah Ad"), c("7h 7d"), c("2s 3h")]
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, hole_cards=holes, board=board, burn_cards=False)
    while not hand.is_over:
        check_or_call(hand)
    view = public_view(hand)
    shown = {s.seat: s.cards for s in view.seats if s.cards is not None}
    assert 0 in shown and shown[0] == holes[0]
    mucked = [s.seat for s in view.seats if s.mucked]
    assert all(s not in shown for s in mucked)
    assert view.board == tuple(board.items())


def test_krg_views_count_cards_and_never_show_discards_to_others() -> None:
    hand = Hand(KRG, [0] * 3, button=0, rng=random.Random(5))
    first = hand.to_act
    assert first is not None
    discarded = hand.hole[first][:2]
    discard_first(hand)
    assert [s.cards_held for s in public_view(hand).seats] == [6, 4, 6]
    assert view_for(hand, first).discarded == tuple(discarded)
    assert view_for(hand, (first + 1) % 3).discarded == ()
    event = next(e for e in hand.events if isinstance(e, Discarded))
    public, own = event.public(), event.visible_to(first)
    assert isinstance(public, Discarded) and isinstance(own, Discarded)
    assert public.cards is None and own.cards == tuple(discarded)
    while not hand.is_over:
        discard_first(hand)
    gone = {str(x) for seat in range(3) for x in hand.discarded[seat]}
    text = " ".join(e.public().describe() for e in hand.events)
    assert not any(card in text.split() for card in gone)


def test_event_lines_never_name_a_hole_card_that_was_not_shown() -> None:
    rng = random.Random(11)
    for _ in range(200):
        hand = Hand(HOLDEM, [rng.randint(30, 500) for _ in range(4)], 0, 5, 10, rng=rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            options: list[Action] = [Call() if legal.can_call else Check()]
            if legal.can_fold:
                options.append(Fold())
            if legal.can_all_in:
                options.append(AllIn())
            hand.act(rng.choice(options))
        shown = {x for cards in hand.shown.values() for x in cards}
        hidden = {str(x) for h in hand.hole for x in h if x not in shown}
        words = set(" ".join(e.public().describe() for e in hand.events).replace(",", "").split())
        assert not hidden & words


def test_events_describe_the_betting_in_plain_words() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(1), names=["Ann", "Bob", "Cy"])
    lines = [e.describe(hand.names) for e in hand.act(BetRaise(60))]
    assert lines == ["Ann raises to 60"]
    assert hand.act(Call())[0].describe(hand.names) == "Bob calls 50"
    assert hand.act(Fold())[0].describe(hand.names) == "Cy folds"
    assert hand.events[0].describe(hand.names) == "New hand of Texas Hold'em; Ann has the button"
    assert isinstance(hand.events[-1], type(hand.events[-1]))


def test_fold_out_ends_the_hand_and_reports_the_result() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(1))
    hand.act(Fold())
    hand.act(Fold())
    assert hand.is_over and hand.to_act is None
    result = hand.result
    assert result.net == (0, -10, 10) and result.winners == (2,)
    assert isinstance(hand.events[-1], HandEnded)
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.legal_actions()
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.act(Check())


def test_acting_out_of_turn_is_refused() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 10, 20, rng=random.Random(1), names=["Ann", "Bob", "Cy"])
    with pytest.raises(IllegalAction, match="not Bob's turn: Ann is to act"):
        hand.act(Call(), seat=1)


# -- host mode: unknown cards ----------------------------------------------------------------


def host_hand() -> Hand:
    return Hand(HOLDEM, [1000] * 3, 0, 10, 20, cards=Entered(), names=["Ann", "Bob", "Cy"])


def test_host_mode_deals_nothing_and_takes_board_cards_as_they_are_entered() -> None:
    hand = host_hand()
    assert all(h == [None, None] for h in hand.hole)
    with pytest.raises(IllegalAction, match="not been dealt"):
        hand.reveal_board("flop 1", parse_cards("Ah")[0])
    for _ in range(3):
        check_or_call(hand)
    assert hand.dealt_slots == ["flop 1", "flop 2", "flop 3"] and hand.board == {}
    hand.reveal_board("flop 1", parse_cards("Ah")[0])
    with pytest.raises(IllegalAction, match="already Ah"):
        hand.reveal_board("flop 1", parse_cards("Kh")[0])
    with pytest.raises(IllegalAction, match="already on the table"):
        hand.reveal_board("flop 2", parse_cards("Ah")[0])
    assert public_view(hand).board == (("flop 1", parse_cards("Ah")[0]),)


def test_host_mode_settles_the_pot_from_shown_hands_and_a_full_board() -> None:
    hand = host_hand()
    for _ in range(3):
        check_or_call(hand)
    for slot, card in zip(HOLDEM.slots[:3], parse_cards("2c 7d 9h"), strict=True):
        hand.reveal_board(slot, card)
    while hand.phase is Phase.BETTING:
        check_or_call(hand)
    hand.reveal_board("turn", parse_cards("Js")[0])
    hand.reveal_board("river", parse_cards("3s")[0])
    assert hand.phase is Phase.SHOWDOWN and hand.to_act == 1
    with pytest.raises(IllegalAction, match="already on the table"):
        hand.act(Show(c("Js Jd")))
    hand.act(Show(c("Kh Kd")))
    hand.act(Show(c("Ah Ad")))
    hand.act(Muck())
    assert hand.is_over
    assert hand.stacks == (980, 980, 1040)
    assert hand.pots[0].winners == (2,)


def test_host_mode_names_the_winner_when_the_board_is_never_entered() -> None:
    hand = host_hand()
    hand.act(AllIn())
    hand.act(Call())
    hand.act(Fold())
    assert hand.phase is Phase.SHOWDOWN
    with pytest.raises(IllegalAction, match="every live hand is shown"):
        hand.act(Muck())
    hand.act(Show())
    hand.act(Show())
    # mypy keeps `phase` narrowed from before the shows
    assert hand.phase is Phase.AWARD and hand.pending_awards() == [0]  # type: ignore[comparison-overlap]
    with pytest.raises(IllegalAction, match="Cy can't win this pot"):
        hand.award(0, [2])
    events = hand.award(0, [1])
    assert any(isinstance(e, PotAwarded) for e in events)
    assert hand.is_over and hand.stacks == (0, 2020, 980)


def test_host_mode_krg_deal_without_cards_entered_waits_for_the_host() -> None:
    hand = Hand(KRG, [0] * 3, cards=Entered())
    while hand.phase is Phase.DISCARD:
        with pytest.raises(IllegalAction, match="exactly"):
            hand.act(Discard(count=hand.legal_actions().discard_count + 1))
        hand.act(Discard(count=hand.legal_actions().discard_count))
    assert [len(h) for h in hand.hole] == [2, 2, 2]
    for _ in range(3):
        hand.act(Show())
    # The cards decide nothing: the deal waits for the host to name (or type) its winner.
    assert hand.phase is Phase.AWARD and hand.pending_awards() == [0]
    hand.award(0, [1])
    assert hand.is_over and hand.winners == (1,)


def test_host_mode_krg_deal_with_every_card_entered_is_scored() -> None:
    hand = Hand(KRG, [0] * 2, cards=Entered())
    while hand.phase is Phase.DISCARD:
        hand.act(Discard(count=hand.legal_actions().discard_count))
    for slot, card in zip(KRG.slots, parse_cards("Qh 9c 9d 4s 2h"), strict=True):
        hand.reveal_board(slot, card)
    hand.act(Show(c("Kh Ks")))
    hand.act(Show(c("4d 4c")))
    assert hand.is_over and hand.winners == (0,)


# -- setup errors ----------------------------------------------------------------------------


class Setup(TypedDict, total=False):
    """What a test changes of a hand's setup."""

    stacks: list[int]
    button: int
    small_blind: int
    big_blind: int
    rng: random.Random | None
    hole_cards: list[tuple[Card, ...] | None]
    small_blind_seat: int
    big_blind_seat: int


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [1000]}, "is for 2 to 10 players, not 1"),
        ({"stacks": [1000, 0, 10]}, "seat 1 has none"),
        ({"button": 5}, "button must be a seat"),
        ({"big_blind": 0}, "big blind must be positive"),
        ({"rng": None}, "needs an rng"),
        ({"hole_cards": [c("Ah Kh"), c("Ah Qd"), None]}, "Ah is given twice"),
        ({"small_blind_seat": 1, "big_blind_seat": 1}, "cannot be the same seat"),
    ],
)
def test_a_bad_setup_is_refused_with_a_clear_message(kwargs: Setup, message: str) -> None:
    args: Setup = {
        "stacks": [1000] * 3,
        "button": 0,
        "small_blind": 10,
        "big_blind": 20,
        "rng": random.Random(1),
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        Hand(HOLDEM, **args)


def test_host_mode_enters_hands_turned_up_in_a_run_out_and_settles_from_them() -> None:
    hand = host_hand()
    with pytest.raises(IllegalAction, match="only at the showdown or in an all-in run-out"):
        hand.show(0, c("Ah Ad"))
    hand.act(AllIn())
    hand.act(AllIn())
    hand.act(Fold())
    assert hand.runout and hand.phase is Phase.SHOWDOWN
    hand.show(0, c("Ah Ad"))
    with pytest.raises(IllegalAction, match="already shown"):
        hand.show(0, c("Ah Ad"))
    with pytest.raises(IllegalAction, match="folded"):
        hand.show(2, c("2h 2d"))
    hand.show(1, c("Kh Kd"))
    # the board was never entered (mypy keeps `phase` narrowed from before the shows)
    assert hand.phase is Phase.AWARD  # type: ignore[comparison-overlap]
    for slot, card in zip(HOLDEM.slots, parse_cards("2c 7d 9h Js 3s"), strict=True):
        hand.reveal_board(slot, card)
    assert hand.is_over and hand.stacks == (2020, 0, 980)
