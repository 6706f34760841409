"""A freezeout's money in words for the screens: the pool, the payouts, who won what.

Every number comes from `homegame.money` (`FreezeoutMoney`); this module only writes the lines
the host screen, the players' display and the app's result screen and certificate share.
"""

from __future__ import annotations

from collections.abc import Sequence

from homegame.money.amounts import money_text
from homegame.money.entries import EntryKind
from homegame.money.freezeout import FreezeoutMoney, ordinal


def _counted(count: int, word: str, words: str = "") -> str:
    return f"{count} {word if count == 1 else words or word + 's'}"


def pool_line(money: FreezeoutMoney, currency: str = "") -> str:
    """'Prize pool 1,100.00 · 8 entries · 3 rebuys · 1 add-on' (and the house fee)."""
    kinds = [e.kind for e in money.entries]
    parts = [
        f"Prize pool {money_text(money.pool, currency)}",
        _counted(money.entry_count, "entry", "entries"),
    ]
    rebuys = kinds.count(EntryKind.REBUY)
    add_ons = kinds.count(EntryKind.ADD_ON)
    if rebuys:
        parts.append(_counted(rebuys, "rebuy"))
    if add_ons:
        parts.append(_counted(add_ons, "add-on"))
    if money.house_fee:
        parts.append(f"house fee {money_text(money.house_fee, currency)}")
    return " · ".join(parts)


def payout_line(money: FreezeoutMoney, currency: str = "") -> str:
    """'Pays 1st 715.00 · 2nd 385.00', or the chop once the players still in agreed one."""
    if money.chop is not None:
        chop = money.chop
        shares = " · ".join(
            f"{p} {money_text(c, currency)}" for p, c in zip(chop.players, chop.cents, strict=True)
        )
        rest = " · ".join(
            f"{ordinal(p.place)} {money_text(p.cents, currency)}" for p in money.prizes
        )
        return f"Chopped ({chop.kind.value}): {shares}" + (f" · then {rest}" if rest else "")
    if not money.payouts:
        return "Pays: nothing yet (no entries)"
    paid = " · ".join(
        f"{ordinal(n)} {money_text(c, currency)}" for n, c in enumerate(money.payouts, 1)
    )
    return f"Pays {paid}"


def place_lines(
    money: FreezeoutMoney, order: Sequence[tuple[int, str]], currency: str = ""
) -> list[str]:
    """Each player by finishing place with what they won: '1st  Ann  715.00'."""
    width = max([len(name) for _, name in order] + [4])
    out = []
    for place, name in order:
        won = money.won_by(name)
        prize = money_text(won, currency) if won else "-"
        out.append(f"{ordinal(place):>4}  {name.ljust(width)}  {prize:>9}")
    return out


def prizes_won(
    money: FreezeoutMoney, order: Sequence[tuple[int, str]], currency: str = ""
) -> tuple[tuple[str, str], ...]:
    """(name, '715.00') for each player in `order` who won money, for the certificate."""
    won = ((name, money.won_by(name)) for _, name in order)
    return tuple((name, money_text(cents, currency)) for name, cents in won if cents)
