"""`homegame simulate`'s user bots, each played from a worker process of its own, as at the
table (`homegame.tui.players.TableWork`): capped at `BOT_FILE_MEMORY` bytes and killed when a
decision takes `BOT_FILE_SECONDS`, so a bot that never returns, loops, eats memory, exits or
prints loses that decision to check-or-fold with one log line, and the run goes on. The run is
as repeatable as before: the bot is built in its worker from the seat's own random source."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from homegame.bots.interface import LOG, forfeit
from homegame.defaults import BOT_FILE_MEMORY, BOT_FILE_SECONDS
from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.worker import Worker, WorkFailed

if TYPE_CHECKING:
    from homegame.engine.krg_series import Scoreboard


class WorkerBot:
    """A user's bot file (`path/to/file.py:ClassName`) deciding in its own worker process."""

    def __init__(
        self,
        spec: str,
        rng: random.Random,
        *,
        limit: float = BOT_FILE_SECONDS,
        memory: int | None = BOT_FILE_MEMORY,
    ) -> None:
        self.spec = spec
        self.rng = rng
        #: Seconds a decision may take before the worker is killed (and started afresh).
        self.limit = limit
        self._worker = Worker(memory=memory)
        #: The loop the worker's calls run on: the simulation itself runs without one.
        self._loop = asyncio.new_event_loop()

    def ready(self) -> str:
        """Build the bot in its worker now: "" once built, else why it cannot be."""
        call = self._worker.call(
            "file_bot_ready", self.spec, self.rng, self.limit, limit=self.limit
        )
        try:
            said = self._loop.run_until_complete(call)
        except WorkFailed as failed:
            return f"{self.spec}: building the bot {failed}"
        return said if isinstance(said, str) else ""

    def decide(self, view: HandView) -> Action:
        """The bot's action on its own `view`, or check-or-fold with one log line when it has
        none in time (or raised, ended its process, or chose what `view.legal` does not offer)."""
        legal = view.legal
        if legal is None:
            raise ValueError("a bot decides only on its own turn, from its own view")
        said = self._call("file_bot_decision", view, True)
        if isinstance(said, Action):
            return said
        why = said if isinstance(said, str) else f"returned {type(said).__name__}, not an action"
        return forfeit(self.spec, legal, view, why)

    def answer_cube(self, series: Scoreboard, seat: int) -> bool:
        """The bot's answer to the turned cube (True doubles); one with no answer in time
        doubles, with one log line."""
        said = self._call("file_bot_cube", series, seat)
        if isinstance(said, bool):
            return said
        LOG.warning("bot %s (seat %s) %s; it doubles instead", self.spec, seat + 1, said)
        return True

    def _call(self, function: str, *args: object) -> object:
        """`homegame.work.<function>(spec, rng, limit, *args)` in the worker, within the
        limit; what went wrong, in words, when it gave no answer."""
        call = self._worker.call(function, self.spec, self.rng, self.limit, *args, limit=self.limit)
        try:
            return self._loop.run_until_complete(call)
        except WorkFailed as failed:
            return str(failed)

    def close(self) -> None:
        """Stop the worker (it may be in the middle of a decision that never ends)."""
        self._worker.close()
        self._loop.close()


@contextmanager
def worker_bots() -> Iterator[Callable[[str, random.Random], WorkerBot]]:
    """A maker of `WorkerBot`s, each built in its worker at once (ValueError says why one
    cannot be); every worker it started is stopped at the end of the block."""
    made: list[WorkerBot] = []

    def make(spec: str, rng: random.Random) -> WorkerBot:
        bot = WorkerBot(spec, rng, limit=BOT_FILE_SECONDS, memory=BOT_FILE_MEMORY)
        made.append(bot)
        why = bot.ready()
        if why:
            raise ValueError(why)
        return bot

    try:
        yield make
    finally:
        for bot in made:
            bot.close()
