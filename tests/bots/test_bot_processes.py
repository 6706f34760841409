"""User bots that misbehave cannot stop the table (issue 33, items 2 and 3): each runs in a
process of its own (`homegame.tui.players.TableWork`), and a bot that never returns, loops,
eats memory, raises a `BaseException`, exits or prints loses that decision to check-or-fold with
one log line naming no card, while the game goes on. Played through the game driver with the
table's own worker processes, a short time limit and a small memory cap."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

import pytest
from every_game import GAMES
from misbehaving_bots import MODES, PRINTED, class_name, write_bots

import homegame.worker as worker_module
from homegame.config import (
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    SeriesSettings,
    TimingSettings,
)
from homegame.crash import redact_cards
from homegame.engine.actions import Call, Check, Discard, Muck
from homegame.play.driver import GameDriver, log_lines
from homegame.play.requests import (
    AfterOut,
    AskAction,
    AskCubeTurn,
    AskDiscard,
    AskShowOrMuck,
    BotCubeAnswer,
    BotFailed,
    BotTurn,
    DealResult,
    GameOver,
    OfferAfterOut,
    Request,
)
from homegame.tui.players import BACKGROUND_NICE, TableWork
from homegame.variants import get_variant
from homegame.worker import Worker

#: Seconds a decision may take here (the app's is 2), and the worker's memory cap in bytes.
LIMIT = 0.3
MEMORY = 400 * 2**20
#: What each way of failing says in the log ("" for a bot that only prints: it plays on).
SAID = {
    "hang": f"took longer than {LIMIT:g} s",
    "busy": f"took longer than {LIMIT:g} s",
    "memory": "raised MemoryError",
    "base_error": "raised Weird",
    "sys_exit": "raised SystemExit",
    "interrupt": "raised KeyboardInterrupt",
    "os_exit": "ended its process",
    "print": "",
    "raise": "raised ValueError",
}


def _config(*bots: str) -> GameConfig:
    players = (PlayerSetting("Ann"), *(PlayerSetting(f"Robo {i}", b) for i, b in enumerate(bots)))
    return GameConfig(
        "holdem",
        players=players,
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        freezeout=FreezeoutSettings(starting_stack=4000),
    )


def _person(driver: GameDriver, request: Request) -> object:
    """The person at the keyboard: checks or calls, mucks, throws the first cards, watches."""
    if isinstance(request, AskAction):
        return Check() if request.legal.can_check else Call()
    if isinstance(request, AskDiscard):
        mine = next(s for s in driver.game.view_for(request.seat).seats if s.seat == request.seat)
        return Discard(cards=tuple(c for c in mine.cards or () if c is not None)[: request.count])
    if isinstance(request, AskShowOrMuck):
        return Muck()
    if isinstance(request, DealResult):
        return False
    if isinstance(request, OfferAfterOut):
        return AfterOut.WATCH
    return None


async def _play(driver: GameDriver, work: TableWork, bot_turns: int) -> tuple[list[str], int]:
    """Answer the driver as the table does until `bot_turns` bots' turns were answered (or
    the game ended): the log's lines, and the bots' turns answered."""
    names = driver.names
    lines = log_lines(driver.start(), names)
    turns = 0
    while turns < bot_turns:
        request = driver.request
        if request is None or isinstance(request, GameOver):
            break
        if isinstance(request, BotTurn):
            answer: object = await work.decide(request)
            turns += 1
        else:
            answer = _person(driver, request)
        lines += log_lines(driver.answer(answer), names)
    return lines, turns


async def _bot_actions(driver: GameDriver, work: TableWork | None, turns: int) -> list[object]:
    """The bots' first `turns` answers, from `work`'s processes or (None) this one."""
    driver.start()
    answers: list[object] = []
    while len(answers) < turns:
        request = driver.request
        if request is None or isinstance(request, GameOver):
            break
        answer: object
        if isinstance(request, BotTurn):
            if work is None:
                answer = request.bot.decide(request.view)
            else:
                answer = await work.decide(request)
            answers.append(answer)
        else:
            answer = _person(driver, request)
        driver.answer(answer)
    return answers


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_level_decides_in_the_worker_as_it_would_here(game: str) -> None:
    """A bot travels to the worker and back as its state: the same seed gives the same
    decisions as bots deciding in this process, and none is lost."""
    kinds = ["random", "easy", "medium", "hard"][: get_variant(game).max_players - 1]

    def driver() -> GameDriver:
        players = (PlayerSetting("Ann"), *(PlayerSetting(k.title(), k) for k in kinds))
        config = GameConfig(game, players=players, timing=TimingSettings(bot_pause=0.0))
        return GameDriver(config, random.Random(5), button=0, bot_rng=random.Random(6))

    async def scenario() -> tuple[list[object], list[object]]:
        work = TableWork()
        try:
            there = await _bot_actions(driver(), work, 30)
        finally:
            work.close()
        return there, await _bot_actions(driver(), None, 30)

    there, here = asyncio.run(scenario())
    assert len(there) == 30 and not any(isinstance(a, BotFailed) for a in there), there
    assert there == here


def _played(driver: GameDriver, bot_turns: int) -> tuple[list[str], int]:
    """`_play` with the table's workers (the short limit, the small cap), closed after."""
    work = TableWork(limit=LIMIT, memory=MEMORY)

    async def scenario() -> tuple[list[str], int]:
        try:
            return await _play(driver, work, bot_turns)
        finally:
            work.close()

    return asyncio.run(scenario())


