"""The app's shutdown closes every screen and the driver even when closing a screen raises
CancelledError: at exit, Textual's cancelling of a game worker could reach the pumps of the
screens it was removing (tests/fuzz_driver.py met it one run in three of 80 fast rounds).

The default suite quits while keys fly in Yukon once, in
tests/tui/test_tui_fuzz.py::test_enter_and_c_as_fast_as_they_come_never_crash[yukon] (the same
seed and driver, 75 rounds, then the app exits with keys still queued and any crash fails it);
the runs here repeat it for the race, with -m slow."""

from __future__ import annotations

import asyncio

import pytest
from fuzz_driver import enter_and_call


@pytest.mark.slow
@pytest.mark.parametrize("run", [1, 2, 3])
def test_quitting_while_keys_fly_in_yukon_ends_cleanly(run: int) -> None:
    assert "HandoffScreen" in asyncio.run(enter_and_call("yukon", rounds=80, seed=1))
