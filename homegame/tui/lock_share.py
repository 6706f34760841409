"""The event loop's turn at the interpreter lock while thread workers compute (issue 15).

Odds and the bots' thinking run in thread workers, in pure Python. Each time the loop wakes it
waits for the interpreter lock, up to the switch interval (5 ms by default) at every turn, and
with two workers busy it lost 40-50 ms at a stretch in `benchmarks/bench_stalls.py`: the
workers' CPU time filled the gap and the loop's own was under 2 ms. At 1 ms the loop waits a
fifth as long; a busy worker pays for a few hundred more hand-overs a second.
"""

from __future__ import annotations

import sys

#: The switch interval while an app runs, in seconds.
LOOP_SWITCH = 0.001


def favour_the_loop() -> float:
    """Hand the lock over after LOOP_SWITCH; returns the interval it replaces."""
    previous = sys.getswitchinterval()
    sys.setswitchinterval(LOOP_SWITCH)
    return previous


def restore(previous: float) -> None:
    """The interval as it was before the app (a process that goes on without it: tests)."""
    sys.setswitchinterval(previous)
