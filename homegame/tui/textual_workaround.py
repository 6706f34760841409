"""The workarounds for what Textual 8 offers no public way to do, each feature-detected.

1. An unhandled exception (Textual has no public hook for one). Textual sends every exception
   a handler, a timer, a worker or a draw raises to `App._handle_exception`, which prints a
   traceback with its locals when the app ends, unless the exception renders itself
   (`__rich__`): then Textual shows that rendering instead. `ShortCrashes` gives the exception
   that rendering, the app's own short message, and otherwise leaves the handling to Textual
   (the exit status 1, Pilot re-raising the exception in tests, the app closing).
   `tests/tui/test_tui_textual_workaround.py` fails if Textual renames that method or stops
   honouring `__rich__`, so a Textual upgrade cannot quietly bring tracebacks back.

2. Waiting for a removed screen to let go (Textual has no public way to). A screen's message
   pump runs in a task of its own that holds the screen until it has ended, after the screen
   is popped; `pump_tasks` finds those tasks so the app can wait for them before it frees what
   the last game left. A Textual that keeps them elsewhere gives none, and the test fails.

3. Textual issue #6665: `StylesCache.get_inner_outer` is an `lru_cache` on a method, so it keys
   on every widget's styles cache and keeps the last 1,024 of them alive, with their rendered
   lines, long after their widgets are gone. It uses only the two colours, so keying on them
   alone gives the same styles and keeps no widget's cache. A Textual that no longer caches the
   method this way is left alone, and `tests/tui/test_tui_gc_pauses.py` fails then, so this
   part can be deleted.

4. Textual's Linux driver answers every SIGCONT by starting application mode again (a new
   output thread, the terminal's modes set anew), right in the signal handler, whatever the
   main thread was doing then. It is meant for coming back from its own stop (SIGTSTP). But a
   terminal that closes sends SIGHUP and SIGCONT together, and a restart in the middle of the
   app's close left that close writing to an output queue no thread reads any more: the
   process hung for good, ignoring SIGTERM (6 of 16 terminal closes just after the first
   frame). `resume_only_after_a_stop` keeps Textual's handler for a SIGCONT that follows a
   SIGTSTP and drops any other, and every one once the app is leaving. Only Python's public
   `signal` API is used; `tests/tui/test_tui_textual_workaround.py` fails when Textual's
   driver no longer installs a SIGCONT handler, so this part can be looked at again then.
"""

from __future__ import annotations

import asyncio
import functools
import signal
from collections.abc import Callable, Iterable
from types import FrameType

from rich.console import RenderableType
from rich.style import Style
from textual._styles_cache import StylesCache
from textual.app import App
from textual.color import Color

# -- 1. a crash shows the app's own message --------------------------------------------------


class CrashShown(Exception):
    """Stands in for an exception that cannot carry its own rendering (one with `__slots__`)."""

    def __init__(self, message: RenderableType, cause: Exception) -> None:
        super().__init__(str(cause))
        self.message = message
        self.__cause__ = cause

    def __rich__(self) -> RenderableType:
        return self.message


class ShortCrashes(App[None]):
    """An app whose unhandled exception shows `crash_shown(error)`, never a traceback.

    `crash_shown` runs once, for the first exception; later ones (a crash often brings more as
    the app closes) add nothing, as the first has said it all."""

    #: The first unhandled exception, or None.
    crash: Exception | None = None

    def crash_shown(self, error: Exception) -> RenderableType:
        """What the person sees once the app has ended after `error`."""
        return "The app stopped after an unexpected error."

    def _handle_exception(self, error: Exception) -> None:
        if self.crash is not None:
            return
        self.crash = error
        message = self.crash_shown(error)
        self.bell()
        try:
            error.__rich__ = lambda: message  # type: ignore[attr-defined]
        except AttributeError:
            error = CrashShown(message, error)
        super()._handle_exception(error)


def textual_hands_exceptions_to_the_app() -> bool:
    """Does this Textual still pass every unhandled exception to `App._handle_exception`?"""
    return callable(getattr(App, "_handle_exception", None))


# -- 2. a removed screen's own task -----------------------------------------------------------


def pump_tasks(nodes: Iterable[object]) -> list[asyncio.Task[object]]:
    """The tasks still running the message pumps of `nodes` (screens taken off the stack)."""
    tasks = (getattr(node, "_task", None) for node in nodes)
    return [task for task in tasks if isinstance(task, asyncio.Task) and not task.done()]


# -- 3. Textual issue #6665 -----------------------------------------------------------------

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


# -- 4. a SIGCONT that follows no stop ------------------------------------------------------


def resume_only_after_a_stop(leaving: Callable[[], bool]) -> None:
    """Let the SIGCONT handler in place (Textual's driver's) run only for a continue after a
    SIGTSTP, and never once `leaving()` is true. Call it once the driver is built (on mount):
    the driver installs both handlers as it is made."""
    stop = signal.getsignal(signal.SIGTSTP)
    resume = signal.getsignal(signal.SIGCONT)
    if not (callable(stop) and callable(resume)):
        return
    stopped = False

    def on_stop(number: int, frame: FrameType | None) -> None:
        nonlocal stopped
        stopped = True
        stop(number, frame)

    def on_continue(number: int, frame: FrameType | None) -> None:
        nonlocal stopped
        if stopped and not leaving():
            stopped = False
            resume(number, frame)

    signal.signal(signal.SIGTSTP, on_stop)
    signal.signal(signal.SIGCONT, on_continue)
