"""The hard bot before the flop: ranges by position and stack depth, push/fold when short.

Hand classes are ordered once by their all-in equity against a reasonable opening range (the
top 30% of hands by equity against a random hand), from the game's shipped matrix of
`homegame.bots.pushfold` (Yukon has its own; other two-card games use Hold'em's); a range
"top x" is the strongest classes holding x of all combos.

- **First in** (nobody has raised): at 20 big blinds or less, shove the push/fold chart's range
  for the players left behind, else fold (the big blind checks). Deeper, open-raise the
  position's range (wider the fewer players are left) to 2.5 big blinds, 3 from the small
  blind; fold the rest. Against players behind seen answering opens, the open's value in
  chips decides instead (they all fold: the blinds; one calls: a pot played with part of the
  equity against the callers' range; one re-raises: fold or call it as an all-in): any hand
  opens against players who fold too much, a chart hand folds where opening loses. Limpers
  ahead: raise a tighter range bigger, over-limp small pairs and suited hands the position
  would open, fold the rest. The big blind checks what it would
  not raise.
- **Facing a raise**: the raiser's range is their position's opening range (widened for a
  player seen raising often, tighter for a re-raise); re-raise the top of that range (plus a
  few suited aces as bluffs), call when the equity against it, discounted for playing out of
  position, beats the price; else fold. Raises are counted from the history (a 5-bet is four,
  though two bets stand on the table). A raise that commits most of a stack is answered as an
  all-in.
- **Facing an all-in**: call when the chips it wins beat folding: equity against each all-in
  player's range (the chart's shoving range when the shove was short and first in, else a
  tight re-shoving range, never narrower than the share of hands that player was seen
  shoving), and against one more player who may call behind, as often as the players behind
  were seen calling all-ins. Against several players the equity is one sampled deal against
  every range at once (the shared equity engine, the bot's own random source), not a product
  of heads-up equities, which undervalues strong hands multiway (AKs against five random
  hands: 31%, not 13%).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from homegame.bots import tournament
from homegame.bots.base import Facts, bet_to
from homegame.bots.equity import equity
from homegame.bots.opponents import Profile, read_hand
from homegame.bots.pushfold import CLASSES, COMBOS, INDEX, class_of, combos_of, load, table_for
from homegame.bots.ranges import Range
from homegame.cards import Card
from homegame.engine.actions import Action, AllIn, Call, Check, passive
from homegame.engine.views import HandView, SeatView
from homegame.variants.streets import PREFLOP

#: First-in opening range (share of combos) by players left to act behind: 1 = the small blind
#: against the big blind (heads-up: the button), 8 = under the gun at ten-handed.
OPEN = {1: 0.45, 2: 0.42, 3: 0.28, 4: 0.21, 5: 0.17, 6: 0.145, 7: 0.125, 8: 0.11}
#: Heads-up the button (small blind) opens most hands.
OPEN_HEADS_UP = 0.80
#: Short stacks: the push/fold charts apply at this many big blinds or fewer.
PUSH_FOLD_BB = 20
#: Suited aces that re-raise now and then as bluffs (they block aces and play well called).
BLUFF_3BETS = ("A5s", "A4s", "A3s", "A2s", "K9s", "QTs", "JTs")


@cache
def order(game: str = "holdem") -> tuple[int, ...]:
    """Class indexes, strongest first (equity against the top 30% of hands) in a game's table."""
    data = load(game)
    by_random = sorted(range(len(CLASSES)), key=lambda c: -data.equity_against(c, [1.0] * 169))
    weights = top_weights(0.30, by_random)
    return tuple(sorted(range(len(CLASSES)), key=lambda c: -data.equity_against(c, weights)))


def top_weights(
    share: float, ranking: Sequence[int] | None = None, game: str = "holdem"
) -> list[float]:
    """Per class: 1 for the strongest classes holding `share` of all combos, 0 for the rest
    (the class on the boundary partly); by the game's order unless `ranking` is given."""
    ranking = ranking if ranking is not None else order(game)
    weights = [0.0] * len(CLASSES)
    left = share * 1326
    for c in ranking:
        if left <= 0:
            break
        weights[c] = min(1.0, left / COMBOS[c])
        left -= COMBOS[c]
    return weights


