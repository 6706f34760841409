"""Test settings shared by the whole suite."""

from __future__ import annotations

import os

import pytest
import textual._wait
from hypothesis import settings

# CI replays the same examples every run so a green main stays green; locally hypothesis
# explores new examples each time (and keeps the failures it finds in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Pilot judges the app idle after a quiet 20 ms slice (under 1 ms of CPU) and waits in such
# slices after every key and pause: most of a TUI test's time. A 5 ms slice (0.25 ms of CPU)
# asks the same question four times as often; what a test waits for is still its own check.
textual._wait.SLEEP_GRANULARITY = 0.005
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Crash logs and journals written by a test go to a temporary folder, never the user's."""
    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path_factory.mktemp("data")))
