"""Work the event loop must not wait on (a bot's decision, the odds), run in a worker thread
that gives the loop the interpreter lock every few milliseconds (`homegame.pace`).

Without that, a worker that computes without pause holds the lock for half of every stretch
the loop wants it: a screen that takes 30 ms to draw took 60 ms while a bot thought. With it,
the worker rests a fraction of a millisecond after each `SLICE` of work; the loop takes the lock
then and keeps it until it waits or the interpreter's switch interval passes, which the first
worker raises from 5 ms to `SWITCH`: the worker asks for the lock back only after that long, and
gives it up again within a `SLICE`.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from homegame.pace import giving_way

#: Work between two rests, and each rest, in seconds.
SLICE = 0.001
REST = 0.0002
#: The interpreter's switch interval once a worker runs, in seconds (CPython's default is 5 ms).
SWITCH = 0.02

P = ParamSpec("P")
R = TypeVar("R")


def _resting(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """`work(*args, **kwargs)` with a rest of `REST` after each `SLICE` of it."""
    last = time.perf_counter()

    def rest() -> None:
        nonlocal last
        now = time.perf_counter()
        if now - last >= SLICE:
            time.sleep(REST)
            last = time.perf_counter()

    with giving_way(rest):
        return work(*args, **kwargs)


async def in_background(work: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Run `work` in a worker thread that rests now and then for the event loop's sake."""
    if sys.getswitchinterval() < SWITCH:
        sys.setswitchinterval(SWITCH)
    return await asyncio.to_thread(_resting, work, *args, **kwargs)  # type: ignore[arg-type]
