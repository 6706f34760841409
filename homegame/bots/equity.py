"""Equity for any game: each player's chance to win or tie over the cards still to come.

One engine for every game, driven by the variant's data: a player's hand on a board is the best
over that board's groups (Yukon's two sets), ranked by `homegame.ranking` (Omaha: two hole
cards and three of the board); with several boards (Double Board) each board wins its share.
Exact enumeration when the remaining cases are few, Monte Carlo otherwise (an injected
`random.Random`, never the global one). Opponents whose cards are unknown get random cards from
the remaining deck, or a combo drawn from a weighted `Range`. A player holding more cards than the
game lets them keep (KRG before its last discard) is valued at the best `kept_cards` of them.

Speed: for one-group games with every hand known, a hand's value is split into a suit-blind part
(the best hand from the ranks alone, one lookup per rank multiset, shared by every board with
those ranks) and a flush part, enumerated only for boards that give someone five of a suit. Both
parts are values from `homegame.evaluator.evaluate`, cached by rank multiset and by suited ranks.
"""

from __future__ import annotations

import gc
import random
from bisect import bisect
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from itertools import accumulate, combinations, product
from math import comb

from homegame.bots.ranges import Range
from homegame.cards import ALL_CARDS, SUIT_BITS, SUIT_MASK, Card, find_duplicate
from homegame.evaluator import evaluate
from homegame.ranking import (
    best_over_groups,
    group_cards,
    group_value,
    group_values,
    kept_value,
    winners_of,
)
from homegame.variants import HandType, Variant

Hand = Sequence[Card]
#: A player's cards: known cards, a weighted range, None (random cards, as many as the game
#: keeps), or a count of random cards (KRG: an opponent still holding six, valued at its best).
Holding = Sequence[Card] | Range | int | None
#: The indexes of the players who win one board (more than one on a tie).
Winners = tuple[int, ...]
#: Who wins one deal: each board's winners.
Outcome = tuple[Winners, ...]
#: A board drawn by `_monte_carlo_known`: the sum of its cards (see `Card`) and the cards.
DrawnBoard = tuple[int, tuple[Card, ...]]

#: Exact enumeration is chosen on its own up to this many cases.
DEFAULT_MAX_EXACT = 60_000
#: `exact=True` refuses beyond this many cases (beyond about a minute of work).
EXACT_LIMIT = 1_000_000
#: Monte Carlo samples when neither a sample count nor a time budget is given.
DEFAULT_SAMPLES = 20_000


class Method(StrEnum):
    """How an equity was found."""

    EXACT = "exact"
    MONTE_CARLO = "monte-carlo"


@dataclass(frozen=True)
class Equity:
    """Per player: the share of cases won alone, the share tied for best, and the pot share."""

    win: tuple[float, ...]
    tie: tuple[float, ...]
    equity: tuple[float, ...]
    method: Method
    samples: int


class _RankValues(dict[int, int]):
    """Best value from the ranks alone (no flush) by rank-multiset key, `sum(cards) >> 12`."""

    def __missing__(self, key: int) -> int:
        cards: list[Card] = []
        rest = key
        for rank in range(13):
            rest, count = divmod(rest, 5)
            # Consecutive suits: same-rank cards differ and no suit gets a third card from 7.
            cards.extend(ALL_CARDS[4 * rank + (len(cards) + i) % 4] for i in range(count))
        value = self[key] = evaluate(cards)
        return value


class _FlushValues(dict[int, int]):
    """Value of the flush (or straight flush) made by one suit's ranks, by 13-bit rank mask."""

    def __missing__(self, mask: int) -> int:
        value = self[mask] = evaluate([ALL_CARDS[4 * r] for r in range(13) if mask >> r & 1])
        return value


_RANK_VALUE = _RankValues()
_FLUSH_VALUE = _FlushValues()
#: Suit-counter field of `sum(cards)` -> True when some suit holds five or more cards.
_HAS_FIVE_SUITED = [
    any((counters >> 3 * s) & 7 >= 5 for s in range(4)) for counters in range(SUIT_MASK + 1)
]


