"""A bot's decision costs the same however long the hand (issue 34): the worker is sent only the
events of the hand since that seat's last decision (`homegame.tui.players.SentHistories`) and
puts the rest back from its last call (`homegame.work.whole_view`). A hand of thousands of
min-raises (two easy bots with strong hands and deep stacks) once pickled its whole history at
every decision, so each action cost more than the one before it. Counted, not timed."""

from __future__ import annotations

import asyncio
import random

import pytest

import homegame.work as work_module
from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.engine.actions import Action, BetRaise, Call, Check, Muck
from homegame.play.driver import GameDriver
from homegame.play.requests import AskAction, AskShowOrMuck, BotTurn, DealResult
from homegame.tui.players import SentHistories, TableWork


def _driver(seed: int = 3) -> GameDriver:
    players = (PlayerSetting("Ann"), PlayerSetting("Bo", "easy"), PlayerSetting("Cy", "easy"))
    config = GameConfig(
        "holdem",
        players=players,
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        freezeout=FreezeoutSettings(starting_stack=1_000_000, hands_per_level=1000),
    )
    return GameDriver(config, random.Random(seed), button=0, bot_rng=random.Random(seed))


def _war_turns(driver: GameDriver, raises: int) -> list[BotTurn]:
    """The bots' turns of a first hand where everyone min-raises until `raises` raises were
    made, then checks or calls: one long hand, a raise war."""
    driver.start()
    turns: list[BotTurn] = []
    raised = 0
    while (request := driver.request) is not None and not isinstance(request, DealResult):
        answer: object = True
        if isinstance(request, BotTurn):
            turns.append(request)
        if isinstance(request, BotTurn | AskAction):
            legal = request.view.legal if isinstance(request, BotTurn) else request.legal
            assert legal is not None
            if legal.can_show:
                answer = Muck()
            elif raised < raises and legal.min_raise_to is not None:
                raised += 1
                answer = BetRaise(legal.min_raise_to)
            else:
                answer = Check() if legal.can_check else Call()
        elif isinstance(request, AskShowOrMuck):
            answer = Muck()
        driver.answer(answer)
    return turns


def test_each_decision_is_sent_only_the_events_since_the_seats_last_one() -> None:
    turns = _war_turns(_driver(), raises=150)
    longest = max(len(t.view.history) for t in turns)
    assert longest > 150, "the hand was not long"
    sent = SentHistories()
    for turn in turns:
        before = sent.events_sent
        trimmed, kept = sent.trim(turn.view)
        assert trimmed.history == turn.view.history[kept:]
        # Between two decisions of a seat, each other seat acts about once.
        assert sent.events_sent - before <= 12
    # Each event went to each bot's seat about once: the sum of the two final histories.
    assert sent.events_sent <= 2 * longest


def test_the_worker_puts_the_history_back_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trimmed in the table, made whole in the worker (here in this process): the bot reads
    the same view it would have been sent whole."""
    monkeypatch.setattr(work_module, "_histories", {})
    sent = SentHistories()
    for turn in _war_turns(_driver(), raises=20):
        trimmed, kept = sent.trim(turn.view)
        assert work_module.whole_view(trimmed, kept) == turn.view


def test_a_worker_that_does_not_hold_the_start_asks_for_the_view_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(work_module, "_histories", {})
    turns = [t for t in _war_turns(_driver(), raises=5) if t.seat == 1]
    sent = SentHistories()
    sent.trim(turns[0].view)  # sent, but the worker was started afresh since
    trimmed, kept = sent.trim(turns[1].view)
    assert kept > 0
    assert work_module.whole_view(trimmed, kept) is None
    view = turns[1].view
    assert isinstance(
        work_module.bot_decision("easy", random.Random(1), None, trimmed, None, kept),
        work_module.Resend,
    )
    assert work_module.whole_view(view, 0) == view


def test_a_replayed_hand_is_sent_whole() -> None:
    """A take-back replays the hand into new events: equal ones, but not the ones sent, so
    nothing is left out (the worker's copy could be of the hand before the take-back)."""
    first = _war_turns(_driver(), raises=3)
    again = _war_turns(_driver(), raises=3)
    sent = SentHistories()
    sent.trim(first[2].view)
    view = again[3].view
    assert view.hand_id == first[2].view.hand_id
    assert sent.trim(view) == (view, 0)


def test_a_bot_decides_after_its_worker_is_started_afresh() -> None:
    """The worker loses what it held (killed, started again between two decisions of a
    hand): the table sends the whole view, and no decision is lost."""
    turns = [t for t in _war_turns(_driver(), raises=4) if t.seat == 1]

    async def scenario() -> list[object]:
        work = TableWork()
        try:
            said: list[object] = [await work.decide(turns[0])]
            work._shared.close()
            said.append(await work.decide(turns[1]))
            return said
        finally:
            work.close()

    said = asyncio.run(scenario())
    assert all(isinstance(s, Action) for s in said), said
