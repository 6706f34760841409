"""The KRG series in one line of text, for the screens that cover the scoreboard and for the
phones (pure: read from the series' scoreboard only)."""

from __future__ import annotations

from homegame.engine.krg_series import Scoreboard
from homegame.money.amounts import money_text


def series_line(board: Scoreboard | None, currency: str = "") -> str:
    """The KRG series in one line ('' for no series), its money in the config's `currency`."""
    if board is None:
        return ""
    wins = " · ".join(f"{r.name} {r.wins}" for r in board.rows if r.in_series)
    cube = f" · cube {board.cube}" if board.cube > 1 else ""
    side = f" · side bet {money_text(board.side_pool, currency)}" if board.side_pool else ""
    return f"First to {board.target}: {wins} · pool {money_text(board.pool, currency)}{cube}{side}"
