"""Journalling at the session boundary: each input call on a session becomes one saved input.

`GameLog.attach(session)` wraps, on that one object, the session method of each kind of input
in `inputs.INPUTS` (start a deal, act, time passing, a timeout, sitting out and back, stack
corrections, cards entered, awards, the cube, money moves): each outermost call is written as
its explicit record, with the events it returned, in its own transaction before the caller sees
the events. Several calls can be made one input (`with log.input(label):`), so one host command
is one thing to undo. `replay(session)` feeds a fresh session the live inputs; resume and undo
are both that replay.
"""

from __future__ import annotations

import contextlib
import functools
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from homegame.cards import Card, parse_card, system_random
from homegame.config import GameConfig
from homegame.store.inputs import (
    HOST_INPUT,
    HOST_LINE,
    INPUTS,
    PLACE_INPUT,
    SEAT_PLACE,
    TIME,
    InputKind,
    Record,
    steps_of,
)
from homegame.store.inputs import record as input_record
from homegame.store.journal import SIMULATION as SIMULATION
from homegame.store.journal import GameRecord, InputRecord, Journal

if TYPE_CHECKING:  # the engine loads with the first game, not with the journal's list of games
    from homegame.engine.card_sources import CardSource
    from homegame.engine.events import Event
    from homegame.engine.seat_draw import SeatDraw
    from homegame.engine.session_interface import Session

#: Any session (or a test's stand-in): `attach` returns the object it was given.
S = TypeVar("S")


class TypedLines(Protocol):
    """A host's console as a replay feeds it: typed lines run at a time (the store knows
    nothing more of the console above it)."""

    def run(self, text: str, now: float = 0.0) -> object: ...


#: The kinds of a time step's input row: a run of them that changes nothing else is kept as
#: one input, its seconds summed in place, so a ticking clock neither floods the journal nor
#: buries the last action ("advance_time": format 1's name for it).
TIME_STEPS = (TIME, "advance_time")
#: The kinds of a host game's input rows ("host": format 1's name for a typed line).
HOST_LINES = (HOST_LINE, "host")

#: Modes a game is played in.
PASS_AND_PLAY = "pass-and-play"
SOLO = "solo"
HOST = "host"


def mode_of(config: GameConfig, host: bool = False) -> str:
    """The mode a config is played in at the table."""
    if host:
        return HOST
    return SOLO if config.is_solo and any(p.is_bot for p in config.players) else PASS_AND_PLAY


def hands_of(session: Session) -> int:
    """Hands (KRG: deals) a session has finished (the one being played is not counted)."""
    return session.deals - 1 if session.in_hand else session.deals


def winner_of(session: Session) -> str:
    """The winners' names ('A and B' for a shared series or a chop) once the game is over,
    else '' (a cash game that ended has none)."""
    if not session.is_over:
        return ""
    return " and ".join(session.names[s] for s in session.winners)


def recorded_deals(records: Sequence[InputRecord]) -> list[tuple[Card, ...]]:
    """The cards each deal of a game was dealt, deal by deal, from its inputs."""
    text = "".join(r.deals for r in records)
    return [
        tuple(parse_card(deal[i : i + 2]) for i in range(0, len(deal), 2))
        for deal in text.split("|")[1:]
    ]


#: Works out and keeps one game's stats row (folder, game id), on a connection of its own:
#: `homegame.stats.collect.keep_figures`, given by the screen that plays the game (the store
#: sits below the stats and knows nothing of how a figure is counted).
KeepFigures = Callable[[Path, int], object]


