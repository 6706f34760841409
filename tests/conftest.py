"""Test settings shared by the whole suite. Textual runs here as it does for a person: nothing
of it is patched, so every TUI test paints real frames and waits the way Pilot waits."""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import settings

# CI replays the same examples every run so a green main stays green; locally hypothesis
# explores new examples each time (and keeps the failures it finds in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_data_dir(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Crash logs and journals written by a test go to a temporary folder, never the user's."""
    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path_factory.mktemp("data")))


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """Leave the process's last collections nothing to walk: collect once, then freeze what is
    left. pytest collects five times more at its cleanup, and an xdist worker that takes over
    5 s to end is sent a SIGINT by execnet, which a passing run printed as a KeyboardInterrupt
    raised in hypothesis's garbage-collector callback."""
    gc.collect()
    gc.freeze()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the cores, since part of a TUI test waits on the clock
    (idle slices, child processes) and another worker's work fills it (on 2 cores the suite
    took about 2:30 with 2 workers, 2:10 with 3 and 2:15 with 4)."""
    return (os.cpu_count() or 1) + 1


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
