"""The three bot levels. Each decides from its own seat's view and an injected random source.

- `easy`: loose and passive. Calls most bets, checks when it can, raises only with a monster.
- `medium`: equity against random hands, against the pot odds; raises its good hands before
  the flop (to three times the bet) and bets them after it for value; never bluffs.
- `hard` (`homegame.bots.hard`): preflop ranges by position and stack depth with push/fold
  charts when short, then value bets, continuation bets, barrels and bluffs chosen by equity
  against ranges narrowed by each opponent's betting and habits.
KRG: medium and hard keep the cards with the best equity at every discard, easy by a rule.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from homegame.bots.base import (
    Facts,
    bet_to,
    call_or_check,
    quick_equity,
    showdown_or_none,
    value_size,
)
from homegame.bots.hard import HardBot
from homegame.bots.krg import KRG_BUDGET, discard_for, keep_by_equity, keep_by_rule
from homegame.engine.actions import Action, passive
from homegame.engine.views import HandView
from homegame.variants.streets import PREFLOP


@dataclass
class EasyBot:
    """Loose and passive: sees a lot of flops and showdowns, rarely puts pressure on anyone."""

    rng: random.Random

    def decide(self, view: HandView) -> Action:
        """Call most bets; raise the minimum only with a very strong hand."""
        shown = showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            keep = len(facts.hole) - legal.discard_count
            return discard_for(facts, keep_by_rule(facts.hole, keep))
        eq = quick_equity(facts, self.rng, 100)
        share = 1 / (1 + len(facts.opponents))
        if eq > max(0.8, 2.5 * share) and legal.min_raise_to is not None:
            return bet_to(legal, legal.min_raise_to)
        stack = facts.me.stack + facts.me.bet
        big = facts.to_call > 0.4 * stack and facts.to_call > 4 * facts.big_blind
        if big and eq < 0.9 * share:
            return passive(legal)
        if facts.to_call and eq < 0.35 * share and self.rng.random() < 0.5:
            return passive(legal)
        return call_or_check(legal)


@dataclass
class MediumBot:
    """Equity against random hands, weighed against the pot odds; value bets, no bluffs."""

    rng: random.Random
    samples: int = 200

    def decide(self, view: HandView) -> Action:
        """Bet or raise with a clear edge, call when the price is right, else check or fold."""
        shown = showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            kept = keep_by_equity(facts, self.rng, self.samples // 2, KRG_BUDGET // 3)
            return discard_for(facts, kept)
        eq = quick_equity(facts, self.rng, self.samples)
        share = 1 / (1 + len(facts.opponents))
        can_raise = legal.min_raise_to is not None
        if facts.street == PREFLOP:
            if eq > 1.2 * share + 0.05 and can_raise:
                return bet_to(legal, 3 * max(legal.current_bet, facts.big_blind))
        elif eq > max(0.6, 1.7 * share) and can_raise:
            return bet_to(legal, value_size(facts, 0.6))
        if facts.to_call == 0:
            return call_or_check(legal)
        if eq >= facts.pot_odds + 0.02:
            return call_or_check(legal)
        return passive(legal)


#: Bot levels by name, as a seat kind: a factory taking the injected random source.
LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["LEVELS", "EasyBot", "HardBot", "MediumBot"]
