"""Who plays each seat: a person, or a bot built (and its module imported) at its first use.

The bots' modules are heavy; a table opens before any of them loads. A bot may also think
somewhere else (the app's table asks a worker process, `homegame.work`): it then travels as its
kind, its random source and `state`, what it remembered after its last decision, as a pickle
this process never opens.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homegame.defaults import BOT_LEVELS, is_bot_file
from homegame.engine.actions import Action
from homegame.engine.views import HandView

if TYPE_CHECKING:
    from homegame.bots.base import Bot
    from homegame.engine.krg_series import Scoreboard


@dataclass
class LaterBot:
    """A bot of `kind` built when it is first asked anything; it answers for the bot it stands
    for, the doubling cube included."""

    kind: str
    rng: random.Random
    #: The built bot as it stood after its last decision made elsewhere (a pickle).
    state: bytes | None = field(default=None, repr=False)
    _bot: Bot | None = field(default=None, repr=False)

    @property
    def is_file(self) -> bool:
        """A user's own bot, loaded from its file (`path/to/file.py:ClassName`)."""
        return is_bot_file(self.kind)

    def built(self) -> Bot:
        """The bot itself (built now if it was not yet, or as it stood after its last decision
        made elsewhere)."""
        if self.state is not None:
            self._bot, self.state = pickle.loads(self.state), None
        if self._bot is None:
            from homegame.bots import make_bot as build

            self._bot = build(self.kind, self.rng)
        return self._bot

    def decide(self, view: HandView) -> Action:
        return self.built().decide(view)

    def packed(self) -> bytes | None:
        """The bot as it stands, to think elsewhere (None: not built yet)."""
        if self._bot is not None:
            return pickle.dumps(self._bot)
        return self.state

    def unpack(self, state: bytes) -> None:
        """The bot as it stood after a decision made elsewhere."""
        self.state, self._bot = state, None

    def answer_cube(self, series: Scoreboard, seat: int) -> bool:
        """The built bot's own answer to the turned cube (HOUSE_RULES 16)."""
        from homegame.bots.base import doubles

        return doubles(self.built(), series, seat)


def make_bot(kind: str, rng: random.Random) -> LaterBot:
    """A bot of `kind` ("random", "easy", "medium", "hard" or "path/to/file.py:ClassName") with
    its own random source."""
    if kind.lower() not in BOT_LEVELS and not is_bot_file(kind):
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(BOT_LEVELS)}")
    return LaterBot(kind, rng)
