"""The night: the ledger lines of one or more games, the totals, the zero-sum check, who pays whom.

`ledger_csv` writes it as CSV text with the fixed columns `CSV_COLUMNS`, one row per line,
total, mismatch or transfer; the README and `homegame.commands.ledger` say what each holds.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from homegame.money.amounts import format_cents
from homegame.money.ledger import HOUSE, LedgerLine, Mismatch, PartyTotal, mismatches, totals
from homegame.money.settlement import Transfer, settle

CSV_COLUMNS = (
    "row", "game", "party", "item", "hand", "seconds",
    "money_in", "money_out", "net", "pays_to", "amount",
)  # fmt: skip


#: A name a game gives a seat nobody named ("Player", "Player 2", "Seat 3"): the "Player" of
#: one game is not the "Player" of another, so such a name keeps its game ("Player (#3)").
UNNAMED = re.compile(r"(Player|Seat)( \d+)?")


def game_parties(
    lines: Iterable[LedgerLine], game: str, bots: Collection[str]
) -> tuple[LedgerLine, ...]:
    """Game `game`'s lines with the parties a night settles between: a bot's money is the
    house's (a bot is nobody to pay or be paid, so "Bot 1 pays Bot 2 5.00" was no payment at
    all) and an unnamed seat is that game's own, never merged with another game's."""

    def party(name: str) -> str:
        if name in bots:
            return HOUSE
        return f"{name} ({game})" if UNNAMED.fullmatch(name) else name

    return tuple(replace(line, party=party(line.party)) for line in lines)


@dataclass(frozen=True)
class Night:
    """The ledger of the night and its settlement (none while the money does not add up)."""

    lines: tuple[LedgerLine, ...]
    totals: tuple[PartyTotal, ...]
    mismatches: tuple[Mismatch, ...]
    transfers: tuple[Transfer, ...]

    @property
    def balanced(self) -> bool:
        """True when every game's money out is its money in."""
        return not self.mismatches


def night(lines: Iterable[LedgerLine]) -> Night:
    """Totals, the zero-sum check and the fewest transfers for `lines`."""
    kept = tuple(lines)
    parties = totals(kept)
    wrong = mismatches(kept)
    nets = {t.party: t.net for t in parties}
    transfers = () if wrong or sum(nets.values()) else settle(nets)
    return Night(kept, parties, wrong, transfers)


def ledger_csv(result: Night) -> str:
    """The night as CSV text with the module's fixed columns."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for line in result.lines:
        writer.writerow(
            {
                "row": "line",
                "game": line.game,
                "party": line.party,
                "item": line.item,
                "hand": "" if line.hand is None else line.hand,
                "seconds": "" if line.seconds is None else str(round(line.seconds)),
                "money_in": format_cents(line.cents_in),
                "money_out": format_cents(line.cents_out),
            }
        )
    for total in result.totals:
        writer.writerow(
            {
                "row": "total",
                "party": total.party,
                "money_in": format_cents(total.cents_in),
                "money_out": format_cents(total.cents_out),
                "net": format_cents(total.net),
            }
        )
    for wrong in result.mismatches:
        writer.writerow(
            {
                "row": "mismatch",
                "game": wrong.game,
                "money_in": format_cents(wrong.cents_in),
                "money_out": format_cents(wrong.cents_out),
                "net": format_cents(wrong.cents),
            }
        )
    for transfer in result.transfers:
        writer.writerow(
            {
                "row": "transfer",
                "party": transfer.payer,
                "pays_to": transfer.payee,
                "amount": format_cents(transfer.cents),
            }
        )
    return out.getvalue()