def _notes(lines: list[str], name: str) -> list[str]:
    return [line for line in lines if line.startswith(f"{name}'s bot ")]


@pytest.mark.parametrize("mode", list(MODES))
def test_a_user_bot_that_misbehaves_loses_the_decision_and_the_table_goes_on(
    mode: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    path = write_bots(tmp_path)
    driver = GameDriver(_config(f"{path}:{class_name(mode)}"), random.Random(4), button=0)
    lines, turns = _played(driver, bot_turns=2)
    assert turns == 2, "the game ended before the bot had two turns"
    notes = _notes(lines, "Robo 0")
    said = SAID[mode]
    if said:
        assert len(notes) == 2, notes  # one line per decision lost
        assert all(said in note and note.endswith("instead") for note in notes), notes
    else:
        assert notes == []
    assert all(redact_cards(note) == note for note in notes), "a card in the bot's log line"
    assert not any(PRINTED in line for line in lines)
    out, err = capfd.readouterr()
    assert PRINTED not in out + err, "what the bot printed reached the terminal"
    assert not worker_module._running, "a worker outlived the table"


def test_a_user_bot_that_exits_while_it_is_built_checks_or_folds_every_turn(
    tmp_path: Path,
) -> None:
    """SystemExit in `__init__`: the bot cannot be built; each of its turns is lost."""
    path = write_bots(tmp_path)
    driver = GameDriver(_config(f"{path}:InitExit"), random.Random(4), button=0)
    lines, turns = _played(driver, bot_turns=2)
    notes = _notes(lines, "Robo 0")
    assert turns == 2 and len(notes) == 2
    assert all("could not be built from its file" in note for note in notes)


def test_a_user_bot_that_never_answers_the_cube_doubles_and_the_series_goes_on(
    tmp_path: Path,
) -> None:
    """KRG's doubling cube (HOUSE_RULES 16): the person turns it; the bot's answer runs in its
    worker too, and one that never comes back doubles, with one line."""
    path = write_bots(tmp_path)
    players = (PlayerSetting("Ann"), PlayerSetting("Robo 0", f"{path}:CubeHang"))
    config = GameConfig(
        "krg",
        players=players,
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        series=SeriesSettings(wins=3, doubling_cube=True),
    )
    driver = GameDriver(config, random.Random(4), button=0)
    work = TableWork(limit=LIMIT, memory=MEMORY)

    async def scenario() -> list[str]:
        names = driver.names
        lines = log_lines(driver.start(), names)
        try:
            for _ in range(500):
                request = driver.request
                assert request is not None
                if isinstance(request, AskCubeTurn):
                    answer: object = request.seats[0]
                elif isinstance(request, BotCubeAnswer):
                    answer = await work.answer_cube(request)
                    lines += log_lines(driver.answer(answer), names)
                    return lines
                elif isinstance(request, BotTurn):
                    answer = await work.decide(request)
                else:
                    answer = _person(driver, request)
                lines += log_lines(driver.answer(answer), names)
        finally:
            work.close()
        raise AssertionError("the cube was never turned")

    lines = asyncio.run(scenario())
    notes = _notes(lines, "Robo 0")
    assert notes == [f"Robo 0's bot took longer than {LIMIT:g} s; it doubles instead"]
    cube = driver.game.cube()
    assert cube is not None and not cube.cube_pending()


@pytest.mark.parametrize("seed", [1])
def test_fuzz_bots_failing_in_every_way_at_random_never_stop_the_game(
    seed: int, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Two bots that each fail a different way at each decision (or play calmly), beside a
    hard bot: every bot turn is answered, the chips stay what they were, every lost decision
    is one line with no card in it, and nothing the bots print reaches the terminal."""
    path = write_bots(tmp_path)
    config = _config(f"{path}:Moody", "hard", f"{path}:Moody")
    driver = GameDriver(config, random.Random(seed), button=0, bot_rng=random.Random(seed))
    chips = 4000 * len(config.players)
    lines, turns = _played(driver, bot_turns=16)
    assert turns == 16
    notes = _notes(lines, "Robo 0") + _notes(lines, "Robo 2")
    assert notes, "no bot failed: the fuzz checked nothing"
    assert _notes(lines, "Robo 1") == [], "the hard bot lost a decision"
    for note in notes:
        assert note.endswith("instead") and redact_cards(note) == note, note
        assert any(said and said in note for said in SAID.values()), note
    view = driver.game.view_for(None)
    in_pots = view.pot_total if driver.game.in_hand else 0
    assert sum(s.stack for s in view.seats) + in_pots == chips
    out, err = capfd.readouterr()
    assert PRINTED not in out + err
    assert not worker_module._running


def test_a_worker_runs_at_a_lower_priority_and_is_killed_with_the_table() -> None:
    """The shared worker is niced (the event loop's process gets the CPU first when both want
    it), and closing the table kills it."""

    async def scenario() -> tuple[int, int, int]:
        worker = Worker(nice=BACKGROUND_NICE)
        await worker.start()
        pid = worker.pid
        assert pid is not None
        niced = os.getpriority(os.PRIO_PROCESS, pid)
        worker.close()
        return pid, niced, os.getpriority(os.PRIO_PROCESS, 0)

    pid, niced, ours = asyncio.run(scenario())
    assert niced == min(19, ours + BACKGROUND_NICE)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
