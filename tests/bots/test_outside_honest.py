"""The strength table's HonestPlayer is PyPokerEngine's: the same estimate, the same decisions."""

from __future__ import annotations

import importlib.util
import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from homegame.cards import Card, parse_cards
from homegame.engine.actions import AllIn, BetRaise, Call, Check, Fold
from homegame.engine.hand import Hand, view_for
from homegame.variants import HOLDEM, YUKON

pytest.importorskip("pypokerengine")
from examples.players.honest_player import HonestPlayer
from pypokerengine.utils.card_utils import (
    estimate_hole_card_win_rate,
    gen_cards,
)

OUTSIDE = Path(__file__).resolve().parents[2] / "benchmarks" / "outside_bots.py"
_spec = importlib.util.spec_from_file_location("outside_bots", OUTSIDE)
assert _spec is not None and _spec.loader is not None
outside = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(outside)

RANKS = "23456789TJQKA"

#: (hole, board, players): preflop and later streets, heads-up and multiway, and spots where the
#: board plays or pairs (ties that PyPokerEngine breaks by the hole cards' ranks).
SPOTS = [
    ("As Kd", "", 2),
    ("7h 2c", "", 2),
    ("Ts 4d", "", 2),
    ("Qs Qh", "", 6),
    ("9c 8c", "", 6),
    ("As Kd", "2c 7h Td", 2),
    ("Jh Th", "9h 2s 2d", 3),
    ("Ac 5d", "Kd Kc 8s 4h", 2),
    ("8d 7d", "Ac Ad Kc Ks 2h", 2),
    ("6s 6d", "Ah Kh Qh Jd 3c", 2),
]


@contextmanager
def _global_random(seed: int) -> Iterator[None]:
    """PyPokerEngine draws from the global random source: seed it, and put it back after."""
    state = random.getstate()
    random.seed(seed)
    try:
        yield
    finally:
        random.setstate(state)


def _theirs(hole: str, board: str, players: int, simulations: int, seed: int) -> float:
    """PyPokerEngine's own estimate."""
    with _global_random(seed):
        rate: float = estimate_hole_card_win_rate(
            nb_simulation=simulations,
            nb_player=players,
            hole_card=gen_cards(_pypoker(hole)),
            community_card=gen_cards(_pypoker(board)),
        )
    return rate


def _pypoker(cards: str) -> list[str]:
    return ["CDHS"[c.suit] + RANKS[c.rank] for c in parse_cards(cards)] if cards else []


@pytest.mark.parametrize(("hole", "board", "players"), SPOTS)
def test_win_rate_agrees_with_pypokerengine_within_monte_carlo_error(
    hole: str, board: str, players: int
) -> None:
    """The adapter's estimate and `estimate_hole_card_win_rate` estimate one quantity: they
    differ by less than four standard errors of the difference (counting a tie broken by the
    hole cards as a tie would be off by 3.7 points on 7-2 heads-up, about five)."""
    ours_n, theirs_n = 20_000, 4_000
    board_map = dict(zip(HOLDEM.slots, parse_cards(board) if board else [], strict=False))
    ours = outside.win_rate(
        "holdem", parse_cards(hole), board_map, players, random.Random(3), ours_n
    )
    theirs = _theirs(hole, board, players, theirs_n, seed=4)
    p = (ours + theirs) / 2
    error = math.sqrt(p * (1 - p) * (1 / ours_n + 1 / theirs_n))
    assert abs(ours - theirs) < 4 * error, (ours, theirs)


def _spot(hole: str, board: str, players: int) -> tuple[Hand, int]:
    """A hand where the seat holding `hole` faces a bet: the big blind before the flop, else a
    minimum bet by the first to act on the street of `board` after everyone limped and checked."""
    known = parse_cards(board) if board else []
    street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[len(known)]
    first = 3 % players if street == "preflop" else 2
    hero = 0 if players == 2 else first
    holes: list[list[Card] | None] = [None] * players
    holes[hero] = parse_cards(hole)
    hand = Hand(
        HOLDEM,
        [2000] * players,
        0,
        10,
        20,
        hole_cards=holes,
        board=dict(zip(HOLDEM.slots, known, strict=False)),
        rng=random.Random(7),
    )
    while hand.street != street:
        hand.act(Call() if hand.legal_actions().can_call else Check())
    if street != "preflop":
        bet = hand.legal_actions().min_raise_to
        assert bet is not None
        hand.act(BetRaise(bet))
    assert hand.to_act == hero
    return hand, hero


#: Spots whose win rate is at least five of a 1,000-simulation estimate's standard errors from
#: 1 / players, so that HonestPlayer's decision there does not depend on its draws.
CLEAR = [
    ("As Kd", "", 2),
    ("7h 2c", "", 2),
    ("Qs Qh", "", 6),
    ("7c 2d", "", 6),
    ("As Kd", "2c 7h Td", 2),
    ("Jh Th", "9h 2s 2d", 3),
    ("6s 6d", "Ah Kh Qh Jd 3c", 2),
    ("Kc 9c", "2c 5c Tc 7d", 4),
    ("8d 7d", "Ac Ad Kc Ks 2h", 2),
]


@pytest.mark.parametrize(("hole", "board", "players"), CLEAR)
def test_the_adapter_decides_as_honest_player(hole: str, board: str, players: int) -> None:
    """Facing a bet, the adapter calls where PyPokerEngine's HonestPlayer (run on the same
    cards, as `player_num` players) calls, and folds where it folds."""
    hand, hero = _spot(hole, board, players)
    view = view_for(hand, hero)
    assert view.legal is not None
    ours = outside.Honest(random.Random(11)).decide(view)
    player = HonestPlayer()
    player.receive_game_start_message({"player_num": players})
    valid = [
        {"action": "fold", "amount": 0},
        {"action": "call", "amount": view.legal.call_amount},
        {"action": "raise", "amount": {"min": -1, "max": -1}},
    ]
    with _global_random(12):
        theirs, _ = player.declare_action(
            valid, _pypoker(hole), {"community_card": _pypoker(board)}
        )
    assert theirs in ("call", "fold")
    assert isinstance(ours, Call | AllIn) if theirs == "call" else isinstance(ours, Fold)


def test_yukon_win_rate_is_yukons() -> None:
    """In Yukon the estimate plays each hand at its better set: a made full house on set A
    (with the river to come) wins nearly always, a hand with nothing on either set seldom."""
    board = dict(zip(("flop A1", "flop A2", "turn A"), parse_cards("Kh Kd 9s"), strict=True))
    board |= dict(zip(("flop B1", "flop B2", "turn B"), parse_cards("2c 3d 4h"), strict=True))
    rng = random.Random(5)
    assert outside.win_rate(YUKON.key, parse_cards("Ks 9c"), board, 2, rng) > 0.97
    assert outside.win_rate(YUKON.key, parse_cards("7c 8d"), board, 2, rng) < 0.3