@cache
def _place(game: str) -> tuple[float, ...]:
    """Per class: the share of combos stronger than it (0 for aces, near 1 for the worst)."""
    out = [0.0] * len(CLASSES)
    above = 0
    for c in order(game):
        out[c] = above / 1326
        above += COMBOS[c]
    return tuple(out)


def place(hole: Sequence[Card], game: str = "holdem") -> float:
    """The share of starting hands better than this one (0 = aces) in a game's table."""
    return _place(game)[class_of(hole)]


@dataclass(frozen=True)
class Spot:
    """Where the bot sits in the preflop betting, read off its view."""

    behind: int
    raises: int
    limpers: int
    raiser: int | None
    heads_up: bool
    in_position: bool


def spot(view: HandView, facts: Facts) -> Spot:
    """Players left to act behind, raises and limps so far, who raised last."""
    seats = [s for s in view.seats if s.cards_held and not s.folded]
    order_ = sorted(seats, key=lambda s: (s.seat - (view.big_blind_seat or 0) - 1) % 64)
    me = view.viewer
    mine = next(i for i, s in enumerate(order_) if s.seat == me)
    behind = len(order_) - 1 - mine
    bb = facts.big_blind
    bets = sorted({s.bet for s in view.seats if s.bet > bb})
    raiser = None
    if bets:
        top = max(s.bet for s in view.seats)
        raiser = next(s.seat for s in view.seats if s.bet == top)
    limpers = sum(
        1
        for s in view.seats
        if s.seat != me and not s.folded and s.bet == bb and not s.is_big_blind and not bets
    )
    in_position = view.button == me or (behind == 0 and not facts.me.is_big_blind)
    return Spot(
        behind, raises_made(view, len(bets)), limpers, raiser, len(view.seats) == 2, in_position
    )


def raises_made(view: HandView, on_table: int) -> int:
    """Bets and raises made before the flop, counted from the history (a 5-bet is four,
    though only two bets stand on the table); `on_table`, the distinct bets standing, when the
    view carries no history of the round."""
    if view.street != PREFLOP or not view.history:
        return on_table
    return max(on_table, read_hand(view.history).facing)


def decide(
    view: HandView,
    facts: Facts,
    rng: random.Random,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile] | None = None,
    loose: bool = False,
    prizes: Sequence[int] = (),
) -> Action:
    """The hard bot's preflop action (see the module docstring).

    `raise_rate`: per opponent seat, the share of hands seen raising before the flop; a
    player's range is at least that wide. `profiles`: what each opponent was seen doing
    (`homegame.bots.opponents`): how often it shoves, folds to an open, calls an all-in.
    `loose`: every opponent left calls much and raises little, so opens are tighter and bigger.
    `prizes`: in a freezeout that pays places, the prizes of the places still to be paid;
    all-ins are then judged by ICM (`homegame.bots.tournament`).
    """
    profiles = profiles or {}
    game = table_for(facts.variant.key)
    legal = facts.legal
    hole = facts.hole
    cls = class_of(hole)
    where = spot(view, facts)
    bb = facts.big_blind
    stack_bb = facts.effective_stack / bb
    data = load(game)
    facing = facts.to_call
    mine = place(hole, game)
    icm = len(prizes) > 1 and len(view.seats) <= MAX_ICM_SEATS
    if _facing_shove(view, facts):
        if icm:
            value = _icm_call(view, facts, where, raise_rate, profiles, prizes)
        else:
            value = shove_call_value(view, facts, where, raise_rate, profiles, rng)
        return Call() if value > 0 else passive(legal)
    if not where.raises:
        if stack_bb <= PUSH_FOLD_BB and not where.limpers:
            chart = data.chart(max(1, where.behind), stack_bb)
            share = chart.push[cls]
            if icm:
                eq_called = data.equity_against(cls, chart.call)
                behind = _players_behind(view, where)
                q = chart.call_fraction()
                share = float(tournament.shove_gain(view, facts, behind, q, eq_called, prizes) > 0)
            if share >= 1 or (share > 0 and rng.random() < share):
                return AllIn() if legal.can_all_in else Call()
            return passive(legal)
        wide = OPEN_HEADS_UP if where.heads_up else OPEN.get(where.behind, 0.11)
        if where.limpers:
            if mine < wide * 0.45:
                if stack_bb <= PUSH_FOLD_BB:  # short: shove over the limps, never raise small
                    return AllIn() if legal.can_all_in else Call()
                return bet_to(legal, (4 + where.limpers) * bb)
            if facing == 0:
                return Check()
            suited_or_pair = hole[0].rank == hole[1].rank or hole[0].suit == hole[1].suit
            if suited_or_pair and mine < wide and facing <= bb:
                return Call()
            return passive(legal)
        if loose:
            wide *= 0.75
        size = 2.0 if where.heads_up else 3 if facts.me.is_small_blind else 2.5
        size += 1.5 if loose else 0.0
        value, informed = open_value(view, facts, where, size * bb, profiles)
        # The chart's hands open unless what was seen of the players behind says the open
        # loses; any hand opens when what was seen says it wins (they fold too much).
        if (mine < wide and (value >= 0 or not informed)) or (informed and value > 0):
            return bet_to(legal, int(size * bb))
        return passive(legal)
    # Facing a raise (or re-raise) short of an all-in.
    raiser_share = _raiser_share(view, where, raise_rate)
    weights = top_weights(raiser_share, game=game)
    eq = data.equity_against(cls, weights)
    first = 0.22 if where.heads_up else 0.33
    value_cut = max(0.025, raiser_share * (first if where.raises == 1 else 0.4))
    bluff = where.raises == 1 and CLASSES[cls] in BLUFF_3BETS and rng.random() < 0.35
    if mine < value_cut or bluff:
        target = legal.current_bet * (3 if where.in_position else 4)
        if target >= 0.4 * (facts.me.stack + facts.me.bet):
            if bluff and mine >= value_cut:
                return passive(legal)
            return AllIn() if legal.can_all_in else Call()
        return bet_to(legal, target)
    realize = 0.92 if where.in_position else 0.8
    pot_after = facts.pot + facing
    committed = facing >= 0.4 * (facts.me.stack + facing)
    if committed:
        return Call() if eq >= facts.pot_odds else passive(legal)
    # Deep enough, small pairs and suited hands also call for what they win when they hit.
    implied = 0.04 if stack_bb >= 40 and _speculative(hole) else 0.0
    if eq * realize + implied >= facing / pot_after:
        return Call()
    return passive(legal)


