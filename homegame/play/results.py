"""How a game ended, computed once for every mode: places, prizes, the certificate's words.

The table and the host screen both draw this; nothing here reads a clock or draws anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from homegame.config import GameConfig
from homegame.engine.session_events import money
from homegame.engine.session_interface import Session
from homegame.money.ledger import LedgerLine
from homegame.prize_text import place_lines, pool_line, prizes_won


@dataclass(frozen=True)
class MoneyResult:
    """What a game played for money paid: a heading, the ledger and who pays whom."""

    title: str
    heading: tuple[str, ...]
    ledger: tuple[LedgerLine, ...]
    #: The config's currency, which the settlement's amounts are written in.
    currency: str = ""


@dataclass(frozen=True)
class GameResult:
    """The end of a game. `winner` is '' for a cash game, which only has its `money`."""

    winner: str
    title: str
    game: str
    hands: int
    played: str
    detail: str
    places: tuple[tuple[int, str], ...]
    prizes: tuple[tuple[str, str], ...]
    money: MoneyResult | None


def finishing_order(session: Session) -> tuple[tuple[int, str], ...]:
    """Each player's place, first to last: a freezeout by when they busted; a series by wins
    (the winners first, ties sharing a place, players who dropped out last)."""
    names = session.names
    standings = session.scoreboard()
    board = standings.series
    if board is None:
        places = {p.seat: p.place for p in standings.players if p.place is not None}
        places.update({s: 1 for s in session.winners})
        return tuple(sorted(((p, names[s]) for s, p in places.items()), key=lambda r: r[0]))
    won = set(session.winners)
    keyed = sorted(board.rows, key=lambda r: (r.seat not in won, not r.in_series, -r.wins, r.seat))
    order: list[tuple[int, str]] = []
    previous: tuple[bool, bool, int] | None = None
    for index, row in enumerate(keyed, start=1):
        key = (row.seat not in won, not row.in_series, -row.wins)
        place = order[-1][0] if key == previous else index
        order.append((place, row.name))
        previous = key
    return tuple(order)


def game_result(session: Session, config: GameConfig, *, hosted: bool = False) -> GameResult:
    """How `session` (over) ended: the certificate's words, and the money when it had any."""
    names = session.names
    winners = [names[s] for s in session.winners]
    hands = session.deals
    word = session.variant.deal_word
    plural = "s" if hands != 1 else ""
    played = f"{word.capitalize()}s"
    if session.cash_game() is not None:  # nobody wins: each takes home what is before them
        title = f"Cash game over after {hands} {word}{plural}"
        cash = MoneyResult(title, (), session.ledger_lines("cash"), config.currency)
        return GameResult("", title, "", hands, played, "", (), (), cash)
    players = f"{len(names)} players" + (" (hosted)" if hosted else "")
    order = finishing_order(session)
    board = session.scoreboard().series
    if board is None:  # a freezeout: one winner, or the players who chopped (HOUSE_RULES 18)
        result = GameResult(
            winner=" and ".join(winners),
            title="Winner" if len(winners) == 1 else "Chopped by",
            game=f"{session.variant.name} freezeout, {players}",
            hands=hands,
            played=played,
            detail="",
            places=order,
            prizes=(),
            money=None,
        )
        return _with_prizes(session, result, config.currency)
    cube = f" · cube {board.cube}" if board.cube > 1 else ""
    currency = config.currency
    side = f" · side bet {money(board.side_pool, currency)}" if board.side_pool else ""
    detail = f"Pool: {money(board.pool, currency)}{cube}{side}"
    winner = " and ".join(winners)
    ledger = session.ledger_lines("this game")
    won: dict[str, int] = {}
    for line in ledger:  # the pool to the winners, a side pool to who made four of a kind
        won[line.party] = won.get(line.party, 0) + line.cents_out
    wins = "wins" if len(winners) == 1 else "win"
    return GameResult(
        winner=winner,
        title="Series winner" if len(winners) == 1 else "Series winners",
        game=f"{session.variant.name} series to {config.series.wins} wins, {players}",
        hands=hands,
        played=played,
        detail=detail,
        places=order,
        prizes=tuple((name, money(won[name], currency)) for _, name in order if won.get(name)),
        money=MoneyResult(f"{winner} {wins}: the money", (detail, ""), ledger, currency)
        if ledger
        else None,
    )


def _with_prizes(session: Session, result: GameResult, currency: str) -> GameResult:
    """A freezeout played for money: the places with their prizes and who pays whom."""
    tournament = session.tournament()
    money_now = None if tournament is None else tournament.money()
    if money_now is None:
        return result
    heading = (
        pool_line(money_now, currency),
        *place_lines(money_now, result.places, currency),
        "",
    )
    won = "wins" if result.title == "Winner" else "chopped"
    paid = MoneyResult(
        f"{result.winner} {won}: the money", heading, session.ledger_lines("this game"), currency
    )
    prizes = prizes_won(money_now, result.places, currency)
    return replace(result, prizes=prizes, money=paid)