@contextmanager
def _no_gc_pauses() -> Iterator[None]:
    """Hold the cyclic garbage collector off during a tight loop that makes many small tuples.

    The loops build no reference cycles; left on, the collector rescans the big lists of combos
    again and again and doubles the time of a 100,000-sample run.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def hand_value(variant: Variant, hole: Hand, board: Mapping[str, Card]) -> int:
    """A player's showdown value on the first board: best over its groups, and over kept-size
    subsets of the hole."""
    first = variant.boards[0]
    return kept_value(variant, hole, [cards for _, cards in group_cards(variant, board, first)])


def _one_board(tally: Mapping[Winners, float]) -> dict[Outcome, float]:
    """A tally of one board's winners as a tally of outcomes."""
    return {(who,): weight for who, weight in tally.items()}


def _summary(tally: Mapping[Outcome, float], players: int, method: Method, samples: int) -> Equity:
    """Win, tie and pot-share fractions from a tally of (each board's winners -> weight).

    With several boards a player wins when alone on every board (a scoop), ties when it has
    any other share, and its share is its part of each board.
    """
    total = sum(tally.values())
    win = [0.0] * players
    tie = [0.0] * players
    share = [0.0] * players
    for who, weight in tally.items():
        if not weight:
            continue
        if len(who) > 1:
            for i in {i for board in who for i in board}:
                part = sum(1 / len(board) for board in who if i in board) / len(who)
                if part == 1:
                    win[i] += weight
                else:
                    tie[i] += weight
                share[i] += weight * part
            continue
        (winners,) = who
        for i in winners:
            if len(winners) == 1:
                win[i] += weight
            else:
                tie[i] += weight
            share[i] += weight / len(winners)
    if total <= 0:
        raise ValueError("no possible deal: the known cards leave nothing to deal")
    return Equity(
        tuple(w / total for w in win),
        tuple(t / total for t in tie),
        tuple(s / total for s in share),
        method,
        samples,
    )


@dataclass
class _Deal:
    """What is known and what is still to come: the parts of a deal an enumeration fills in."""

    variant: Variant
    group_known: list[list[Card]]
    #: per part: (size, range or None for uniform from the deck)
    parts: list[tuple[int, Range | None]]
    #: per group: indexes of the board parts it uses
    group_parts: list[list[int]]
    #: per player: known cards, or the index of the part holding their cards
    holdings: list[tuple[Card, ...] | int]
    deck: list[Card]

    def __post_init__(self) -> None:
        self.keep = self.variant.kept_cards
        self.hand_type = self.variant.hand_type
        #: per board: the indexes of its groups
        self.board_groups = [
            [i for i, g in enumerate(self.variant.groups) if g.board == b]
            for b in self.variant.boards
        ]

    @property
    def single_known(self) -> bool:
        """One group, best five, and every final hand known: the fast exact and Monte Carlo paths
        apply."""
        return (
            len(self.group_known) == 1
            and self.hand_type is HandType.BEST_FIVE
            and all(not isinstance(h, int) and len(h) == self.keep for h in self.holdings)
        )

    def case_count(self) -> int:
        """How many cases an exact enumeration walks (range weights aside)."""
        left = len(self.deck)
        total = 1
        for size, rng_ in self.parts:
            if rng_ is None:
                total *= comb(left, size)
            else:
                total *= len(rng_)
            left -= size
        return total


