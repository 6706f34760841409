"""Build, save and load the lookup tables behind `homegame.evaluator`.

Run `python -m homegame.evaluator_tables` to regenerate `homegame/data/evaluator_tables.bin`
(`--check` compares instead of writing). Building takes about a second, too long for a terminal
app's start-up, so the tables ship as package data and `load_tables` only reads them.

Every distinct five-card hand strength gets a value 1..7462, higher is better. Two tables:

- no-flush: key = the rank multiset in base 5 (digit r = how many cards of rank r, as
  `sum(cards) >> 12` gives it for `homegame.cards.Card`), for 5, 6 and 7 cards; value = the best
  five cards ignoring suits.
- flush: index = 13-bit mask of the ranks held in one suit (5 to 7 bits set); value = the best
  straight flush or flush among them. With at most 7 cards, a hand holding a flush can hold no
  full house or four of a kind, so the flush value is the hand's value.

File layout (little-endian): magic `HGEV`, u32 version, u32 no-flush entry count n, u32 flush
length (8192), then n u32 keys (ascending), n u16 values, and the flush values as u16.
"""

from __future__ import annotations

import os
import struct
import sys
from array import array
from collections.abc import Iterator
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
MAGIC = b"HGEV"
VERSION = 1
_HEADER = struct.Struct("<4sIII")
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
        for rs in combinations(range(13), n):
            mask = sum(1 << r for r in rs)
            flush[mask] = max(flush[mask & ~(1 << r)] for r in rs)
    return noflush, flush


def _little_endian(arr: array) -> array:
    if sys.byteorder == "big":
        arr.byteswap()
    return arr


def encode(noflush: dict[int, int], flush: list[int]) -> bytes:
    """The tables in the file layout described in the module docstring."""
    keys = sorted(noflush)
    header = _HEADER.pack(MAGIC, VERSION, len(keys), len(flush))
    parts = (
        _little_endian(array("I", keys)),
        _little_endian(array("H", [noflush[k] for k in keys])),
        _little_endian(array("H", flush)),
    )
    return header + b"".join(p.tobytes() for p in parts)


def decode(data: bytes) -> tuple[dict[int, int], list[int]]:
    """Read tables written by `encode`; ValueError if the data is not such a file."""
    bad = ValueError("not a homegame evaluator table file (regenerate it)")
    if len(data) < _HEADER.size:
        raise bad
    magic, version, n, n_flush = _HEADER.unpack_from(data)
    expected = _HEADER.size + 4 * n + 2 * n + 2 * n_flush
    if magic != MAGIC or version != VERSION or len(data) != expected:
        raise bad
    offset = _HEADER.size
    keys = array("I", data[offset : offset + 4 * n])
    offset += 4 * n
    values = array("H", data[offset : offset + 2 * n])
    offset += 2 * n
    flush = array("H", data[offset:])
    for arr in (keys, values, flush):
        _little_endian(arr)
    return dict(zip(keys, values, strict=True)), flush.tolist()


def load_tables(path: str = TABLE_PATH) -> tuple[dict[int, int], list[int]]:
    """The shipped tables, read from package data."""
    with open(path, "rb") as fh:
        return decode(fh.read())


def main(argv: list[str] | None = None) -> int:
    """Write the table file, or with --check report whether it matches a fresh build."""
    args = sys.argv[1:] if argv is None else argv
    data = encode(*build_tables())
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
