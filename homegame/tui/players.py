"""The table's bots and odds, worked out in worker processes (`homegame.worker`).

The built-in bots and the person's odds share one worker; each user's bot file has a worker of
its own, capped in memory and killed when a decision runs past its time limit (then started
afresh at its next turn). The shared worker starts once the table has drawn its first frame
(a user bot's at its first turn), so the first frame does not wait for it. The table's own
process never imports the bots' modules nor runs a user's bot (the config only loads its file
once to check it, `homegame.config`).

A decision's view carries the hand's whole history; each worker is sent only the events since
its last call for that seat (`SentHistories`), so a call's cost does not grow with the hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from homegame.defaults import BOT_FILE_MEMORY, BOT_FILE_SECONDS
from homegame.engine.actions import Action
from homegame.engine.events import Event
from homegame.engine.views import HandView
from homegame.play.requests import BotCubeAnswer, BotFailed, BotTurn
from homegame.play.seats import LaterBot
from homegame.work import Odds, Resend
from homegame.worker import Worker, WorkFailed

__all__ = ["BACKGROUND_NICE", "SentHistories", "TableWork"]

#: How much lower the shared worker's scheduling priority is than the table's (`os.nice`).
BACKGROUND_NICE = 5


@dataclass
class SentHistories:
    """What one worker was sent of each viewer's history of the hand in play, so the next call
    leaves that part out (`homegame.work.whole_view` puts it back). The hand keeps each seat's
    history as the same objects while it lasts, so the last event sent being the one at its
    place in the new history shows the rest is the same too; a take-back replays the hand into
    new objects, and anything else sends the history whole."""

    #: Per viewer: the hand, how many events were sent in all, the last of them.
    held: dict[int | None, tuple[int, int, Event]] = field(default_factory=dict)
    #: Events sent over all calls (what the tests count: it must not grow with the hand).
    events_sent: int = 0

    def trim(self, view: HandView) -> tuple[HandView, int]:
        """`view` without the events already sent, and how many were left out."""
        history = view.history
        kept = 0
        held = self.held.get(view.viewer)
        if held is not None:
            hand_id, count, last = held
            if hand_id == view.hand_id and 0 < count <= len(history) and history[count - 1] is last:
                kept = count
        if history:
            self.held[view.viewer] = (view.hand_id, len(history), history[-1])
        self.events_sent += len(history) - kept
        return (replace(view, history=history[kept:]) if kept else view), kept

    def forget(self, viewer: int | None = None) -> None:
        """The worker may no longer hold `viewer`'s history: send it whole next time."""
        self.held.pop(viewer, None)


