"""Host mode's driver, `HostNight`, with no screen: what it asks for, what it journals, resume
and undo as one replay, and nights to their end (a freezeout for money, a cash game, KRG)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from homegame.config import CashGameSettings, GameConfig, PlayerSetting, SeriesSettings, load_config
from homegame.host.night import RESUME_PAUSE, RESUMED_NOTE, HostNight
from homegame.money.settings import MoneySettings
from homegame.play.requests import AskHostLine, GameOver, ShowSeatDraw
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

SAMPLE = Path(__file__).resolve().parents[2] / "sample_configs" / "host-night.toml"
NAMES = ("Ann", "Bob", "Cy")


class Clock:
    """The injected time: tests move it, nothing sleeps."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _night(config: GameConfig, log: GameLog | None, clock: Clock, **kwargs: object) -> HostNight:
    return HostNight(config, random.Random(5), clock=clock, journal=log, **kwargs)  # type: ignore[arg-type]


def _type(night: HostNight, clock: Clock, *lines: str) -> list[str]:
    said: list[str] = []
    for line in lines:
        clock.now += 5
        outcome = night.answer(line)
        assert outcome.ok, f"{line!r}: {outcome.message}"
        said += outcome.lines
    return said


def _all_in_to_the_end(night: HostNight, clock: Clock, favourite: str) -> None:
    """Every hand all-in, the pots to `favourite` while they can win them, until one is left."""
    while not isinstance(night.request, GameOver):
        session = night.console.session
        view = night.console.view()
        if not session.in_hand:
            _type(night, clock, "n")
        elif view is not None and view.phase == "betting":
            _type(night, clock, "a")
        else:
            pending = session.pending_awards() or [0]
            pot = view.pots[pending[0]] if view is not None else None
            names = [night.console.names[s] for s in (pot.eligible if pot else ())]
            _type(night, clock, f"w {favourite if favourite in names else names[0]}")


def _config(**kwargs: Any) -> GameConfig:
    return GameConfig("holdem", players=tuple(PlayerSetting(n) for n in NAMES), **kwargs)


def test_the_night_asks_for_the_hosts_lines_with_the_prompt_and_ends_with_game_over() -> None:
    clock = Clock()
    night = _night(_config(), None, clock, button=0)
    assert night.start() == []
    request = night.request
    assert isinstance(request, AskHostLine) and request.prompt.startswith("n deals the first")
    _type(night, clock, "n")
    request = night.request
    assert isinstance(request, AskHostLine) and request.prompt.startswith("Ann to act")
    _all_in_to_the_end(night, clock, "Ann")
    result = night.result()
    assert result.winner == "Ann" and result.hands == night.console.session.deals


def test_a_drawn_button_is_shown_first_and_then_the_host_types() -> None:
    clock = Clock()
    night = _night(_config(), None, clock, seat_draw=True)
    lines = night.start()
    assert isinstance(night.request, ShowSeatDraw) and lines
    assert any("button" in line for line in lines)
    night.draw_seen()
    assert isinstance(night.request, AskHostLine)


def test_a_refused_line_is_one_line_changes_nothing_and_is_not_journalled(
    tmp_path: Path,
) -> None:
    clock = Clock()
    log = GameLog.new(Journal(tmp_path), _config(), HOST)
    night = _night(log.config, log, clock, button=0)
    _type(night, clock, "n")

    def state() -> tuple[object, ...]:
        return (night.console.session.view_for(None), night.console.prompt(), len(log.inputs()))

    before = state()
    for bad in ("Bob c", "r 1", "zz", "w Ann"):
        outcome = night.answer(bad)
        assert not outcome.ok and outcome.message and "\n" not in outcome.message
    assert (
        night.console.session.view_for(None),
        night.console.prompt(),
        len(log.inputs()),
    ) == before
    _type(night, clock, "c", "c", "k")  # the flop is dealt, its cards not typed yet
    assert len(night.console.prompt().splitlines()) == 2
    for bad in ("d", "n", "m"):  # a refusal that says what fits now is still one line
        outcome = night.answer(bad)
        assert not outcome.ok and "Flop dealt" in outcome.message and "\n" not in outcome.message