def _prepare(
    variant: Variant, board: Mapping[str, Card], hands: Sequence[Holding], dead: Sequence[Card]
) -> _Deal:
    """Check the known cards and split what is still to come into parts; ValueError if bad."""
    if len(hands) < 2:
        raise ValueError("equity needs at least two players")
    unknown_slot = [s for s in board if s not in variant.slots]
    if unknown_slot:
        raise ValueError(f"{variant.name} has no board slot {unknown_slot[0]!r}")
    known: list[Card] = [*board.values(), *dead]
    for hand in hands:
        if isinstance(hand, Range | int) or hand is None:
            if isinstance(hand, int) and not variant.kept_cards <= hand <= variant.hole_cards:
                raise ValueError(
                    f"a {variant.name} hand has {variant.kept_cards} to {variant.hole_cards} "
                    f"cards, not {hand}"
                )
            continue
        if len(hand) < variant.kept_cards or len(hand) > variant.hole_cards:
            raise ValueError(
                f"a {variant.name} hand has {variant.kept_cards} to {variant.hole_cards} cards, "
                f"not {len(hand)}"
            )
        known.extend(hand)
    duplicate = find_duplicate(known)
    if duplicate is not None:
        raise ValueError(f"card {duplicate} appears twice")
    gone = set(known)
    deck = [c for c in ALL_CARDS if c not in gone]
    missing = [s for s in variant.slots if s not in board]
    classes: dict[tuple[int, ...], list[str]] = {}
    for slot in missing:
        member = tuple(i for i, g in enumerate(variant.groups) if slot in g.slots)
        classes.setdefault(member, []).append(slot)
    parts: list[tuple[int, Range | None]] = []
    group_parts: list[list[int]] = [[] for _ in variant.groups]
    holdings: list[tuple[Card, ...] | int] = []
    for hand in hands:
        if isinstance(hand, Range):
            holdings.append(len(parts))
            parts.append((2, hand.without(gone)))
        elif hand is None or isinstance(hand, int):
            holdings.append(len(parts))
            parts.append((variant.kept_cards if hand is None else hand, None))
        else:
            holdings.append(tuple(hand))
    for member, slots in classes.items():
        for g in member:
            group_parts[g].append(len(parts))
        parts.append((len(slots), None))
    group_known = [[board[s] for s in g.slots if s in board] for g in variant.groups]
    if any(r is not None and not len(r) for _, r in parts):
        raise ValueError("an opponent's range holds no combo that fits the known cards")
    if sum(size for size, _ in parts) > len(deck):
        raise ValueError("not enough cards left in the deck for this deal")
    return _Deal(variant, group_known, parts, group_parts, holdings, deck)


def equity(
    variant: Variant,
    board: Mapping[str, Card],
    hands: Sequence[Holding],
    *,
    dead: Sequence[Card] = (),
    rng: random.Random | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    max_exact: int = DEFAULT_MAX_EXACT,
) -> Equity:
    """Win, tie and pot-share of each hand over the board still to come.

    `hands`: each player's cards, or a `Range`, or None (random cards). `exact=True` forces
    enumeration, `exact=False` Monte Carlo; by default enumeration when the cases are at most
    `max_exact`. Monte Carlo draws `samples` deals, stopping early once `clock()` has moved on
    by `seconds`.
    """
    deal = _prepare(variant, board, hands, dead)
    cases = deal.case_count()
    fast = deal.single_known and len(deal.parts) == 1 and deal.parts[0][0] >= 3
    if not deal.parts:
        exact = True
    if exact is None:
        exact = fast or cases <= max_exact
    if exact:
        if cases > EXACT_LIMIT and not fast:
            raise ValueError(
                f"{cases:,} cases are too many to enumerate; use Monte Carlo (--samples)"
            )
        tally: Mapping[Outcome, float]
        if fast:
            with _no_gc_pauses():
                tally = _one_board(_exact_by_ranks(deal))
        else:
            weights: defaultdict[Outcome, float] = defaultdict(float)
            for weight, parts in _enumerate(deal):
                weights[_outcome(deal, parts)] += weight
            tally = weights
        return _summary(tally, len(hands), Method.EXACT, cases)
    rng = rng if rng is not None else random.Random(0)
    if samples is None:
        samples = DEFAULT_SAMPLES
    if deal.single_known and seconds is None and samples >= 5_000 and len(deal.parts) == 1:
        with _no_gc_pauses():
            tally = _one_board(_monte_carlo_known(deal, rng, samples))
        done = samples
    else:
        tally = Counter()
        done = 0
        for parts in _draws(deal, rng, samples, seconds, clock):
            tally[_outcome(deal, parts)] += 1
            done += 1
    return _summary(tally, len(hands), Method.MONTE_CARLO, done)


def _outcome(deal: _Deal, parts: Sequence[Sequence[Card]]) -> Outcome:
    """Who wins one filled-in deal: the winners, or (several boards) each board's winners."""
    if len(deal.board_groups) == 1:
        return (winners_of(_values(deal, parts)),)
    return tuple(winners_of(_values(deal, parts, groups)) for groups in deal.board_groups)


