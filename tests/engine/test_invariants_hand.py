"""Invariants of a deal, for every game, under any sequence of actions (hypothesis).

Chips are never created or lost, no stack goes negative, a pot goes only to players eligible
for it, an illegal action is refused with the state unchanged, and in KRG every hand holds
exactly two cards at showdown and no discarded card is dealt again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from every_game import ALL
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

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
    RunTwice,
    Show,
)
from homegame.engine.events import PotAwarded
from homegame.engine.pots import build_pots
from homegame.variants import Variant, get_variant


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Everything an action could change."""
    b = hand.betting
    return (
        tuple(b.stacks),
        tuple(b.bets),
        tuple(b.totals),
        tuple(b.folded),
        tuple(b.acted_level),
        b.current_bet,
        b.min_increment,
        b.aggressor,
        hand.to_act,
        hand.phase,
        hand.street,
        hand._step,
        len(hand.events),
        tuple(tuple(h) for h in hand.hole),
        tuple(tuple(d) for d in hand.discarded),
        tuple(hand.board.items()),
        tuple(hand.shown.items()),
        tuple(sorted(hand.mucked)),
        hand.runs,
        tuple(hand.second_board.items()),
    )


def candidate_actions(hand: Hand, draw: Callable[[st.SearchStrategy[int]], int]) -> list[Action]:
    """Legal and illegal actions alike, for the seat to act."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    offered = [legal.min_raise_to, legal.max_raise_to, legal.all_in_to, legal.current_bet]
    amounts = [a for a in offered if a is not None]
    amounts.append(draw(st.integers(-5, legal.all_in_to + 50)))
    actions: list[Action] = [Fold(), Check(), Call(), AllIn(), Muck(), Show()]
    actions += [RunTwice(True), RunTwice(True), RunTwice(False)]  # HOUSE_RULES 27
    actions += [BetRaise(a) for a in amounts]
    own = [c for c in hand.hole[seat] if c is not None]  # a dealt hand: every card known
    count = max(legal.discard_count, 1)
    actions.append(Discard(tuple(own[:count])))
    actions.append(Discard(tuple(own[: count + 1])))
    if not hand.variant.has_betting and hand.board:
        actions.append(Discard((next(iter(hand.board.values())),) * count))
    return actions


def check_invariants(hand: Hand, total: int) -> None:
    b = hand.betting
    assert all(s >= 0 for s in b.stacks)
    assert sum(b.stacks) + sum(b.totals) == total
    if hand.is_over:
        assert sum(hand.stacks) == total
        won = [0] * hand.n
        for pot in hand.pots:
            for seat, share in zip(pot.winners, pot.shares, strict=True):
                won[seat] += share
        put = hand.contributions
        antes = hand.antes_paid
        dead = 0
        if sum(1 for a in antes if a) == 1:  # an ante one seat posts for the table is dead
            dead = sum(antes)
            put = tuple(p - a for p, a in zip(put, antes, strict=True))
        assert sum(put) + dead == sum(won)
        # a folded ante nobody live covered (everyone else all-in for less) is dead in the top pot
        top = max((put[s] for s in range(hand.n) if not b.folded[s]), default=0)
        over = sum(put[s] - top for s in range(hand.n) if b.folded[s] and put[s] > top)
        for seat in range(hand.n):
            # a seat wins at most, from each player, what it matched itself (per-player antes
            # included: Hold'em rules "All-ins and side pots"), plus a dead table ante
            cap = sum(min(put[seat], other) for other in put) + dead
            cap += over if put[seat] == top else 0
            assert won[seat] <= cap, f"seat {seat} won {won[seat]} of at most {cap}"
            if b.folded[seat]:
                assert won[seat] == 0
        for pot in hand.pots:
            assert set(pot.winners) <= set(pot.eligible)
            assert not any(b.folded[s] for s in pot.eligible)
            assert sum(pot.shares) == pot.amount
            if pot.shares and len(hand.variant.boards) == 1 and hand.runs == 1:
                assert max(pot.shares) - min(pot.shares) <= 1
        halves: dict[int, list[int]] = {}
        for award in hand.events:  # HOUSE_RULES 4 for each pot, or each board's share of it
            if isinstance(award, PotAwarded) and award.amounts:
                assert max(award.amounts) - min(award.amounts) <= 1
            if isinstance(award, PotAwarded) and award.run:
                assert hand.runs == 2
                halves.setdefault(award.pot, [0, 0])[award.run - 1] += award.amount
        for first, second in halves.values():  # HOUSE_RULES 27: the odd chip in run 1's half
            assert first - second in (0, 1)
    cards = [x for h in hand.hole for x in h if x is not None]
    cards += [x for d in hand.discarded for x in d if x is not None]
    cards += list(hand.board.values()) + hand.burned + list(hand.second_board.values())
    assert len(cards) == len(set(cards)), "a card was dealt twice"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(ALL),
    players=st.integers(2, 7),
    seed=st.integers(0, 2**32 - 1),
    stacks=st.lists(st.integers(1, 20) | st.integers(1, 400), min_size=7, max_size=7),
    data=st.data(),
)
def test_any_sequence_of_actions_keeps_the_invariants(
    variant: Variant, players: int, seed: int, stacks: list[int], data: st.DataObject
) -> None:
    stacks = stacks[:players] if variant.has_chips else [0] * players
    hand = Hand(
        variant,
        stacks,
        button=seed % players,
        small_blind=5 if variant.has_chips else 0,
        big_blind=10 if variant.has_chips else 0,
        ante=data.draw(st.sampled_from([0, 0, 1, 15])) if variant.has_betting else 0,
        bb_ante=data.draw(st.booleans()),
        rng=random.Random(seed),
        run_twice=data.draw(st.booleans()),  # HOUSE_RULES 27
    )
    total = sum(stacks)
    for _ in range(200):
        if hand.is_over:
            break
        actions = candidate_actions(hand, data.draw)
        action = data.draw(st.sampled_from(actions))
        before = snapshot(hand)
        try:
            hand.act(action)
        except IllegalAction:
            assert snapshot(hand) == before, f"{action} changed the state"
        check_invariants(hand, total)
    check_invariants(hand, total)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1))
def test_krg_hands_hold_two_cards_at_showdown_and_discards_never_come_back(
    players: int, seed: int
) -> None:
    rng = random.Random(seed)
    hand = Hand(get_variant("krg"), [0] * players, button=0, rng=rng)
    while not hand.is_over:
        assert hand.to_act is not None
        own = [c for c in hand.hole[hand.to_act] if c is not None]
        hand.act(Discard(tuple(rng.sample(own, hand.legal_actions().discard_count))))
    assert all(len(cards) == 2 for cards in hand.shown.values())
    assert len(hand.shown) == players
    gone = {x for d in hand.discarded for x in d}
    assert len(gone) == 4 * players
    assert not gone & set(hand.board.values())
    assert not gone & {x for h in hand.hole for x in h}


class HoldemHand(RuleBasedStateMachine):
    """A no-limit hand driven one legal or illegal action at a time."""

    @initialize(
        players=st.integers(2, 9),
        seed=st.integers(0, 10**9),
        stacks=st.lists(st.integers(1, 300), min_size=9, max_size=9),
    )
    def start(self, players: int, seed: int, stacks: list[int]) -> None:
        self.stacks = stacks[:players]
        self.hand = Hand(
            get_variant("holdem"),
            self.stacks,
            button=seed % players,
            small_blind=5,
            big_blind=10,
            rng=random.Random(seed),
            run_twice=seed % 2 == 0,  # HOUSE_RULES 27 in half the tables
        )

    @precondition(lambda self: self.hand.is_over)
    @rule(seed=st.integers(0, 10**9))
    def next_hand(self, seed: int) -> None:
        """Deal the next hand to the players who still have chips (a fresh table if one)."""
        alive = [s for s in self.hand.stacks if s > 0]
        self.stacks = alive if len(alive) >= 2 else [100, 200, 50]
        self.hand = Hand(
            get_variant("holdem"),
            self.stacks,
            button=seed % len(self.stacks),
            small_blind=5,
            big_blind=10,
            rng=random.Random(seed),
            run_twice=seed % 2 == 0,
        )

    @precondition(lambda self: not self.hand.is_over)
    @rule(pick=st.integers(0, 10**6), amount=st.integers(-10, 400))
    def act(self, pick: int, amount: int) -> None:
        legal = self.hand.legal_actions()
        options: list[Action] = [
            Fold(),
            Check(),
            Call(),
            AllIn(),
            BetRaise(amount),
            BetRaise(legal.all_in_to),
            RunTwice(True),
            RunTwice(False),
        ]
        if legal.min_raise_to is not None:
            options.append(BetRaise(legal.min_raise_to))
        action = options[pick % len(options)]
        before = snapshot(self.hand)
        street, bet = self.hand.street, self.hand.betting.current_bet
        try:
            self.hand.act(action)
        except IllegalAction:
            assert snapshot(self.hand) == before
            return
        assert self.hand.phase in (Phase.BETTING, Phase.RUN_TWICE, Phase.OVER)
        round_on = self.hand.phase is Phase.BETTING  # not closed for the run-twice question
        if self.hand.street == street and round_on:
            assert self.hand.betting.current_bet >= bet, "the bet went down within a round"
        if not self.hand.is_over:
            legal = self.hand.legal_actions()
            if legal.min_raise_to is not None:
                assert legal.min_raise_to >= legal.current_bet + 10 or legal.current_bet == 0
                assert legal.min_raise_to >= 10

    @invariant()
    def chips_are_conserved(self) -> None:
        if hasattr(self, "hand"):
            check_invariants(self.hand, sum(self.stacks))

    @invariant()
    def pots_match_contributions(self) -> None:
        if hasattr(self, "hand") and not self.hand.is_over:
            b = self.hand.betting
            pots = build_pots(b.totals, b.folded)
            assert sum(p.amount for p in pots) == sum(b.totals)


TestHoldemHand = HoldemHand.TestCase
TestHoldemHand.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
