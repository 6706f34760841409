"""Random no-limit Hold'em and pot-limit Omaha hands through homegame and pokerkit 0.7.7:
identical final stacks.

Both engines get the same cards and the same actions (chosen at random from homegame's legal
actions). Seat i is pokerkit's player i: the small blind is seat 0, the big blind seat 1 and
the button the last seat (heads-up: the button is seat 1 and posts the small blind).

Where HOUSE_RULES.md deliberately differs from pokerkit the comparison applies our rule:
- a big blind short of the blind (HOUSE_RULES 2) with others to act is kept out of the random
  hands (we ask for the full big blind, pokerkit for what the big blind posted); the difference
  is pinned below and in tests/rules/test_betting_rules.py. A heads-up big blind all-in for no more
  than the small blind is in the random hands: both engines end the betting there. Folded round
  to the small blind, pokerkit asks it for a check that changes nothing (pinned below);
- a player all-in for part of a per-player ante wins from each opponent only what it put in
  (Hold'em rules, "All-ins and side pots"): we layer per-player antes into the side pots,
  pokerkit keeps every ante dead in the main pot. The random hands give every seat at least
  its per-player ante (where the two rules agree); the difference is pinned below. A big-blind
  ante (one seat posting for the table) is dead money in both engines and stays in the random
  hands, short big-blind antes included;
- odd chips among three or more winners (HOUSE_RULES 4): a split pot may differ from pokerkit
  by its odd chips only, and those must sit where our rule puts them (checked for every hand,
  and the difference pinned below);
- pokerkit counts the first bet or raise of a round as full even when it is an all-in short of
  one (a raise to 18 over a big blind of 10, a bet of 16 when the big blind is 25), so it lets
  a player who already acted (the limper, the checker) raise again. HOUSE_RULES 1 does not:
  that player may only call or fold. The comparison checks that this is the only case where
  the two engines' options differ, and the random policy draws from homegame's options.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

pokerkit = pytest.importorskip("pokerkit")

from homegame.cards import ALL_CARDS, Card, parse_cards  # noqa: E402
from homegame.engine import AllIn, BetRaise, Call, Check, Fold, Hand, LegalActions  # noqa: E402
from homegame.engine.actions import Action, ActionKind  # noqa: E402
from homegame.engine.events import Acted, StreetStarted  # noqa: E402
from homegame.engine.pots import odd_chip_order  # noqa: E402
from homegame.variants import Variant, get_variant  # noqa: E402

if TYPE_CHECKING:
    from pokerkit import State

HOLDEM = get_variant("holdem")
OMAHA = get_variant("omaha")
SLOTS = HOLDEM.slots
#: pokerkit's game for each of ours (Omaha: four hole cards, exactly two used; pot-limit).
POKERKIT_GAMES = {"holdem": pokerkit.NoLimitTexasHoldem, "omaha": pokerkit.PotLimitOmahaHoldem}


def _remembered(hand_type: type) -> object:
    """`hand_type.from_game`, remembering each (hole, board) it has ranked: pokerkit ranks the
    same hand many times while it kills hands and pushes pots (an Omaha hand: 60 five-card
    ranks each time), which was most of this module's time. The ranks are pokerkit's own."""
    rank = hand_type.from_game.__func__  # type: ignore[attr-defined]
    seen: dict[tuple[object, ...], object] = {}

    def from_game(
        cls: type, hole_cards: Iterable[object], board_cards: Iterable[object] = ()
    ) -> object:
        key = (cls, tuple(hole_cards), tuple(board_cards))
        if key not in seen:
            seen[key] = rank(cls, key[1], key[2])
        return seen[key]

    return classmethod(from_game)


def _entry_once(hand: object) -> object:
    """`Hand.entry`, looked up once per hand: pokerkit looks a hand's entry up again at every
    comparison. The entries are pokerkit's own."""
    known = hand.__dict__
    if "_entry_once" not in known:
        known["_entry_once"] = hand.lookup.get_entry(hand.cards)  # type: ignore[attr-defined]
    return known["_entry_once"]


@pytest.fixture(autouse=True, scope="module")
def _pokerkit_remembers_its_hand_ranks() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for hand_type in (pokerkit.StandardHighHand, pokerkit.OmahaHoldemHand):
            patch.setattr(hand_type, "from_game", _remembered(hand_type))
        patch.setattr(pokerkit.hands.Hand, "entry", property(_entry_once))
        yield


AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