def _values(
    deal: _Deal, parts: Sequence[Sequence[Card]], among: Sequence[int] | None = None
) -> list[int]:
    """Every player's showdown value for one filled-in deal (`among`: only these groups)."""
    keep = deal.keep
    groups = [
        [*known, *(c for i in idx for c in parts[i])]
        for known, idx in zip(deal.group_known, deal.group_parts, strict=True)
    ]
    if among is not None:
        groups = [groups[i] for i in among]
    holes = [parts[h] if isinstance(h, int) else h for h in deal.holdings]
    if len(groups) == 1 and all(len(h) <= keep for h in holes):
        return group_values(deal.hand_type, holes, groups[0])
    variant = deal.variant
    return [kept_value(variant, hole, groups) for hole in holes]


def _enumerate(deal: _Deal) -> Iterator[tuple[float, list[Sequence[Card]]]]:
    """Every way to fill the unknown parts, with its weight (the product of range weights)."""
    filled: list[Sequence[Card]] = [()] * len(deal.parts)

    def fill(
        i: int, left: list[Card], weight: float
    ) -> Iterator[tuple[float, list[Sequence[Card]]]]:
        if i == len(deal.parts):
            yield weight, filled
            return
        size, rng_ = deal.parts[i]
        if rng_ is None:
            for cards in combinations(left, size):
                filled[i] = cards
                rest = [c for c in left if c not in cards] if i + 1 < len(deal.parts) else left
                yield from fill(i + 1, rest, weight)
            return
        free = set(left)
        for combo, w in zip(rng_.combos, rng_.weights, strict=True):
            if combo[0] in free and combo[1] in free:
                filled[i] = combo
                yield from fill(i + 1, [c for c in left if c not in combo], weight * w)

    yield from fill(0, list(deal.deck), 1.0)


def _draws(
    deal: _Deal,
    rng: random.Random,
    samples: int,
    seconds: float | None,
    clock: Callable[[], float] | None,
) -> Iterator[list[Sequence[Card]]]:
    """Random fillings of the unknown parts: ranges by weight, the rest uniformly from the deck."""
    weighted = [
        (i, r.combos, list(accumulate(r.weights))) for i, (_, r) in enumerate(deal.parts) if r
    ]
    uniform = [(i, size) for i, (size, r) in enumerate(deal.parts) if r is None]
    need = sum(size for _, size in uniform)
    extra = 2 * len(weighted)
    deck = deal.deck
    start = clock() if clock is not None and seconds is not None else 0.0
    parts: list[Sequence[Card]] = [()] * len(deal.parts)
    n = 0
    while n < samples:
        due = seconds is not None and clock is not None and n and n & 31 == 0
        if due and clock is not None and seconds is not None and clock() - start >= seconds:
            return
        used: set[Card] = set()
        for i, combos, cum in weighted:
            for _ in range(1000):
                combo = combos[bisect(cum, rng.random() * cum[-1])]
                if combo[0] not in used and combo[1] not in used:
                    break
            else:
                raise ValueError("opponents' ranges leave no way to deal their cards")
            used.update(combo)
            parts[i] = combo
        drawn = rng.sample(deck, need + extra)
        if used:
            drawn = [c for c in drawn if c not in used]
        at = 0
        for i, size in uniform:
            parts[i] = drawn[at : at + size]
            at += size
        n += 1
        yield parts


def _rank_multisets(avail: Sequence[int], n: int) -> list[tuple[int, int]]:
    """Every multiset of n ranks the deck allows, as (rank key, number of card sets with it)."""
    out: list[tuple[int, int]] = []

    def walk(rank: int, left: int, key: int, ways: int) -> None:
        if left == 0:
            out.append((key, ways))
            return
        if rank == 13:
            return
        for m in range(min(avail[rank], left) + 1):
            walk(rank + 1, left - m, key + m * 5**rank, ways * comb(avail[rank], m))

    walk(0, n, 0, 1)
    return out


