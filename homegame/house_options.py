"""The home-game options a config turns on (HOUSE_RULES 25-30), in the words the `?` card and the
host's help say them: one line each, read from the settings, never from a screen."""

from __future__ import annotations

from homegame.config import GameConfig
from homegame.defaults import AnteKind
from homegame.variants import get_variant


def option_lines(config: GameConfig) -> tuple[str, ...]:
    """One line per option in force for `config`'s game (none: every option is off)."""
    if not get_variant(config.game).has_betting:
        return ()
    lines: list[str] = []
    ante = config.rules.ante
    if ante is not AnteKind.OFF:
        from homegame.setup import cash_ante, schedule_for  # the engine loads with the card

        if config.cash is not None:
            amount = f"{cash_ante(config):,}"
        else:
            levels = schedule_for(config).levels[:3]
            amount = ", ".join(f"{lv.ante:,}" for lv in levels) + " at levels 1-3"
        who = (
            "the big blind posts one for the table, after the blind"
            if ante is AnteKind.BIG_BLIND
            else "every player dealt in posts one, before the blinds"
        )
        lines.append(f"Antes ({amount}): {who}. Dead money, not part of the bet to call.")
    every = config.rules.bomb_pot_every
    if every:
        lines.append(
            f"Bomb pot every {every} hands: everyone dealt in antes "
            f"{config.rules.bomb_pot_ante} big blinds, no blinds, no betting before the flop; "
            "betting starts left of the button."
        )
    if config.rules.run_it_twice:
        lines.append(
            "Run it twice: all-in before the river, if everyone in the hand agrees the rest of "
            "the board is dealt twice; each pot is split in halves (odd chip to run 1), one "
            "per run."
        )
    cash = config.cash
    if cash is not None and cash.straddle:
        lines.append(
            f"Straddle ({2 * cash.big_blind:,}): before the cards the player left of the big "
            "blind may straddle two big blinds; action starts left of them, they act last, "
            "and a raise is to at least two straddles."
        )
    if cash is not None and cash.seven_deuce_bounty:
        lines.append(
            f"7-2 bounty ({cash.seven_deuce_bounty:,}): a pot won with 7-2 shown collects it "
            "from every other player dealt in (all-in for less: what they have)."
        )
    return tuple(lines)
