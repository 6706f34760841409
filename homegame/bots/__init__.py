"""Bots: equity for every game, and players of three levels that see only their own seat.

`make_bot(kind, rng)` builds a seat controller by name: "random" (the random legal policy),
"easy", "medium" or "hard". Each has `decide(view) -> Action`, where `view` is the engine's
`view_for(seat)`; `SEAT_KINDS` maps each name to its factory (for the start screen).
A seat kind may also name a user's own bot, "path/to/file.py:ClassName" (see
`homegame.bots.interface` for the class shape); it plays behind a guard. `SIMULATION_KINDS`
wraps the levels as `homegame.engine.simulation` policies, which are handed a seat's turn:
the bot is given only `turn.view()`, its own seat's view. `brief(bot, money)` tells a hard bot
at a freezeout table played for money what the places pay, so that its all-ins follow ICM.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from homegame.bots.base import Bot, RandomBot
from homegame.bots.hard import HardBot
from homegame.bots.interface import is_bot_file, make_file_bot
from homegame.bots.levels import LEVELS
from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.money.freezeout import FreezeoutMoney

#: Seat kind name -> factory taking the injected random source.
SEAT_KINDS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot, **LEVELS}


class _Turn(Protocol):
    """A seat's turn as the simulator hands it out (`homegame.engine.simulation.SeatTurn`)."""

    def view(self) -> HandView: ...


@dataclass
class TurnPolicy:
    """A bot as a simulation policy: it is given the turn's own-seat view and nothing else."""

    bot: Bot

    def decide(self, turn: _Turn) -> Action:
        """The bot's action on the view of the seat whose turn it is."""
        return self.bot.decide(turn.view())


def _policy(kind: str) -> Callable[[random.Random], TurnPolicy]:
    return lambda rng: TurnPolicy(make_bot(kind, rng))


def simulation_policy(kind: str, rng: random.Random) -> TurnPolicy:
    """A `homegame simulate` policy for any seat kind, a bot file included."""
    return TurnPolicy(make_bot(kind, rng))


#: Level name -> factory of a `homegame simulate` policy, for its `--seats` table.
SIMULATION_KINDS: dict[str, Callable[[random.Random], TurnPolicy]] = {
    kind: _policy(kind) for kind in LEVELS
}


def table_prizes(money: FreezeoutMoney | None) -> tuple[int, ...]:
    """The prizes ICM weighs at a freezeout table: every place's payout (the players still in
    play for the top ones; a busted seat, at zero chips, holds a place already paid). None
    when the game is not played for money, or once a chop has settled what the places pay."""
    if money is None or money.chop is not None:
        return ()
    return money.payouts


def brief(bot: Bot, money: FreezeoutMoney | None) -> None:
    """Before a bot decides: a hard bot learns the table's prizes (the pool may have grown by
    rebuys and late entries since its last decision); other bots are not told."""
    if isinstance(bot, HardBot):
        bot.prizes = table_prizes(money)


def make_bot(kind: str, rng: random.Random) -> Bot:
    """The bot of `kind` ("random", "easy", "medium", "hard", or "path/to/file.py:ClassName");
    ValueError names an unknown one or says why a bot file cannot be loaded."""
    if is_bot_file(kind):
        return make_file_bot(kind, rng)
    try:
        factory = SEAT_KINDS[kind.lower()]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}: choose one of {', '.join(SEAT_KINDS)}") from None
    return factory(rng)


__all__ = [
    "SEAT_KINDS",
    "SIMULATION_KINDS",
    "Bot",
    "TurnPolicy",
    "brief",
    "is_bot_file",
    "make_bot",
    "simulation_policy",
    "table_prizes",
]
