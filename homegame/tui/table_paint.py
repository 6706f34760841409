"""Drawing the table screen's widgets from what the game driver shows: the seats, the board
and the pots from the view the driver allows, the clock and the scoreboard from the standings,
and the one progress line that stands in for them all while skipping to the result.

Each function reads the driver and fills widgets; none decides anything about the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homegame.tui.widgets.board import Board
from homegame.tui.widgets.clock import Clock
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.pot import PotView
from homegame.tui.widgets.scoreboard import Scoreboard
from homegame.tui.widgets.seat import AROUND_NAME, CHIP_COLUMNS, Seat, SeatInfo

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from homegame.engine.session_interface import Session
    from homegame.play.driver import GameDriver
    from homegame.variants.base import Variant

__all__ = ["paint_side", "paint_table", "progress_line", "seat_line_rest"]


def seat_line_rest(variant: Variant) -> int:
    """The cells of a seat line besides the name: marks, chips and the hole cards (four cells
    and a space each, three and a space from four cards on)."""
    hole = variant.hole_cards
    cards = hole * (5 if hole <= 3 else 4)
    return AROUND_NAME + (CHIP_COLUMNS if variant.has_chips else 0) + cards


def paint_table(table: DOMNode, driver: GameDriver, *, skipping: bool) -> None:
    """Redraw the `table` screen's seats, board, pots, clock and scoreboard from the view the
    driver shows now (while `skipping` to the result, the progress line instead)."""
    game = driver.game
    if skipping:
        line = progress_line(game, driver.deal_word)
        table.query_one("#skip-progress", Plain).say(line, layout=False)
        return
    view = driver.shown_view()
    in_view = {} if view is None else {s.seat: s for s in view.seats}
    standings = game.scoreboard().players
    chips = driver.variant.has_chips
    for seat, name in enumerate(game.names):
        widget = table.query_one(f"#seat-{seat}", Seat)
        is_bot = seat in driver.bots
        sv = in_view.get(seat)
        if view is None or sv is None:
            out = game.is_out(seat)
            widget.display = not (out and chips)  # a busted player leaves a chip game's table
            widget.info = SeatInfo(name, stack=standings[seat].stack, busted=out, is_bot=is_bot)
            continue
        widget.display = True
        sitting_out = seat in game.sitting_out
        widget.info = SeatInfo.of(sv, view, chips=chips, sitting_out=sitting_out, is_bot=is_bot)
    board = table.query_one(Board)
    if view is None:
        board.show({})
    else:
        board.show(dict(view.board), second=view.second_board())
        names = game.names
        pots = [(p.amount, [names[e] for e in p.eligible]) for p in view.pots]
        table.query_one(PotView).show(pots, sum(s.bet for s in view.seats))
    paint_side(table, driver)


def paint_side(table: DOMNode, driver: GameDriver) -> None:
    """The `table` screen's blinds clock and, in a series, its scoreboard, from the standings."""
    standings = driver.game.scoreboard()
    level = standings.level
    if level is not None:
        table.query_one(Clock).show_level(
            level.number,
            level.small_blind,
            level.big_blind,
            standings.hands_to_next_level,
            standings.seconds_to_next_level,
        )
    board = standings.series
    if board is not None:
        table.query_one(Scoreboard).show(
            [(r.name, r.wins, r.in_series) for r in board.rows],
            board.target,
            board.pool,
            board.cube,
            board.deals,
            board.side_pool,
        )


def progress_line(game: Session, deal_word: str) -> str:
    """Where the bots' game stands, for the line that stands in for the table."""
    standings = game.scoreboard()
    left = [p for p in standings.players if not game.is_out(p.seat)]
    level = standings.level
    blinds = "" if level is None else f" · blinds {level.small_blind}/{level.big_blind}"
    chips = " · ".join(f"{p.name} {p.stack:,}" for p in left if p.stack is not None)
    players = "player" if len(left) == 1 else "players"
    return f"{deal_word.capitalize()} {game.deals} · {len(left)} {players} left{blinds}\n{chips}"
