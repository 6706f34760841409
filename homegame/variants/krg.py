"""KRG (OPR-542): six hole cards discarded down to two, no betting, every deal to showdown."""

from __future__ import annotations

from homegame.variants import streets
from homegame.variants.base import Group, Structure, Variant
from homegame.variants.holdem import BOARD, FLOP
from homegame.variants.steps import DealBoard, DealHole, Discard, Showdown

KRG = Variant(
    key="krg",
    name="KRG",
    hole_cards=6,
    slots=BOARD,
    groups=(Group(None, BOARD),),
    script=(
        DealHole(6, streets.PREFLOP),
        Discard(2),
        DealBoard(FLOP, streets.FLOP),
        Discard(1),
        DealBoard(("turn",), streets.TURN),
        Discard(1),
        DealBoard(("river",), streets.RIVER),
        Showdown(),
    ),
    structure=Structure.NONE,
    deal_word="deal",
    min_players=2,
    max_players=7,
    summary=(
        "Six hole cards each. Discard two before the flop, one after the flop, one after the "
        "turn; keep two for the river. No betting: every deal goes to showdown and the best "
        "hand wins the deal. First to the agreed number of wins takes the pool."
    ),
)