@dataclass
class Deal:
    """One random hand's setup."""

    stacks: list[int]
    small_blind: int
    big_blind: int
    ante: int
    hole: list[tuple[Card, ...]]
    board: dict[str, Card]
    bb_ante: bool = False
    #: HOUSE_RULES 26: seat 2, left of the big blind, straddles this much (0: no straddle).
    straddle: int = 0


def random_ante_deal(rng: random.Random, hole_cards: int = 2) -> Deal:
    """HOUSE_RULES 25: a random deal that always has antes, 3-9 players: every player's ante
    (a tenth of the big blind to half of it) or a big-blind ante of one big blind; players
    all-in on their ante or small blind, and a big blind that covers its blind but not all of
    the big-blind ante (it posts the blind first, then what is left towards the ante)."""
    deal = random_deal(rng, hole_cards, players=rng.randint(3, 9))
    big = deal.big_blind
    bb_ante = rng.random() < 0.5
    ante = big if bb_ante else rng.choice((max(1, big // 10), max(1, big // 4), big // 2))
    stacks = [max(s, ante if not bb_ante else 1) for s in deal.stacks]
    stacks[1] = max(stacks[1], big + ante + 1)
    if bb_ante and rng.random() < 0.2:
        stacks[1] = rng.randint(big, big + ante)  # short of the table's ante
    return Deal(stacks, deal.small_blind, big, ante, deal.hole, deal.board, bb_ante)


def random_straddle_deal(rng: random.Random, hole_cards: int = 2) -> Deal:
    """HOUSE_RULES 26: a random deal of 3-9 players where seat 2, left of the big blind,
    straddles two big blinds (it has more than that); sometimes with antes too."""
    deal = random_ante_deal(rng, hole_cards) if rng.random() < 0.3 else None
    if deal is None:
        deal = random_deal(rng, hole_cards, players=rng.randint(3, 9))
    straddle = 2 * deal.big_blind
    stacks = list(deal.stacks)
    if stacks[2] <= straddle:
        stacks[2] = rng.randint(straddle + 1, 40 * deal.big_blind)
    return Deal(
        stacks,
        deal.small_blind,
        deal.big_blind,
        deal.ante,
        deal.hole,
        deal.board,
        deal.bb_ante,
        straddle,
    )


def random_deal(rng: random.Random, hole_cards: int = 2, players: int | None = None) -> Deal:
    """2-9 players, blinds, sometimes antes, stacks from a few chips to deep (side pots galore).

    Any seat but the big blind may be all-in on its small blind, or on exactly its per-player
    ante; the big blind covers its blind (a short big blind is where HOUSE_RULES 2 differs, and
    part of a per-player ante where the side-pot rule does, both pinned below), except heads-up
    where it may be all-in for no more than the small blind (HOUSE_RULES 2: nobody acts).
    """
    players = players if players is not None else rng.randint(2, 9)
    big = rng.choice((2, 10, 20, 25, 50, 100))
    small = big // 2
    ante = rng.choice((0, 0, 0, big // 10, big // 4, big)) if players > 2 else 0
    bb_ante = ante == big  # the big blind antes for everyone, as in the WSOP hands
    floor = big + ante + 1
    big_blind_seat = 1 if players > 2 else 0
    short = 1 if bb_ante else max(1, ante)  # nobody is short of a per-player ante
    stacks = []
    for seat in range(players):
        kind = rng.random()
        if kind < 0.05 and seat != big_blind_seat:
            stacks.append(rng.randint(short, floor))  # all-in on the ante or the small blind
        elif kind < 0.35:
            stacks.append(rng.randint(floor, 6 * big))
        elif kind < 0.75:
            stacks.append(rng.randint(floor, 40 * big))
        else:
            stacks.append(rng.randint(floor, 200 * big))
    if players == 2 and rng.random() < 0.2:
        stacks[big_blind_seat] = rng.randint(1, small)
    cards = rng.sample(ALL_CARDS, hole_cards * players + 5)
    hole = [tuple(cards[hole_cards * i : hole_cards * (i + 1)]) for i in range(players)]
    board = dict(zip(SLOTS, cards[hole_cards * players :], strict=True))
    return Deal(stacks, small, big, ante, hole, board, bb_ante)


def choose(rng: random.Random, hand: Hand) -> Action:
    """A random legal action from homegame's LegalActions."""
    legal = hand.legal_actions()
    options: list[Action] = []
    if legal.can_fold:
        options += [Fold()] * 2
    if legal.can_check:
        options += [Check()] * 4
    if legal.can_call:
        options += [Call()] * 5
    if legal.min_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert high is not None  # a raise has a most as well as a least
        options += [BetRaise(low), BetRaise(rng.randint(low, high)), BetRaise(high)]
    if legal.can_all_in:
        options.append(AllIn())
    return rng.choice(options)


def new_pokerkit_state(deal: Deal, game: str = "holdem") -> State:
    n = len(deal.stacks)
    state: State = POKERKIT_GAMES[game].create_state(
        AUTOMATIONS,
        False,
        # HOUSE_RULES 25: our big blind posts the blind before the table's ante, pokerkit the
        # ante first; the ante it covers after the blind is what pokerkit is given.
        {1: min(deal.ante, max(0, deal.stacks[1] - deal.big_blind))} if deal.bb_ante else deal.ante,
        (deal.small_blind, deal.big_blind, *([deal.straddle] if deal.straddle else [])),
        deal.big_blind,
        tuple(deal.stacks),
        n,
    )
    for seat in range(n):
        state.deal_hole("".join(str(c) for c in deal.hole[seat]))
    return state


def sync_board(state: State, deal: Deal, dealt: list[int]) -> None:
    """Deal pokerkit's board cards whenever it asks for them."""
    while state.can_burn_card() or state.can_deal_board():
        if state.can_burn_card():
            state.burn_card("??")
            continue
        count = (3, 1, 1)[len(dealt)]
        start = sum(dealt)
        cards = [deal.board[s] for s in SLOTS[start : start + count]]
        state.deal_board("".join(str(c) for c in cards))
        dealt.append(count)


def to_pokerkit(state: State, legal: LegalActions, action: Action) -> None:
    """Apply one homegame action (chosen from `legal`) to pokerkit."""
    if isinstance(action, (Fold,)):
        state.fold()
    elif isinstance(action, (Check, Call)):
        state.check_or_call()
    elif isinstance(action, BetRaise):
        state.complete_bet_or_raise_to(action.to)
    elif legal.all_in_to <= legal.current_bet:
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(legal.all_in_to)


def check_same_raise_options(state: State, hand: Hand, seed: int) -> None:
    """Both engines allow a raise, or only pokerkit does, in the one case HOUSE_RULES 1 differs
    (and after a straddle, where pokerkit's least raise is smaller: see `check_same_limits`)."""
    legal = hand.legal_actions()
    ours = legal.min_raise_to is not None or (
        legal.can_all_in and legal.all_in_to > legal.current_bet
    )
    theirs = state.can_complete_bet_or_raise_to()
    if ours == theirs:
        return
    if hand.straddle_seat is not None and hand.street == "preflop":
        assert theirs and not ours, f"seed {seed}: pokerkit refuses a raise after a straddle"
        return
    b = hand.betting
    acted_at = b.acted_level[legal.seat]
    opening = b.big_blind if hand.street == "preflop" else 0
    assert theirs and not ours, f"seed {seed}: pokerkit refuses a raise we allow"
    assert b.min_increment == b.big_blind, f"seed {seed}: a full raise was made"
    assert acted_at == opening, f"seed {seed}: raise options differ"
    assert b.current_bet - acted_at < b.big_blind, f"seed {seed}: faces a full raise"


def check_same_limits(state: State, hand: Hand, legal: LegalActions, seed: int) -> None:
    """The least and the most raise agree; after a straddle (HOUSE_RULES 26) our least raise is
    two straddles while pokerkit's is the straddle and one big blind, so ours is the larger
    until a raise sets the increment for both."""
    theirs = state.min_completion_betting_or_raising_to_amount
    if hand.straddle_seat is not None and hand.street == "preflop":
        assert theirs is not None and theirs <= legal.min_raise_to, f"seed {seed}: min raise"  # type: ignore[operator]
    else:
        assert theirs == legal.min_raise_to, f"seed {seed}: min raise"
    assert state.max_completion_betting_or_raising_to_amount == legal.max_raise_to


#: How each kind of random hand is dealt.
DEALS = {"plain": random_deal, "antes": random_ante_deal, "straddle": random_straddle_deal}


def new_hand(
    seed: int, variant: Variant = HOLDEM, antes: bool | str = False
) -> tuple[random.Random, Deal, Hand]:
    """The random deal of a seed and our hand for it; the random source then picks the actions.
    `antes`: every deal has antes (`random_ante_deal`); "straddle": a straddle (and sometimes
    antes, `random_straddle_deal`)."""
    rng = random.Random(seed)
    kind = antes if isinstance(antes, str) else "antes" if antes else "plain"
    deal = DEALS[kind](rng, variant.hole_cards)
    n = len(deal.stacks)
    hand = Hand(
        variant,
        deal.stacks,
        button=n - 1 if n > 2 else 1,
        small_blind=deal.small_blind,
        big_blind=deal.big_blind,
        ante=deal.ante,
        bb_ante=deal.bb_ante,
        hole_cards=deal.hole,
        board=deal.board,
        burn_cards=False,
        straddle=deal.straddle,
        straddle_seat=2 if deal.straddle else None,
    )
    return rng, deal, hand


def play_ours(seed: int, variant: Variant = HOLDEM, antes: bool | str = False) -> Hand:
    """The hand of a seed played by our engine alone, with the same actions as `play_both`."""
    rng, _, hand = new_hand(seed, variant, antes)
    while not hand.is_over:
        hand.act(choose(rng, hand))
    return hand


def play_both(
    seed: int, variant: Variant = HOLDEM, antes: bool | str = False
) -> tuple[Hand, State, Deal]:
    """Play one random hand through both engines; returns (homegame hand, pokerkit state, deal)."""
    rng, deal, hand = new_hand(seed, variant, antes)
    state = new_pokerkit_state(deal, variant.key)
    dealt: list[int] = []
    while not hand.is_over:
        sync_board(state, deal, dealt)
        seat = hand.to_act
        assert state.actor_index == seat, (
            f"seed {seed}: to act {seat} vs pokerkit {state.actor_index}"
        )
        legal = hand.legal_actions()
        assert state.checking_or_calling_amount == legal.call_amount, f"seed {seed}: call amount"
        check_same_raise_options(state, hand, seed)
        if legal.min_raise_to is not None:
            check_same_limits(state, hand, legal, seed)
        action = choose(rng, hand)
        hand.act(action)
        to_pokerkit(state, legal, action)
    while state.status:
        sync_board(state, deal, dealt)
        if state.status and state.actor_index is not None:
            state.check_or_call()
    return hand, state, deal


def check_same_stacks(seed: int, variant: Variant = HOLDEM, antes: bool | str = False) -> None:
    hand, state, deal = play_both(seed, variant, antes)
    ours = list(hand.stacks)
    theirs = list(state.stacks)
    assert sum(ours) == sum(deal.stacks), f"seed {seed}: chips not conserved"
    if ours == theirs:
        return
    # Only odd chips of split pots may differ, and ours must follow HOUSE_RULES 4.
    split = [p for p in hand.pots if len(p.winners) >= 2]
    assert split, f"seed {seed}: stacks differ without a split pot: {ours} vs {theirs}"
    for pot in split:
        base, odd = divmod(pot.amount, len(pot.winners))
        first = odd_chip_order(pot.winners, hand.button, hand.n)[:odd]
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            assert share == base + (seat in first), f"seed {seed}: odd chip misplaced"
    for seat in range(hand.n):
        assert abs(ours[seat] - theirs[seat]) <= len(split), f"seed {seed}: {ours} vs {theirs}"


DEFAULT_HANDS = 2000
BLOCKS = 8
SLOW_HANDS = 10_000


def blocks(count: int, default: int) -> list[object]:
    """The comparison's blocks of 250 seeds: the first `default` in the default suite (they
    hold the seeds the "reach" tests below count: side pots, splits, short blinds, short antes,
    straddles raised), the rest under `-m slow`, so the slow suite still compares every seed."""
    return [
        pytest.param(block, marks=() if block < default else pytest.mark.slow)
        for block in range(count)
    ]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS, 1))
def test_two_thousand_random_hands_match_pokerkit(block: int) -> None:
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(seed)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS, 1))
def test_two_thousand_random_pot_limit_omaha_hands_match_pokerkit(block: int) -> None:
    """Pot-Limit Omaha: pokerkit's pot-limit caps and two-plus-three showdown, hand for hand."""
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(seed, OMAHA)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS, 2))
def test_house_rule_25_two_thousand_random_hands_with_antes_match_pokerkit(block: int) -> None:
    """HOUSE_RULES 25: every hand with antes (every player's, or the big blind's for the
    table, short ones included): the same stacks as pokerkit's, hand for hand."""
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(200_000 + seed, antes=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS // 2, 1))
def test_house_rule_25_random_pot_limit_omaha_hands_with_antes_match_pokerkit(block: int) -> None:
    """HOUSE_RULES 25 in Pot-Limit Omaha: the antes count in the pot a bet may be."""
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(300_000 + seed, OMAHA, antes=True)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS, 2))
def test_house_rule_26_two_thousand_random_straddled_hands_match_pokerkit(block: int) -> None:
    """HOUSE_RULES 26: the seat left of the big blind straddles two big blinds; action starts
    left of it and it acts last: the same stacks as pokerkit's straddles, hand for hand."""
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(400_000 + seed, antes="straddle")


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("block", blocks(BLOCKS // 2, 1))
def test_house_rule_26_random_straddled_omaha_hands_match_pokerkit(block: int) -> None:
    """HOUSE_RULES 26 in Pot-Limit Omaha: the straddle counts in the pot a raise may be."""
    size = DEFAULT_HANDS // BLOCKS
    for seed in range(block * size, (block + 1) * size):
        check_same_stacks(500_000 + seed, OMAHA, antes="straddle")


def test_house_rule_26_random_straddles_are_raised_and_the_straddler_acts_last() -> None:
    """The straddled deals do reach the straddler's option and raises over the straddle."""
    option = raised = 0
    for seed in range(300):
        hand = play_ours(400_000 + seed, antes="straddle")
        preflop: list[Acted] = []
        for event in hand.events:
            if isinstance(event, StreetStarted) and preflop:
                break
            if isinstance(event, Acted):
                preflop.append(event)
        option += any(e.seat == 2 and e.kind is ActionKind.CHECK for e in preflop)
        raised += any(e.kind in (ActionKind.RAISE, ActionKind.ALL_IN) for e in preflop)
    assert option >= 5 and raised >= 60


def test_house_rule_25_random_ante_deals_reach_the_short_cases() -> None:
    """The random ante deals do hold big-blind antes posted short and players all-in on an
    ante, and the big blind posts its blind before the table's ante."""
    short_table_ante = all_in_on_ante = 0
    for seed in range(400):
        hand = new_hand(200_000 + seed, antes=True)[2]
        deal = random_ante_deal(random.Random(200_000 + seed))
        posts = [type(e).__name__ for e in hand.events if e.__class__.__name__.endswith("Posted")]
        if deal.bb_ante:
            assert posts[-1] == "AntePosted" or hand.betting.antes[1] == 0
            short_table_ante += hand.betting.antes[1] < deal.ante
        else:
            all_in_on_ante += any(s == deal.ante for s in deal.stacks)
    assert short_table_ante >= 10
    assert all_in_on_ante >= 5


def test_random_omaha_hands_reach_the_pot_limit_and_the_showdown() -> None:
    """The random Omaha deals do bet the pot, and do go to showdowns with side pots."""
    hands = [play_ours(seed, OMAHA) for seed in range(200)]
    assert sum(1 for hand in hands if len(hand.pots) > 1) >= 40
    assert sum(1 for hand in hands if hand.shown) >= 60


def test_random_hands_have_side_pots_and_splits() -> None:
    """The random deals do reach the hard cases: side pots often, split pots sometimes."""
    hands = [play_ours(seed) for seed in range(200)]
    with_side_pots = sum(1 for hand in hands if len(hand.pots) > 1)
    with_splits = sum(1 for hand in hands if any(len(p.winners) > 1 for p in hand.pots))
    assert with_side_pots >= 60
    assert with_splits >= 3


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_ten_thousand_more_random_hands_match_pokerkit() -> None:
    for seed in range(SLOW_HANDS):
        check_same_stacks(100_000 + seed)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_house_rule_4_three_way_split_differs_from_pokerkit_by_design() -> None:
    """11 chips split three ways: pokerkit gives both odd chips to one winner, we give one each."""
    holes = ["4h 4d", "2c 3d", "2d 3c", "2h 3s"]
    board = "Ts Js Qh Kd Ac"
    deal = Deal(
        [1000] * 4,
        2,
        3,
        0,
        [tuple(parse_cards(h)) for h in holes],
        dict(zip(SLOTS, parse_cards(board), strict=True)),
    )
    state = new_pokerkit_state(deal)
    hand = Hand(
        HOLDEM,
        deal.stacks,
        button=3,
        small_blind=2,
        big_blind=3,
        hole_cards=deal.hole,
        board=deal.board,
        burn_cards=False,
    )
    dealt: list[int] = []
    for action in (Call(), Call(), Fold(), Check()):
        legal = hand.legal_actions()
        hand.act(action)
        to_pokerkit(state, legal, action)
    while not hand.is_over:
        sync_board(state, deal, dealt)
        legal = hand.legal_actions()
        hand.act(Check())
        to_pokerkit(state, legal, Check())
    sync_board(state, deal, dealt)
    (pot,) = hand.pots
    assert pot.amount == 11 and pot.winners == (1, 2, 3)
    assert pot.shares == (4, 4, 3)  # seats 1 and 2 are first left of the button (seat 3)
    assert hand.stacks == (998, 1001, 1001, 1000)
    assert list(state.stacks) == [998, 1002, 1000, 1000]


def test_house_rule_2_short_big_blind_differs_from_pokerkit_by_design() -> None:
    """A big blind of 20 posted short (12): pokerkit asks for 12, we ask for the full 20."""
    deal = Deal([1000, 12, 1000, 1000], 10, 20, 0, [], {})
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, False, 0, (10, 20), 20, tuple(deal.stacks), 4
    )
    hand = Hand(HOLDEM, deal.stacks, button=3, small_blind=10, big_blind=20, rng=random.Random(1))
    for _ in range(4):
        state.deal_hole("????")
    legal = hand.legal_actions()
    assert (
        state.checking_or_calling_amount,
        state.min_completion_betting_or_raising_to_amount,
    ) == (
        12,
        32,
    )
    assert (legal.call_amount, legal.min_raise_to) == (20, 40)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_random_hands_include_heads_up_big_blinds_short_of_the_small_blind() -> None:
    """HOUSE_RULES 2: some random heads-up deals have the big blind all-in for the small blind."""
    short = 0
    for seed in range(400):
        deal = random_deal(random.Random(seed))
        if len(deal.stacks) == 2 and deal.stacks[0] <= deal.small_blind:
            short += 1
            hand, state, _ = play_both(seed)
            assert hand.stacks == tuple(state.stacks), f"seed {seed}"
            assert not any(e for e in hand.events if type(e).__name__ == "Acted")
    assert short >= 5


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_house_rule_2_folded_to_small_blind_against_short_big_blind_same_stacks() -> None:
    """Big blind all-in for 8, the button folds: we ask nobody, pokerkit a check; same result."""
    holes = ["7c 2d", "Ah As", "Kc Qd"]
    deal = Deal(
        [1000, 8, 1000],
        10,
        20,
        0,
        [tuple(parse_cards(h)) for h in holes],
        dict(zip(SLOTS, parse_cards("2h 7s 9c Jd 3h"), strict=True)),
    )
    state = new_pokerkit_state(deal)
    hand = Hand(
        HOLDEM,
        deal.stacks,
        button=2,
        small_blind=10,
        big_blind=20,
        hole_cards=deal.hole,
        board=deal.board,
        burn_cards=False,
    )
    legal = hand.legal_actions()
    hand.act(Fold())
    to_pokerkit(state, legal, Fold())
    assert hand.is_over
    assert state.actor_index == 0 and state.checking_or_calling_amount == 0
    dealt: list[int] = []
    while state.status:
        sync_board(state, deal, dealt)
        if state.status and state.actor_index is not None:
            state.check_or_call()
    assert hand.stacks == tuple(state.stacks) == (1008, 0, 1000)  # two pair beats aces


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_rules_side_pots_short_per_player_ante_differs_from_pokerkit_by_design() -> None:
    """The button has 5 of a 10 ante: we pay it 5 from each player, pokerkit every dead ante."""
    holes = ["Kc Kd", "Qc Qd", "Ac Ad"]
    deal = Deal(
        [1000, 1000, 5],
        10,
        20,
        10,
        [tuple(parse_cards(h)) for h in holes],
        dict(zip(SLOTS, parse_cards("2h 7s 9c Jd 3h"), strict=True)),
    )
    state = new_pokerkit_state(deal)
    hand = Hand(
        HOLDEM,
        deal.stacks,
        button=2,
        small_blind=10,
        big_blind=20,
        ante=10,
        hole_cards=deal.hole,
        board=deal.board,
        burn_cards=False,
    )
    dealt: list[int] = []
    while not hand.is_over:
        sync_board(state, deal, dealt)
        legal = hand.legal_actions()
        action = Check() if legal.can_check else Call()
        hand.act(action)
        to_pokerkit(state, legal, action)
    sync_board(state, deal, dealt)
    assert [(p.amount, p.eligible) for p in hand.pots] == [(15, (0, 1, 2)), (50, (0, 1))]
    assert hand.stacks == (1020, 970, 15)
    assert list(state.stacks) == [1010, 970, 25]
