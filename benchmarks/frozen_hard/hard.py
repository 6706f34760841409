"""Frozen copy (issue 35) of homegame/bots/hard.py as it was before the leak fixes: the
hard bot, kept unchanged as a benchmark opponent. Do not edit.

The hard bot: preflop ranges and push/fold charts, then equity against narrowed ranges.

Before the flop it plays `homegame.bots.preflop` (ranges by position and stack depth, the
push/fold equilibrium when short). After it, each opponent's range is every combo it cannot
see, narrowed street by street by that player's betting (trusted less from players seen
raising often). It then:

- **bets for value** when its equity against the range that would *call* a bet (the current
  range narrowed as a call) is ahead, sized bigger the further ahead, bigger still against a
  player who calls a lot;
- **continuation-bets** the flop after raising before it, more often and smaller on dry boards
  (unpaired, no two of a suit, not connected; Yukon: judged by either set), and fires a
  **second barrel** on the turn with equity to improve or a scare card;
- **bluffs** with equity: draws (equity a third or more against the range) rather than air,
  and on the river air after betting the turn; never against a player who calls everything;
- **calls** when its equity beats the price, **raises** when far ahead of the betting range.

Opponent models (`homegame.bots.opponents`) are read from each view's action history: per
player the share of hands they put money in before the flop (VPIP), raised it (PFR), went
all-in, their answers to opens and all-ins, their raises against calls after it (aggression),
and the hands they showed down.
In a freezeout that pays places, setting `prizes` (the prizes of the places still to be paid)
makes its all-ins before the flop follow ICM (`homegame.bots.tournament`).
KRG: keeps the cards with the best equity at every discard, against opponents modelled as
hands that discard well (the best two of the cards each still holds).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from homegame.bots.base import (
    Facts,
    bet_to,
    call_or_check,
    quick_equity,
    showdown_or_none,
    value_size,
)
from homegame.bots.equity import equity
from homegame.bots.krg import KRG_BUDGET, discard_for, keep_by_equity
from homegame.bots.ranges import Combo, Range, Signal, narrowed, percentiles, strengths
from homegame.cards import Card
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, passive
from homegame.engine.views import HandView
from homegame.ranking import board_values
from homegame.variants.streets import BOARD_STREETS, FLOP, PREFLOP, RIVER, TURN

from . import preflop
from .opponents import Profile, Reads


@dataclass
class _HandMemory:
    """What the hard bot saw of the current hand: each opponent's signal per street."""

    #: The hand it is about: this bot's hole cards and the button (None before the first).
    key: tuple[tuple[Card, ...], int] | None = None
    signals: dict[int, dict[str, tuple[Signal, float]]] = field(default_factory=dict)
    my_bets: dict[str, int] = field(default_factory=dict)
    #: Per street: True when this bot's last action on it was a bet or raise.
    aggressor: dict[str, bool] = field(default_factory=dict)


#: Bets after the flop, as shares of the pot, that a read of one opponent chooses among.
BET_SIZES = (0.33, 0.66, 1.0, 1.4)
#: Answers to bets after the flop seen from an opponent before its read chooses the bets.
INFORMED_BETS = 20


