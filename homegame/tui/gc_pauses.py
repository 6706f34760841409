"""Short garbage collections on the event loop: a full collection stops the loop while it walks
every object the process holds, so the app holds fewer and walks none of its start-up objects.

A full collection is the longest stall a solo game can have (`benchmarks/bench_stalls.py` measures
it). What it walks, and what the app does about each:
- Textual's styles caches of widgets long gone, kept alive by a cache of Textual's own: see
  `homegame.tui.textual_workaround`, the one place that works around it.
- The modules, classes and the first screen (about 70,000 objects) live as long as the app;
  `gc.freeze()` once the first screen is up moves them where collections do not walk.
- A night in one app plays game after game: each game warms Textual's caches (regions, styles,
  box models) with tens of thousands of objects that outlive it, and its table is garbage at its
  end. Between games, once the last game's screens are gone and before the next one is built,
  one collection frees the table and a freeze leaves the warmed caches out of later ones; with
  no screen of a game alive then, nothing frozen becomes garbage later (a frozen cycle is never
  freed), so memory stays flat game after game.
- Even so a full collection walks the table's own objects and Textual's warmed caches, and the
  collector starts one whenever enough objects have lived through younger collections:
  in the middle of whatever the loop is doing, often a screen being shown. While a table deals,
  the collector makes only its young collections (short: they walk young objects only) and the table
  makes the full ones itself, between deals, when one is due: a deal's garbage waits at most
  one deal, and no full collection lands on a screen being shown.
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable, Sequence
from typing import TypeVar

from textual.screen import Screen

#: Screens that were up when a freeze ran: frozen for good, so never waited on to be freed.
_frozen_screens: weakref.WeakSet[Screen[object]] = weakref.WeakSet()


def freeze_start_up(screens: Sequence[Screen[object]] = ()) -> None:
    """Leave everything alive now out of every later collection: it lasts as long as the app.
    Once a process: a later app in the same process (tests) would pin the last one's garbage.
    `screens` are up now, frozen with the rest."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        _frozen_screens.update(screens)


def collect_between_games(gone: Sequence[weakref.ref[Screen[object]]]) -> bool:
    """Free the last game's garbage and leave what outlived it out of every later collection;
    only while no game's screen is up, and only once the screens in `gone` are freed (one that
    is still held, by a worker not yet ended, would never be freed once frozen; one frozen with
    start-up is not waited on). Frozen?"""
    gc.collect()
    if any(screen() not in (None, *_frozen_screens) for screen in gone):
        return False
    gc.freeze()
    return True


def thaw() -> None:
    """Give the frozen objects back to the collector as the app ends: in a process that starts
    another app (tests), what this one froze is garbage once it is gone."""
    gc.unfreeze()


T = TypeVar("T")

#: A full-collection threshold no deal reaches: the collector never starts a full one itself.
HELD = 1_000_000_000
#: Young collections since the last full one after which a table makes a full one between deals
#: (the collector's own default threshold for starting one).
DUE = 10
#: A moment's wait that lets the timers and keys already due run first, in seconds: before
#: and after a collection, and before a screen's first draw (`homegame.tui.mount_styles`).
ASIDE = 0.001


def hold_full_collections() -> None:
    """Only young collections start by themselves until as many `release_full_collections` (one
    per table: the next game's table may mount before the last one is gone)."""
    young, middle, oldest = gc.get_threshold()
    if not _held:
        gc.set_threshold(young, middle, HELD)
    _held.append(oldest)


def release_full_collections() -> None:
    """One holder fewer; with none left, the collector starts full collections by itself again."""
    if _held:
        oldest = _held.pop()
        if not _held:
            young, middle, _ = gc.get_threshold()
            gc.set_threshold(young, middle, oldest)


#: A sleep of ASIDE that took longer than this, in seconds, had the loop busy meanwhile.
QUIET = ASIDE + 0.004
#: How many sleeps `quiet_moment` tries before it gives up waiting (a worker thread holding
#: the interpreter lock stretches every sleep).
QUIET_TRIES = 10


async def quiet_moment() -> None:
    """Return once a sleep of ASIDE comes back on time: the loop ran nothing long meanwhile,
    so work done next is not in the same stretch as the last long piece. One sleep is not
    enough: its wake-up, queued as that long piece ran, goes before a timer or key due by
    then."""
    loop = asyncio.get_running_loop()
    for _ in range(QUIET_TRIES):
        start = loop.time()
        await asyncio.sleep(ASIDE)
        if loop.time() - start <= QUIET:
            return


async def alone(work: Callable[[], T]) -> T:
    """`work()` alone in its stretch of the loop: after a quiet moment and followed by a
    moment's sleep, so the callbacks already due (a repaint, a key) run first and the next
    ones after."""
    await quiet_moment()
    result = work()
    await asyncio.sleep(ASIDE)
    return result


async def collect_if_due() -> None:
    """A full collection, alone, when as many young ones have run since the last as would have
    started one by themselves; between deals, where no screen is being shown."""
    if gc.get_count()[2] >= DUE:
        await alone(gc.collect)


#: The full-collection threshold as each holder found it (the first is the collector's own).
_held: list[int] = []
