"""Work the event loop must not wait on (a bot's decision, the odds), run in a worker thread
that gives the loop the interpreter lock every few milliseconds (`homegame.pace`).

Without that, a worker that computes without pause holds the lock for half of every stretch
the loop wants it: a screen that takes 30 ms to draw took 60 ms while a bot thought. With it,
the worker rests a fraction of a millisecond after each `SLICE` of work; the loop takes the lock
then and keeps it until it waits or the interpreter's switch interval passes, which the first
worker raises from 5 ms to `SWITCH`: the worker asks for the lock back only after that long, and
gives it up again within a `SLICE`.

The long interval only works if the work gives way often: a stretch without a `give_way()`
keeps the loop waiting up to `SWITCH` at each of its turns (the bots count their calls between
two, tests/bots/test_pace.py). A short interval instead cuts the loop's own turns as short
while a worker computes: in `benchmarks/bench_stalls.py` (Yukon, 200 hands) gaps over 30 ms
numbered 33-60 at 20 ms, 121 at 5 ms and 106-221 at 1 ms.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

from homegame.pace import giving_way

#: Work between two rests, and each rest, in seconds.
SLICE = 0.001
REST = 0.0002
#: The interpreter's switch interval once a worker runs, in seconds (CPython's default is 5 ms).
SWITCH = 0.02
#: The interval while a worker runs work that cannot give way (an import), in seconds.
UNPACED_SWITCH = 0.001

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


@contextmanager
def unpaced() -> Iterator[None]:
    """Around work in a worker that cannot give way (the bots' modules loading at the first
    decision: 70-100 ms): the loop waits at most UNPACED_SWITCH for the lock, not SWITCH, at
    each turn. Its own turns are cut as short meanwhile, which costs less for so short a time."""
    sys.setswitchinterval(UNPACED_SWITCH)
    try:
        yield
    finally:
        sys.setswitchinterval(SWITCH)
