"""Running typed lines through a host console in tests: accepted ones, and refused ones that
must say one line and change nothing; and `Hosting`, a night through host mode's driver with
the time set line by line."""

from __future__ import annotations

import random

from homegame.config import GameConfig
from homegame.host.console import HostConsole, Outcome
from homegame.host.night import HostNight
from homegame.store.recorder import GameLog


class Hosting:
    """The host at the keyboard of one night, saved when given its journal, through
    `HostNight` as the host screen drives it: each line at the time the test says."""

    def __init__(
        self,
        config: GameConfig,
        journal: GameLog | None = None,
        *,
        rng: random.Random | None = None,
        button: int | None = 0,
    ) -> None:
        #: The night's time: a resumed one's goes on from where its journal left it.
        self.now = 0.0 if journal is None else journal.resume_time()
        self.night = HostNight(config, rng, clock=self.clock, button=button, journal=journal)
        self.lines = self.night.start()

    def clock(self) -> float:
        """The injected clock: the time of the line being typed."""
        return self.now

    @property
    def console(self) -> HostConsole:
        """The console as the night stands (a new one after an undo)."""
        return self.night.console

    def run(self, line: str, now: float | None = None) -> Outcome:
        """Type `line` at game time `now` (else when the last line was typed)."""
        if now is not None:
            self.now = now
        return self.night.answer(line)


def ok_lines(console: HostConsole, *lines: str) -> list[str]:
    """Run each line, each of which must be accepted; the log lines they wrote."""
    out: list[str] = []
    for line in lines:
        outcome = console.run(line)
        assert outcome.ok, f"{line!r} refused: {outcome.message}"
        out += outcome.lines
    return out


def refused_line(console: HostConsole, line: str) -> str:
    """Run a line that must be refused with one line and change nothing; return that line."""
    before = (console.prompt(), console.view(), list(console.history))
    outcome = console.run(line)
    assert not outcome.ok, f"{line!r} was accepted"
    assert outcome.message and "\n" not in outcome.message
    assert (console.prompt(), console.view(), list(console.history)) == before
    return outcome.message