class TableWork:
    """Where the table's bots decide and its odds are worked out."""

    def __init__(
        self,
        *,
        limit: float = BOT_FILE_SECONDS,
        memory: int | None = BOT_FILE_MEMORY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        #: Seconds a user's bot may take per decision before its worker is killed.
        self.limit = limit
        #: The address space of a user bot's worker, in bytes.
        self.memory = memory
        self._clock = clock
        #: The built-in bots and the odds, at a lower priority than the table: their sample
        #: budgets wait for the screen, not the screen for them.
        self._shared = Worker(nice=BACKGROUND_NICE, clock=clock)
        self._files: dict[int, Worker] = {}
        #: What each worker was sent of each seat's history of the hand in play.
        self.sent: dict[Worker, SentHistories] = {}
        self._warming: asyncio.Task[None] | None = None

    @property
    def started(self) -> bool:
        """The shared worker has been started (by a bot's turn or the odds)."""
        return self._shared.starts > 0

    def warm_up(self) -> None:
        """Start the shared worker now, while the table waits anyway (a bot's pause)."""
        if self._warming is None and not self._shared.running:
            self._warming = asyncio.ensure_future(self._warm())

    async def _warm(self) -> None:
        with contextlib.suppress(WorkFailed):  # the first real call says what is wrong
            await self._shared.start()

    async def decide(self, request: BotTurn) -> Action | BotFailed:
        """The bot's action on its own view, or why it has none (the driver then checks or
        folds for it, with one line in the log)."""
        bot, view = request.bot, request.view
        try:
            if bot.is_file:
                worker = self._file_worker(request.seat)
                before: tuple[Any, ...] = (bot.kind, bot.rng, self.limit)
                said = await self._call_with_view(
                    worker, "file_bot_decision", before, view, (), limit=self.limit
                )
                chosen = BotFailed(said) if isinstance(said, str) else said
            else:
                before = (bot.kind, bot.rng, bot.packed())
                chosen, state = await self._call_with_view(
                    self._shared, "bot_decision", before, view, (request.money,)
                )
                bot.unpack(state)
        except WorkFailed as failed:
            return BotFailed(str(failed))
        return chosen if isinstance(chosen, BotFailed) else _action(chosen)

    async def _call_with_view(
        self,
        worker: Worker,
        function: str,
        before: tuple[Any, ...],
        view: HandView,
        after: tuple[Any, ...],
        *,
        limit: float | None = None,
    ) -> Any:
        """`function(*before, view, *after, kept)` in `worker`, the view's history trimmed to
        what the worker was not sent yet (`SentHistories`); sent again whole when the worker
        does not hold the part left out (it was started afresh)."""
        sent = self.sent.setdefault(worker, SentHistories())
        trimmed, kept = sent.trim(view)
        try:
            said = await worker.call(function, *before, trimmed, *after, kept, limit=limit)
            if isinstance(said, Resend):
                sent.forget(view.viewer)
                sent.trim(view)
                said = await worker.call(function, *before, view, *after, 0, limit=limit)
        except WorkFailed:
            sent.forget(view.viewer)
            raise
        return said

    def _file_worker(self, seat: int) -> Worker:
        """The worker of the user's bot in `seat` (made at its first call)."""
        worker = self._files.get(seat)
        if worker is None:
            worker = self._files[seat] = Worker(memory=self.memory, clock=self._clock)
        return worker

    async def answer_cube(self, request: BotCubeAnswer) -> bool | BotFailed:
        """The bot's answer to the turned cube (True doubles), or why it has none (the driver
        then has it double, with one line in the log)."""
        said = await self._ask(request.bot, request.seat, "cube", (request.series, request.seat))
        return said if isinstance(said, BotFailed) else bool(said)

    async def _ask(
        self,
        bot: LaterBot,
        seat: int,
        what: str,
        args: tuple[object, ...],
        told: tuple[object, ...] = (),
    ) -> object:
        """`homegame.work`'s `bot_<what>` for a built-in bot (in the shared worker, told `told`
        too; its state kept here) or `file_bot_<what>` for a user's bot (in its seat's own
        worker, within the time limit): the answer, or BotFailed saying why there is none."""
        try:
            if bot.is_file:
                worker = self._file_worker(seat)
                said = await worker.call(
                    f"file_bot_{what}", bot.kind, bot.rng, self.limit, *args, limit=self.limit
                )
                return BotFailed(said) if isinstance(said, str) else said
            said, state = await self._shared.call(
                f"bot_{what}", bot.kind, bot.rng, bot.packed(), *args, *told
            )
        except WorkFailed as failed:
            return BotFailed(str(failed))
        bot.unpack(state)
        return said

    async def odds(self, view: HandView, rng: random.Random) -> Odds:
        """The odds of the viewer's own hand in `view` (nothing shown if they cannot be had);
        they never read the history, which is left behind."""
        try:
            found: Odds = await self._shared.call("odds", replace(view, history=()), rng)
        except WorkFailed:
            return Odds(note="not available")
        return found

    def close(self) -> None:
        """Stop every worker (the table is closing)."""
        if self._warming is not None:
            self._warming.cancel()
        for worker in (self._shared, *self._files.values()):
            worker.close()


def _action(chosen: object) -> Action | BotFailed:
    """A bot's answer as the action it must be (anything else: it gave none)."""
    if isinstance(chosen, Action):
        return chosen
    return BotFailed(f"returned {type(chosen).__name__}, not an action")
