"""Resume and undo: a saved game's session rebuilt by replaying its live inputs.

The host console is imported where a host game is rebuilt, not at module level: the console
builds on the engine and the setup, and the store's list of games must not load them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.store.journal import InputRecord
from homegame.store.recorder import HOST, GameLog

if TYPE_CHECKING:
    from homegame.engine.events import Event
    from homegame.engine.session_interface import Session
    from homegame.host.console import HostConsole, Outcome


def fresh_session(log: GameLog, inputs: list[InputRecord] | None = None) -> Session:
    """A new session for the saved game, before any input, dealing the recorded cards."""
    from homegame.setup import session_for

    rng, cards, button = log.sources(inputs)
    config = log.config
    names = tuple(p.name for p in config.players)
    return session_for(config, names, rng, button=button, cards=cards, seat_draw=log.seat_draw)


def build_session(log: GameLog) -> Session:
    """The saved game's session as it stands: a fresh one fed every live input."""
    return replayed(log)[0]


def replayed(log: GameLog) -> tuple[Session, list[Event]]:
    """The saved game's session as it stands, with every event its inputs caused: resume,
    undo and a take-back are all this replay."""
    records = log.inputs()
    session = fresh_session(log, records)
    return session, log.replay(session, records)


def replayed_session(log: GameLog) -> Session:
    """The saved game's session as it stands, in any mode (a host game replays its console's
    typed lines); nothing is journalled."""
    if log.record.mode != HOST:
        return build_session(log)
    console, _outcomes = _replayed_console(log, None)
    return console.session


def _replayed_console(log: GameLog, button: int | None) -> tuple[HostConsole, list[Outcome]]:
    from homegame.host.console import HostConsole

    records = log.inputs()
    rng, _cards, first = log.sources(records)
    console = HostConsole(
        log.config,
        rng,
        button=first if first is not None else button,
        seat_draw=log.seat_draw,
    )
    return console, log.replay(console, records)


def host_console(log: GameLog, button: int | None = None) -> tuple[HostConsole, list[str]]:
    """The host console of a saved host game, replayed line by line and journalling again;
    with the current hand's log lines (`button`: the first hand's, for a new game)."""
    console, outcomes = _replayed_console(log, button)
    lines: list[str] = []
    for outcome in outcomes:
        if outcome.new_hand:
            lines = []
        lines += outcome.lines
    log.attach_console(console)
    return console, lines
