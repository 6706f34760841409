"""Short garbage collections on the event loop: a full collection stops the loop while it walks
every object the process holds, so the app holds fewer and walks none of its start-up objects.

Measured on the table (`benchmarks/bench_stalls.py`): a full collection took 80-115 ms, the
longest stalls of a solo game. Two causes:
- Textual's `StylesCache.get_inner_outer` is an `lru_cache` on a method, so it keys on every
  widget's styles cache and keeps the last 1,024 of them alive, with their rendered lines, long
  after their widgets are gone (about 50,000 objects by the fifteenth hand). It uses only the two
  colours, so keying on them alone gives the same styles and keeps no widget's cache.
- The modules, classes and the first screen (about 70,000 objects) live as long as the app;
  `gc.freeze()` once the first screen is up moves them where collections do not walk.
- A screen taken off the stack (a result, a discard, a handoff) is garbage only a collection
  frees, as its widgets and their parents point at each other, and with it every line it drew.
  Dropping those lines as it goes lets reference counting free them at once: the collections
  walk half as much garbage.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable

from rich.style import Style
from textual._styles_cache import StylesCache
from textual.color import Color
from textual.screen import Screen
from textual.widget import Widget

InnerOuter = Callable[[Color, Color], tuple[Style, Style]]


def _keyed_on_colours(work: Callable[[object, Color, Color], tuple[Style, Style]]) -> InnerOuter:
    """The same work, cached on the two colours only (it never reads its first argument)."""

    @functools.lru_cache(maxsize=1024)
    def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
        return work(None, base_background, background)

    return inner_outer


def keep_no_dead_styles_caches() -> None:
    """Cache Textual's inner and outer backgrounds by colour, not by widget. Done once: the
    method is then a plain static one, and a Textual that no longer caches it is left alone."""
    method = StylesCache.__dict__.get("get_inner_outer")
    work = getattr(method, "__wrapped__", None)
    if work is None or not hasattr(method, "cache_info"):
        return
    StylesCache.get_inner_outer = staticmethod(_keyed_on_colours(work))  # type: ignore[assignment,method-assign]


def freeze_start_up() -> None:
    """Leave everything alive now out of every later collection: it lasts as long as the app.
    Once a process: a later app in the same process (tests) would pin the last one's garbage."""
    if gc.get_freeze_count() == 0:
        gc.freeze()


def drop_drawn_lines(screen: Screen[object]) -> None:
    """Let go of the lines `screen` and its widgets drew (it is off the stack: a screen shown
    again draws afresh)."""
    for widget in screen.walk_children(Widget, with_self=True):
        widget._styles_cache.clear()
