"""The table's hand log, deal by deal: each deal starts a fresh log, and news that comes
between deals (a player out, blinds up, someone back from sitting out) waits for the next
deal's log, where a handoff cannot cover it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from homegame.engine.events import Event, HandStarted
from homegame.tui.widgets.hand_log import HandLog

__all__ = ["DealNews", "by_deal"]


def by_deal(events: Sequence[Event]) -> Iterator[tuple[bool, Sequence[Event]]]:
    """`events` cut where a deal starts: each part, and whether it starts a new deal."""
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
    for begin, end in zip([0, *starts], [*starts, len(events)], strict=True):
        part = events[begin:end]
        if part:
            yield isinstance(part[0], HandStarted), part


class DealNews:
    """The lines of the hand log: written at once during a deal, carried to the next deal's
    log between deals."""

    def __init__(self, log: Callable[[], HandLog]) -> None:
        self._log = log
        #: Between deals: news said at the start of the next deal's log.
        self.carried: list[str] = []
        self.between = True

    def add(self, lines: Sequence[str]) -> None:
        """Say `lines`: in this deal's log, or the next one's between deals."""
        if self.between:
            self.carried += lines
            return
        log = self._log()
        for line in lines:
            log.add(line)

    def begin(self, title: str) -> None:
        """A new deal: a fresh log headed `title`, the carried news first."""
        log = self._log()
        log.new_hand(title)
        self.between = False
        for line in self.carried:
            log.add(line)
        self.carried = []

    def end(self) -> None:
        """The deal is over: news waits for the next one."""
        self.between = True
