"""Where a table seat stands in a hand: in it, folded, all-in, sitting out, or out of it."""

from __future__ import annotations

from enum import Enum


class SeatStatus(Enum):
    """A table seat's place in one hand (a hand keeps every table seat, dealt in or not)."""

    #: Dealt in and acting for themselves.
    IN = "in"
    #: Dealt in, and has folded.
    FOLDED = "folded"
    #: Dealt in, still in the hand, with no chips behind.
    ALL_IN = "all-in"
    #: Dealt in, blinds posted; the hand checks when it can, else folds, in turn (HOUSE_RULES 21).
    SITTING_OUT = "sitting out"
    #: Not dealt in (busted, dropped out of a series, an empty seat).
    OUT = "out"


#: The statuses a hand may be started with; the others come from play.
STARTING = frozenset({SeatStatus.IN, SeatStatus.SITTING_OUT, SeatStatus.OUT})
