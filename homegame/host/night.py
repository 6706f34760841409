"""A hosted night: the host console, its journal and its clock, one typed line at a time.

`HostNight` is host mode's driver, as `homegame.play.GameDriver` is the dealt games': it builds
the console (or replays it from the journal: resume and undo are the same replay), commits each
line the host types as it is carried out, takes back the last one, passes the injected clock's
time and gives the result (`homegame.play.results`) once the game is over. It asks in the
driver's requests. It lives beside the command language it runs, above `play/`; the host
screen only draws it and hands it the lines.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from homegame.config import GameConfig
from homegame.engine.seat_draw import SeatDraw
from homegame.host.clock import ClockAlert
from homegame.host.console import HostConsole, Outcome
from homegame.play.requests import AskHostLine, GameOver, ShowSeatDraw
from homegame.play.results import GameResult, game_result

if TYPE_CHECKING:
    from homegame.engine.session_interface import Session
    from homegame.store.journal import InputRecord
    from homegame.store.recorder import GameLog

#: What the history calls the pause a resumed night starts with: not the host's entry, so
#: undo passes over it to the host's own last line.
RESUME_PAUSE = "p (the clock paused on resume)"

#: The line a resumed night shows while its clock waits for the host.
RESUMED_NOTE = "Resumed: the clock is paused, p starts it"

#: What host mode asks for.
HostRequest = ShowSeatDraw | AskHostLine | GameOver


class NothingToUndo(ValueError):
    """Undo with no line of the host's to take back; the message says so in one line."""


