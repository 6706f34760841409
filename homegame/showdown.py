"""Showdown for any game: each player's made hand on each board, and who wins each board.

A group is the set of board slots a hand may use (see `homegame.variants`): Hold'em and KRG have
one, Yukon two ("A" and "B", the river in both), Double Board one on each of its two boards. A
player's hand on a board is the best over that board's groups, chosen for them; cards from two
groups are never combined. The ranking itself is `homegame.ranking`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from homegame.cards import Card, find_duplicate, parse_cards
from homegame.ranking import MadeHand, best_hands
from homegame.variants import Variant


@dataclass(frozen=True)
class BoardResult:
    """One board's result: the board number, every player's made hand there and its winners."""

    board: int
    hands: dict[str, MadeHand]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class ShowdownResult:
    """Every player's made hand (on the first board), the winners of any share, and each board."""

    hands: dict[str, MadeHand]
    winners: tuple[str, ...]
    boards: tuple[BoardResult, ...] = ()


def showdown(
    variant: Variant, board: Mapping[str, Card], players: Mapping[str, Sequence[Card]]
) -> ShowdownResult:
    """Rank every player's hand on a complete board; equal best hands all win (they split).

    With several boards each board has its own winners; `winners` lists everyone who wins a share.
    """
    missing = [s for s in variant.slots if s not in board]
    if missing:
        raise ValueError(f"the board is missing {', '.join(missing)}")
    made = {name: best_hands(variant, hole, board) for name, hole in players.items()}
    results = []
    for index, number in enumerate(variant.boards):
        hands = {name: per_board[index] for name, per_board in made.items()}
        top = max(h.value for h in hands.values())
        winners = tuple(name for name, h in hands.items() if h.value == top)
        results.append(BoardResult(number, hands, winners))
    won = {name for result in results for name in result.winners}
    winners = tuple(name for name in players if name in won)
    return ShowdownResult(results[0].hands, winners, tuple(results))


def _parts(variant: Variant) -> list[tuple[str, ...]]:
    """The slots of each "/"-separated part of a written board, in order."""
    if len(variant.boards) > 1:
        return [tuple(s for g in variant.groups_on(b) for s in g.slots) for b in variant.boards]
    if len(variant.groups) == 1:
        return [variant.groups[0].slots]
    return [variant.own_slots(g) for g in variant.groups] + [variant.shared_slots]


def board_text_form(variant: Variant) -> str:
    """How a board is written for this game, for help and error messages."""
    if len(variant.boards) > 1:
        parts = " / ".join(f"BOARD_{b}" for b in variant.boards)
        return f'"{parts}", five cards each, e.g. "Ah Kd 7c 2s 9h / Qs Qd 3c 4d 5h"'
    if len(variant.groups) == 1:
        return f'{len(variant.slots)} cards, e.g. "Qh 9c 9d 4s 2h"'
    parts = " / ".join(f"SET_{g.name}" for g in variant.groups)
    return f'"{parts} / RIVER", each set its flop then its turn, e.g. "Ad 5c 5h / 9s 9c Kd / 4s"'


def parse_board(variant: Variant, text: str, partial: bool = False) -> dict[str, Card]:
    """Parse a board as the CLI writes it into {slot: card}; ValueError says what is wrong.

    One group: the cards in dealing order. Several groups (Yukon): each group's own cards
    (flop then turn), then the shared cards, separated by "/". Several boards (Double Board):
    each board's cards in dealing order, separated by "/". With `partial`, only the dealing
    rounds so far (Hold'em 0, 3, 4 or 5 cards).
    """
    layout = _parts(variant)
    if len(layout) == 1:
        parts = [text]
    else:
        parts = text.split("/") if text.strip() else [""] * len(layout)
        if len(parts) != len(layout):
            raise ValueError(f"bad board {text!r}: expected {board_text_form(variant)}")
    board: dict[str, Card] = {}
    for part, slots in zip(parts, layout, strict=True):
        cards = parse_cards(part)
        if len(cards) > len(slots) or (not partial and len(cards) != len(slots)):
            where = "the board" if len(layout) == 1 else f"board part {part.strip()!r}"
            count = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
            raise ValueError(f"{where} has {count}; expected {board_text_form(variant)}")
        board.update(zip(slots, cards, strict=False))
    duplicate = find_duplicate(board.values())
    if duplicate is not None:
        raise ValueError(f"card {duplicate} appears twice on the board")
    if partial:
        _check_dealt_in_rounds(variant, board)
    return board


def _check_dealt_in_rounds(variant: Variant, board: Mapping[str, Card]) -> None:
    """A partial board must be whole dealing rounds, in order (no turn before the flop)."""
    dealt = set(board)
    allowed: list[set[str]] = [set()]
    for round_slots in variant.board_rounds:
        allowed.append(allowed[-1] | set(round_slots))
    if dealt not in allowed:
        counts = ", ".join(str(len(a)) for a in allowed)
        raise ValueError(
            f"a {variant.name} board is dealt in rounds: {counts} cards, whole rounds in order"
        )