def test_resume_is_the_night_as_its_lines_left_it_and_pauses_a_running_clock(
    tmp_path: Path,
) -> None:
    """A second HostNight on the same saved game (as `homegame resume` builds it in a new
    process) stands exactly where the first left off; its clock waits for the host."""
    journal = Journal(tmp_path)
    clock = Clock()
    log = GameLog.new(journal, load_config(SAMPLE), HOST)
    first = _night(log.config, log, clock, button=2)
    _type(first, clock, "n", "Finn f", "Ann r 150", "Bob c")
    clock.now += 60
    first.tick()  # the running clock as last seen: where the resumed night's time goes on
    stood = (first.console.session.view_for(None), first.console.clock_line(first.now()))

    again = _night(log.config, GameLog(journal, log.game_id), Clock(), button=2)
    lines = again.start()
    assert lines[-1] == RESUMED_NOTE and "== Hand 1 ==" in lines
    assert again.console.session.view_for(None) == stood[0]
    clock_line = again.console.clock_line(again.now())
    assert (
        clock_line.startswith("paused")
        and clock_line.removeprefix("paused ").split(" ")[0] == (stood[1].split(" ")[0])
    )


def test_undo_after_resume_takes_back_the_hosts_entry_not_the_resume_pause(
    tmp_path: Path,
) -> None:
    """Issue 27: `u` straight after a resume undid the pause resume itself made, so the clock
    ran and the host's slip stayed. It takes back the host's last line; the clock stays paused."""
    journal = Journal(tmp_path)
    clock = Clock()
    log = GameLog.new(journal, load_config(SAMPLE), HOST)
    first = _night(log.config, log, clock, button=2)
    _type(first, clock, "n", "Finn f")
    before = first.console.session.view_for(None)
    _type(first, clock, "Ann r 3000")  # the slip, then the host's laptop dies

    later = Clock()
    again = _night(log.config, GameLog(journal, log.game_id), later, button=2)
    again.start()
    assert again.journal is not None and again.journal.inputs()[-1].label == RESUME_PAUSE
    paused_at = again.console.clock_line(again.now())
    later.now += 30  # the host looks for the slip a while
    outcome = again.answer("u")
    assert outcome.ok and outcome.message == "undone: Ann raises to 3,000"
    assert again.console.session.view_for(None) == before
    assert again.console.clock is not None and not again.console.clock.running
    assert again.console.clock_line(again.now()) == paused_at  # no second of the level lost
    assert [r.label for r in again.journal.inputs()] == ["n", "Finn f", RESUME_PAUSE]


def test_undo_with_nothing_to_take_back_says_so_in_one_line(tmp_path: Path) -> None:
    clock = Clock()
    unsaved = _night(_config(), None, clock, button=0)
    assert unsaved.answer("u").message == "nothing to undo: this game is not saved"
    log = GameLog.new(Journal(tmp_path), _config(), HOST)
    saved = _night(log.config, log, clock, button=0)
    outcome = saved.answer("u")
    assert not outcome.ok and outcome.message == "nothing to undo"


def test_a_freezeout_for_money_to_its_winner_and_settlement_through_the_driver(
    tmp_path: Path,
) -> None:
    config = _config(money=MoneySettings(buy_in=1000))
    log = GameLog.new(Journal(tmp_path), config, HOST)
    clock = Clock()
    night = _night(config, log, clock, button=0)
    _all_in_to_the_end(night, clock, "Bob")
    result = night.result()
    assert result.money is not None and result.winner in NAMES
    resumed = _night(config, GameLog(Journal(tmp_path), log.game_id), Clock(), button=0)
    assert isinstance(resumed.request, GameOver) and resumed.result() == result


def test_a_cash_game_ends_when_the_host_ends_it_through_the_driver(tmp_path: Path) -> None:
    config = _config(cash=CashGameSettings(small_blind=10, big_blind=20))
    log = GameLog.new(Journal(tmp_path), config, HOST)
    clock = Clock()
    night = _night(config, log, clock, button=0)
    _type(night, clock, "n", "f", "f", "n", "c", "c", "k")
    while night.console.session.in_hand:
        view = night.console.view()
        _type(night, clock, "c" if view is not None and view.phase == "betting" else "w Cy")
    _type(night, clock, "cashout Bob", "end")
    assert isinstance(night.request, GameOver)
    result = night.result()
    assert result.money is not None and result.winner == ""


@pytest.mark.parametrize("cube", [False, True])
def test_a_krg_series_to_its_winner_through_the_driver(cube: bool) -> None:
    config = GameConfig(
        "krg",
        players=tuple(PlayerSetting(n) for n in NAMES),
        series=SeriesSettings(doubling_cube=cube),
    )
    clock = Clock()
    night = _night(config, None, clock, button=0)
    for _ in range(config.series.wins):
        assert isinstance(night.request, AskHostLine)
        _type(night, clock, "n", "d all", "d all", "d all", "w Cy")
    assert isinstance(night.request, GameOver)
    result = night.result()
    assert result.winner == "Cy"
    # Issue 27: the KRG certificate shows the money split, as the Hold'em one does.
    assert result.prizes == (("Cy", "15.00"),)
    assert result.money is not None and result.money.title == "Cy wins: the money"
