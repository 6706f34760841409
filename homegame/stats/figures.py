"""The figures a player's counts give, each as PokerTracker 4 defines it (README, "Player
statistics"): a percentage of the chances, a rate, or None while there was no chance."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from homegame.stats.counts import Counts


def _share(done: int, chances: int) -> float | None:
    return 100.0 * done / chances if chances else None


@dataclass(frozen=True)
class Figure:
    """One figure: its key (for --json), its short heading and how it is worked out."""

    key: str
    heading: str
    value: Callable[[Counts], float | None]
    #: How it is shown: "%" a percentage, "x" a ratio, "bb" a rate, "$" cents a game.
    unit: str


#: The betting games' figures, in the order the table shows them.
BETTING = (
    Figure("vpip", "VPIP", lambda c: _share(c.vpip, c.hands - c.walks), "%"),
    Figure("pfr", "PFR", lambda c: _share(c.pfr, c.hands - c.walks), "%"),
    Figure("three_bet", "3B", lambda c: _share(c.three_bets, c.three_bet_chances), "%"),
    Figure(
        "fold_to_three_bet",
        "F3B",
        lambda c: _share(c.folds_to_three_bet, c.fold_to_three_bet_chances),
        "%",
    ),
    Figure("cbet", "CB", lambda c: _share(c.cbets, c.cbet_chances), "%"),
    Figure("wtsd", "WTSD", lambda c: _share(c.showdowns, c.saw_flop), "%"),
    Figure("wsd", "W$SD", lambda c: _share(c.showdowns_won, c.showdowns), "%"),
    Figure("af", "AF", lambda c: c.bets_raises / c.calls if c.calls else None, "x"),
    Figure(
        "bb_per_100", "bb/100", lambda c: 100 * c.net_bb / c.bb_hands if c.bb_hands else None, "bb"
    ),
)
#: Money, for any game played for money.
MONEY = (
    Figure(
        "money_per_game",
        "$/game",
        lambda c: c.net_cents / c.money_games if c.money_games else None,
        "$",
    ),
)
#: KRG's figures.
KRG = (
    Figure("deals_won", "deals won", lambda c: _share(c.deals_won, c.deals), "%"),
    Figure("series_won", "series won", lambda c: _share(c.series_won, c.series), "%"),
    Figure(
        "discards_best",
        "kept best",
        lambda c: _share(c.discards_best, c.discards_judged),
        "%",
    ),
)


def shown(figure: Figure, counts: Counts) -> str:
    """The figure as the table shows it ('-' while there was no chance)."""
    value = figure.value(counts)
    if value is None:
        return "-"
    if figure.unit == "%":
        return f"{value:.0f}"
    if figure.unit == "x":
        return f"{value:.1f}"
    if figure.unit == "bb":
        return f"{value:+.0f}"
    from homegame.money.amounts import format_cents

    return format_cents(round(value))


def as_json(counts: Counts) -> dict[str, float | None]:
    """Every figure by key, unrounded (None: no chance yet)."""
    return {f.key: f.value(counts) for f in (*BETTING, *MONEY, *KRG)}
