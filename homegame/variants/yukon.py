"""Yukon Hold'em (OPR-589): two 2-card flops, a turn card on each, one river shared by both sets."""

from __future__ import annotations

from homegame.variants import streets
from homegame.variants.base import Group, Structure, Variant
from homegame.variants.steps import Bet, DealBoard, DealHole, Showdown

FLOPS = ("flop A1", "flop A2", "flop B1", "flop B2")
TURNS = ("turn A", "turn B")
BOARD = (*FLOPS, *TURNS, "river")

YUKON = Variant(
    key="yukon",
    name="Yukon Hold'em",
    hole_cards=2,
    slots=BOARD,
    groups=(
        Group("A", ("flop A1", "flop A2", "turn A", "river")),
        Group("B", ("flop B1", "flop B2", "turn B", "river")),
    ),
    script=(
        DealHole(2, streets.PREFLOP),
        Bet(streets.PREFLOP),
        DealBoard(FLOPS, streets.FLOP),
        Bet(streets.FLOP),
        DealBoard(TURNS, streets.TURN),
        Bet(streets.TURN),
        DealBoard(("river",), streets.RIVER),
        Bet(streets.RIVER),
        Showdown(),
    ),
    structure=Structure.NO_LIMIT,
    deal_word="hand",
    min_players=2,
    max_players=10,
    summary=(
        "Two hole cards each. Two separate two-card flops, a turn card on each, one shared river. "
        "Use ONE set (its flop and turn) plus the river with your hole cards: best five of six. "
        "Never mix cards from both sets."
    ),
)
