"""Following a running host game from its journal, read-only: the room's view, once a second.

The players' display is a second process. It never writes: it reads the saved game's inputs,
replays them into a fresh host console when they change (a new line, an undo), and asks the
journal where the host's clock was last seen, so the big clock keeps within a second of the
host's screen.
"""

from __future__ import annotations

from homegame.host.console import HostConsole
from homegame.host.room import RoomView, room_view
from homegame.store import Journal
from homegame.store.recorder import GameLog


class Follower:
    """The room's view of saved game `game_id`, rebuilt from the journal when it changes."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        self.log = GameLog(journal, game_id)
        self._seen: tuple[int, ...] | None = None
        self.console: HostConsole | None = None
        self._now = 0.0

    def view(self) -> RoomView:
        """The view as the journal has it now."""
        records = self.log.inputs()
        seqs = tuple(r.seq for r in records)
        if seqs != self._seen or self.console is None:
            rng, _cards, first = self.log.sources(records)
            console = HostConsole(self.log.config, rng, button=first, seat_draw=self.log.seat_draw)
            self.log.replay(console, records)
            self.console = console
            self._seen = seqs
        self._now = self.log.resume_time(records)
        return room_view(self.console, self._now)