def _exact_by_ranks(deal: _Deal) -> Counter[Winners]:
    """Exact tally for one group with every hand known, by rank multisets plus flush boards."""
    holes = [h for h in deal.holdings if not isinstance(h, int)]
    known = deal.group_known[0]
    n = deal.parts[0][0]
    deck = deal.deck
    rv = _RANK_VALUE
    base = [sum(h) + sum(known) for h in holes]
    base_keys = [b >> SUIT_BITS for b in base]
    avail = [sum(1 for c in deck if c.rank == r) for r in range(13)]
    tally: Counter[Winners] = Counter()
    for key, ways in _rank_multisets(avail, n):
        tally[winners_of([rv[b + key] for b in base_keys])] += ways
    # Flush boards: for each suit count c_s of the new cards that lets a player reach five.
    by_suit = [[c for c in deck if c.suit == s] for s in range(4)]
    known_suits = [sum(1 for c in known if c.suit == s) for s in range(4)]
    hole_suits = [[sum(1 for c in h if c.suit == s) for s in range(4)] for h in holes]
    masks = [
        [sum(1 << c.rank for c in [*h, *known] if c.suit == s) for s in range(4)] for h in holes
    ]
    need = [5 - known_suits[s] - max(hs[s] for hs in hole_suits) for s in range(4)]
    groups: dict[tuple[tuple[int, int], ...], list[tuple[int, ...]]] = {}
    for counts in _compositions(n, [len(cards) for cards in by_suit]):
        flush = tuple((s, counts[s]) for s in range(4) if counts[s] >= need[s])
        if flush:
            groups.setdefault(flush, []).append(counts)
    for flush, compositions in groups.items():
        flush_suits = {s for s, _ in flush}
        rest: Counter[int] = Counter()
        for counts in compositions:
            rest.update(_rank_key_counts(by_suit, counts, flush_suits))
        outer = product(*(combinations(by_suit[s], k) for s, k in flush))
        rest_items = list(rest.items())
        for chosen in outer:
            cards = [c for part in chosen for c in part]
            key = sum(cards) >> SUIT_BITS
            flush_values = []
            for p in range(len(holes)):
                best = 0
                for s, k in flush:
                    if hole_suits[p][s] + known_suits[s] + k >= 5:
                        mask = masks[p][s] | sum(1 << c.rank for c in cards if c.suit == s)
                        best = max(best, _FLUSH_VALUE[mask])
                flush_values.append(best)
            keys = [b + key for b in base_keys]
            for rest_key, ways in rest_items:
                plain = [rv[k + rest_key] for k in keys]
                true = [max(f, v) for f, v in zip(flush_values, plain, strict=True)]
                if true != plain:
                    tally[winners_of(true)] += ways
                    tally[winners_of(plain)] -= ways
    return tally


