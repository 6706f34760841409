"""The hand log's lines: board cards with suit symbols, Yukon's two sets named apart."""

from __future__ import annotations

from homegame.cards import parse_cards
from homegame.engine.events import BoardDealt, BoardRevealed, CardsShown


def test_holdem_flop_reads_as_one_row_of_cards() -> None:
    line = BoardDealt("flop", ("flop 1", "flop 2", "flop 3"), tuple(parse_cards("7c 4c Ts")))
    assert line.describe() == "The flop: 7♣ 4♣ 10♠"


def test_yukon_flops_and_turns_name_each_set() -> None:
    flops = BoardDealt(
        "flop", ("flop A1", "flop A2", "flop B1", "flop B2"), tuple(parse_cards("7c 4c Ts Qs"))
    )
    assert flops.describe() == "Flop A: 7♣ 4♣; flop B: 10♠ Q♠"
    turns = BoardDealt("turn", ("turn A", "turn B"), tuple(parse_cards("5h Kd")))
    assert turns.describe() == "Turn A: 5♥; turn B: K♦"


def test_unentered_cards_are_not_named() -> None:
    line = BoardDealt("flop", ("flop 1", "flop 2", "flop 3"), (None, None, None))
    assert line.describe() == "The flop is dealt"


def test_shown_and_revealed_cards_use_symbols() -> None:
    (card,) = parse_cards("Ah")
    assert BoardRevealed("river", card).describe() == "The river is A♥"
    shown = CardsShown(0, tuple(parse_cards("Kd Kc")), "one pair").describe(["Ann"])
    assert shown == "Ann shows K♦ K♣ (one pair)"


def test_amounts_read_with_thousands_commas_like_the_table() -> None:
    from homegame.engine.actions import ActionKind
    from homegame.engine.events import Acted, PotsUpdated

    assert Acted(0, ActionKind.ALL_IN, 1480, 1480, True).describe(["Ann"]) == (
        "Ann is all-in for 1,480"
    )
    assert Acted(1, ActionKind.RAISE, 1200, 1200).describe(["Ann", "Bob"]) == (
        "Bob raises to 1,200"
    )
    assert PotsUpdated(((4470, (0, 1)), (20, (1,)))).describe() == "Main pot: 4,470; Side pot 1: 20"


def test_the_log_writes_a_ten_as_the_board_draws_it() -> None:
    """'10♥' in the log as on the board, never 'T♥' (issue 12)."""
    from homegame.tui.widgets.card import card_face

    cards = tuple(parse_cards("Th Tc 2d"))
    line = BoardDealt("flop", ("flop 1", "flop 2", "flop 3"), cards).describe()
    assert all(card_face(c) in line for c in cards)
    assert "T♥" not in line and line == "The flop: 10♥ 10♣ 2♦"
    assert CardsShown(0, cards[:2], "one pair").describe(["Ann"]).count("10") == 2


def test_a_winner_wins_with_a_straight_but_with_two_pair() -> None:
    from homegame.engine.events import DealWon, PotAwarded

    names = ["Ann", "Bob"]
    assert PotAwarded(0, 80, (0,), (80,), "straight").describe(names) == (
        "Ann wins the main pot (80) with a straight"
    )
    assert PotAwarded(0, 80, (1,), (80,), "two pair").describe(names).endswith("with two pair")
    assert DealWon((1,), "one pair").describe(names) == "Bob wins the deal with a pair"
    assert PotAwarded(0, 80, (0,), (80,)).describe(names) == "Ann wins the main pot (80)"
