"""The shipped evaluator tables are exactly what the generator builds today."""

from __future__ import annotations

import subprocess
import sys

import pytest

from homegame import evaluator_tables as tables


@pytest.fixture(scope="module")
def built() -> tuple[dict[int, int], list[int]]:
    return tables.build_tables()


def test_shipped_table_file_equals_a_fresh_build_byte_for_byte(built) -> None:
    with open(tables.TABLE_PATH, "rb") as fh:
        shipped = fh.read()
    assert shipped == tables.encode(*built)


def test_generator_check_mode_reports_the_file_up_to_date() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "homegame.evaluator_tables", "--check"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "up to date" in result.stdout


def test_encode_and_decode_round_trip(built) -> None:
    noflush, flush = built
    assert tables.decode(tables.encode(noflush, flush)) == (noflush, flush)


def test_tables_cover_every_rank_multiset_of_five_to_seven_cards(built) -> None:
    noflush, flush = built
    # Multisets of n ranks from 13 with at most four of a kind: 6175, 18395 and 49205.
    assert len(noflush) == 6_175 + 18_395 + 49_205
    assert set(noflush.values()) <= set(range(1, tables.DISTINCT_VALUES + 1))
    assert len(flush) == tables.FLUSH_TABLE_SIZE
    assert all((value > 0) == (5 <= mask.bit_count() <= 7) for mask, value in enumerate(flush))


@pytest.mark.parametrize(
    "data",
    [b"", b"HGEV", b"XXXX" + bytes(12), tables.encode({5: 1}, [0] * 8192)[:-2]],
)
def test_decode_rejects_what_is_not_a_table_file(data: bytes) -> None:
    with pytest.raises(ValueError, match="not a homegame evaluator table"):
        tables.decode(data)
