"""The money settings of a freezeout: buy-in, house fee, payouts, rounding, rebuys, add-on.

Values only; `homegame.config` reads them from a game's `[money]` table and checks them, and the
defaults are written here once (HOUSE_RULES 18-20).
"""

from __future__ import annotations

from dataclasses import dataclass

from homegame.money.amounts import check_cents, format_cents
from homegame.money.errors import MoneyError

#: HOUSE_RULES 18: prizes are rounded down to 1.00.
DEFAULT_ROUNDING = 100
#: HOUSE_RULES 19: rebuys (when on) end with level 4.
DEFAULT_REBUY_UNTIL_LEVEL = 4
#: A percentage is kept in hundredths of a percent: 100% is 10000.
WHOLE = 10_000
#: HOUSE_RULES 22: at most 100 big blinds in front of a player after a cash game's buy-in or
#: top-up (`homegame.money.cash`; here so a config reads it without loading the cash game).
DEFAULT_MAX_BUY_IN_BIG_BLINDS = 100


@dataclass(frozen=True)
class HouseFee:
    """Taken from the pool before the prizes: a fixed amount once, or a share of all money in."""

    cents: int = 0
    basis_points: int = 0

    def __post_init__(self) -> None:
        if self.cents and self.basis_points:
            raise MoneyError("a house fee is a fixed amount or a percentage, not both")
        if self.cents:
            check_cents(self.cents, "the house fee")
        if not 0 <= self.basis_points < WHOLE:
            raise MoneyError("a house fee percentage is from 0 up to (not including) 100")

    def of(self, total_in: int) -> int:
        """The fee taken from `total_in` cents: the fixed amount (at most the total) or the share
        rounded down to a cent."""
        if self.basis_points:
            return total_in * self.basis_points // WHOLE
        return min(self.cents, total_in)

    def __str__(self) -> str:
        if self.basis_points:
            return f"{percent_text(self.basis_points)}%"
        return format_cents(self.cents) if self.cents else "none"


@dataclass(frozen=True)
class AddOn:
    """HOUSE_RULES 19: the add-on one player may buy at the first break: chips for a price."""

    chips: int
    price: int


@dataclass(frozen=True)
class MoneySettings:
    """What a freezeout is played for; `payouts` empty means the HOUSE_RULES 18 default table.

    Late entry (HOUSE_RULES 20) is a freezeout setting (`late_entry_until_level`), not repeated
    here: the session passes the level to `why_not_late_entry`.
    """

    buy_in: int
    house_fee: HouseFee = HouseFee()
    payouts: tuple[int, ...] = ()
    rounding: int = DEFAULT_ROUNDING
    rebuys: bool = False
    rebuy_until_level: int = DEFAULT_REBUY_UNTIL_LEVEL
    add_on: AddOn | None = None


def percent_text(basis_points: int) -> str:
    """ "12.5" for 1250 hundredths of a percent, "40" for 4000."""
    whole, part = divmod(basis_points, 100)
    return f"{whole}" if not part else f"{whole}.{part:02d}".rstrip("0")
