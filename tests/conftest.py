"""Test settings shared by the whole suite."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI replays the same examples every run so a green main stays green; locally hypothesis
# explores new examples each time (and keeps the failures it finds in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Crash logs and journals written by a test go to a temporary folder, never the user's."""
    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path_factory.mktemp("data")))
