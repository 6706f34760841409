"""A short hosted night in a journal, typed line by line as the host screen journals it: a
showdown with the board and every hand typed, a late entry, an all-in the late entry wins (a
bust), and a hand folded round, so exports and the history meet what a live table writes."""

from __future__ import annotations

import random
from pathlib import Path

from host_lines import Hosting

from homegame.config import CashGameSettings, FreezeoutSettings, GameConfig, PlayerSetting
from homegame.money.settings import MoneySettings
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

STARTING = ("Ann", "Bob", "Cy")
#: The night, hand by hand (the button starts on Ann, seat 1).
LINES: tuple[tuple[str, ...], ...] = (
    # Hand 1: Ann on the button, Bob small blind, Cy big blind; checked down, all shown.
    (
        "n",
        "Ann c",
        "Bob c",
        "Cy k",
        "b Ah Kd 7c",
        "k",
        "k",
        "k",
        "b 2s",
        "k",
        "k",
        "k",
        "b 9h",
        "k",
        "k",
        "k",
        "s Ann As Ad",
        "s Bob Ks Qs",
        "s Cy Jc Tc",
    ),
    # Dee enters late and is dealt in from hand 2, where Cy (the small blind) is all-in and
    # Dee calls him.
    ("buy Dee",),
    (
        "n",
        "Bob f",
        "Cy a",
        "Dee c",
        "Ann f",
        "b 3c 4d 8s",
        "b 5h",
        "b Qd",
        "s Cy Kc Qc",
        "s Dee 6d 7d",
    ),
    # Hand 3: the button moves on to Cy's empty seat (a dead button); all fold to the blind.
    ("n", "f", "f"),
)


def hosted_night(
    folder: Path, *, cash: bool = False, cash_blinds: tuple[int, int] = (10, 20)
) -> GameLog:
    """The night above (`cash`: its first hand, as a cash game at `cash_blinds`), journalled in
    `folder`; the game's log, read back from the journal."""
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in STARTING),
        freezeout=FreezeoutSettings(starting_stack=1500, hands_per_level=10),
        money=None if cash else MoneySettings(buy_in=2000),
        cash=CashGameSettings(*cash_blinds) if cash else None,
    )
    log = GameLog.new(Journal(folder), config, HOST)
    host = Hosting(config, log, rng=random.Random(1))
    for hand in LINES[:1] if cash else LINES:
        for line in hand:
            outcome = host.run(line, 0.0)
            assert outcome.ok, f"{line!r}: {outcome.message}"
    return GameLog(log.journal, log.game_id)
