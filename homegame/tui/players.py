"""The table's bots and odds, worked out in worker processes (`homegame.worker`).

The built-in bots and the person's odds share one worker; each user's bot file has a worker of
its own, capped in memory and killed when a decision runs past its time limit (then started
afresh at its next turn). The shared worker starts once the table has drawn its first frame
(a user bot's at its first turn), so the first frame does not wait for it. The table's own
process never imports the bots' modules nor runs a user's bot (the config only loads its file
once to check it, `homegame.config`).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable

from homegame.defaults import BOT_FILE_MEMORY, BOT_FILE_SECONDS
from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.play.requests import BotCubeAnswer, BotFailed, BotTurn
from homegame.play.seats import LaterBot
from homegame.work import Odds
from homegame.worker import Worker, WorkFailed

__all__ = ["BACKGROUND_NICE", "TableWork"]

#: How much lower the shared worker's scheduling priority is than the table's (`os.nice`).
BACKGROUND_NICE = 5


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
        chosen = await self._ask(
            request.bot, request.seat, "decision", (request.view,), (request.money,)
        )
        return chosen if isinstance(chosen, BotFailed) else _action(chosen)

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
                worker = self._files.get(seat)
                if worker is None:
                    worker = self._files[seat] = Worker(memory=self.memory, clock=self._clock)
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
        """The odds of the viewer's own hand in `view` (nothing shown if they cannot be had)."""
        try:
            found: Odds = await self._shared.call("odds", view, rng)
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
