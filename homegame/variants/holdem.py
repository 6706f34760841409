"""Texas Hold'em: two hole cards, a five-card board (flop, turn, river), four betting rounds."""

from __future__ import annotations

from homegame.variants import streets
from homegame.variants.base import Group, Structure, Variant
from homegame.variants.steps import Bet, DealBoard, DealHole, Showdown

FLOP = ("flop 1", "flop 2", "flop 3")
BOARD = (*FLOP, "turn", "river")

HOLDEM = Variant(
    key="holdem",
    name="Texas Hold'em",
    hole_cards=2,
    slots=BOARD,
    groups=(Group(None, BOARD),),
    script=(
        DealHole(2, streets.PREFLOP),
        Bet(streets.PREFLOP),
        DealBoard(FLOP, streets.FLOP),
        Bet(streets.FLOP),
        DealBoard(("turn",), streets.TURN),
        Bet(streets.TURN),
        DealBoard(("river",), streets.RIVER),
        Bet(streets.RIVER),
        Showdown(),
    ),
    structure=Structure.NO_LIMIT,
    deal_word="hand",
    min_players=2,
    max_players=10,
    export_formats=("phh", "pokerstars"),
    summary=(
        "Two hole cards each; five shared cards (flop of three, turn, river) with a no-limit "
        "betting round before the flop and after each street. Best five of your seven wins."
    ),
)
