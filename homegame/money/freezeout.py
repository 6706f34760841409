"""A freezeout's money at any moment: money in, the pool, the payouts and who has won what.

HOUSE_RULES 18-20 put together from the entries, the finishing places known so far and a chop
if the players still in agreed one. A chop fixes the prizes of the players it was made among
(the top places); play may go on, but their places no longer change the money. The prizes of
places not yet decided stay in the pool, so an unfinished game's ledger shows them as not paid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from homegame.money.chop import ChopKind, chop
from homegame.money.entries import Entry, entry_count, money_in
from homegame.money.errors import MoneyError
from homegame.money.ledger import HOUSE, LedgerLine
from homegame.money.payouts import payouts, pool_after_fee
from homegame.money.settings import MoneySettings


def ordinal(place: int) -> str:
    """ "1st", "2nd", "3rd", "4th", "11th", "22nd"."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@dataclass(frozen=True)
class Prize:
    """The prize of one finishing place, and who won it once known."""

    place: int
    cents: int
    player: str | None = None


@dataclass(frozen=True)
class Chop:
    """A chop agreed among `players` (chips `stacks`): each takes `cents` instead of a place."""

    kind: ChopKind
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    cents: tuple[int, ...]
    hand: int
    seconds: float


@dataclass(frozen=True)
class FreezeoutMoney:
    """The money of one freezeout; `prizes` are the places a chop did not settle."""

    settings: MoneySettings
    entries: tuple[Entry, ...]
    money_in: int
    pool: int
    house_fee: int
    payouts: tuple[int, ...]
    prizes: tuple[Prize, ...]
    chop: Chop | None = None

    @property
    def entry_count(self) -> int:
        """Entries for the payout structure (rebuys and add-ons not counted)."""
        return entry_count(self.entries)

    def won_by(self, player: str) -> int:
        """All `player` has won so far (a prize or a chop share)."""
        won = sum(p.cents for p in self.prizes if p.player == player)
        if self.chop is not None and player in self.chop.players:
            won += self.chop.cents[self.chop.players.index(player)]
        return won

    def ledger(self, game: str) -> tuple[LedgerLine, ...]:
        """The money lines of this game: entries in; prizes, chop shares and the fee out."""
        lines = [
            LedgerLine(game, e.player, e.kind.value, e.cents, 0, e.hand, e.seconds)
            for e in self.entries
        ]
        if self.house_fee:
            lines.append(LedgerLine(game, HOUSE, "house fee", cents_out=self.house_fee))
        for prize in self.prizes:
            if prize.player is not None and prize.cents:
                item = f"prize {ordinal(prize.place)}"
                lines.append(LedgerLine(game, prize.player, item, cents_out=prize.cents))
        if self.chop is not None:
            chop = self.chop
            item = f"chop ({chop.kind.value})"
            lines += [
                LedgerLine(game, p, item, cents_out=c, hand=chop.hand, seconds=chop.seconds)
                for p, c in zip(chop.players, chop.cents, strict=True)
                if c
            ]
        return tuple(lines)


def freezeout_money(
    settings: MoneySettings,
    entries: Sequence[Entry],
    places: Mapping[int, str],
    chop: Chop | None = None,
) -> FreezeoutMoney:
    """The money now, from the entries, the known finishing places (1 = winner) and a chop."""
    total = money_in(entries)
    pool, fee = pool_after_fee(total, settings.house_fee)
    count = entry_count(entries)
    prizes_by_place = (
        payouts(pool, count, settings.payouts, settings.rounding) if count and pool else ()
    )
    chopped = len(chop.players) if chop is not None else 0
    if chop is not None and sum(chop.cents) != sum(prizes_by_place[:chopped]):
        raise MoneyError("the chop does not share exactly the prizes still to be won")
    prizes = tuple(
        Prize(place, cents, places.get(place))
        for place, cents in enumerate(prizes_by_place, start=1)
        if place > chopped
    )
    return FreezeoutMoney(settings, tuple(entries), total, pool, fee, prizes_by_place, prizes, chop)


def make_chop(
    money: FreezeoutMoney,
    kind: ChopKind,
    players: Sequence[str],
    stacks: Sequence[int],
    hand: int,
    seconds: float,
) -> Chop:
    """The chop of the prizes still to be won (the top `len(players)` places) by `kind`.

    `players` are the players still in, in the order odd cents go (the session starts left of
    the button).
    """
    if money.chop is not None:
        raise MoneyError("the prizes have already been chopped")
    cents = chop(kind, money.payouts, stacks)
    return Chop(kind, tuple(players), tuple(stacks), cents, hand, seconds)
