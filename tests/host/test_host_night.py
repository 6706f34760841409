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
from homegame.host.night import HostNight
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

SAMPLE = Path(__file__).resolve().parents[2] / "sample_configs" / "host-night.toml"


class Night:
    """The host at the keyboard through host mode's driver alone, no screen: each line at a
    time on an injected clock; every line must be taken."""

    def __init__(
        self,
        config: GameConfig,
        journal: GameLog | None = None,
        *,
        button: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.now = 0.0
        self.driver = HostNight(config, rng, clock=lambda: self.now, button=button, journal=journal)
        self.log: list[str] = self.driver.start()

    @property
    def console(self) -> HostConsole:
        return self.driver.console

    def type(self, *lines: str, wait: float = 5.0) -> None:
        for line in lines:
            self.now += wait
            self.log += [a.describe() for a in self.driver.tick()]
            outcome = self.driver.answer(line)
            assert outcome.ok, f"{line!r}: {outcome.message}"
            self.log += list(outcome.lines)
            self.log += [a.describe() for a in outcome.alerts]

    def undo(self) -> str:
        """u: the driver takes back the last line (the night replayed without it); returns
        what it says was undone."""
        outcome = self.driver.answer("u")
        assert outcome.ok and outcome.undo, outcome.message
        return outcome.message

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
    night = Night(log.config, log, button=2)  # Cleo's button
    total = 6 * 10000
    night.type("n")  # Dev SB, Eve BB, Finn first
    night.type("Finn f", "Ann r 150", "Bob c", "Cleo f", "Dev f", "Eve c")
    night.type("b Ah Kd 7c", "Eve k")
    before = night.state()
    night.type("Ann r 3000")  # a slip: an extra nought
    assert night.state() != before
    assert night.undo() == "undone: Ann bets 3,000"
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
    assert night.undo() == "undone: out Finn"
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
    refused = night.driver.answer("n")  # issue 27: no hand is dealt while the break runs
    assert not refused.ok and refused.message.startswith("on break (")
    assert refused.message.endswith("left): level + ends the break")
    night.type("level +", "n")
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
    night = Night(config, button=0, rng=random.Random(4))
    console = night.console
    night.type("n", "d all", "d all", "d all", "w Bob")
    night.type("cube Ann", "double Bob", "double Cy", "drop Dee")
    assert "cube 2 (Ann)" in console.krg_line()
    night.type("n", "d all", "d all", "d all", "w Ann quads Ann")
    night.type("n", "d all", "d all", "d all", "w Ann")
    night.type("n", "d all", "d all", "d all", "w Ann")
    assert console.over and console.winner_names() == ["Ann"]
    assert any("wins the series" in line for line in night.log)
