"""The betting choices a person is offered, as the laptop's action bar and a phone's page both
show them: the raise presets, when a call is the all-in, and when a raise has a size to choose.

Pure: read from the engine's `LegalActions` only, so the two front ends cannot disagree.
"""

from __future__ import annotations

from homegame.engine.actions import LegalActions


def preset_amounts(legal: LegalActions, pot: int) -> dict[str, int]:
    """Raise-to totals for the presets, each clamped to the legal range."""
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return {}
    to_call = legal.to_call

    def size(fraction: float) -> int:
        """A raise-to total for a fraction of the pot, clamped to the legal range."""
        if legal.current_bet == 0:
            target = int(pot * fraction)
        else:
            target = legal.current_bet + int((pot + to_call) * fraction)
        return max(low, min(high, target))

    return {"min": low, "half pot": size(0.5), "pot": size(1.0), "all-in": high}


def call_is_all_in(legal: LegalActions) -> bool:
    """Calling puts in the whole stack: the all-in raises nothing over the bet, so the call is
    offered alone."""
    return legal.can_call and legal.can_all_in and legal.all_in_to <= legal.current_bet


def all_in_open(legal: LegalActions) -> bool:
    """An all-in of its own: not when it is the same chips as the call."""
    return legal.can_all_in and not call_is_all_in(legal)


def raise_sized(legal: LegalActions) -> bool:
    """A bet or raise with a choice of size; when the only size is the whole stack, that is
    the all-in alone (not "Raise to 40-40")."""
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return False
    return not (low == high and legal.can_all_in and legal.all_in_to == high)
