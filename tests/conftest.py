"""Test settings shared by the whole suite."""

from __future__ import annotations

import os

from hypothesis import settings

# CI replays the same examples every run so a green main stays green; locally hypothesis
# explores new examples each time (and keeps the failures it finds in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
