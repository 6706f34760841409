"""The three bot levels. Each decides from its own seat's view and an injected random source.

- `easy`: loose and passive. Calls most bets, checks when it can, raises only with a monster.
- `medium`: equity against random hands, against the pot odds; bets its good hands for value.
- `hard`: equity against ranges narrowed by each opponent's betting (trusted less from players
  seen raising often), bet sizes from the pot,
  some bluffs, push-or-fold when stacks are short; Yukon's two sets come through the equity
  engine. KRG: keeps the cards with the best equity at every discard.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from homegame.bots.base import Facts, bet_to, call_or_check, passive
from homegame.bots.equity import equity
from homegame.bots.krg import discard_for, keep_by_equity, keep_by_rule
from homegame.bots.ranges import (
    Combo,
    Range,
    Signal,
    narrowed,
    percentiles,
    strengths,
)
from homegame.engine.actions import Action, AllIn, Show
from homegame.engine.views import HandView
from homegame.evaluator import evaluate

#: Monte Carlo deals per KRG keep choice that one discard may judge: a sample budget, not a
#: clock, so a seed replays a game exactly on any machine (the hard bot's p95 stays <= 100 ms).
KRG_BUDGET = 120_000


def _showdown_or_none(view: HandView) -> Action | None:
    """At showdown every level shows its hand (a muck never wins a pot)."""
    legal = view.legal
    if legal is not None and (legal.can_show or legal.can_muck):
        return Show()
    return None


def _quick_equity(facts: Facts, rng: random.Random, samples: int) -> float:
    """Equity against one random hand per live opponent."""
    hands = [facts.hole, *([None] * len(facts.opponents))]
    result = equity(
        facts.variant,
        facts.board,
        hands,
        dead=facts.dead,
        rng=rng,
        samples=samples,
        max_exact=2_000,
    )
    return result.equity[0]


@dataclass
class EasyBot:
    """Loose and passive: sees a lot of flops and showdowns, rarely puts pressure on anyone."""

    rng: random.Random

    def decide(self, view: HandView) -> Action:
        """Call most bets; raise the minimum only with a very strong hand."""
        shown = _showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            keep = len(facts.hole) - legal.discard_count
            return discard_for(facts, keep_by_rule(facts.hole, keep))
        eq = _quick_equity(facts, self.rng, 100)
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
        shown = _showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            kept = keep_by_equity(facts, self.rng, self.samples // 2, KRG_BUDGET // 3)
            return discard_for(facts, kept)
        eq = _quick_equity(facts, self.rng, self.samples)
        share = 1 / (1 + len(facts.opponents))
        if eq > max(0.6, 1.7 * share) and legal.min_raise_to is not None:
            return bet_to(legal, _value_size(facts, 0.6))
        if facts.to_call == 0:
            return call_or_check(legal)
        if eq >= facts.pot_odds + 0.02:
            return call_or_check(legal)
        return passive(legal)


def _value_size(facts: Facts, fraction: float) -> int:
    """Chips to bet or raise to: `fraction` of the pot after calling, over the current bet."""
    legal = facts.legal
    pot_after_call = facts.pot + facts.to_call
    return legal.current_bet + int(fraction * pot_after_call)


@dataclass
class _HandMemory:
    """What the hard bot saw of the current hand: each opponent's signal per street."""

    key: tuple = ()
    signals: dict[int, dict[str, tuple[Signal, float]]] = field(default_factory=dict)
    my_bets: dict[str, int] = field(default_factory=dict)


