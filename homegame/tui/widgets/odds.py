"""Solo play's odds display: the person's equity now, and the outs that improve (per Yukon
set, per Double Board board).

The odds are worked out elsewhere (the table's worker process, `homegame.work.odds`); the
widget shows the result as it arrives, and drops one asked for before the hand moved on.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.engine.views import HandView
from homegame.tui.palette import themed
from homegame.tui.widgets.card import card_face
from homegame.tui.widgets.fit import refit
from homegame.work import Odds

#: How the odds of a view are worked out (the table's worker; tests may pass their own).
OddsWork = Callable[[HandView, random.Random], Awaitable[Odds]]


def odds_text(odds: Odds, list_cards: bool = False) -> Text:
    """The odds as the widget shows them: equity against the live opponents, and the outs."""
    if odds.note:
        return Text(f"Odds: {odds.note}", style=themed("$hint"))
    if odds.equity is None:
        return Text("")
    out = Text(f"Odds: {odds.equity:.0%} equity vs {odds.rivals}", style=themed("bold $odds"))
    for group, cards in odds.outs:
        where = f" ({odds.group_word} {group})" if group else ""
        if not cards:
            out.append(f"\nmade hand{where}", style=themed("$felt-text"))
            continue
        out.append(f"\n{len(cards)} outs{where}", style=themed("$felt-text"))
        if list_cards:
            out.append(": " + " ".join(card_face(c) for c in cards), style=themed("$felt-text"))
    return out


class OddsView(Widget):
    """Shown only when the person turns it on (o) in solo play."""

    DEFAULT_CSS = """
    OddsView {
        height: auto;
        width: 100%;
        padding: 0 1;
    }
    """

    text: reactive[Text] = reactive(Text(""))

    def __init__(self, work: OddsWork | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: How the odds are worked out (None: only shown as set, never worked out).
        self._work = work
        #: Bumped whenever the odds shown go out of date; a result asked for before is dropped.
        self._asked = 0

    def watch_text(self) -> None:
        refit(self)

    def work_out(self, view: HandView | None, rng: random.Random, *, list_cards: bool) -> None:
        """Work out the odds for `view` elsewhere (None: nothing to show). Whatever was shown
        or being worked out goes out of date at once: a placeholder until the new result."""
        self._asked += 1
        if view is None or self._work is None:
            self.text = Text("")
            return
        self.text = Text("Odds: working them out…", style=themed("$hint"))
        self.run_worker(self._arrive(self._asked, view, rng, list_cards), group="odds")

    def forget(self) -> None:
        """Drop any result still being worked out (the odds were turned off)."""
        self._asked += 1

    async def _arrive(self, asked: int, view: HandView, rng: random.Random, cards: bool) -> None:
        assert self._work is not None, "only asked for with a way to work them out"
        odds = await self._work(view, rng)
        if asked == self._asked:
            self.text = odds_text(odds, cards)

    def render(self) -> Text:
        return self.text
