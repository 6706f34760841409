"""`homegame ledger [GAME...] [--csv FILE]`: the night's money, who is up, and who pays whom.

Each game is replayed from the journal and its session's ledger lines read (`ledger_lines`):
freezeout entries, rebuys, add-ons, the house fee, prizes and chops; a KRG series' pool, cube
stakes and side pools; a cash game's buy-ins and cash-outs. With no GAME, the night is the
latest game and every game started within `NIGHT_HOURS` hours before it (simulations aside).

The table shows each player's money in, money out and net (out minus in); the check that the
nets sum to zero, where a game that does not balance (say, one not finished, its pool still
held) is named with its difference and the exit status is 1; then the settlement, the fewest
transfers that pay every net ("Bob pays Ann 12.50").

`--csv FILE` also writes it as CSV, one row per ledger line, player total, mismatch or
transfer, with these fixed columns (amounts like 12.50; empty where a column does not apply):

    row        line | total | mismatch | transfer
    game       the game, as #N (line, mismatch)
    party      the player, or (house) for the house fee and the bots (line, total); the payer
               (transfer); an unnamed seat ("Player", "Player 2") keeps its game: "Player (#3)"
    item       buy-in, late entry, rebuy, add-on, house fee, prize 1st, chop (icm), pool, ... (line)
    hand       the hand number the line was made at (line, when known)
    seconds    game time of the line in seconds (line, when known)
    money_in   money put in (line, total, mismatch)
    money_out  money taken out (line, total, mismatch)
    net        money_out - money_in (total, mismatch)
    pays_to    the payee (transfer)
    amount     the amount paid (transfer)
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, game_or_fail, journal_or_fail
from homegame.commands._specs import OneLineErrors
from homegame.text import counted

if TYPE_CHECKING:
    from homegame.money.ledger import LedgerLine
    from homegame.money.night import Night
    from homegame.store import Journal
    from homegame.store.journal import GameRecord

#: The night: games started within this many hours before the latest one.
NIGHT_HOURS = 12


def night_games(records: list[GameRecord]) -> list[GameRecord]:
    """The latest night's games, oldest first: the latest game and those started within
    NIGHT_HOURS before it; simulations are not part of a night."""
    played = [r for r in records if r.mode != "simulation"]
    if not played:
        return []
    latest = max(datetime.fromisoformat(r.created) for r in played)
    since = latest - timedelta(hours=NIGHT_HOURS)
    return [r for r in played if datetime.fromisoformat(r.created) >= since]


def game_lines(journal: Journal, record: GameRecord) -> tuple[LedgerLine, ...]:
    """Game `record`'s ledger lines, from its session replayed out of the journal."""
    from homegame.host.night import replayed_session
    from homegame.money.night import game_parties
    from homegame.store.recorder import GameLog

    session = replayed_session(GameLog(journal, record.id))
    game = f"#{record.id}"
    lines: tuple[LedgerLine, ...] = session.ledger_lines(game)
    return game_parties(lines, game, bot_names(record))


def bot_names(record: GameRecord) -> set[str]:
    """The names of game `record`'s bots: their money is the house's."""
    return {player.name for player in record.config.players if player.is_bot}


def ledger_table(result: Night, games: list[GameRecord], unfinished: set[str]) -> list[object]:
    """What the screen shows: the Rich table, the check and the settlement."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from homegame.money.amounts import format_cents

    numbers = ", ".join(f"#{r.id}" for r in games)
    word = "game" if len(games) == 1 else "games"
    table = Table(
        title=f"Ledger: {word} {numbers}",
        title_justify="left",
        box=box.SIMPLE_HEAD,  # no outer border: a night of ten players fits 80x24
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("player")
    for column in ("in", "out", "net"):
        table.add_column(column, justify="right")
    for total in sorted(result.totals, key=lambda t: (-t.net, t.party)):
        style = "green" if total.net > 0 else "red" if total.net < 0 else ""
        net = Text(format_cents(total.net), style=style)
        table.add_row(total.party, format_cents(total.cents_in), format_cents(total.cents_out), net)
    shown: list[object] = [table]
    if result.balanced:
        shown.append(Text("Check: the nets sum to 0.00", style="green"))
    for wrong in result.mismatches:
        why = " (not finished: its pool is still held)" if wrong.game in unfinished else ""
        shown.append(
            Text(
                f"MISMATCH game {wrong.game}: in {format_cents(wrong.cents_in)}, "
                f"out {format_cents(wrong.cents_out)}, off by {format_cents(wrong.cents)}{why}",
                style="bold red",
            )
        )
    if result.balanced:
        title = f"Settlement ({counted(len(result.transfers), 'transfer')})"
        if not result.transfers:
            title = "Settlement: nobody owes anything"
        shown.append(Text(title, style="bold"))
        shown += [Text(f"  {t}") for t in result.transfers]
    else:
        shown.append(Text("No settlement until every game balances.", style="red"))
    return shown


def ledger_command(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help=f"Game numbers (homegame games). Default: the latest night, the latest game "
            f"and every game started within {NIGHT_HOURS} hours before it.",
            show_default=False,
        ),
    ] = None,
    csv_file: Annotated[
        Path | None,
        typer.Option("--csv", help="Also write the ledger as CSV (columns: see the README)."),
    ] = None,
    data_dir: DataDir = None,
) -> None:
    """The night's money: each player's in, out and net, the zero-sum check, who pays whom."""
    from rich.console import Console

    from homegame.money.ledger import HOUSE
    from homegame.money.night import ledger_csv, night
    from homegame.store import StoreError

    journal = journal_or_fail(data_dir, create=False)
    if games:
        records = [journal.game(game_or_fail(journal, g)) for g in dict.fromkeys(games)]
    else:
        records = night_games(journal.games())
        if journal.damaged:  # its money could belong to the night: no total without it
            fail(next(iter(journal.damaged.values())))
        if not records:
            journal.close()
            fail("no saved games yet: homegame play or homegame host starts one")
    lines: list[LedgerLine] = []
    money: list[GameRecord] = []  # the games with money in them
    for record in records:
        try:
            journal.check(record.id)
        except StoreError as error:
            journal.close()
            fail(str(error))
        try:
            found = game_lines(journal, record)
        except (ValueError, LookupError) as error:
            journal.close()
            fail(f"game #{record.id} cannot be replayed: {error}")
        lines += found
        if found:
            money.append(record)
    journal.close()
    console = Console(highlight=False)
    if not lines:
        numbers = ", ".join(f"#{r.id}" for r in records)
        console.print(
            f"No money in {counted(len(records), 'game')} ({numbers}): played for chips only."
        )
        return
    result = night(lines)
    unfinished = {f"#{r.id}" for r in records if not r.finished}
    for item in ledger_table(result, money, unfinished):
        console.print(item)
    bots = sorted({name for record in money for name in bot_names(record)})
    if bots:
        names = ", ".join(bots)
        console.print(f"{HOUSE}: the house fee, and the bots' money is the house's ({names})")
    chips_only = [f"#{r.id}" for r in records if r not in money]
    if chips_only:
        console.print(f"Played for chips only, not in the ledger: {', '.join(chips_only)}")
    if csv_file is not None:
        from homegame.paths import write_export

        try:
            write_export(csv_file, ledger_csv(result))
        except OSError as error:
            fail(f"--csv: cannot write {csv_file}: {error.strerror or error}")
    if not result.balanced:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the `ledger` command."""
    app.command("ledger", cls=OneLineErrors)(ledger_command)
