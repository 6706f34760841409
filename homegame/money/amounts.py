"""Amounts of money: text like "12.50" to integer cents and back.

All money in homegame is integer cents. `parse_amount` refuses what a host should not be able to
type by accident: more than two decimals, a sign, zero (unless allowed), or more than
`MAX_CENTS` (a million in the currency: no home game is that big, so it is a typo).
"""

from __future__ import annotations

import re

from homegame.money.errors import MoneyError

#: The largest amount accepted anywhere: 1,000,000.00.
MAX_CENTS = 100_000_000

_AMOUNT = re.compile(r"(\d+)(?:\.(\d{1,2}))?|\.(\d{1,2})")


def parse_amount(text: str, *, allow_zero: bool = False) -> int:
    """Cents in `text` ("12.50", "12", "12.5", ".50"); MoneyError with one line otherwise."""
    raw = text.strip()
    if raw.startswith("-"):
        raise MoneyError(f"{raw} is negative: an amount is more than 0")
    match = _AMOUNT.fullmatch(raw)
    if match is None:
        if re.fullmatch(r"\d*\.\d{3,}", raw):
            raise MoneyError(f"{raw} has more than two decimals: amounts are in cents")
        raise MoneyError(f"{raw!r} is not an amount of money like 12.50")
    whole, cents, only_cents = match.groups()
    fraction = cents if cents is not None else only_cents or ""
    if len(whole or "") > 12:
        raise MoneyError(f"{raw} is too large: at most {format_cents(MAX_CENTS)}")
    value = int(whole or "0") * 100 + int(fraction.ljust(2, "0") or "0")
    return check_cents(value, raw, allow_zero=allow_zero)


def check_cents(value: int, what: str = "", *, allow_zero: bool = False) -> int:
    """`value` cents, checked to be a whole, positive (or zero), not absurd amount."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise MoneyError(f"{value!r} is not a whole number of cents")
    label = what or format_cents(value)
    if value < 0:
        raise MoneyError(f"{label} is negative: an amount is more than 0")
    if value == 0 and not allow_zero:
        raise MoneyError(f"{label} is zero: an amount is more than 0")
    if value > MAX_CENTS:
        raise MoneyError(f"{label} is too large: at most {format_cents(MAX_CENTS)}")
    return value


def format_cents(cents: int) -> str:
    """ "12.50" for 1250, "-0.05" for -5, "1,250.00" never (no separators: CSV-safe)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


#: The longest currency a config may name ("$", "EUR", "CHF", "kr"): a sign or a short code.
MAX_CURRENCY = 8


def money_text(cents: int, currency: str = "") -> str:
    """An amount for people to read: "1,250.00" for 125000 (thousands separated), in the
    config's `currency`: a sign goes before it ("$1,250.00", "-$5.50"), a code that ends in a
    letter after it ("1,250.00 EUR"); "" writes none."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    amount = f"{whole:,}.{part:02d}"
    if currency and currency[-1].isalpha():
        return f"{sign}{amount} {currency}"
    return f"{sign}{currency}{amount}"
