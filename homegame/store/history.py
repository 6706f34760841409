"""A saved game's history, hand by hand, with only what the table saw.

The hands are cut from the journal's events at each `HandStarted`; every event is shown in its
public form (no folded or mucked hole cards, no KRG discards), and what happens between hands
(a cube, a stack correction, a player coming back) belongs to the hand before. Undone inputs
are left out of the play but stay in the history as an "undone: ..." line (HOUSE_RULES 24).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from homegame.engine.events import (
    Acted,
    BoardRevealed,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
)
from homegame.engine.session_events import DealScored
from homegame.store import codec
from homegame.store.journal import UNDO, GameRecord, InputRecord, Journal, seat_names
from homegame.variants import Variant, get_variant

#: Events that add nothing a reader needs (the deal itself; the end, which the pots say).
QUIET = (HoleDealt, HandEnded)


@dataclass
class HandHistory:
    """One hand (KRG: one deal) as the table saw it."""

    number: int
    events: list[Event] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)
    finished: bool = False
    start_stacks: tuple[int, ...] = ()
    end_stacks: tuple[int, ...] = ()

    def lines(self, names: Sequence[str], currency: str = "") -> list[str]:
        """The hand in plain words, one line per thing that happened (money in `currency`)."""
        out = []
        notes = sorted(self.notes)
        for index, event in enumerate(self.events):
            while notes and notes[0][0] <= index:
                out.append(notes.pop(0)[1])
            if not isinstance(event, QUIET):
                out.append(event.describe_in(currency, names))
        out += [note for _, note in notes]
        return out


@dataclass
class GameHistory:
    """A whole saved game: its record, the hands, and what came before the first deal."""

    record: GameRecord
    hands: list[HandHistory]
    before: list[Event] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.record.players

    @property
    def variant(self) -> Variant:
        """The game played."""
        return get_variant(self.record.game)

    def finished_hands(self) -> list[HandHistory]:
        """The hands that are over."""
        return [h for h in self.hands if h.finished]

    def as_json(self, hand: int | None = None) -> dict[str, Any]:
        """The history as JSON data (public events, in the journal's encoding)."""
        hands = [h for h in self.hands if hand is None or h.number == hand]
        return {
            "game_id": self.record.id,
            "game": self.record.game,
            "mode": self.record.mode,
            "players": list(self.names),
            "state": self.record.state,
            "winner": self.record.winner,
            "hands": [
                {
                    "hand": h.number,
                    "finished": h.finished,
                    "lines": h.lines(self.names, self.record.config.currency),
                    "events": [codec.encode(e) for e in h.events],
                    "start_stacks": list(h.start_stacks),
                    "end_stacks": list(h.end_stacks),
                }
                for h in hands
            ],
        }


def undone_line(record: InputRecord, names: Sequence[str]) -> str:
    """'undone: Bob calls 90': what an undone input did, in the words of its first event."""
    shown = [e.public() for e in record.events if not isinstance(e, QUIET)]
    board = [e.card for e in shown if isinstance(e, BoardRevealed)]
    if len(board) > 1:  # several board cards typed at once: name them all
        return f"undone: board {' '.join(c.symbol for c in board)}"
    if shown and isinstance(shown[0], Acted | HandStarted | BoardRevealed):
        return f"undone: {shown[0].describe(names)}"
    # Anything else a host typed (winners, a show, a correction, the clock) is said as typed.
    what = record.label or (shown[0].describe(names) if shown else record.kind)
    return f"undone: {what}"


def build_history(record: GameRecord, inputs: Sequence[InputRecord]) -> GameHistory:
    """The history of a game from all its inputs (undone ones and undo rows included)."""
    by_seq = {r.seq: r for r in inputs}
    live = [e for r in inputs if r.kind != UNDO and r.undone_by is None for e in r.events]
    # Every seat named, late entries too (a journal written before they were listed lacks them).
    record = replace(record, players=seat_names(record.players, live))
    names = record.players
    history = GameHistory(record, [])
    current: HandHistory | None = None
    for entry in inputs:
        if entry.kind == UNDO:
            target = by_seq.get(int(entry.label)) if entry.label.isdigit() else None
            if target is not None:
                line = undone_line(target, names)
                if current is not None:
                    current.notes.append((len(current.events), line))
            continue
        if entry.undone_by is not None:
            continue
        for event in entry.events:
            if isinstance(event, HandStarted):
                current = HandHistory(len(history.hands) + 1, start_stacks=event.stacks)
                history.hands.append(current)
            public = event.public()
            if current is None:
                history.before.append(public)
                continue
            current.events.append(public)
            if isinstance(event, HandEnded):
                current.finished = True
                current.end_stacks = event.stacks
    return history


def load_history(journal: Journal, game_id: int) -> GameHistory:
    """The history of saved game `game_id`."""
    return build_history(journal.game(game_id), journal.inputs(game_id, live=False))


def history_text(history: GameHistory, hand: int | None = None) -> str:
    """The finished hands (or hand `hand`) in plain words, for the terminal."""
    record = history.record
    names = history.names
    chosen = [h for h in history.hands if (h.finished if hand is None else h.number == hand)]
    word = history.variant.deal_word.capitalize()
    out = [f"Game {record.id}: {record.game}, {record.mode}, {', '.join(names)}"]
    for entry in chosen:
        out.append("")
        state = "" if entry.finished else " (being played)"
        out.append(f"== {word} {entry.number}{state} ==")
        out += entry.lines(names, record.config.currency)
    if record.winner:
        out += ["", f"Winner: {record.winner}"]
    return "\n".join(out)


class Chart(NamedTuple):
    """What the night's chart draws: `series` (name: value after each deal, 0: the start),
    `counts` names the y axis ("chips", "wins"), `per` the x axis (the game's deal word)."""

    counts: str
    series: dict[str, list[int]]
    per: str


def chart_series(history: GameHistory) -> Chart:
    """What the chart draws: each player's stack after each finished hand (hand 0: the start),
    or in a series (KRG) each player's wins after each deal."""
    names = history.names
    finished = history.finished_hands()
    per = history.variant.deal_word
    if history.variant.has_series:
        wins = dict.fromkeys(names, 0)
        series = {name: [0] for name in names}
        for hand in finished:
            scored = [e for e in hand.events if isinstance(e, DealScored)]
            for seat in scored[-1].credited if scored else ():
                wins[names[seat]] += 1
            for name in names:
                series[name].append(wins[name])
        return Chart("wins", series, per)
    series = {name: [] for name in names}
    if finished:
        for seat, name in enumerate(names):
            series[name].append(finished[0].start_stacks[seat])
    for hand in finished:
        for seat, name in enumerate(names):
            series[name].append(hand.end_stacks[seat])
    return Chart("chips", series, per)