#: ICM is used for tables up to this many seats (its work doubles with each player).
MAX_ICM_SEATS = 10
#: Observed answers to opens per player behind before an open's value is trusted over the chart.
INFORMED_OPENS = 15


def open_value(
    view: HandView, facts: Facts, where: Spot, to: float, profiles: Mapping[int, Profile]
) -> tuple[float, bool]:
    """Chips an open to `to` wins over folding, from how the players behind answer opens, and
    whether each of them was seen answering enough opens for that to be trusted.

    All fold: the blinds and whatever else is in. One calls: the hand plays a pot of two opens
    and the rest, realizing part of its equity against the caller's range (how often they call).
    One re-raises: treated as an all-in; the open calls it when that is worth more than folding.
    """
    behind = _players_behind(view, where)
    blank = Profile()
    answers = [profiles.get(seat, blank).open_answers() for seat in behind]
    game = table_for(facts.variant.key)
    data = load(game)
    cls = class_of(facts.hole)
    p_fold = 1.0
    p_stay = 1.0
    for fold, _call, reraise in answers:
        p_fold *= fold
        p_stay *= 1 - reraise
    p_raise = 1 - p_stay
    p_call = max(0.0, 1 - p_fold - p_raise)
    mine = facts.me.bet
    dead = facts.pot - mine
    risk = to - mine
    call_share = max((c + r for _f, c, r in answers), default=0.3)
    eq_called = data.equity_against(cls, top_weights(max(0.08, min(1.0, call_share)), game=game))
    realize = 0.9 if facts.me.is_button else 0.8  # the button plays the flop in position
    called = realize * eq_called * (2 * to + dead) - risk
    raise_share = max(0.03, min(1.0, max((r for _f, _c, r in answers), default=0.1)))
    eq_raised = data.equity_against(cls, top_weights(raise_share, game=game))
    stack = facts.effective_stack
    raised = max(-risk, eq_raised * (2 * stack + dead) - (stack - mine))
    value = p_fold * dead + p_call * called + p_raise * raised
    informed = all(profiles.get(seat, blank).faced_open >= INFORMED_OPENS for seat in behind)
    return value, informed


