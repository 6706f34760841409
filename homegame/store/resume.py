"""Resume and undo: a saved game's session rebuilt by replaying its live inputs."""

from __future__ import annotations

from typing import Any

from homegame.store.journal import InputRecord
from homegame.store.recorder import GameLog


def fresh_session(log: GameLog, inputs: list[InputRecord] | None = None) -> Any:
    """A new session for the saved game, before any input, dealing the recorded cards."""
    from homegame.tui.game import session_for  # moves below the TUI with the session setup

    rng, cards, button = log.sources(inputs)
    config = log.config
    names = tuple(p.name for p in config.players)
    return session_for(config, names, rng, button=button, cards=cards)


def build_session(log: GameLog) -> Any:
    """The saved game's session as it stands: a fresh one fed every live input."""
    records = log.inputs()
    session = fresh_session(log, records)
    log.replay(session, records)
    return session
