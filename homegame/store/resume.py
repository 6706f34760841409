"""Resume and undo: a saved game's session rebuilt by replaying its live inputs.

A host game is a replay of its console's typed lines: `homegame.host.night` rebuilds it,
since the store knows nothing of the console above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.store.journal import InputRecord
from homegame.store.recorder import GameLog

if TYPE_CHECKING:
    from homegame.engine.events import Event
    from homegame.engine.session_interface import Session


def fresh_session(log: GameLog, inputs: list[InputRecord] | None = None) -> Session:
    """A new session for the saved game, before any input, dealing the recorded cards."""
    from homegame.setup import session_for

    rng, cards, button = log.sources(inputs)
    config = log.config
    names = tuple(p.name for p in config.players)
    draw = log.drawn() or log.seat_draw  # the draw the players saw, once it was shown
    return session_for(config, names, rng, button=button, cards=cards, seat_draw=draw)


def build_session(log: GameLog) -> Session:
    """The saved game's session as it stands: a fresh one fed every live input."""
    return replayed(log)[0]


def replayed(log: GameLog) -> tuple[Session, list[Event]]:
    """The saved game's session as it stands, with every event its inputs caused: resume,
    undo and a take-back are all this replay."""
    records = log.inputs()
    session = fresh_session(log, records)
    return session, log.replay(session, records)
