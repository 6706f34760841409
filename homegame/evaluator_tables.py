"""Build, save and load the lookup tables behind `homegame.evaluator`.

Run `python -m homegame.evaluator_tables` to regenerate `homegame/data/evaluator_tables.bin`
(`--check` compares instead of writing). Building takes a second or two, too long for a
terminal app's start-up, so the tables ship as package data and `load_tables` only reads them.

Every distinct five-card hand strength gets a value 1..7462, higher is better. Two tables:

- no-flush: key = the rank multiset in base 5 (digit r = how many cards of rank r, as
  `sum(cards) >> 12` gives it for `homegame.cards.Card`), for 5, 6 and 7 cards; value = the best
  five cards ignoring suits. The 73,775 keys sit in a perfect hash ("hash and displace"):
  `values[(key + displace[key & (BUCKETS - 1)]) % SLOTS]`. Two small arrays stay in the CPU cache,
  where a dict of that size does not, and that lookup is most of an evaluation's cost.
- flush: index = 13-bit mask of the ranks held in one suit (5 to 7 bits set); value = the best
  straight flush or flush among them. With at most 7 cards, a hand holding a flush can hold no
  full house or four of a kind, so the flush value is the hand's value.

File layout (little-endian): magic `HGEV`, u32 version, u32 BUCKETS, u32 SLOTS, u32 flush
length (8192), then the displacements, the no-flush values and the flush values, all u16.
"""

from __future__ import annotations

import os
import struct
import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

#: Hand categories, weakest first, with how many distinct strengths each holds.
#: The royal flush is the top straight flush (one value), named apart by the evaluator.
CATEGORY_SIZES: tuple[tuple[str, int], ...] = (
    ("HIGH_CARD", 1277),
    ("ONE_PAIR", 2860),
    ("TWO_PAIR", 858),
    ("THREE_OF_A_KIND", 858),
    ("STRAIGHT", 10),
    ("FLUSH", 1277),
    ("FULL_HOUSE", 156),
    ("FOUR_OF_A_KIND", 156),
    ("STRAIGHT_FLUSH", 10),
)
DISTINCT_VALUES = sum(size for _, size in CATEGORY_SIZES)

FLUSH_TABLE_SIZE = 1 << 13
#: Perfect-hash sizes: about 4.5 keys per bucket (a power of two: `&` is cheaper than `%`),
#: slots 80% full (a prime).
BUCKETS = 1 << 14
SLOTS = 92203
MAGIC = b"HGEV"
VERSION = 3
_HEADER = struct.Struct("<4sIIII")
TABLE_PATH = os.path.join(os.path.dirname(__file__), "data", "evaluator_tables.bin")

_CATEGORY_INDEX = {name: i for i, (name, _) in enumerate(CATEGORY_SIZES)}
_WHEEL = (12, 3, 2, 1, 0)


def _straight_top(ranks_desc: tuple[int, ...]) -> int | None:
    """The top rank of a straight made by five distinct ranks (3 for the wheel), else None."""
    if ranks_desc == _WHEEL:
        return 3
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    return None


def strength(ranks: tuple[int, ...], flush: bool) -> tuple[int, tuple[int, ...]]:
    """Sort key of one five-card hand from its ranks (0..12) and whether it is a flush.

    The key is (category index, tie-break ranks); comparing keys compares hands.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(r for r, _ in groups)
    shape = tuple(c for _, c in groups)
    if len(counts) == 5:
        top = _straight_top(order)
        if flush:
            return (
                _CATEGORY_INDEX["STRAIGHT_FLUSH" if top is not None else "FLUSH"],
                ((top,) if top is not None else order),
            )
        if top is not None:
            return _CATEGORY_INDEX["STRAIGHT"], (top,)
        return _CATEGORY_INDEX["HIGH_CARD"], order
    name = {
        (4, 1): "FOUR_OF_A_KIND",
        (3, 2): "FULL_HOUSE",
        (3, 1, 1): "THREE_OF_A_KIND",
        (2, 2, 1): "TWO_PAIR",
        (2, 1, 1, 1): "ONE_PAIR",
    }[shape]
    return _CATEGORY_INDEX[name], order


def _rank_multisets(n: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of n ranks with at most four of a rank, as sorted tuples."""
    for ms in combinations_with_replacement(range(13), n):
        if all(ms.count(r) <= 4 for r in set(ms)):
            yield ms


def _key(ranks: tuple[int, ...]) -> int:
    return sum(5**r for r in ranks)