def _compositions(n: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Ways to split n new cards among the four suits, each at most its cards left."""
    for a in range(min(n, caps[0]) + 1):
        for b in range(min(n - a, caps[1]) + 1):
            for c in range(min(n - a - b, caps[2]) + 1):
                d = n - a - b - c
                if d <= caps[3]:
                    yield (a, b, c, d)


def _rank_key_counts(
    by_suit: Sequence[Sequence[Card]], counts: Sequence[int], skip: set[int]
) -> Counter[int]:
    """Rank keys of the cards from the suits not in `skip`, with how many card sets give each."""
    total: Counter[int] = Counter({0: 1})
    for s in range(4):
        if s in skip or not counts[s]:
            continue
        one = Counter(sum(cs) >> SUIT_BITS for cs in combinations(by_suit[s], counts[s]))
        merged: Counter[int] = Counter()
        for k1, w1 in total.items():
            for k2, w2 in one.items():
                merged[k1 + k2] += w1 * w2
        total = merged
    return total


#: How n new board cards are drawn: as one or two random combos of these sizes.
_CHUNKS = {1: (1,), 2: (2,), 3: (3,), 4: (2, 2), 5: (3, 2)}
#: Boards drawn at a time by `_monte_carlo_known`.
_BATCH = 50_000


def _monte_carlo_known(deal: _Deal, rng: random.Random, samples: int) -> Counter[Winners]:
    """Monte Carlo for one group with every hand known: boards drawn as disjoint card chunks.

    The new cards come as one or two random combos (e.g. three cards and two) from lists built
    once; chunks that share a card are drawn again, which keeps every board equally likely.
    """
    holes = [h for h in deal.holdings if not isinstance(h, int)]
    known = deal.group_known[0]
    n = deal.parts[0][0]
    bit = {c: 1 << c.index for c in deal.deck}
    chunks = [
        [(sum([bit[c] for c in cs]), sum(cs), cs) for cs in combinations(deal.deck, size)]
        for size in _CHUNKS[n]
    ]
    base = [sum(h) + sum(known) for h in holes]
    hands = [[*h, *known] for h in holes]
    tally: Counter[Winners] = Counter()
    done = 0
    while done < samples:
        want = min(samples - done, _BATCH)  # boards in batches: memory stays flat for any N
        batch = int(want * 1.2) + 16
        draws = [rng.choices(chunk, k=batch) for chunk in chunks]
        if len(draws) == 1:
            boards = [(s, cs) for _, s, cs in draws[0]]
        else:
            boards = [
                (a[1] + b[1], a[2] + b[2]) for a, b in zip(*draws, strict=True) if not a[0] & b[0]
            ]
        boards = boards[:want]
        done += len(boards)
        tally_boards = _tally_two if len(holes) == 2 else _tally_many
        tally_boards(tally, base, hands, boards)
    return tally


def _tally_two(
    tally: Counter[Winners],
    base: Sequence[int],
    hands: Sequence[list[Card]],
    boards: Sequence[DrawnBoard],
) -> None:
    """Heads-up inner loop of `_monte_carlo_known`: count wins of each player and ties."""
    rv, five, mask = _RANK_VALUE, _HAS_FIVE_SUITED, SUIT_MASK
    b0, b1 = base
    h0, h1 = hands
    first = second = tied = 0
    for s, cards in boards:
        t0 = b0 + s
        t1 = b1 + s
        v0 = evaluate([*h0, *cards]) if five[t0 & mask] else rv[t0 >> SUIT_BITS]
        v1 = evaluate([*h1, *cards]) if five[t1 & mask] else rv[t1 >> SUIT_BITS]
        if v0 > v1:
            first += 1
        elif v1 > v0:
            second += 1
        else:
            tied += 1
    tally[(0,)] += first
    tally[(1,)] += second
    tally[(0, 1)] += tied


def _tally_many(
    tally: Counter[Winners],
    base: Sequence[int],
    hands: Sequence[list[Card]],
    boards: Sequence[DrawnBoard],
) -> None:
    """Multiway inner loop of `_monte_carlo_known`."""
    rv, five, mask = _RANK_VALUE, _HAS_FIVE_SUITED, SUIT_MASK
    pairs = list(zip(base, hands, strict=True))
    for s, cards in boards:
        values = []
        for total, hand in pairs:
            t = total + s
            values.append(evaluate([*hand, *cards]) if five[t & mask] else rv[t >> SUIT_BITS])
        tally[winners_of(values)] += 1


@dataclass(frozen=True)
class KeepChoice:
    """One way to keep some of a hand's cards, and how the hand fares if it keeps them."""

    cards: tuple[Card, ...]
    win: float
    tie: float
    equity: float
    method: Method
    samples: int


def keep_choices(
    variant: Variant,
    board: Mapping[str, Card],
    hole: Hand,
    others: Sequence[Holding],
    keep: int,
    *,
    dead: Sequence[Card] = (),
    rng: random.Random | None = None,
    exact: bool | None = None,
    samples: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] | None = None,
    max_exact: int = DEFAULT_MAX_EXACT,
) -> list[KeepChoice]:
    """Equity of every way to keep `keep` of `hole` (KRG discards), best first.

    Every choice is judged on the same deals, so their differences are not sampling noise. A
    kept hand larger than the game's final hand is valued at its best `kept_cards` for the final
    board (the later discards are assumed to find the best pair: an optimistic estimate).
    """
    if not variant.kept_cards <= keep <= len(hole):
        raise ValueError(f"cannot keep {keep} of {len(hole)} cards")
    deal = _prepare(variant, board, [tuple(hole), *others], dead)
    final = variant.kept_cards
    options = list(combinations(hole, keep))
    finals = list(combinations(range(len(hole)), final))
    index = {f: i for i, f in enumerate(finals)}
    option_finals = [
        [index[f] for f in combinations(sorted(hole.index(c) for c in option), final)]
        for option in options
    ]
    others_deal = _Deal(
        variant,
        deal.group_known,
        deal.parts,
        deal.group_parts,
        deal.holdings[1:],
        deal.deck,
    )
    tallies: list[defaultdict[Winners, float]] = [defaultdict(float) for _ in options]
    hand_type = variant.hand_type

    def score(parts: Sequence[Sequence[Card]], weight: float) -> None:
        groups = [
            [*known, *(c for i in idx for c in parts[i])]
            for known, idx in zip(deal.group_known, deal.group_parts, strict=True)
        ]
        mine = best_over_groups(hand_type, [[hole[i] for i in f] for f in finals], groups)
        theirs = _values(others_deal, parts)
        top = max(theirs)
        level = theirs.count(top)
        for tally, picks in zip(tallies, option_finals, strict=True):
            value = max(mine[i] for i in picks)
            if value > top:
                tally[(0,)] += weight
            elif value == top:
                tally[(0, *range(1, level + 1))] += weight
            else:
                tally[(1,)] += weight

    cases = deal.case_count()
    if exact is None:
        exact = cases <= max_exact
    if exact:
        if cases > EXACT_LIMIT:
            raise ValueError(f"{cases:,} cases are too many to enumerate; use Monte Carlo")
        for weight, parts in _enumerate(deal):
            score(parts, weight)
        method, done = Method.EXACT, cases
    else:
        done = 0
        draws = _draws(deal, rng or random.Random(0), samples or DEFAULT_SAMPLES, seconds, clock)
        for parts in draws:
            score(parts, 1)
            done += 1
        method = Method.MONTE_CARLO
    players = 1 + len(others)
    results = []
    for option, tally in zip(options, tallies, strict=True):
        summary = _summary(_one_board(tally), players, method, done)
        results.append(
            KeepChoice(
                tuple(option), summary.win[0], summary.tie[0], summary.equity[0], method, done
            )
        )
    results.sort(key=lambda k: -k.equity)
    return results


