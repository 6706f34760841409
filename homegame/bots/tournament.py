"""Push or fold in a freezeout that pays places: chips valued by what they are worth in prizes.

In a freezeout that pays several places, chips lost cost more than chips won bring: a bust
ends every chance of a prize. The Independent Chip Model turns each stack into its expected
prize (`homegame.money.icm.icm_equities`, the project's one ICM); here an all-in decision is
judged by the prize the bot expects after each outcome instead of by its chips:

- **calling an all-in**: the equity e against the shover's range, and the stacks after a
  win, a loss and a fold: call when e ICM(win) + (1 - e) ICM(loss) > ICM(fold);
- **shoving first in**: each player behind calls with its chart calling range (a share q of
  hands, the first to call plays it out), all fold with (1 - q)^n: shove when the expected
  prize beats folding (the pot then goes to the big blind).

The stacks are the chips of the players still in the game as the bot's view shows them, each
pot settled between two players (no third caller); the prizes of the places still to be paid.
The callers are taken to call as the chip chart says, wider than a caller minding ICM would,
so the shoving range comes out on the tight side (on a four-handed bubble with ten big blinds
each, the button shoves 12 classes where the chip chart shoves 66).
With one prize (winner takes all) the model is linear in chips and gives chip-EV decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from importlib import import_module
from typing import Protocol, cast

from homegame.bots.base import Facts
from homegame.engine.views import HandView, SeatView


class _Icm(Protocol):
    """money-core's `homegame.money.icm.icm_equities`: each stack's exact expected prize."""

    def __call__(self, stacks: Sequence[int], prizes: Sequence[int]) -> tuple[Fraction, ...]: ...


def _icm() -> _Icm:
    """The project's one ICM, from `homegame.money` (loaded by name when first needed, so the
    bots run, and type-check, where the money package is not installed yet)."""
    return cast(_Icm, import_module("homegame.money.icm").icm_equities)


def prize_values(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Each stack's expected prize (ICM)."""
    return [float(v) for v in _icm()(stacks, prizes)]


def _stacks(view: HandView) -> dict[int, int]:
    """Chips behind per seat still in the game (bets are in the pot)."""
    return {s.seat: s.stack for s in view.seats}


def _value(me: int, stacks: dict[int, int], prizes: Sequence[int]) -> float:
    seats = sorted(stacks)
    return prize_values([stacks[s] for s in seats], prizes)[seats.index(me)]


def _showdown(
    view: HandView, winner: SeatView, loser: SeatView, prizes: Sequence[int], me: int
) -> float:
    """The bot's expected prize once `winner` and `loser` play their all-ins out (the rest of
    the pot is dead money the winner takes)."""
    stacks = _stacks(view)
    total_w, total_l = winner.stack + winner.bet, loser.stack + loser.bet
    matched = min(total_w, total_l)
    dead = view.pot_total - winner.bet - loser.bet
    stacks[winner.seat] = total_w - matched + 2 * matched + dead
    stacks[loser.seat] = total_l - matched
    return _value(me, stacks, prizes)


def call_gain(
    view: HandView, facts: Facts, shover: SeatView, eq: float, prizes: Sequence[int]
) -> float:
    """Expected prize of calling `shover`'s all-in with equity `eq`, over folding."""
    me = facts.me
    fold = _stacks(view)
    fold[shover.seat] += view.pot_total
    folded = _value(me.seat, fold, prizes)
    called = eq * _showdown(view, me, shover, prizes, me.seat)
    called += (1 - eq) * _showdown(view, shover, me, prizes, me.seat)
    return called - folded


def shove_gain(
    view: HandView,
    facts: Facts,
    behind: Sequence[int],
    call_share: float,
    eq_called: float,
    prizes: Sequence[int],
) -> float:
    """Expected prize of shoving first in over folding: the players `behind` (in order) each
    call with `call_share` of hands, and the bot has `eq_called` against a caller's range."""
    me = facts.me
    by_seat = {s.seat: s for s in view.seats}
    fold = _stacks(view)
    big_blind = view.big_blind_seat if view.big_blind_seat in fold else me.seat
    fold[big_blind] += view.pot_total
    folded = _value(me.seat, fold, prizes)
    won = _stacks(view)
    won[me.seat] += view.pot_total
    value = 0.0
    reach = 1.0
    for seat in behind:
        caller = by_seat[seat]
        p = reach * call_share
        value += p * eq_called * _showdown(view, me, caller, prizes, me.seat)
        value += p * (1 - eq_called) * _showdown(view, caller, me, prizes, me.seat)
        reach *= 1 - call_share
    value += reach * _value(me.seat, won, prizes)
    return value - folded


__all__ = ["call_gain", "prize_values", "shove_gain"]
