"""HOUSE_RULES 22: the cash game's money: a chips-to-money rate, buy-ins, top-ups, cash-outs.

The blinds are fixed; a player buys in or tops up between hands to at most the maximum buy-in
(default 100 big blinds, counting the chips already in front of them) and may cash out between
hands with no more than the chips in front of them. That these happen between hands only is the
session's job; the checks on the amounts are here. Each move keeps its chips, its cents at the
rate, the hand number and the game time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from homegame.money.amounts import check_cents
from homegame.money.errors import MoneyError
from homegame.money.ledger import LedgerLine
from homegame.money.settings import DEFAULT_MAX_BUY_IN_BIG_BLINDS


@dataclass(frozen=True)
class CashSettings:
    """The cash game's money: `cents_per_chip` is the rate (1: a chip is worth 0.01)."""

    big_blind: int
    cents_per_chip: int = 1
    max_buy_in_big_blinds: int = DEFAULT_MAX_BUY_IN_BIG_BLINDS

    def __post_init__(self) -> None:
        if self.big_blind <= 0 or self.cents_per_chip <= 0 or self.max_buy_in_big_blinds <= 0:
            raise MoneyError("the big blind, the rate and the maximum buy-in are more than 0")

    @property
    def max_buy_in(self) -> int:
        """The most chips a player may have in front of them after buying in or topping up."""
        return self.big_blind * self.max_buy_in_big_blinds

    def cents(self, chips: int) -> int:
        """What `chips` chips are worth in cents."""
        return chips * self.cents_per_chip

    def chips_for(self, cents: int) -> int:
        """The chips `cents` buy; MoneyError unless the amount buys a whole number of chips."""
        check_cents(cents)
        chips, odd = divmod(cents, self.cents_per_chip)
        if odd:
            raise MoneyError(f"{cents} cents is not a whole number of chips at this rate")
        return chips


class CashKind(Enum):
    """The cash game's money moves."""

    BUY_IN = "buy-in"
    TOP_UP = "top-up"
    CASH_OUT = "cash-out"


@dataclass(frozen=True)
class CashMove:
    """One buy-in, top-up or cash-out: `chips` at the rate are `cents`."""

    player: str
    kind: CashKind
    chips: int
    cents: int
    hand: int
    seconds: float


def why_not_buy(settings: CashSettings, player: str, chips: int, stack: int) -> str | None:
    """A buy-in or top-up of `chips` on top of `stack`: more than 0, up to the maximum."""
    if chips <= 0:
        return f"a buy-in is more than 0 chips, not {chips:,}"
    if stack + chips > settings.max_buy_in:
        room = max(0, settings.max_buy_in - stack)
        return (
            f"{player} may have at most {settings.max_buy_in:,} chips"
            f" ({settings.max_buy_in_big_blinds} big blinds): buy at most {room:,} more"
        )
    return None


def why_not_cash_out(player: str, chips: int, on_table: int) -> str | None:
    """A cash-out of `chips`: more than 0 and no more than the chips in front of the player."""
    if chips <= 0:
        return f"a cash-out is more than 0 chips, not {chips:,}"
    if chips > on_table:
        return f"{player} has {on_table:,} chips on the table, not {chips:,}"
    return None


def cash_ledger(game: str, moves: Iterable[CashMove]) -> tuple[LedgerLine, ...]:
    """A cash game's ledger lines: buy-ins and top-ups in, cash-outs out. Chips still on the
    table are not money out until cashed out, so a game left running does not balance."""
    return tuple(
        LedgerLine(
            game,
            m.player,
            m.kind.value,
            0 if m.kind is CashKind.CASH_OUT else m.cents,
            m.cents if m.kind is CashKind.CASH_OUT else 0,
            m.hand,
            m.seconds,
        )
        for m in moves
    )
