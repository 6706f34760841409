"""A saved game rebuilt in any mode: a host game replays its console's typed lines, any other
the session's inputs (`homegame.store.resume`)."""

from __future__ import annotations

from homegame.engine.session_interface import Session
from homegame.host.console import HostConsole, Outcome
from homegame.store.recorder import HOST, GameLog
from homegame.store.resume import build_session


def replayed_session(log: GameLog) -> Session:
    """The saved game's session as it stands, in any mode (a host game replays its console's
    typed lines); nothing is journalled."""
    if log.record.mode != HOST:
        return build_session(log)
    console, _outcomes = _replayed_console(log, None)
    return console.session


def _replayed_console(log: GameLog, button: int | None) -> tuple[HostConsole, list[Outcome]]:
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
