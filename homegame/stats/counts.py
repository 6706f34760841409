"""One player's counters (chances and deeds, chips and money), added over hands and games.

Kept apart from `tally`, which counts them from events: reading saved counts back (the
derived table) needs no engine."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass
class Counts:
    """One player's counters, added up over hands and games (all whole numbers but
    `net_bb`). Chances come before the deeds they allow."""

    hands: int = 0
    walks: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    fold_to_three_bet_chances: int = 0
    folds_to_three_bet: int = 0
    cbet_chances: int = 0
    cbets: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    bets_raises: int = 0
    calls: int = 0
    #: Hands whose big blind is known (bb/100 divides by these).
    bb_hands: int = 0
    net_bb: float = 0.0
    net_chips: int = 0
    #: KRG.
    deals: int = 0
    deals_won: int = 0
    series: int = 0
    series_won: int = 0
    discards_judged: int = 0
    discards_best: int = 0
    #: Games and money (filled by `collect`, from each finished game's ledger).
    games: int = 0
    money_games: int = 0
    net_cents: int = 0

    def add(self, other: Counts) -> None:
        """Add `other`'s counters to these."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def as_dict(self) -> dict[str, int | float]:
        """The counters by name (for the derived table and --json)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, int | float]) -> Counts:
        """Counters read back (a name this version does not know is left out)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})  # type: ignore[arg-type]
