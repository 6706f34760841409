"""The shipped evaluator tables are exactly what the generator builds today, and they work."""

from __future__ import annotations

from array import array

import pytest

from homegame import evaluator_tables as tables


@pytest.fixture(scope="module")
def plain() -> tuple[dict[int, int], list[int]]:
    return tables.build_tables()


@pytest.fixture(scope="module")
def fresh() -> tables.Tables:
    """The tables built from scratch, once for the module (a build takes a few seconds)."""
    return tables.build()


@pytest.fixture(scope="module")
def shipped() -> bytes:
    with open(tables.TABLE_PATH, "rb") as fh:
        return fh.read()


def test_shipped_table_file_equals_a_fresh_build_byte_for_byte(
    shipped: bytes, fresh: tables.Tables
) -> None:
    assert shipped == tables.encode(fresh)


def test_generator_check_mode_reports_the_file_up_to_date_or_stale(
    fresh: tables.Tables, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tables, "build", lambda: fresh)  # the module's build, not a second one
    assert tables.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out
    values = array(fresh.values.typecode, fresh.values)
    values[0] ^= 1
    stale = tables.Tables(fresh.displace, values, fresh.flush)
    monkeypatch.setattr(tables, "build", lambda: stale)
    assert tables.main(["--check"]) == 1
    assert "STALE, regenerate it" in capsys.readouterr().out


def test_decode_reads_back_what_encode_wrote(shipped: bytes) -> None:
    assert tables.encode(tables.decode(shipped)) == shipped


def test_rank_keys_cover_every_multiset_of_five_to_seven_cards(
    plain: tuple[dict[int, int], list[int]],
) -> None:
    noflush, _ = plain
    # Multisets of n ranks from 13 with at most four of a rank: 6175, 18395 and 49205.
    assert len(noflush) == 6_175 + 18_395 + 49_205
    assert set(noflush.values()) <= set(range(1, tables.DISTINCT_VALUES + 1))


def test_perfect_hash_finds_every_rank_key_in_its_own_slot(
    plain: tuple[dict[int, int], list[int]], shipped: bytes
) -> None:
    noflush, _ = plain
    loaded = tables.decode(shipped)
    assert all(loaded.noflush_value(key) == value for key, value in noflush.items())
    slots = {tables.slot(k, loaded.displace) for k in noflush}
    assert len(slots) == len(noflush)


def test_flush_table_holds_values_for_five_to_seven_suited_ranks_only(
    plain: tuple[dict[int, int], list[int]], shipped: bytes
) -> None:
    _, flush = plain
    assert list(tables.decode(shipped).flush) == flush
    assert len(flush) == tables.FLUSH_TABLE_SIZE
    assert all((value > 0) == (5 <= mask.bit_count() <= 7) for mask, value in enumerate(flush))


def test_decode_rejects_what_is_not_a_table_file(shipped: bytes) -> None:
    wrong_version = shipped[:4] + (99).to_bytes(4, "little") + shipped[8:]
    for data in (b"", b"HGEV", b"XXXX" + shipped[4:], shipped[:-2], wrong_version):
        with pytest.raises(ValueError, match="not a homegame evaluator table"):
            tables.decode(data)
