"""Today's hard bot, frozen (issue 35's ladder that keeps rising): a copy of its decision code
as it was before the leak fixes of issue 35, so `bench_bots.py` can seat the live hard bot
against it. The copied modules are `hard`, `preflop` and `opponents` (the ones the fixes change);
everything else comes from `homegame.bots` as it is. Never edit these copies: the next freeze is
a new folder."""

from __future__ import annotations

from .hard import HardBot as FrozenHardBot

__all__ = ["FrozenHardBot"]
