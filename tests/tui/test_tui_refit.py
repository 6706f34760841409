"""The table's lines whose height follows their text (pots, odds, clock) and the hand log lay the
screen out again only when their own size changes: a new amount or a log line repaints them
and nothing else (issue 15: stalls; each layout of the table lays out and redraws it all, and
there were 20 a deal)."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from tui_driver import count_layouts, until, visible_text

from homegame.tui.safe_app import SafeApp
from homegame.tui.widgets.clock import Clock
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.odds import OddsView
from homegame.tui.widgets.pot import PotView


class Lines(SafeApp):
    """The table's side column in small: the lines above a log that takes the rest."""

    ENABLE_COMMAND_PALETTE = False
    CSS: ClassVar[str] = "#side { width: 40; } HandLog { height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Horizontal(), Vertical(id="side"):
            yield PotView(id="pots")
            yield OddsView(id="odds")
            yield Clock(id="clock")
            yield HandLog(id="log")


def _run(steps) -> None:  # type: ignore[no-untyped-def]
    async def scenario() -> None:
        app = Lines()
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await steps(app, pilot)

    asyncio.run(scenario())


def test_a_new_amount_on_the_same_rows_repaints_and_lays_nothing_out(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def steps(app: Lines, pilot) -> None:  # type: ignore[no-untyped-def]
        app.query_one(PotView).show([(30, ())])
        app.query_one(OddsView).text = Text("Odds: 40% to win")
        app.query_one(Clock).show_level(1, 10, 20, 9)
        await until(pilot, lambda: "Pot 30" in visible_text(app))
        layouts = count_layouts(monkeypatch)
        app.query_one(PotView).show([(90, ())], in_front=20)
        app.query_one(OddsView).text = Text("Odds: 55% to win")
        app.query_one(Clock).show_level(1, 10, 20, 8)
        await until(pilot, lambda: "Pot 90" in visible_text(app))
        shown = visible_text(app)
        assert "+ 20 in bets" in shown and "55% to win" in shown and "8 hands" in shown
        assert layouts == []

    _run(steps)


def test_a_line_that_takes_more_rows_lays_the_screen_out_and_shows_them_all(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def steps(app: Lines, pilot) -> None:  # type: ignore[no-untyped-def]
        pots = app.query_one(PotView)
        pots.show([(30, ())])
        await until(pilot, lambda: "Pot 30" in visible_text(app))
        assert pots.size.height == 1
        layouts = count_layouts(monkeypatch)
        side = [(400, ("Ann", "Bob")), (250, ("Bob", "Cleo")), (120, ("Cleo", "Dee"))]
        pots.show(side)
        await until(pilot, lambda: "Side pot 2" in visible_text(app))
        assert layouts != [] and pots.size.height > 1
        odds = app.query_one(OddsView)
        odds.text = Text("Odds:\nAnn 40%\nBob 60%")
        await until(pilot, lambda: odds.size.height == 3)
        assert "Bob 60%" in visible_text(app)

    _run(steps)


def test_a_log_line_repaints_the_log_and_its_scroll_bar_and_lays_nothing_out(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    async def steps(app: Lines, pilot) -> None:  # type: ignore[no-untyped-def]
        log = app.query_one(HandLog)
        log.add("Hand 1 starts")
        await until(pilot, lambda: "Hand 1 starts" in visible_text(app))
        layouts = count_layouts(monkeypatch)
        for number in range(40):
            log.add(f"Bot {number} calls")
        await until(pilot, lambda: "Bot 39 calls" in visible_text(app))
        assert layouts == []
        assert log.virtual_size.height == 41
        assert log.scroll_y == log.max_scroll_y > 0  # it follows the newest line
        assert log.vertical_scrollbar.window_virtual_size == 41
        log.new_hand("Hand 2")
        await until(pilot, lambda: "Bot 39 calls" not in visible_text(app))
        assert log.virtual_size.height == 0 and log.scroll_y == 0
        assert layouts == []

    _run(steps)