@dataclass
class HardBot:
    """Preflop charts, then equity against narrowed ranges with value bets, barrels, bluffs."""

    rng: random.Random
    samples: int = 300
    memory: _HandMemory = field(default_factory=_HandMemory)
    #: Per opponent seat, across hands: [streets where they raised, streets seen].
    tendencies: dict[int, list[int]] = field(default_factory=dict)
    #: In a freezeout that pays places, the prizes of the places still to be paid (any unit):
    #: all-ins before the flop are then judged by ICM. Empty: chips are chips.
    prizes: tuple[int, ...] = ()
    #: Per opponent seat, what the action histories showed (VPIP, PFR, answers, showdowns).
    reads: Reads = field(default_factory=lambda: Reads(rank_hand=preflop.place))

    def _trust(self, seat: int) -> float:
        """How much an opponent's raises mean: less the more often they raise (a maniac's
        raise says little). Until enough is seen, assume a player who raises sometimes."""
        raised, seen = self.tendencies.get(seat, [0, 0])
        rate = (raised + 2) / (seen + 12)
        return max(0.0, min(1.0, (0.45 - rate) / 0.3))

    def decide(self, view: HandView) -> Action:
        """The hard bot's action for its seat."""
        if view.viewer is not None:
            self.reads.see(view.hand_id, view.viewer, view.history)
        shown = showdown_or_none(view)
        if shown is not None:
            return shown
        facts = Facts.of(view)
        legal = facts.legal
        if legal.discard_count:
            kept = keep_by_equity(facts, self.rng, 3 * self.samples, KRG_BUDGET, discarding=True)
            return discard_for(facts, kept)
        self._remember(view, facts)
        if facts.street == PREFLOP and len(facts.hole) == 2:
            profiles = self.reads.profiles
            rates = {seat: p.pfr_rate for seat, p in profiles.items()}
            for seat, (raised, seen) in self.tendencies.items():
                if seen >= 20:
                    rates[seat] = max(rates.get(seat, 0.0), raised / seen)
            loose = bool(facts.opponents) and all(
                self._profile(s.seat).station for s in facts.opponents
            )
            action = preflop.decide(view, facts, self.rng, rates, profiles, loose, self.prizes)
        else:
            action = self._postflop(facts)
        self.memory.aggressor[facts.street] = isinstance(action, BetRaise | AllIn) and (
            legal.min_raise_to is not None or legal.all_in_to > legal.current_bet
        )
        price = None
        if isinstance(action, BetRaise) and action.to < facts.me.stack + facts.me.bet:
            raised_by = action.to - legal.current_bet
            price = raised_by / max(1, facts.pot + action.to - facts.me.bet)
        self.reads.acted(price)
        self.memory.my_bets[facts.street] = _bet_after(action, facts)
        return action

    # -- reading the betting ---------------------------------------------------------------

    def _remember(self, view: HandView, facts: Facts) -> None:
        """Note each opponent's bet this street (a raise, a call or a check) for this hand."""
        key = (facts.hole, view.button)
        memory = self.memory
        if memory.key != key:
            self._learn(memory)
            self.memory = memory = _HandMemory(key=key)
        street = facts.street
        before = max(0, facts.pot - sum(s.bet for s in view.seats))
        is_preflop = street == PREFLOP
        for seat in facts.opponents:
            signals = memory.signals.setdefault(seat.seat, {})
            mine = memory.my_bets.get(street, 0)
            floor = max(facts.big_blind, mine) if is_preflop else mine
            forced = 0
            if is_preflop and seat.is_big_blind:
                forced = facts.big_blind
            elif is_preflop and seat.is_small_blind:
                forced = view.small_blind
            if seat.bet > floor:
                size = (seat.bet - floor) / max(1, before + floor + facts.big_blind)
                signals[street] = (Signal.RAISED, size)
            elif seat.bet > forced and street not in signals:
                signals[street] = (Signal.CALLED, seat.bet / max(1, facts.pot))
            elif street not in signals:
                signals[street] = (Signal.CHECKED, 0.0)
        for street_seen, bet in memory.my_bets.items():
            raised = bet > (facts.big_blind if street_seen == PREFLOP else 0)
            if street_seen != street and raised:
                # Still in after our bet or raise on an earlier street: they called it.
                for seat in facts.opponents:
                    signals = memory.signals.setdefault(seat.seat, {})
                    if signals.get(street_seen, (Signal.CHECKED, 0.0))[0] is Signal.CHECKED:
                        signals[street_seen] = (Signal.CALLED, 0.7)
        memory.my_bets[street] = facts.me.bet

    def _learn(self, memory: _HandMemory) -> None:
        """Fold the finished hand's signals into each opponent's raising tendency."""
        for seat, streets in memory.signals.items():
            counts = self.tendencies.setdefault(seat, [0, 0])
            counts[0] += sum(1 for signal, _ in streets.values() if signal is Signal.RAISED)
            counts[1] += len(streets)

    def _ranges(self, facts: Facts, extra: Signal | None = None) -> list[Range]:
        """Each live opponent's range: every combo we cannot rule out, narrowed by its betting
        (and by `extra`, a signal it has not given yet: what it would call a bet with)."""
        seen = [*facts.hole, *facts.board.values(), *facts.dead]
        base = Range.uniform(seen)
        places: dict[str, dict[Combo, float]] = {}

        def place(street: str) -> dict[Combo, float]:
            key = PREFLOP if street == PREFLOP else "now"
            if key not in places:
                board = {} if key == PREFLOP else facts.board
                values = percentiles(strengths(facts.variant, board, base.combos))
                places[key] = dict(zip(base.combos, values, strict=True))
            return places[key]

        out = []
        for seat in facts.opponents:
            rng_ = base
            trust = self._trust(seat.seat)
            for street, (signal, size) in self.memory.signals.get(seat.seat, {}).items():
                if signal is not Signal.CHECKED or street != PREFLOP:
                    rng_ = narrowed(rng_, place(street), signal, size, trust)
            if extra is not None and not seat.all_in:
                rng_ = narrowed(rng_, place(facts.street), extra, 0.6, 1.0)
            out.append(rng_)
        return out

    def _equity(self, facts: Facts, ranges: list[Range]) -> float:
        """Equity against the ranges: exact per opponent on the river, else Monte Carlo."""
        variant = facts.variant
        if len(facts.board) == len(variant.slots):
            mine = board_values(variant, facts.hole, facts.board)
            values: dict[Combo, tuple[int, ...]] = {}
            total = 1.0
            for rng_ in ranges:
                won = weight = 0.0
                for combo, w in zip(rng_.combos, rng_.weights, strict=True):
                    v = values.get(combo)
                    if v is None:
                        v = values[combo] = board_values(variant, combo, facts.board)
                    weight += w
                    # Each board is an equal share of the pot (one board but Double Board).
                    for theirs, ours in zip(v, mine, strict=True):
                        won += (w if theirs < ours else w / 2 if theirs == ours else 0.0) / len(v)
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
            return quick_equity(facts, self.rng, self.samples)
        return result.equity[0]

    # -- deciding after the flop -------------------------------------------------------------

    def _postflop(self, facts: Facts) -> Action:
        legal = facts.legal
        ranges = self._ranges(facts)
        eq = self._equity(facts, ranges)
        opponents = max(1, len(facts.opponents))
        share = 1 / (1 + opponents)
        station = any(self._profile(s.seat).station for s in facts.opponents)
        can_bet = legal.min_raise_to is not None
        if facts.to_call == 0:
            if not can_bet:
                return Check()
            return self._checked_to(facts, ranges, eq, share, station)
        # Facing a bet: raise far ahead, call with the price, else fold.
        strong = max(0.72, 1.5 * share)
        if eq >= strong and can_bet:
            return bet_to(legal, value_size(facts, 0.8))
        if eq >= facts.pot_odds + 0.03:
            committed = facts.to_call >= 0.5 * (facts.me.stack + facts.to_call)
            if committed and eq >= 1.2 * share and legal.can_all_in:
                return AllIn()
            return call_or_check(legal)
        # A draw priced in by what it wins later (not on the river, not for a big bet).
        later = facts.street != RIVER and facts.to_call <= 0.5 * facts.pot
        if later and eq >= 0.8 * facts.pot_odds and eq >= 0.25:
            return Call()
        return passive(legal) if not legal.can_check else Check()

    def _checked_to(
        self, facts: Facts, ranges: list[Range], eq: float, share: float, station: bool
    ) -> Action:
        """Nobody has bet: value bet, continuation bet, barrel, bluff with equity, or check."""
        legal = facts.legal
        opponents = len(facts.opponents)
        street = facts.street
        if opponents == 1:
            profile = self._profile(facts.opponents[0].seat)
            if profile.faced_bet >= INFORMED_BETS:
                return self._read_bet(facts, ranges[0], eq, profile)
        if eq >= max(0.45, share):
            callers = self._ranges(facts, Signal.CALLED)
            eq_call = self._equity(facts, callers)
            ahead = 0.52 if station else 0.55
            if opponents > 1:
                ahead = max(ahead, 1.25 / (1 + opponents))
            if eq_call >= ahead:
                fraction = 0.5 if eq_call < 0.7 else 0.75
                if eq_call >= 0.85:
                    fraction += 0.25
                if station:  # it calls whatever the size: charge it more
                    fraction += 0.35
                return bet_to(legal, value_size(facts, fraction))
        if station or opponents > 2:
            return Check()
        dry = self._dry(facts)
        after = BOARD_STREETS
        previous = after[after.index(street) - 1] if street in after[1:] else PREFLOP
        led = self.memory.aggressor.get(previous, False)
        draw = eq >= 0.33
        if street == FLOP and led:
            often = (0.75 if dry else 0.5) * (1.0 if opponents == 1 else 0.6)
            if (dry or draw) and self.rng.random() < often:
                return bet_to(legal, value_size(facts, 0.33 if dry else 0.6))
        elif street == TURN and led:
            scare = self._scare_card(facts)
            if (draw and self.rng.random() < 0.6) or (scare and self.rng.random() < 0.4):
                return bet_to(legal, value_size(facts, 0.6))
        elif street == RIVER and led and eq < 0.15 and opponents == 1:
            if self.rng.random() < 0.3:
                return bet_to(legal, value_size(facts, 0.7))
        elif street != RIVER and draw and opponents == 1 and self.rng.random() < 0.15:
            return bet_to(legal, value_size(facts, 0.5))
        return Check()

    def _read_bet(self, facts: Facts, range_: Range, eq: float, profile: Profile) -> Action:
        """Heads-up against a player whose answers to bets were seen: the bet (or the check)
        that wins the most chips, from how often it folds to small and to big bets, and the
        equity against the strongest part of its range that it keeps calling with.

        A bet of b into a pot P wins P when it folds (chance f), else the share of the pot
        its equity against the calling range gets: f P + (1 - f)(e (P + 2b) - b), against
        e P for checking. A player who calls big bets as often as small ones is bet big for
        value and small as a bluff; one who folds to big bets is bluffed big.
        """
        legal = facts.legal
        pot = facts.pot
        values = strengths(facts.variant, facts.board, range_.combos)
        total = range_.total() or 1.0
        below: dict[Combo, float] = {}
        weaker = 0.0
        for i in sorted(range(len(values)), key=values.__getitem__):
            weaker += range_.weights[i]
            below[range_.combos[i]] = weaker / total
        realize = 1.0 if facts.street == RIVER else 0.9
        best, best_value = None, eq * pot
        called: dict[float, float] = {}
        for fraction in BET_SIZES:
            bet = max(legal.min_raise_to or 0, int(fraction * pot))
            fold = profile.fold_to_bet(bet / (pot + bet))
            keep = round(max(0.05, 1 - fold), 2)
            if keep not in called:
                cut = 1 - keep
                calling = Range.of(
                    {
                        c: w
                        for c, w in zip(range_.combos, range_.weights, strict=True)
                        if below[c] > cut
                    }
                )
                called[keep] = self._equity(facts, [calling]) if len(calling) else 1.0
            value = fold * pot + (1 - fold) * (realize * called[keep] * (pot + 2 * bet) - bet)
            if value > best_value:
                best, best_value = bet, value
        return Check() if best is None else bet_to(legal, best)

    def _profile(self, seat: int) -> Profile:
        return self.reads.profile(seat)

    @staticmethod
    def _dry(facts: Facts) -> bool:
        """No set of the board two-toned, paired or connected (Yukon: either set wet is wet)."""
        for group in facts.variant.groups:
            cards = [facts.board[s] for s in group.slots if s in facts.board]
            if len(cards) < 2:
                continue
            if _wet(cards):
                return False
        return True

    @staticmethod
    def _scare_card(facts: Facts) -> bool:
        """A card just dealt is an ace or king above every card dealt before it."""
        rounds = [r for r in facts.variant.board_rounds if all(s in facts.board for s in r)]
        if len(rounds) < 2:
            return False
        new = [facts.board[s] for s in rounds[-1]]
        old = [c for s, c in facts.board.items() if s not in rounds[-1]]
        return any(c.rank >= 11 and all(c.rank > o.rank for o in old) for c in new)


def _bet_after(action: Action, facts: Facts) -> int:
    """This seat's bet for the round once `action` is taken."""
    if isinstance(action, BetRaise):
        return action.to
    if isinstance(action, AllIn):
        return facts.me.stack + facts.me.bet
    if isinstance(action, Call):
        return min(facts.legal.current_bet, facts.me.stack + facts.me.bet)
    return facts.me.bet


def _wet(cards: list[Card]) -> bool:
    """Two or more of one suit, a pair, or ranks close enough to make straights likely."""
    suits = [c.suit for c in cards]
    ranks = sorted({c.rank for c in cards})
    if max(suits.count(s) for s in suits) >= 2 or len(ranks) < len(cards):
        return True
    if len(ranks) == 2:
        return ranks[1] - ranks[0] <= 3
    return any(ranks[i + 2] - ranks[i] <= 4 for i in range(len(ranks) - 2))


__all__ = ["HardBot"]
