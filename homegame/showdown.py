"""Showdown for any game: each player's best five from hole cards plus one group of the board.

A group is the set of board slots a hand may use (see `homegame.variants`): Hold'em and KRG have
one, Yukon two ("A" and "B", the river in both). A player's hand is the best over the groups,
chosen for them; cards from two groups are never combined.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from homegame.cards import Card, find_duplicate, parse_cards
from homegame.evaluator import best_five, category, evaluate
from homegame.variants import Variant


@dataclass(frozen=True)
class MadeHand:
    """A player's best five: its value (higher wins), the cards, the category and the set used."""

    value: int
    cards: tuple[Card, ...]
    category: str
    group: str | None


@dataclass(frozen=True)
class ShowdownResult:
    """Every player's made hand and the winners (more than one when hands tie)."""

    hands: dict[str, MadeHand]
    winners: tuple[str, ...]


def group_cards(variant: Variant, board: Mapping[str, Card]) -> list[tuple[str | None, list[Card]]]:
    """The board cards each group may use, as (group name, cards), for the slots dealt so far."""
    return [(g.name, [board[s] for s in g.slots if s in board]) for g in variant.groups]


def hand_value(variant: Variant, hole: Sequence[Card], board: Mapping[str, Card]) -> int:
    """The value `best_hand` ranks by, without finding the five cards (one evaluation a group)."""
    return max(evaluate([*hole, *cards]) for _name, cards in group_cards(variant, board))


def best_hand(variant: Variant, hole: Sequence[Card], board: Mapping[str, Card]) -> MadeHand:
    """The best five of hole + one group, over the variant's groups (first group wins ties)."""
    best: tuple[int, str | None, list[Card]] | None = None
    for name, cards in group_cards(variant, board):
        pool = [*hole, *cards]
        if not 5 <= len(pool) <= 7:
            raise ValueError(f"a hand needs 5 to 7 cards to rank, not {len(pool)}")
        value = evaluate(pool)
        if best is None or value > best[0]:
            best = (value, name, pool)
    assert best is not None
    value, name, pool = best
    return MadeHand(value, best_five(pool), category(value).label, name)


def showdown(
    variant: Variant, board: Mapping[str, Card], players: Mapping[str, Sequence[Card]]
) -> ShowdownResult:
    """Rank every player's hand on a complete board; equal best hands all win (they split)."""
    missing = [s for s in variant.slots if s not in board]
    if missing:
        raise ValueError(f"the board is missing {', '.join(missing)}")
    hands = {name: best_hand(variant, hole, board) for name, hole in players.items()}
    top = max(h.value for h in hands.values())
    winners = tuple(name for name, h in hands.items() if h.value == top)
    return ShowdownResult(hands, winners)


def board_text_form(variant: Variant) -> str:
    """How a board is written for this game, for help and error messages."""
    if len(variant.groups) == 1:
        return f'{len(variant.slots)} cards, e.g. "Qh 9c 9d 4s 2h"'
    parts = " / ".join(f"SET_{g.name}" for g in variant.groups)
    return f'"{parts} / RIVER", each set its flop then its turn, e.g. "Ad 5c 5h / 9s 9c Kd / 4s"'


def parse_board(variant: Variant, text: str, partial: bool = False) -> dict[str, Card]:
    """Parse a board as the CLI writes it into {slot: card}; ValueError says what is wrong.

    One group: the cards in dealing order. Several groups (Yukon): each group's own cards
    (flop then turn), then the shared cards, separated by "/". With `partial`, only the
    dealing rounds so far (Hold'em 0, 3, 4 or 5 cards).
    """
    if len(variant.groups) == 1:
        parts = [text]
        layout = [variant.groups[0].slots]
    else:
        parts = text.split("/") if text.strip() else [""] * (len(variant.groups) + 1)
        layout = [variant.own_slots(g) for g in variant.groups] + [variant.shared_slots]
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