def _icm_call(
    view: HandView,
    facts: Facts,
    where: Spot,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile],
    prizes: Sequence[int],
) -> float:
    """Prize gained by calling an all-in, by ICM, against the biggest all-in's range."""
    shover = max(facts.opponents, key=lambda s: s.bet)
    weights = _shover_range(view, facts, shover, where, raise_rate, profiles)
    game = table_for(facts.variant.key)
    eq = load(game).equity_against(class_of(facts.hole), weights)
    return tournament.call_gain(view, facts, shover, eq, prizes)


def shove_call_value(
    view: HandView,
    facts: Facts,
    where: Spot,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile],
    rng: random.Random,
) -> float:
    """Chips calling an all-in wins over folding: equity against every all-in player's range
    at once, and against them and one more who may call behind, by how often each player
    behind was seen calling an all-in. Several players are one sampled deal of the shared
    equity engine (`multiway_equity`), never a product of heads-up equities (issue 35)."""
    game = table_for(facts.variant.key)
    data = load(game)
    cls = class_of(facts.hole)
    ranges = _shover_ranges(view, facts, where, raise_rate, profiles)
    blank = Profile()
    stay = 1.0
    widest = 0.0
    for seat in _players_behind(view, where):
        behind = next((s for s in facts.opponents if s.seat == seat), None)
        if behind is None or behind.all_in:
            continue
        rate = profiles.get(seat, blank).shove_call_rate()
        stay *= 1 - rate
        widest = max(widest, rate)
    p_over = 1 - stay
    over = [top_weights(max(0.03, min(1.0, 1.1 * widest)), game=game)] if p_over else []
    call = facts.to_call
    crowded_pot = facts.pot + 2 * call

    def value(eq_alone: float, eq_crowded: float) -> float:
        alone = eq_alone * winnable_pot(facts) - call
        return (1 - p_over) * alone + p_over * (eq_crowded * crowded_pot - call)

    # Beating several players is at most as likely as beating the strongest of them: when
    # even that loses, fold without sampling.
    heads_up = [data.equity_against(cls, w) for w in [*ranges, *over]]
    ceiling = value(min(heads_up[: len(ranges)]), min(heads_up))
    if ceiling <= 0:
        return ceiling
    eq_alone = heads_up[0] if len(ranges) == 1 else multiway_equity(facts, ranges, rng)
    eq_crowded = multiway_equity(facts, [*ranges, *over], rng) if over else eq_alone
    return value(eq_alone, eq_crowded)


def all_in_equity(
    view: HandView,
    facts: Facts,
    where: Spot,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile],
    rng: random.Random,
) -> float:
    """This hand's share of the pot against every all-in player's range at once."""
    ranges = _shover_ranges(view, facts, where, raise_rate, profiles)
    if len(ranges) == 1:
        game = table_for(facts.variant.key)
        return load(game).equity_against(class_of(facts.hole), ranges[0])
    return multiway_equity(facts, ranges, rng)


def _shover_ranges(
    view: HandView,
    facts: Facts,
    where: Spot,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile],
) -> list[list[float]]:
    """The range (a weight per class) of each player all-in for more than a blind (none: of
    the biggest bet)."""
    bb = facts.big_blind
    shovers = [s for s in facts.opponents if s.all_in and s.bet > bb]
    if not shovers:
        shovers = [max(facts.opponents, key=lambda s: s.bet)]
    return [_shover_range(view, facts, s, where, raise_rate, profiles) for s in shovers]


#: Deals sampled per board group (Yukon's two sets: half as many) when an all-in is valued
#: against several ranges at once: about 30 ms against five in Hold'em, a standard error of
#: about 1.5 points of equity.
MULTIWAY_SAMPLES = 1000


def multiway_equity(facts: Facts, ranges: Sequence[Sequence[float]], rng: random.Random) -> float:
    """This hand's share of the pot before the flop against all of `ranges` (a weight per
    class each) at once: deals sampled by the shared equity engine from the bot's own random
    source, so a seed replays it. Ranges too narrow to deal together fall back to the product
    of heads-up equities."""
    samples = MULTIWAY_SAMPLES // len(facts.variant.groups)
    holdings = [class_range(tuple(w)) for w in ranges]
    try:
        result = equity(
            facts.variant,
            facts.board,
            [facts.hole, *holdings],
            dead=facts.dead,
            rng=rng,
            samples=samples,
            exact=False,
        )
    except ValueError:
        data = load(table_for(facts.variant.key))
        product = 1.0
        for weights in ranges:
            product *= data.equity_against(class_of(facts.hole), weights)
        return product
    return result.equity[0]


