"""Who plays each seat: a person at the keyboard or a bot that sees only its own seat's view."""

from __future__ import annotations

import random
from dataclasses import dataclass

from homegame.engine.actions import Action
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.views import HandView


@dataclass
class Bot:
    """A bot seat: decides from its own view (its cards, the board, the betting) only."""

    level: str
    rng: random.Random

    def __post_init__(self) -> None:
        self.policy = RandomPolicy(rng=self.rng)

    def decide(self, view: HandView) -> Action:
        """The bot's action for the seat its view belongs to."""
        assert view.viewer is not None and view.legal is not None
        mine = next(s for s in view.seats if s.seat == view.viewer)
        cards = mine.cards or ()
        hole = [c for c in cards if c is not None]
        return self.policy.choose(view.legal, hole)


def make_bot(level: str, rng: random.Random) -> Bot:
    """A bot of `level` ("random", "easy", "medium", "hard")."""
    return Bot(level, rng)