@dataclass
class HardBot:
    """Equity against betting-narrowed ranges, pot-sized bets, bluffs, push-or-fold when short."""

    rng: random.Random
    samples: int = 300
    bluff_rate: float = 0.12
    memory: _HandMemory = field(default_factory=_HandMemory)
    #: Per opponent seat, across hands: [streets where they raised, streets seen].
    tendencies: dict[int, list[int]] = field(default_factory=dict)

    def _trust(self, seat: int) -> float:
        """How much an opponent's raises mean: less the more often they raise (a maniac's
        raise says little). Until enough is seen, assume a player who raises sometimes."""
        raised, seen = self.tendencies.get(seat, [0, 0])
        rate = (raised + 2) / (seen + 12)
        return max(0.0, min(1.0, (0.45 - rate) / 0.3))

    def decide(self, view: HandView) -> Action:
        """The hard bot's action for its seat."""
        shown = _showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            kept = keep_by_equity(facts, self.rng, 3 * self.samples, KRG_BUDGET)
            return discard_for(facts, kept)
        self._remember(view, facts)
        ranges = self._ranges(facts)
        eq = self._equity(facts, ranges)
        return self._choose(facts, eq)

    # -- reading the betting ---------------------------------------------------------------

    def _remember(self, view: HandView, facts: Facts) -> None:
        """Note each opponent's bet this street (a raise, a call or a check) for this hand."""
        key = (facts.hole, view.button)
        memory = self.memory
        if memory.key != key:
            for who, streets in memory.signals.items():
                counts = self.tendencies.setdefault(who, [0, 0])
                counts[0] += sum(1 for signal, _ in streets.values() if signal is Signal.RAISED)
                counts[1] += len(streets)
            self.memory = memory = _HandMemory(key=key)
        street = facts.street
        before = max(0, facts.pot - sum(s.bet for s in view.seats))
        preflop = street == "preflop"
        for seat in facts.opponents:
            signals = memory.signals.setdefault(seat.seat, {})
            mine = memory.my_bets.get(street, 0)
            floor = max(facts.big_blind, mine) if preflop else mine
            forced = 0
            if preflop and seat.is_big_blind:
                forced = facts.big_blind
            elif preflop and seat.is_small_blind:
                forced = view.small_blind
            if seat.bet > floor:
                size = (seat.bet - floor) / max(1, before + floor + facts.big_blind)
                signals[street] = (Signal.RAISED, size)
            elif seat.bet > forced and street not in signals:
                signals[street] = (Signal.CALLED, seat.bet / max(1, facts.pot))
            elif street not in signals:
                signals[street] = (Signal.CHECKED, 0.0)
        for street_seen, bet in memory.my_bets.items():
            raised = bet > (facts.big_blind if street_seen == "preflop" else 0)
            if street_seen != street and raised:
                # Still in after our bet or raise on an earlier street: they called it.
                for seat in facts.opponents:
                    signals = memory.signals.setdefault(seat.seat, {})
                    if signals.get(street_seen, (Signal.CHECKED, 0.0))[0] is Signal.CHECKED:
                        signals[street_seen] = (Signal.CALLED, 0.7)
        memory.my_bets[street] = facts.me.bet

    def _ranges(self, facts: Facts) -> list[Range]:
        """Each live opponent's range: every combo we cannot rule out, narrowed by its betting."""
        seen = [*facts.hole, *facts.board.values(), *facts.dead]
        base = Range.uniform(seen)
        places: dict[str, dict[Combo, float]] = {}

        def place(street: str) -> dict[Combo, float]:
            key = "preflop" if street == "preflop" else "now"
            if key not in places:
                board = {} if key == "preflop" else facts.board
                values = percentiles(strengths(facts.variant, board, base.combos))
                places[key] = dict(zip(base.combos, values, strict=True))
            return places[key]

        out = []
        for seat in facts.opponents:
            rng_ = base
            trust = self._trust(seat.seat)
            for street, (signal, size) in self.memory.signals.get(seat.seat, {}).items():
                if signal is not Signal.CHECKED or street != "preflop":
                    rng_ = narrowed(rng_, place(street), signal, size, trust)
            out.append(rng_)
        return out

    def _equity(self, facts: Facts, ranges: list[Range]) -> float:
        """Equity against the ranges: exact per opponent on the river, else Monte Carlo."""
        variant = facts.variant
        if len(facts.board) == len(variant.slots):
            groups = [[facts.board[s] for s in g.slots] for g in variant.groups]
            mine = max(evaluate([*facts.hole, *g]) for g in groups)
            values: dict[Combo, int] = {}
            total = 1.0
            for rng_ in ranges:
                won = weight = 0.0
                for combo, w in zip(rng_.combos, rng_.weights, strict=True):
                    v = values.get(combo)
                    if v is None:
                        v = values[combo] = max(evaluate([*combo, *g]) for g in groups)
                    weight += w
                    won += w if v < mine else w / 2 if v == mine else 0.0
                total *= won / weight if weight else 1.0
            return total
        try:
            result = equity(
                variant,
                facts.board,
                [facts.hole, *ranges],
                dead=facts.dead,
                rng=self.rng,
                samples=self.samples,
                exact=False,
            )
        except ValueError:
            # Ranges narrowed so far that no deal fits them all: fall back to random hands.
            return _quick_equity(facts, self.rng, self.samples)
        return result.equity[0]

    # -- deciding --------------------------------------------------------------------------

    def _choose(self, facts: Facts, eq: float) -> Action:
        legal = facts.legal
        opponents = max(1, len(facts.opponents))
        share = 1 / (1 + opponents)
        deep = facts.effective_stack / facts.big_blind
        if facts.street == "preflop" and deep <= 12:
            if eq >= max(0.5, 1.4 * share) or (facts.to_call == 0 and eq >= share):
                return AllIn() if legal.can_all_in else call_or_check(legal)
            return passive(legal)
        strong = max(0.62, 1.8 * share)
        if eq >= strong and legal.min_raise_to is not None:
            fraction = 0.75 if eq < 0.85 else 1.0
            return bet_to(legal, _value_size(facts, fraction))
        if facts.to_call == 0:
            bluffable = facts.street != "preflop" and opponents <= 2 and eq < 0.3
            if bluffable and legal.min_raise_to is not None and self.rng.random() < self.bluff_rate:
                return bet_to(legal, _value_size(facts, 0.6))
            return call_or_check(legal)
        if eq >= facts.pot_odds + 0.03:
            committed = facts.to_call >= 0.5 * (facts.me.stack + facts.to_call)
            if committed and eq >= 1.2 * share and legal.can_all_in:
                return AllIn()
            return call_or_check(legal)
        return passive(legal)


#: Bot levels by name, as a seat kind: a factory taking the injected random source.
LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
