"""The engine's errors: an illegal action is a ValueError with a message a player understands."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; the hand's state is left unchanged."""
