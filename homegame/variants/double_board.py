"""Double Board Hold'em: two five-card boards dealt together; each board wins half of every pot."""

from __future__ import annotations

from homegame.variants import streets
from homegame.variants.base import Group, Structure, Variant
from homegame.variants.steps import Bet, DealBoard, DealHole, Showdown


def _board(number: int) -> tuple[str, ...]:
    return tuple(f"board {number} {s}" for s in ("flop 1", "flop 2", "flop 3", "turn", "river"))


FIRST, SECOND = _board(1), _board(2)

DOUBLE_BOARD = Variant(
    key="double-board",
    name="Double Board Hold'em",
    hole_cards=2,
    slots=(*FIRST, *SECOND),
    groups=(Group("1", FIRST, board=1), Group("2", SECOND, board=2)),
    script=(
        DealHole(2, streets.PREFLOP),
        Bet(streets.PREFLOP),
        DealBoard((*FIRST[:3], *SECOND[:3]), streets.FLOP),
        Bet(streets.FLOP),
        DealBoard((FIRST[3], SECOND[3]), streets.TURN),
        Bet(streets.TURN),
        DealBoard((FIRST[4], SECOND[4]), streets.RIVER),
        Bet(streets.RIVER),
        Showdown(),
    ),
    structure=Structure.NO_LIMIT,
    deal_word="hand",
    min_players=2,
    max_players=10,
    summary=(
        "Two hole cards each and two boards of five, dealt together (two flops, two turns, two "
        "rivers) with a no-limit betting round before the flops and after each street. Your "
        "best five on each board is ranked on its own: each board wins half of every pot."
    ),
)
