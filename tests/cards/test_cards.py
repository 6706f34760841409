"""Cards: parsing, formatting, and a deck shuffled by an injected random source."""

from __future__ import annotations

import random
from collections.abc import MutableSequence

import pytest

from homegame.cards import (
    ALL_CARDS,
    Card,
    Deck,
    find_duplicate,
    format_cards,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("As", 12, 3),
        ("as", 12, 3),
        ("AS", 12, 3),
        ("Ts", 8, 3),
        ("10s", 8, 3),
        ("A♠", 12, 3),
        ("10♥", 8, 2),
        ("2c", 0, 0),
        ("kD", 11, 1),
    ],
)
def test_parse_accepts_every_spelling(token: str, rank: int, suit: int) -> None:
    card = parse_card(token)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize("token", ["", "A", "1s", "11s", "Ax", "Zs", "AsK", "10"])
def test_bad_token_raises_value_error_naming_it(token: str) -> None:
    with pytest.raises(ValueError, match="bad card"):
        parse_card(token)
    try:
        parse_card(token)
    except ValueError as err:
        assert repr(token) in str(err)


def test_parse_cards_spaces_commas_and_runs() -> None:
    assert [str(c) for c in parse_cards("Ah Kd, 10c")] == ["Ah", "Kd", "Tc"]
    assert [str(c) for c in parse_cards("AhKd10c")] == ["Ah", "Kd", "Tc"]
    with pytest.raises(ValueError, match="Xx"):
        parse_cards("Ah Xx")


def test_formatting_ascii_and_symbols() -> None:
    cards = parse_cards("Ah Td 2c Qs")
    assert format_cards(cards) == "Ah Td 2c Qs"
    assert format_cards(cards, symbols=True) == "A♥ 10♦ 2♣ Q♠"
    assert parse_card("Ah").is_red and not parse_card("As").is_red


def test_52_distinct_cards_round_trip() -> None:
    assert len(set(ALL_CARDS)) == 52
    for card in ALL_CARDS:
        assert parse_card(str(card)) is card
        assert parse_card(card.symbol) is card
        assert ALL_CARDS[card.index] is card


def test_find_duplicate() -> None:
    assert find_duplicate(parse_cards("Ah Kd Qs")) is None
    assert str(find_duplicate(parse_cards("Ah Kd ah"))) == "Ah"


def test_seeded_deck_is_reproducible_and_complete() -> None:
    a, b = Deck(seed=42), Deck(seed=42)
    assert a.deal(52) == b.deal(52)
    assert sorted(Deck(seed=1).deal(52)) == sorted(ALL_CARDS)
    with pytest.raises(ValueError):
        Deck(seed=1).deal(53)


def test_default_deck_uses_system_random() -> None:
    import secrets

    assert isinstance(Deck().rng, secrets.SystemRandom)


def test_shuffle_is_uniform_chi_square() -> None:
    """Each card lands in each position equally often (chi-square over 52x52 cells)."""
    rng = random.Random(2026)
    shuffles = 20_000
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(shuffles):
        for pos, card in enumerate(Deck(rng=rng).cards):
            counts[card.index][pos] += 1
    expected = shuffles / 52
    chi2 = sum((o - expected) ** 2 / expected for row in counts for o in row)
    # 51*51 = 2601 degrees of freedom: mean 2601, sd ~72; 3000 is far out in the tail.
    assert 2200 < chi2 < 3000, chi2


def test_biased_shuffle_fails_the_chi_square() -> None:
    """The uniformity check can fail: a deck that is never shuffled is caught."""

    class NoShuffle(random.Random):
        def shuffle(self, x: MutableSequence[object]) -> None:
            return None

    counts = [[0] * 52 for _ in range(52)]
    for _ in range(2000):
        for pos, card in enumerate(Deck(rng=NoShuffle()).cards):
            counts[card.index][pos] += 1
    expected = 2000 / 52
    chi2 = sum((o - expected) ** 2 / expected for row in counts for o in row)
    assert chi2 > 3000