class HostNight:
    """One live game run from the host's typed lines, journalled line by line when saved."""

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None = None,
        *,
        clock: Callable[[], float],
        button: int | None = None,
        seat_draw: bool = False,
        journal: GameLog | None = None,
    ) -> None:
        self.config = config
        self.journal = journal
        self._button = button
        self._clock = clock
        self._offset = 0.0
        #: The current hand's log lines as the journal left them (a resumed night).
        self.replayed_lines: list[str] = []
        if journal is None:
            rng = rng or random.Random(config.seed)
            self.console = HostConsole(config, rng, button=button, seat_draw=seat_draw)
        else:
            records = journal.inputs()
            if records:  # a resumed night's time goes on from where its clock was last seen
                self._offset = journal.resume_time(records) - float(clock())
            journal.elapsed = self.now
            self.console, self.replayed_lines = self._replayed(records)
        self._draw_seen = bool(self.replayed_lines) or self.console.hand_number > 0

    # -- time --------------------------------------------------------------------------------

    def now(self) -> float:
        """The night's time in seconds: the injected clock's, a resumed night's offset added."""
        return float(self._clock()) + self._offset

    def tick(self) -> list[ClockAlert]:
        """The clock's news since the last look (a level change, a break); a saved night
        remembers where its running clock stands, for a resume."""
        now = self.now()
        clock = self.console.clock
        if self.journal is not None and clock is not None and clock.running:
            self.journal.clock_seen(now)
        return self.console.tick(now)

    # -- the requests ------------------------------------------------------------------------

    def start(self) -> list[str]:
        """Begin (or go on): the log lines to show first. A resumed night with its clock
        running pauses it, so no level runs out while the host sits down again."""
        draw = self.seat_draw
        if draw is not None:
            return draw.lines(self.console.names)
        if not self.replayed_lines:
            return []
        clock = self.console.clock
        if self.journal is not None and clock is not None and clock.running:
            self._pause_for_resume()
            return [*self.replayed_lines, RESUMED_NOTE]
        return list(self.replayed_lines)

    @property
    def seat_draw(self) -> SeatDraw | None:
        """The players' draw for the button, while it is still to be shown."""
        draw = self.console.session.seat_draw
        return None if self._draw_seen else draw

    @property
    def request(self) -> HostRequest:
        """What the night needs now: the draw looked at, the host's next line, or nothing."""
        draw = self.seat_draw
        if draw is not None:
            return ShowSeatDraw(draw)
        if self.console.over:
            return GameOver()
        return AskHostLine(self.console.prompt())

    def draw_seen(self) -> None:
        """The table has seen the draw for the button: the host types on."""
        self._draw_seen = True

    def answer(self, text: str) -> Outcome:
        """Carry out one typed line now; a refused line changes nothing and is not journalled.
        `u` takes back the host's last line (its outcome's `message` says which)."""
        self._draw_seen = True
        now = self.now()
        console = self.console
        before = len(console.history)
        outcome = console.run(text, now)
        if not outcome.ok or outcome.help or outcome.toggle_view:
            return outcome
        if outcome.undo:
            try:
                said = self.undo()
            except NothingToUndo as exc:
                return Outcome(False, message=str(exc))
            return Outcome(True, said, (said,), undo=True)
        if self.journal is not None:
            self.journal.host_line(text, now, console.history[before:], console.session)
        return outcome

    # -- undo: the night replayed without the host's last line ---------------------------------

    def undo(self) -> str:
        """Take back the host's last line ('undone: Bob calls 90'); NothingToUndo if none."""
        from homegame.store.history import undone_line

        journal = self.journal
        if journal is None:
            raise NothingToUndo("nothing to undo: this game is not saved")
        records = journal.inputs()
        paused = bool(records) and records[-1].label == RESUME_PAUSE
        if len(records) <= int(paused):
            raise NothingToUndo("nothing to undo")
        if paused:
            journal.undo()
        record = journal.undo()
        assert record is not None, "the journal had the input just read"
        self.console, self.replayed_lines = self._replayed(journal.inputs())
        clock = self.console.clock
        if paused and clock is not None and clock.running:  # paused again where it stood
            self._pause_for_resume(at=records[-1].elapsed)
        journal.progress(self.console.session)
        return undone_line(record, self.console.names)

    def _replayed(self, records: list[InputRecord]) -> tuple[HostConsole, list[str]]:
        """The console the journal's lines leave, and the current hand's log lines."""
        journal = self.journal
        assert journal is not None, "only a saved night is replayed"
        rng, _cards, first = journal.sources(records)
        console = HostConsole(
            journal.config,
            rng,
            button=first if first is not None else self._button,
            seat_draw=journal.drawn() or journal.seat_draw,
        )
        draw = console.session.seat_draw
        if draw is not None and journal.drawn() is None:  # kept before it is shown
            journal.remember_draw(draw)
        lines: list[str] = []
        for outcome in journal.replay(console, records):
            if outcome.new_hand:
                lines = []
            lines += outcome.lines
        return console, lines

    def _pause_for_resume(self, at: float | None = None) -> None:
        """Pause the clock (at game time `at`, else now) as resume's own input, not the host's."""
        journal = self.journal
        assert journal is not None, "only a saved night is resumed"
        now = self.now() if at is None else at
        console = self.console
        before = len(console.history)
        outcome = console.run("p", now)
        assert outcome.ok, outcome.message
        journal.host_line("p", now, console.history[before:], console.session, label=RESUME_PAUSE)

    # -- the end -------------------------------------------------------------------------------

    def result(self) -> GameResult:
        """How the night ended: the certificate's words and the money (once it is over)."""
        return game_result(self.console.session, self.console.config, hosted=True)

    @property
    def names(self) -> Sequence[str]:
        """Every entry's name, late entries included."""
        return self.console.names


def replayed_session(log: GameLog) -> Session:
    """A saved game's session as its inputs left it, in any mode (a host game replays the
    host's lines); nothing is journalled."""
    from homegame.store.recorder import HOST
    from homegame.store.resume import build_session

    if log.record.mode != HOST:
        return build_session(log)
    return HostNight(log.config, clock=lambda: 0.0, journal=log).console.session


def check_replays(log: GameLog) -> None:
    """StoreError naming the game when its live inputs, each readable, cannot be replayed (an
    input the game refuses: a journal two windows wrote at once, or a version with a bug
    wrote): resume says so in one line instead of the table stopping on it."""
    from homegame.crash import redact_cards
    from homegame.store.db import StoreError

    try:
        replayed_session(log)
    except Exception as error:  # whatever a refused or odd input does to the replay
        what = " ".join(str(error).split())
        why = redact_cards(f"{type(error).__name__}: {what}" if what else type(error).__name__)
        raise StoreError(
            f"game {log.game_id} is damaged: its inputs cannot be replayed ({why[:160]})"
        ) from None