@lru_cache(maxsize=256)
def class_range(weights: tuple[float, ...]) -> Range:
    """A range of combos from a weight per class (every combo of a class at its weight)."""
    return Range.of(
        {combo: w for index, w in enumerate(weights) if w > 0 for combo in combos_of(index)}
    )


def winnable_pot(facts: Facts) -> int:
    """The pot once this seat calls, less what it cannot win: the part of a bigger all-in it
    does not cover goes back to that player."""
    mine = facts.me.stack + facts.me.bet
    over = sum(max(0, s.bet - mine) for s in facts.opponents)
    return facts.pot + facts.to_call - over


def _players_behind(view: HandView, where: Spot) -> list[int]:
    """The seats still to act after this one, first to last."""
    seats = [s for s in view.seats if s.cards_held and not s.folded]
    ordered = sorted(seats, key=lambda s: (s.seat - (view.big_blind_seat or 0) - 1) % 64)
    return [s.seat for s in ordered[len(ordered) - where.behind :]] if where.behind else []


def _speculative(hole: Sequence[Card]) -> bool:
    a, b = hole
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _facing_shove(view: HandView, facts: Facts) -> bool:
    """True when calling puts most of this stack in, or someone is all-in for more than a blind."""
    if not facts.to_call:
        return False
    stack = facts.me.stack + facts.me.bet
    return (
        facts.legal.min_raise_to is None
        or facts.to_call >= 0.4 * stack
        or any(s.all_in and s.bet > facts.big_blind for s in facts.opponents)
    )


def _shover_range(
    view: HandView,
    facts: Facts,
    top: SeatView,
    where: Spot,
    raise_rate: Mapping[int, float],
    profiles: Mapping[int, Profile],
) -> list[float]:
    """What an all-in player holds: the chart's range for a short first-in shove, else tight;
    never narrower than the share of hands this player has been seen shoving."""
    game = table_for(facts.variant.key)
    bb = facts.big_blind
    depth = (top.bet + top.stack) / bb
    profile = profiles.get(top.seat)
    shove_rate = profile.shove_rate if profile is not None else 0.0
    seen = top_weights(min(1.0, 1.15 * shove_rate), game=game)
    if where.raises <= 1 and depth <= PUSH_FOLD_BB + 5:
        behind = _behind_of(view, top.seat)
        weights = list(load(game).chart(max(1, behind), depth).push)
    else:
        share = 0.06 if depth > 40 else 0.12
        aggression = raise_rate.get(top.seat, 0.15)
        weights = top_weights(min(0.9, share * (1 + 2 * max(0.0, aggression - 0.25))), game=game)
    return [max(w, v) for w, v in zip(weights, seen, strict=True)]


def _behind_of(view: HandView, seat: int) -> int:
    """How many players were left to act behind `seat` when it acted first in."""
    seats = [s for s in view.seats if s.cards_held]
    ordered = sorted(seats, key=lambda s: (s.seat - (view.big_blind_seat or 0) - 1) % 64)
    index = next((i for i, s in enumerate(ordered) if s.seat == seat), 0)
    return len(ordered) - 1 - index


def _raiser_share(view: HandView, where: Spot, raise_rate: Mapping[int, float]) -> float:
    """The share of hands the last raiser raises with, from their position and habits."""
    seat = where.raiser
    behind = _behind_of(view, seat) if seat is not None else 3
    share = OPEN_HEADS_UP if where.heads_up else OPEN.get(max(1, behind), 0.11)
    if where.raises >= 2:
        share *= 0.3
    if where.raises >= 3:
        share *= 0.5
    if where.raises >= 4:  # a 5-bet and beyond: the very top
        share *= 0.5
    rate = raise_rate.get(seat, 0.15) if seat is not None else 0.15
    share *= 1 + 3 * max(0.0, rate - 0.25)
    return max(0.025, min(0.95, share))


__all__ = [
    "INDEX",
    "all_in_equity",
    "decide",
    "multiway_equity",
    "order",
    "place",
    "shove_call_value",
    "spot",
    "top_weights",
]
