"""The one workaround for an open Textual bug (Textual issue #6665), feature-detected.

Textual's `StylesCache.get_inner_outer` is an `lru_cache` on a method, so it keys on every
widget's styles cache and keeps the last 1,024 of them alive, with their rendered lines, long
after their widgets are gone. It uses only the two colours, so keying on them alone gives the
same styles and keeps no widget's cache. A Textual that no longer caches the method this way is
left alone, and `tests/tui/test_tui_gc_pauses.py` fails then, so this module can be deleted.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from rich.style import Style
from textual._styles_cache import StylesCache
from textual.color import Color

InnerOuter = Callable[[Color, Color], tuple[Style, Style]]

#: Textual's own method as imported, before any change: what the bug check reads.
TEXTUALS_OWN = StylesCache.__dict__.get("get_inner_outer")


def has_the_bug() -> bool:
    """Does this Textual cache `get_inner_outer` per widget (an lru_cache on the method)?"""
    return hasattr(TEXTUALS_OWN, "cache_info") and hasattr(TEXTUALS_OWN, "__wrapped__")


def _keyed_on_colours(work: Callable[[object, Color, Color], tuple[Style, Style]]) -> InnerOuter:
    """The same work, cached on the two colours only (it never reads its first argument)."""

    @functools.lru_cache(maxsize=1024)
    def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
        return work(None, base_background, background)

    return inner_outer


def keep_no_dead_styles_caches() -> None:
    """Cache Textual's inner and outer backgrounds by colour, not by widget. Done once: the
    method is then a plain static one, and a Textual without the bug is left alone."""
    method = StylesCache.__dict__.get("get_inner_outer")
    work = getattr(method, "__wrapped__", None)
    if work is None or not hasattr(method, "cache_info"):
        return
    StylesCache.get_inner_outer = staticmethod(_keyed_on_colours(work))  # type: ignore[assignment,method-assign]
