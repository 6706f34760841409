"""Test settings shared by the whole suite."""

from __future__ import annotations

import asyncio
import os
import time
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

# CI replays the same examples every run so a green main stays green; locally hypothesis
# explores new examples each time (and keeps the failures it finds in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.css.model import RuleSet
    from textual.css.stylesheet import Stylesheet
    from textual.css.types import CSSLocation
    from textual.screen import Screen


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Crash logs and journals written by a test go to a temporary folder, never the user's."""
    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path_factory.mktemp("data")))


def _headless_frames_unpainted() -> None:
    """Headless, Textual paints each frame and the driver throws it away. The tests read the
    screen with a full render of their own (tests/tui_driver.py's `visible_text`), so painting
    frames nobody sees was about a third of a TUI test's CPU. A test that wants every frame
    painted (the fuzz tests: a crash while drawing) uses the `painted_frames` fixture."""
    from textual._compositor import Compositor

    paint = Compositor.render_update

    def render_update(
        self: Compositor,
        full: bool = False,
        screen_stack: list[Screen[object]] | None = None,
        simplify: bool = False,
    ) -> RenderableType | None:
        if full or simplify or os.environ.get(PAINTS):
            return paint(self, full, screen_stack, simplify)
        self._dirty_regions.clear()  # what a paint would have cleared
        return None

    Compositor.render_update = render_update  # type: ignore[method-assign]  # on purpose


PAINTS = "HOMEGAME_TEST_PAINTS"
_headless_frames_unpainted()


def _shorter_idle_waits() -> None:
    """Pilot waits for the app to go idle after each key by sleeping in slices of 20 ms until
    one slice passes with under 1 ms of CPU used (worker threads count); most of a TUI test
    was those sleeps. Here a slice is 4 ms and two quiet slices in a row are asked for, so a
    process that the machine merely paused for a slice is not taken for idle."""
    import textual._wait
    import textual.app
    import textual.pilot

    slice_, quiet_cpu = 0.004, 0.001

    async def wait_for_idle(min_sleep: float = slice_, max_sleep: float = 1) -> None:
        start = time.monotonic()
        quiet = 0
        while True:
            cpu = time.process_time()
            await asyncio.sleep(textual._wait.SLEEP_GRANULARITY)
            quiet = quiet + 1 if time.process_time() - cpu < quiet_cpu else 0
            elapsed = time.monotonic() - start
            if elapsed >= max_sleep or (elapsed > min_sleep and quiet >= 2):
                return

    textual._wait.SLEEP_GRANULARITY = slice_
    # Each module calls the function it imported from textual._wait: each is replaced.
    textual.pilot.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]
    textual.app.wait_for_idle = wait_for_idle  # type: ignore[attr-defined]


_shorter_idle_waits()


@pytest.fixture
def painted_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every frame is painted, as in a terminal, so a widget that fails to draw fails the test."""
    monkeypatch.setenv(PAINTS, "1")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the cores, since part of a TUI test waits on the clock
    (idle slices, child processes) and another worker's work fills it (on 2 cores the suite
    took about 2:30 with 2 workers, 2:10 with 3 and 2:15 with 4)."""
    return (os.cpu_count() or 1) + 1


def _stylesheets_parsed_once() -> None:
    """Every app a test starts parses the same CSS with the same theme variables again (a
    fifth of an app's start-up); the parsed rules are kept across the apps of a worker, keyed
    on the text, where it came from and the variables, as Textual keys them within one app."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple[object, ...], list[RuleSet]] = {}

    def _parse_rules(
        self: Stylesheet,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        local = (css, read_from, is_default_rules, tie_breaker, scope)
        if local in self._parse_cache:  # Textual's own cache, for this app's variables
            return self._parse_cache[local]
        key = (*local, *sorted(self._variables.items()))
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        self._parse_cache[local] = parsed[key]
        return parsed[key]

    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]  # on purpose


_stylesheets_parsed_once()


#: Test files that take longest, longest first: they run first, so that the short tests fill
#: the last seconds of each worker instead of one worker ending on a long game alone.
_LONG_FIRST = (
    "tests/tui/test_tui_fuzz.py",
    "tests/tui/test_tui_shutdown.py",
    "tests/tui/test_tui.py",
    "tests/tui/",
    "tests/engine/test_pokerkit_reference.py",
    "tests/bots/",
    "tests/store/test_store_kill_resume.py",
    "tests/rules/test_show_or_muck.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest test files first (see `_LONG_FIRST`); the rest keep their order."""

    def rank(item: pytest.Item) -> int:
        path = item.nodeid
        return next((i for i, head in enumerate(_LONG_FIRST) if path.startswith(head)), 99)

    items.sort(key=rank)
