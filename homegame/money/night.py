"""The night: the ledger lines of one or more games, the totals, the zero-sum check, who pays whom.

`ledger_csv` writes it as CSV text with these fixed columns, one row per line, total, transfer
or mismatch (amounts as 12.50, empty where a column does not apply):

    row        line | total | transfer | mismatch
    game       the game (line, mismatch)
    party      the player, or (house) for the house fee (line, total); the payer (transfer)
    item       what the line is: buy-in, rebuy, add-on, late entry, prize 1st, chop, fee, ...
    hand       the hand number the line was made at (line, when known)
    seconds    game time of the line in seconds (line, when known)
    money_in   money put in (line, total, mismatch)
    money_out  money taken out (line, total, mismatch)
    net        money_out - money_in (total, mismatch)
    pays_to    the payee (transfer)
    amount     the amount paid (transfer)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from homegame.money.amounts import format_cents
from homegame.money.ledger import LedgerLine, Mismatch, PartyTotal, mismatches, totals
from homegame.money.settlement import Transfer, settle

CSV_COLUMNS = (
    "row", "game", "party", "item", "hand", "seconds",
    "money_in", "money_out", "net", "pays_to", "amount",
)  # fmt: skip


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
                "seconds": "" if line.seconds is None else f"{line.seconds:g}",
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
