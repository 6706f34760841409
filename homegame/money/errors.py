"""The money layer's one error: a refused amount or money move, with one line a host understands."""

from __future__ import annotations


class MoneyError(ValueError):
    """A bad amount, price or money move; whatever raised it changed nothing."""
