"""Long computations give way now and then to whoever runs them.

A bot's decision or the odds run in a worker thread while the event loop draws the screen; in
CPython both need the one interpreter lock, and a thread that computes without pause takes it
for half of every stretch the loop wants it, so a screen that takes 30 ms to draw takes 60 ms
while a bot thinks (issue 15). The equity loops call `give_way()` every few hundred cases; it
does nothing unless the caller installed a hook with `giving_way`, and the TUI's hook sleeps a
moment each few milliseconds of work, which hands the lock to the loop. The engine stays pure:
no clock and no sleep here, only the caller's hook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_hook: ContextVar[Callable[[], None] | None] = ContextVar("give_way", default=None)


def give_way() -> None:
    """Let the caller's hook run (nothing without one)."""
    hook = _hook.get()
    if hook is not None:
        hook()


@contextmanager
def giving_way(hook: Callable[[], None]) -> Iterator[None]:
    """Within the block, on this thread, `give_way()` calls `hook`."""
    token = _hook.set(hook)
    try:
        yield
    finally:
        _hook.reset(token)