@dataclass(frozen=True)
class Outs:
    """The unseen cards that would lift a hand's category if dealt next into one group (set)."""

    group: str | None
    slot: str
    cards: tuple[Card, ...]


def outs(
    variant: Variant, board: Mapping[str, Card], hole: Hand, dead: Sequence[Card] = ()
) -> list[Outs]:
    """Per group (Yukon: per set), the cards that improve the hand's category as the next card,
    to a category above the one the board alone then makes (a card that pairs the board is no
    out: issue 28).

    The next card of a group is its first undealt slot (Hold'em on the flop: the turn; Yukon on
    the flop: that set's turn). A group with a whole round still to come before its next single
    card (Hold'em before the flop) has no outs listed. With fewer than five cards in play, the
    category now is the least any next card leaves it at.
    """
    from homegame.evaluator import category

    seen = {*board.values(), *hole, *dead}
    unseen = [c for c in ALL_CARDS if c not in seen]
    rounds = variant.board_rounds
    found = []
    for group in variant.groups:
        missing = [s for s in group.slots if s not in board]
        if not missing:
            continue
        slot = missing[0]
        if not any(slot in r and sum(1 for s in r if s in group.slots) == 1 for r in rounds):
            continue
        shared = [board[s] for s in group.slots if s in board]
        hand_type = variant.hand_type
        if len(hole) + len(shared) + 1 < 5 or (
            hand_type is HandType.TWO_PLUS_THREE and len(shared) + 1 < 3
        ):
            continue
        after = {c: category(group_value(hand_type, hole, [*shared, c])) for c in unseen}
        ready = len(hole) + len(shared) >= 5 and (
            hand_type is HandType.BEST_FIVE or len(shared) >= 3
        )
        now = category(group_value(hand_type, hole, shared)) if ready else min(after.values())
        found.append(
            Outs(
                group.name,
                slot,
                tuple(
                    c
                    for c in unseen
                    if after[c] > now and after[c] > board_category(hand_type, [*shared, c])
                ),
            )
        )
    return found


def board_category(hand_type: HandType, cards: Sequence[Card]) -> int:
    """The category the board's `cards` make alone, which every player shares: a card that
    lifts a hand only to it (pairing the board) is no out. Best five of five or more board
    cards; otherwise (and for Omaha, which cannot play the board) the ranks' pairs, trips and
    fours."""
    from homegame.evaluator import Category, category

    if hand_type is HandType.BEST_FIVE and len(cards) >= 5:
        return category(evaluate(cards))
    counts = [*sorted(Counter(c.rank for c in cards).values(), reverse=True), 0, 0]
    if counts[0] >= 4:
        return Category.FOUR_OF_A_KIND
    if counts[0] == 3:
        return Category.FULL_HOUSE if counts[1] >= 2 else Category.THREE_OF_A_KIND
    if counts[0] == 2:
        return Category.TWO_PAIR if counts[1] == 2 else Category.ONE_PAIR
    return Category.HIGH_CARD
