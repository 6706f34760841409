"""Solo play's odds display: the person's equity now, and the outs that improve (per Yukon
set, per Double Board board).

`odds_text` is the work (the widget runs it in a thread); the equity engine is imported on the
first call, not with the table.
"""

from __future__ import annotations

import random

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from homegame.engine.views import HandView
from homegame.tui.background import in_background
from homegame.tui.palette import themed
from homegame.tui.widgets.card import card_face
from homegame.tui.widgets.fit import refit
from homegame.variants import get_variant

#: The sample budget: Monte Carlo deals, and the most cases enumerated exactly instead.
SAMPLES = 1500


def odds_text(view: HandView, rng: random.Random, list_cards: bool = False) -> Text:
    """Equity of the viewer's hand against the live opponents' unknown cards, and the outs."""
    from homegame.bots.equity import equity, outs

    variant = get_variant(view.variant)
    mine = next((s for s in view.seats if s.seat == view.viewer), None)
    if mine is None or mine.folded or not mine.cards or None in mine.cards:
        return Text("")
    hole = [c for c in mine.cards if c is not None]
    if len(hole) != variant.kept_cards:
        return Text("Odds: after the discard", style=themed("$hint"))
    board = dict(view.board)
    rivals = sum(1 for s in view.seats if not s.folded and s.seat != view.viewer)
    if rivals == 0:
        return Text("")
    try:
        result = equity(
            variant, board, [hole] + [None] * rivals, rng=rng, samples=SAMPLES, max_exact=SAMPLES
        )
    except ValueError as exc:
        return Text(f"Odds: not available ({exc})", style=themed("$hint"))
    out = Text(f"Odds: {result.equity[0]:.0%} equity vs {rivals}", style=themed("bold $odds"))
    # Double Board's groups are its two boards; Yukon's are the sets of one board.
    group_word = "board" if len(variant.boards) > 1 else "set"
    for found in outs(variant, board, hole):
        where = f" ({group_word} {found.group})" if found.group else ""
        if not found.cards:
            out.append(f"\nmade hand{where}", style=themed("$felt-text"))
            continue
        out.append(f"\n{len(found.cards)} outs{where}", style=themed("$felt-text"))
        if list_cards and found.cards:
            out.append(
                ": " + " ".join(card_face(c) for c in found.cards), style=themed("$felt-text")
            )
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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: Bumped whenever the odds shown go out of date; a result asked for before is dropped.
        self._asked = 0

    def watch_text(self) -> None:
        refit(self)

    def work_out(self, view: HandView | None, rng: random.Random, *, list_cards: bool) -> None:
        """Work out the odds for `view` in a thread (None: nothing to show). Whatever was shown
        or being worked out goes out of date at once: a placeholder until the new result."""
        self._asked += 1
        if view is None:
            self.text = Text("")
            return
        self.text = Text("Odds: working them out…", style=themed("$hint"))
        self.run_worker(self._arrive(self._asked, view, rng, list_cards), group="odds")

    def forget(self) -> None:
        """Drop any result still being worked out (the odds were turned off)."""
        self._asked += 1

    async def _arrive(self, asked: int, view: HandView, rng: random.Random, cards: bool) -> None:
        text = await in_background(odds_text, view, rng, list_cards=cards)
        if asked == self._asked:
            self.text = text

    def render(self) -> Text:
        return self.text
