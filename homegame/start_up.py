"""Start-up without the cyclic garbage collector, for the commands that open the table app.

Importing Textual and the engine and building the first screen make about 100,000 objects that
live as long as the app, and the collector walked them again and again while they were made:
about 140 collections, one of them full, 60-75 ms of a 0.5 s start (issue 15). With it paused
they are made once and then frozen with the first frame (`homegame.tui.gc_pauses`), and the
collector comes back on for the rest of the run. What start-up left as garbage in cycles (a few
thousand objects) is frozen with them instead of freed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: True while start-up has the collector off (and must turn it back on).
_paused = False


@contextmanager
def collections_paused() -> Iterator[None]:
    """The collector off until the app's first frame (`resume_collections`) or the end of the
    block, whichever comes first; one turned off already by someone else is left to them."""
    global _paused
    if not gc.isenabled():
        yield
        return
    gc.disable()
    _paused = True
    try:
        yield
    finally:
        resume_collections()


def resume_collections() -> None:
    """Turn the collector back on if start-up paused it: after `gc.freeze()`, so its first
    collection walks none of what start-up made."""
    global _paused
    if _paused:
        _paused = False
        gc.enable()
