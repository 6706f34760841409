"""One rule, one place: `Hand.is_legal`/`verify` say exactly what `act` will do, and the limits
on players, the may-this-seat-raise rule and the duplicate-card check are each written once."""

from __future__ import annotations

import random

import pytest
from every_game import ALL, variant_id

from homegame.cards import ALL_CARDS, parse_cards
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.hand import Hand
from homegame.engine.session import FreezeoutSession
from homegame.variants import HOLDEM, KRG, VARIANTS, Variant


def candidates(hand: Hand, rng: random.Random) -> list[Action]:
    """Legal and illegal actions alike for the seat to act."""
    seat = hand.to_act
    assert seat is not None
    hole = [c for c in hand.hole_cards(seat) if c is not None]
    out: list[Action] = [Fold(), Check(), Call(), AllIn(), Show(), Muck()]
    out += [BetRaise(rng.randint(-5, 3000)) for _ in range(4)]
    if hole:
        out += [Discard(tuple(rng.sample(hole, k))) for k in (1, 2) if k <= len(hole)]
        out.append(Discard(tuple(rng.sample(ALL_CARDS, 2))))
    return out


@pytest.mark.parametrize("variant", ALL, ids=variant_id)
def test_is_legal_agrees_with_act_and_changes_nothing(variant: Variant) -> None:
    rng = random.Random(variant.key)
    for _ in range(36):
        players = rng.randint(2, 6)
        stacks = (
            [rng.randint(30, 600) for _ in range(players)] if variant.has_chips else [0] * players
        )
        hand = Hand(variant, stacks, rng.randrange(players), 5, 10, rng=random.Random(rng.random()))
        while not hand.is_over:
            options = candidates(hand, rng)
            for action in options:
                before = (hand.stacks, hand.bets, hand.to_act, len(hand.events))
                legal = hand.is_legal(action)
                assert (hand.stacks, hand.bets, hand.to_act, len(hand.events)) == before
                if not legal:
                    with pytest.raises(IllegalAction):
                        hand.act(action)
                    assert (hand.stacks, hand.bets, hand.to_act, len(hand.events)) == before
            allowed = [a for a in options if hand.is_legal(a)]
            if not allowed:
                legal_actions = hand.legal_actions()
                allowed = [Check() if legal_actions.can_check else Fold()]
            hand.act(rng.choice(allowed))


def test_the_legal_options_are_exactly_what_is_legal() -> None:
    rng = random.Random(9)
    for _ in range(200):
        hand = Hand(
            HOLDEM,
            [rng.randint(15, 400) for _ in range(4)],
            0,
            5,
            10,
            rng=random.Random(rng.random()),
        )
        while not hand.is_over:
            legal = hand.legal_actions()
            assert hand.is_legal(Check()) == legal.can_check
            assert hand.is_legal(Fold()) == legal.can_fold
            assert hand.is_legal(Call()) == legal.can_call
            assert hand.is_legal(AllIn()) == legal.can_all_in
            if legal.min_raise_to is not None:
                assert legal.max_raise_to is not None
                assert hand.is_legal(BetRaise(legal.min_raise_to))
                assert hand.is_legal(BetRaise(legal.max_raise_to))
                if legal.min_raise_to < legal.all_in_to:
                    assert not hand.is_legal(BetRaise(legal.min_raise_to - 1)) or (
                        legal.min_raise_to - 1 <= legal.current_bet
                    )
            options: list[Action] = [Check(), Call(), Fold(), AllIn()]
            hand.act(rng.choice([a for a in options if hand.is_legal(a)]))


def test_a_turn_is_checked_before_the_action() -> None:
    hand = Hand(HOLDEM, [1000] * 3, 0, 5, 10, rng=random.Random(1))
    assert hand.is_legal(Call(), seat=0) and not hand.is_legal(Call(), seat=1)
    with pytest.raises(IllegalAction, match="not Seat 2's turn"):
        hand.verify(Call(), seat=1)


def test_player_limits_are_the_variants_and_every_entry_point_says_so() -> None:
    for variant in VARIANTS.values():
        assert variant.allows_players(variant.min_players)
        assert not variant.allows_players(variant.max_players + 1)
        problem = variant.players_problem(variant.max_players + 1)
        with pytest.raises(ValueError) as hand_error:
            stacks = [100] * (variant.max_players + 1)
            Hand(variant, stacks, 0, 5, 10, rng=random.Random(1))
        assert str(hand_error.value) == problem
    with pytest.raises(ValueError, match="Texas Hold'em is for 2 to 10 players, not 1"):
        FreezeoutSession("holdem", ["Ann"], rng=random.Random(1))


def test_a_config_and_a_krg_series_say_the_variants_player_limit_word_for_word() -> None:
    """One check: the config and the series ask the variant, and add no wording of their own."""
    from homegame.config import GameConfig, PlayerSetting
    from homegame.engine.krg_series import KrgSeries

    for key, variant in VARIANTS.items():
        for count in (1, variant.max_players + 1):
            players = tuple(PlayerSetting(f"P{i}") for i in range(count))
            problem = variant.players_problem(count)
            assert GameConfig(key, players=players).problems() == [f"players: {problem}"]
    with pytest.raises(ValueError) as series_error:
        KrgSeries([f"P{i}" for i in range(8)])
    assert str(series_error.value) == KRG.players_problem(8)


def test_a_card_already_on_the_table_is_refused_wherever_it_is_typed() -> None:
    hand = Hand(HOLDEM, [1000] * 2, 0, 5, 10, cards=Entered())
    hand.act(Call())
    hand.act(Check())
    hand.reveal_board("flop 1", parse_cards("Ah")[0])
    with pytest.raises(IllegalAction, match="card Ah is already on the table"):
        hand.reveal_board("flop 2", parse_cards("Ah")[0])
    with pytest.raises(IllegalAction, match="card Ah is already on the table"):
        hand.check_unseen(parse_cards("Ah Kd"))
    with pytest.raises(IllegalAction, match="card Kd is already on the table"):
        hand.check_unseen(parse_cards("Kd Kd"))
