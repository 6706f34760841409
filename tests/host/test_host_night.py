"""A whole hosted night, scripted as the host types it (issue 10's "done when").

Six players on the sample structure with a minutes clock: a pause, a level change, a break
with its colour-up note, a late entry, a sit-out and back, a three-way all-in with side pots
settled from the shown hands; then a KRG series with the cube to its certificate winner.
Chips are never created or lost along the way. The night is journalled as the host screen
journals it, and two slips are taken back with undo (HOUSE_RULES 24), each leaving the night
exactly as it stood before the slip.
"""

from __future__ import annotations

import random
from pathlib import Path

from homegame.config import GameConfig, PlayerSetting, SeriesSettings, load_config
from homegame.engine.chip_game import ChipGame
from homegame.host.console import HostConsole
from homegame.host.resume import host_console
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

SAMPLE = Path(__file__).resolve().parents[2] / "sample_configs" / "host-night.toml"


class Night:
    """The host at the keyboard: each line at a time on the clock; every line must be taken."""

    def __init__(self, console: HostConsole, journal: GameLog | None = None) -> None:
        self.console = console
        self.journal = journal
        self.now = 0.0
        self.log: list[str] = []

    def type(self, *lines: str, wait: float = 5.0) -> None:
        for line in lines:
            self.now += wait
            self.log += [a.describe() for a in self.console.tick(self.now)]
            outcome = self.console.run(line, self.now)
            assert outcome.ok, f"{line!r}: {outcome.message}"
            self.log += list(outcome.lines)
            self.log += [a.describe() for a in outcome.alerts]

    def undo(self) -> str:
        """u: the journal takes back the last line and the console is replayed without it,
        as the host screen does; returns the line that was taken back."""
        assert self.journal is not None
        record = self.journal.undo()
        assert record is not None
        self.console, _lines = host_console(self.journal)
        return record.label

    def state(self) -> tuple[object, ...]:
        """Everything an undo must put back: stacks, whose turn, the hand as the table sees it."""
        session = self.console.session
        assert isinstance(session, ChipGame)  # the undo tests play chip games
        view = session.view_for(None) if session.hand is not None else None
        return (session.stacks, session.to_act, view, self.console.hand_number, self.chips())

    def chips(self) -> int:
        fz = self.console.tournament
        assert fz is not None
        return fz.chips_in_play()


def test_a_hosted_holdem_night(tmp_path: Path) -> None:
    log = GameLog.new(Journal(tmp_path), load_config(SAMPLE), HOST)
    console, _ = host_console(log, button=2)  # Cleo's button
    night = Night(console, log)
    total = 6 * 10000
    night.type("n")  # Dev SB, Eve BB, Finn first
    night.type("Finn f", "Ann r 150", "Bob c", "Cleo f", "Dev f", "Eve c")
    night.type("b Ah Kd 7c", "Eve k")
    before = night.state()
    night.type("Ann r 3000")  # a slip: an extra nought
    assert night.state() != before
    assert night.undo() == "Ann r 3000"
    assert night.state() == before
    night.type("Ann r 300", "Bob c", "Eve f", "b turn 2s", "k", "k")
    night.type("b river 9h", "Ann r 600", "Bob c", "s Ann Ac Qd", "Bob m")
    assert night.chips() == total
    night.type("p")
    assert "paused" in night.console.clock_line(night.now + 3600)  # an hour's pause costs nothing
    night.now += 3600
    night.type("p", "time 0:10")
    night.type("n", wait=15)  # the clock ran out during the pause's last seconds: level 2
    assert any(line.startswith("Level 2") for line in night.log)
    assert night.console.tournament is not None and night.console.tournament.level.number == 2
    # A three-way all-in: Bob short, Cleo covers everyone, Dev in between.
    while (view := night.console.view()) is not None and view.phase == "betting":
        seat = night.console.session.to_act
        assert seat is not None
        name = night.console.names[seat]
        night.type(f"{name} a" if name in ("Bob", "Cleo", "Dev") else f"{name} f")
    for line in ("s Bob Ah Ad", "s Cleo Kh Kd", "s Dev Qh Qd", "b 2c 7d 9s", "b 3c", "b Kc"):
        night.type(line)
    assert any("side pot 1" in line for line in night.log)
    assert night.chips() == total
    night.type("buy Gus")  # a late entry (HOUSE_RULES 20), paid into the pool
    before = night.state()
    night.type("out Finn")  # a slip: Eve is the one leaving the table for a while
    assert night.undo() == "out Finn"
    assert night.state() == before
    night.type("out Eve", "n")
    total += 10000
    assert night.chips() == total
    for _ in range(4):
        while night.console.session.in_hand:
            night.type("f")
        night.type("n")
    assert "Eve folds" in night.log
    night.type("Eve back")
    while night.console.session.in_hand:
        night.type("f")
    night.type("level +", "level +", "level +", "level +")  # levels 3, 4, 5, then the break
    assert any(line.startswith("Break for 10 minutes: colour up") for line in night.log)
    assert night.console.clock_line(night.now).startswith("BREAK")
    night.type("n")
    assert night.console.tournament is not None
    assert night.console.tournament.level.number == 6  # the break carries the next level's blinds
    assert night.chips() == total
    undos = [r for r in log.journal.inputs(log.game_id, live=False) if r.kind == "undo"]
    assert len(undos) == 2  # both slips stay in the history with their undo


def test_a_hosted_krg_series_with_the_cube() -> None:
    names = ("Ann", "Bob", "Cy", "Dee")
    config = GameConfig(
        "krg",
        players=tuple(PlayerSetting(n) for n in names),
        series=SeriesSettings(doubling_cube=True, side_bets=True),
    )
    console = HostConsole(config, random.Random(4), button=0)
    night = Night(console)
    night.type("n", "d all", "d all", "d all", "w Bob")
    night.type("cube Ann", "double Bob", "double Cy", "drop Dee")
    assert "cube 2 (Ann)" in console.krg_line()
    night.type("n", "d all", "d all", "d all", "w Ann quads Ann")
    night.type("n", "d all", "d all", "d all", "w Ann")
    night.type("n", "d all", "d all", "d all", "w Ann")
    assert console.over and console.winner_names() == ["Ann"]
    assert any("wins the series" in line for line in night.log)