def build_tables() -> tuple[dict[int, int], list[int]]:
    """Compute the no-flush dict (base-5 rank key -> value) and the 8192-entry flush list."""
    fives = list(_rank_multisets(5))
    rank_sets = list(combinations(range(13), 5))
    classes = {(ms, False): strength(tuple(sorted(ms, reverse=True)), False) for ms in fives}
    classes.update(
        {(rs, True): strength(tuple(sorted(rs, reverse=True)), True) for rs in rank_sets}
    )
    ordered = sorted(set(classes.values()))
    if len(ordered) != DISTINCT_VALUES:
        raise AssertionError(f"expected {DISTINCT_VALUES} strengths, found {len(ordered)}")
    value_of = {k: i + 1 for i, k in enumerate(ordered)}

    noflush = {_key(ms): value_of[classes[(ms, False)]] for ms in fives}
    for n in (6, 7):
        for ms in _rank_multisets(n):
            key = _key(ms)
            noflush[key] = max(noflush[key - 5**r] for r in set(ms))

    flush = [0] * FLUSH_TABLE_SIZE
    for rs in rank_sets:
        flush[sum(1 << r for r in rs)] = value_of[classes[(rs, True)]]
    for n in (6, 7):
        for ranks in combinations(range(13), n):
            mask = sum(1 << r for r in ranks)
            flush[mask] = max(flush[mask & ~(1 << r)] for r in ranks)
    return noflush, flush


def slot(key: int, displace: Sequence[int]) -> int:
    """Where the perfect hash keeps a rank key's value (the evaluator inlines this)."""
    return (key + displace[key & (BUCKETS - 1)]) % SLOTS


def perfect_hash(noflush: dict[int, int]) -> tuple[list[int], list[int]]:
    """Displacements and slot values such that `noflush[k]` is found at the slot for `k`.

    Buckets go biggest first; each takes the smallest displacement that puts all its keys
    in free, distinct slots. Deterministic, so the file regenerates byte for byte.
    """
    buckets: dict[int, list[int]] = {}
    for key in noflush:
        buckets.setdefault(key & (BUCKETS - 1), []).append(key)
    displace = [0] * BUCKETS
    used = bytearray(SLOTS)
    for bucket, keys in sorted(buckets.items(), key=lambda item: (-len(item[1]), item[0])):
        d = 0
        while True:
            slots = [(k + d) % SLOTS for k in keys]
            if len(set(slots)) == len(slots) and not any(used[i] for i in slots):
                break
            d += 1
        displace[bucket] = d
        for i in slots:
            used[i] = 1
    values = [0] * SLOTS
    for key, value in noflush.items():
        values[slot(key, displace)] = value
    return displace, values


@dataclass(frozen=True)
class Tables:
    """The evaluator's lookup tables as compact arrays of unsigned 16-bit ints."""

    displace: array[int]
    values: array[int]
    flush: array[int]

    def noflush_value(self, key: int) -> int:
        """The value stored for a no-flush rank key."""
        return self.values[slot(key, self.displace)]


def build() -> Tables:
    """Compute all tables from scratch."""
    noflush, flush = build_tables()
    displace, values = perfect_hash(noflush)
    return Tables(array("H", displace), array("H", values), array("H", flush))


def encode(tables: Tables) -> bytes:
    """The tables in the file layout described in the module docstring."""
    header = _HEADER.pack(MAGIC, VERSION, BUCKETS, SLOTS, FLUSH_TABLE_SIZE)
    parts = [array("H", part) for part in (tables.displace, tables.values, tables.flush)]
    if sys.byteorder == "big":
        for part in parts:
            part.byteswap()
    return header + b"".join(part.tobytes() for part in parts)


def decode(data: bytes) -> Tables:
    """Read tables written by `encode`; ValueError if the data is not such a file."""
    bad = ValueError("not a homegame evaluator table file (regenerate it)")
    if len(data) < _HEADER.size:
        raise bad
    magic, version, buckets, slots, n_flush = _HEADER.unpack_from(data)
    sizes = (buckets, slots, n_flush)
    if (
        (magic, version) != (MAGIC, VERSION)
        or sizes != (BUCKETS, SLOTS, FLUSH_TABLE_SIZE)
        or len(data) != _HEADER.size + 2 * sum(sizes)
    ):
        raise bad
    parts: list[array[int]] = []
    offset = _HEADER.size
    for size in sizes:
        part = array("H", data[offset : offset + 2 * size])
        if sys.byteorder == "big":
            part.byteswap()
        parts.append(part)
        offset += 2 * size
    return Tables(*parts)


def load_tables(path: str = TABLE_PATH) -> Tables:
    """The shipped tables, read from package data."""
    with open(path, "rb") as fh:
        return decode(fh.read())


def main(argv: list[str] | None = None) -> int:
    """Write the table file, or with --check report whether it matches a fresh build."""
    args = sys.argv[1:] if argv is None else argv
    data = encode(build())
    if "--check" in args:
        with open(TABLE_PATH, "rb") as fh:
            same = fh.read() == data
        print(f"{TABLE_PATH}: {'up to date' if same else 'STALE, regenerate it'}")
        return 0 if same else 1
    with open(TABLE_PATH, "wb") as fh:
        fh.write(data)
    print(f"wrote {TABLE_PATH} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
