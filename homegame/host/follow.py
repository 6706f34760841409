"""Following a running host game from its journal, read-only: the room's view, once a second.

The players' display is a second process. It never writes: it reads the saved game's inputs,
replays them into a fresh host console when they change (a new line, an undo), and asks the
journal where the host's clock was last seen, so the big clock keeps within a second of the
host's screen.
"""

from __future__ import annotations

from dataclasses import replace

from homegame.host.console import HostConsole
from homegame.host.room import RoomView, room_view
from homegame.store import Journal
from homegame.store.owner import owner_alive
from homegame.store.recorder import HOST, GameLog

#: The display's line while the host's window is gone: its clock stands where it was seen.
HOST_GONE = "Host not running: the clock waits until the host resumes the game"


class Follower:
    """The room's view of saved game `game_id`, rebuilt from the journal when it changes; with
    no game named, of the hosted game played most recently, switching when the host starts
    (or goes back to) another one.

    Asked twice a second, it reads nothing while the file is as it was (`Journal.data_version`);
    once it changed, only each input's number and time and the host's clock, and it replays the
    inputs only when they changed."""

    def __init__(self, journal: Journal, game_id: int | None = None) -> None:
        self.journal = journal
        self.fixed = game_id
        self.log: GameLog | None = None if game_id is None else GameLog(journal, game_id)
        self._seen: tuple[tuple[int, float], ...] | None = None
        self.console: HostConsole | None = None
        self._now = 0.0
        #: The file's `data_version` when the view was last worked out, and that view.
        self._version: int | None = None
        self._view: RoomView | None = None
        #: How many times the inputs were read and replayed (what the tests count).
        self.replays = 0

    def _latest(self) -> GameLog:
        """The game to show now: the one named, else the hosted game played last (a finished
        one stays on the screen until another is played)."""
        log = self.log
        if self.fixed is None:
            hosted = [r for r in self.journal.unfinished() if r.mode == HOST]
            if hosted and (log is None or hosted[0].id != log.game_id):
                log = GameLog(self.journal, hosted[0].id)
                self.console = None
        if log is None:
            raise LookupError("no hosted game is running")
        self.log = log
        return log

    @property
    def game_id(self) -> int:
        """The game the view follows now."""
        self._read_if_changed()
        assert self.log is not None, "a view was worked out for a game"
        return self.log.game_id

    def view(self) -> RoomView:
        """The view as the journal has it now."""
        view = self._read_if_changed()
        log = self.log
        assert log is not None, "a view was worked out for a game"
        if not view.title or self.console_over or owner_alive(self.journal.folder, log.game_id):
            return view
        return replace(view, notice=HOST_GONE, clock_state="paused")

    @property
    def console_over(self) -> bool:
        """The game followed is over."""
        return self.console is not None and self.console.over

    def _read_if_changed(self) -> RoomView:
        """The view, worked out again only when the file changed since the last look."""
        version = self.journal.data_version()
        if self._view is None or version != self._version:
            self._view = self._read()
            self._version = version
        return self._view

    def _read(self) -> RoomView:
        log = self._latest()
        marks = self.journal.input_marks(log.game_id)
        if marks != self._seen or self.console is None:
            records = log.inputs()
            rng, _cards, first = log.sources(records)
            draw = log.drawn() or log.seat_draw
            console = HostConsole(log.config, rng, button=first, seat_draw=draw)
            log.replay(console, records)
            self.console = console
            self._seen = tuple((r.seq, r.elapsed) for r in records)
            self.replays += 1
        # Where a resume would stand the clock (`GameLog.resume_time`), from the marks.
        last = self._seen[-1][1] if self._seen else 0.0
        self._now = max(last, self.journal.game(log.game_id).clock)
        return room_view(self.console, self._now)
