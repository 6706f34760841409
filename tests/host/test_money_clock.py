"""Host mode's money commands read the host's clock as it stands when they are typed, not as
it stood at the last deal: an add-on typed in the first break of a minutes clock is the add-on
at the first break (HOUSE_RULES 19), and a rebuy typed once the rebuy levels have run out on
the clock is refused."""

from __future__ import annotations

import random
from pathlib import Path

from homegame.config import load_config
from homegame.engine.capabilities import Tournament
from homegame.host.console import HostConsole

SAMPLE = Path(__file__).resolve().parents[2] / "sample_configs" / "host-night.toml"
MINUTE = 60.0


def _tournament(console: HostConsole) -> Tournament:
    """The console's tournament: every game here is a freezeout."""
    assert console.tournament is not None
    return console.tournament


def _first_hand_folded(console: HostConsole) -> None:
    outcome = console.run("n", 0.0)
    assert outcome.ok, outcome.message
    while console.session.in_hand:
        outcome = console.run("f", 1.0)
        assert outcome.ok, outcome.message


def test_house_rule_19_an_add_on_typed_in_the_first_break_is_taken() -> None:
    console = HostConsole(load_config(SAMPLE), random.Random(1), button=0)
    _first_hand_folded(console)
    in_break = 5 * 20 * MINUTE + 2 * MINUTE  # five 20-minute levels, then the 10-minute break
    assert console.clock_line(in_break).startswith("BREAK")
    outcome = console.run("addon Ann", in_break)
    assert outcome.ok, outcome.message


def test_house_rule_19_a_rebuy_after_the_rebuy_levels_ran_out_on_the_clock_is_refused() -> None:
    console = HostConsole(load_config(SAMPLE), random.Random(1), button=0)
    _first_hand_folded(console)
    level_five = 4 * 20 * MINUTE + MINUTE
    tournament = _tournament(console)
    before = (tournament.elapsed, tournament.level)
    outcome = console.run("rebuy Bob", level_five)
    assert not outcome.ok and "rebuys ended" in outcome.message, outcome.message
    assert (tournament.elapsed, tournament.level) == before  # nothing changed


def test_house_rule_20_in_a_game_for_money_a_late_player_buys_in_rather_than_joins() -> None:
    console = HostConsole(load_config(SAMPLE), random.Random(1), button=0)
    _first_hand_folded(console)
    chips = console.tournament.chips_in_play() if console.tournament else 0
    outcome = console.run("join Gus", 2.0)
    assert not outcome.ok and "buy NAME" in outcome.message, outcome.message
    assert console.tournament is not None and console.tournament.chips_in_play() == chips
    assert console.run("buy Gus", 3.0).ok