class FiguresKeeper:
    """Keeps one game's row of the derived stats table (`game_stats`) in a thread of its own
    when the game ends, so the first `homegame stats` after a night reads kept rows instead of
    working every game out. The table's event loop only starts the thread: the work (about
    0.6 s for a 250-hand game, mostly its replay for the ledger) runs on the thread's own
    SQLite connection. A request while one is running is done again after it, so the row
    kept last is worked out from the journal's last input; an input written after that makes
    the row stale, and the next read works the game out again from the journal."""

    def __init__(self, folder: Path, game_id: int, work: KeepFigures) -> None:
        self.folder = folder
        self.game_id = game_id
        self.work = work
        self._lock = threading.Lock()
        self._again = False
        self._thread: threading.Thread | None = None

    def request(self) -> None:
        """Work the game's row out (again) soon, off the caller's thread."""
        with self._lock:
            self._again = True
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name=f"stats-{self.game_id}")
            self._thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Return once no row is being worked out (or after `timeout` seconds)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._again:
                    self._thread = None
                    return
                self._again = False
            # A row is only a copy for speed: one not kept is worked out on the next read,
            # and nothing of a failure here may reach the table's screen.
            with contextlib.suppress(Exception):
                self.work(self.folder, self.game_id)


class GameLog:
    """One saved game's journal, and the sessions it records and rebuilds."""

    def __init__(self, journal: Journal, game_id: int) -> None:
        self.journal = journal
        self.game_id = game_id
        self.record: GameRecord = journal.game(game_id)
        #: Seconds of game time now (the screen's clock); stored with each input.
        self.elapsed: Callable[[], float] = lambda: 0.0
        self._group: list[tuple[Record, list[Event]]] | None = None
        self._depth = 0
        self._session: Any = None
        self._last_step: tuple[int, Record] | None = None
        #: Keeps the game's stats row when it ends (`keep_figures_by`; none for a simulation).
        self.figures: FiguresKeeper | None = None

    @classmethod
    def new(
        cls,
        journal: Journal,
        config: GameConfig,
        mode: str,
        *,
        seat_draw: bool = False,
        button: int | None = None,
    ) -> GameLog:
        """Start the journal of a new game (`seat_draw`: the players drew for the button;
        `button`: the seat named for it)."""
        setup: dict[str, Any] = {"seed": config.seed}
        if seat_draw:
            setup["seat_draw"] = True
        if button is not None:
            setup["button"] = button
        log = cls(journal, journal.new_game(config, mode, setup))
        log.claim()
        return log

    def claim(self) -> None:
        """Own the game for this process's life, so no second window plays it at once
        (`owner`); GameOpenElsewhere names the window that has it."""
        from homegame.store.owner import claim

        claim(self.journal.folder, self.game_id)

    @property
    def seat_draw(self) -> bool:
        """True when the players drew for the first button: a replay draws it again (a seeded
        game draws the same; any other game takes the button from its first hand)."""
        return bool(self.record.setup.get("seat_draw", False))

    def drawn(self) -> SeatDraw | None:
        """The draw for the button as the players saw it, once it was shown (None before)."""
        from homegame.engine.seat_draw import SeatDraw

        rounds = self.record.setup.get("drawn")
        if not rounds:
            return None
        parsed = tuple(tuple((int(s), parse_card(c)) for s, c in r) for r in rounds)
        return SeatDraw(parsed, int(self.record.setup["drawn_button"]))

    def remember_draw(self, draw: SeatDraw) -> None:
        """Keep the draw for the button before anyone sees it, so a game stopped on the draw
        resumes with the same cards and the same button (an unseeded game cannot draw again)."""
        setup = dict(self.record.setup)
        setup["drawn"] = [[[seat, str(card)] for seat, card in r] for r in draw.rounds]
        setup["drawn_button"] = draw.button
        self.journal.set_setup(self.game_id, setup)
        self.record = self.journal.game(self.game_id)

    @property
    def config(self) -> GameConfig:
        """The game's config as saved."""
        return self.record.config

    def inputs(self) -> list[InputRecord]:
        """The live inputs, in order."""
        return self.journal.inputs(self.game_id)

    def count(self) -> int:
        """How many live inputs the game has."""
        return self.journal.count(self.game_id)

    def events(self) -> list[Event]:
        """Every event of the live inputs, in order."""
        return [e for record in self.inputs() for e in record.events]

    # -- cards and the button on replay ------------------------------------------------------

    def sources(
        self, inputs: list[InputRecord] | None = None
    ) -> tuple[random.Random, CardSource | None, int | None]:
        """The session's random source, card source and first button for a replay.

        A seeded game draws again from its seed, so it deals what it dealt and goes on as it
        would have. Any other game deals the recorded cards again and shuffles the rest
        afresh, with the button where it was; a host's cards are typed, never dealt.
        """
        from homegame.engine.card_sources import Entered, Replayed
        from homegame.engine.events import HandStarted

        records = self.inputs() if inputs is None else inputs
        seed = self.config.seed
        rng = random.Random(seed) if seed is not None else system_random()
        first = next((r for r in records if "|" in r.deals or r.kind in HOST_LINES), None)
        events = () if first is None else first.events
        button = next((e.button for e in events if isinstance(e, HandStarted)), None)
        if self.record.mode == HOST and button is None:
            # host lines carry no deals column: find the first hand
            found = (e for r in records for e in r.events if isinstance(e, HandStarted))
            button = next((e.button for e in found), None)
        if button is None:  # no hand dealt yet: the seat named for the button at the start
            button = self.record.setup.get("button")
        if self.record.mode == HOST:
            return rng, Entered(), button
        if seed is not None:  # the same draws again: only a button named at the start is kept
            return rng, None, self.record.setup.get("button")
        return rng, Replayed(recorded_deals(records), system_random()), button

    # -- recording ---------------------------------------------------------------------------

    def attach(self, session: S) -> S:
        """Journal every input call made on `session` from now on; returns the session."""
        self._session = session
        for kind in INPUTS:
            method = getattr(session, kind.method, None)
            if method is not None:
                setattr(session, kind.method, self._wrap(kind, method))
        return session

    def _wrap(
        self, kind: InputKind, method: Callable[..., list[Event]]
    ) -> Callable[..., list[Event]]:
        @functools.wraps(method)
        def call(*args: Any, **kwargs: Any) -> list[Event]:
            if self._depth:
                return method(*args, **kwargs)
            # Written down before it is made: an input the journal cannot hold changes nothing.
            stored = input_record(kind, args, kwargs)
            self._depth += 1
            try:
                events = method(*args, **kwargs)
            finally:
                self._depth -= 1
            if self._group is not None:
                self._group.append((stored, list(events)))
            else:
                self._write(kind.name, "", [stored], list(events))
            return events

        return call

    @contextmanager
    def input(self, label: str = "") -> Iterator[None]:
        """Make every session call inside one input (one host command, one thing to undo)."""
        if self._group is not None:
            yield
            return
        group: list[tuple[Record, list[Event]]] = []
        self._group = group
        try:
            yield
        finally:
            self._group = None
            if group:
                records = [r for r, _ in group]
                events = [e for _, evs in group for e in evs]
                self._write(records[0]["in"], label, records, events)

    def _write(self, kind: str, label: str, records: list[Record], events: list[Event]) -> None:
        session = self._session
        if kind == TIME and not events and self._merge_time_step(records):
            return
        self._last_step = None
        seq = self.journal.append(
            self.game_id,
            kind,
            label,
            records,
            events,
            elapsed=float(self.elapsed()),
            hands=hands_of(session),
            winner=winner_of(session),
            over=session.is_over,
        )
        if kind == TIME and not events and len(records) == 1:
            self._last_step = (seq, records[0])
        self._ended(session.is_over)

    def keep_figures_by(self, work: KeepFigures) -> None:
        """Keep the game's stats row with `work` each time an input leaves the game over."""
        if self.record.mode != SIMULATION:
            self.figures = FiguresKeeper(self.journal.folder, self.game_id, work)

    def stopped(self) -> None:
        """The table is left (the game over or not): keep the stats row as the game stands,
        so a game stopped for the night is read from a kept row too."""
        if self.figures is not None:
            self.figures.request()

    def _ended(self, over: bool) -> None:
        """After an input that leaves the game over: keep its stats row, off this thread."""
        if over and self.figures is not None:
            self.figures.request()

    def _merge_time_step(self, records: list[Record]) -> bool:
        """Add this quiet time step's seconds to the last input when that was one too."""
        last = self._last_step
        if last is None or len(records) != 1:
            return False
        seq, stored = last
        new = records[0]
        rest = {k: v for k, v in stored.items() if k != "seconds"}
        if rest != {k: v for k, v in new.items() if k != "seconds"}:
            return False
        merged = {**stored, "seconds": stored["seconds"] + new["seconds"]}
        self.journal.replace_calls(self.game_id, seq, [merged], elapsed=float(self.elapsed()))
        self._last_step = (seq, merged)
        return True

    # -- replay ------------------------------------------------------------------------------

    def replay(
        self, target: Session | TypedLines, inputs: list[InputRecord] | None = None
    ) -> list[Any]:
        """Feed `target` (a fresh session or host console, not attached) the live inputs;
        returns what each call returned, flattened where that is a list of events."""
        records = self.inputs() if inputs is None else inputs
        out: list[Any] = []
        for record in records:
            if record.kind == SEAT_PLACE:  # where a seat is played: the driver's to read
                continue
            for step in steps_of(record.format, record.calls_text):
                result = step.on(target)
                if isinstance(result, list):
                    out += result
                else:
                    out.append(result)
        return out

    # -- where each seat is played (`homegame.devices`) ---------------------------------------

    def seat_placed(self, seat: int, device: bool, label: str) -> None:
        """Journal that `seat` is played from now on on its own device (`device`) or at the
        shared screen; `label`: what the history calls it."""
        session = self._session
        self._last_step = None
        self.journal.append(
            self.game_id,
            SEAT_PLACE,
            label,
            [input_record(PLACE_INPUT, (seat, device), {})],
            [],
            elapsed=float(self.elapsed()),
            hands=hands_of(session),
            winner=winner_of(session),
            over=session.is_over,
        )

    def seat_places(self) -> dict[int, bool]:
        """Where each seat ever moved is played now (True: on its own device), from the live
        inputs: the last move of each seat."""
        places: dict[int, bool] = {}
        for record in self.inputs():
            if record.kind == SEAT_PLACE:
                for call in record.calls:
                    places[int(call["seat"])] = bool(call["device"])
        return places

    def undo(self) -> InputRecord | None:
        """Take back the last live input in the journal (the caller rebuilds its session)."""
        self._last_step = None
        return self.journal.undo(self.game_id, elapsed=float(self.elapsed()))

    def progress(self, session: Any) -> None:
        """Bring the listing's hands and state in line with `session` (after an undo)."""
        self.journal.set_progress(
            self.game_id, hands_of(session), winner_of(session), session.is_over
        )
        self._ended(session.is_over)

    # -- host mode: the console's typed lines are the inputs ---------------------------------

    def host_line(
        self,
        text: str,
        now: float,
        events: Sequence[Event],
        session: Session,
        *,
        label: str | None = None,
    ) -> None:
        """Commit one line the host console carried out at game time `now`, with the events it
        caused; `session` as it left it (the listing's hands and winner). `label`: what the
        history calls it, when not the line itself."""
        self._session = session
        stored = input_record(HOST_INPUT, (text, now), {})
        self.journal.append(
            self.game_id,
            HOST_LINE,
            text.strip() if label is None else label,
            [stored],
            list(events),
            elapsed=now,
            hands=hands_of(session),
            winner=winner_of(session),
            over=session.is_over,
        )
        self._ended(session.is_over)

    def clock_seen(self, now: float) -> None:
        """The host's clock is at `now`: where a resume will stand it."""
        self.journal.set_clock(self.game_id, now)

    def resume_time(self, inputs: list[InputRecord] | None = None) -> float:
        """The game time a resumed host console goes on from (the clock as last seen)."""
        records = self.inputs() if inputs is None else inputs
        last = records[-1].elapsed if records else 0.0
        return max(last, self.journal.game(self.game_id).clock)
