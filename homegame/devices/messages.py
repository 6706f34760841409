"""What a seat's device is sent, and what it may answer.

`seat_message` builds the one message a device draws, from the engine's view for that seat
only (`Session.view_for(seat)`): another seat's hidden card is absent from that view, so it is
absent from every byte sent. Public extras (the names, the log's public lines, who is away, the
series score) are the table's. `read_answer` turns what a device sent into the driver's answer
for the question it was asked, or says in one line why it is not one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from homegame.cards import Card, parse_card
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show
from homegame.engine.session_events import money
from homegame.engine.views import HandView, SeatView
from homegame.play.bet_choices import all_in_open, preset_amounts, raise_sized
from homegame.play.requests import (
    AskAction,
    AskCubeAnswer,
    AskCubeTurn,
    AskDiscard,
    AskRebuy,
    AskRunTwice,
    AskShowOrMuck,
    AskTopUp,
    DealResult,
    Request,
)
from homegame.variants import Variant

#: The requests a device answers for its seat.
DEVICE_REQUESTS = (
    AskAction,
    AskDiscard,
    AskShowOrMuck,
    AskCubeAnswer,
    AskTopUp,
    AskRebuy,
    AskRunTwice,
)


class BadAnswer(ValueError):
    """What a device sent is no answer to the question it was asked; nothing changes."""


@dataclass(frozen=True)
class Question:
    """A question put to one seat's device: its number (the device echoes it), the driver's
    request, and why its last answer was refused, if it was."""

    number: int
    request: Request
    refusal: str = ""


@dataclass(frozen=True)
class Table:
    """What every device is told of the table besides its own view (all public)."""

    variant: Variant
    names: Sequence[str]
    log: Sequence[str] = ()
    away: frozenset[int] = frozenset()
    stacks: Mapping[int, int] = field(default_factory=dict)
    series: str = ""
    waiting_for: str = ""
    over: str = ""
    currency: str = ""


def card_text(card: Card | None) -> str | None:
    """A card as the page shows it ('A♠', '10♥'); None for a card not known."""
    return None if card is None else card.symbol


def _seat(seat: SeatView, table: Table, to_act: int | None) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "name": seat.name,
        "stack": seat.stack,
        "bet": seat.bet,
        "folded": seat.folded,
        "all_in": seat.all_in,
        "held": seat.cards_held,
        "cards": None if seat.cards is None else [card_text(c) for c in seat.cards],
        "shown": seat.shown,
        "made": seat.made_hand,
        "button": seat.is_button,
        "turn": seat.seat == to_act,
        "away": seat.seat in table.away,
        "status": seat.status.value,
    }


def _board(variant: Variant, view: HandView) -> list[dict[str, Any]]:
    """The board as rows, one per group of the game's layout (as the TUI's board draws it: a
    card two groups share shows in both), each slot with its card or None."""
    runs = [("", dict(view.board))]
    if view.second_slots:  # HOUSE_RULES 27: run 1's rows, then run 2's whole board
        runs = [("Run 1", dict(view.board)), ("Run 2", view.second_board())]
    return [
        {
            "name": " ".join(p for p in (run, group.name or "") if p) or None,
            "cards": [card_text(cards.get(s)) for s in group.slots],
        }
        for run, cards in runs
        for group in variant.groups
    ]


def _ask(question: Question, view: HandView | None, table: Table) -> dict[str, Any]:
    request = question.request
    out: dict[str, Any] = {"id": question.number, "refusal": question.refusal}
    names = table.names
    if isinstance(request, AskAction):
        legal = request.legal
        pot = 0 if view is None else view.pot_total
        low, high = legal.min_raise_to, legal.max_raise_to
        sized = raise_sized(legal)
        presets = preset_amounts(legal, pot) if sized else {}
        out.update(
            kind="action",
            fold=legal.can_fold,
            check=legal.can_check,
            call=legal.call_amount,
            raise_min=low if sized else None,
            raise_max=high if sized else None,
            step=max(1, 0 if view is None else view.big_blind),
            bet=legal.can_bet,
            all_in=legal.all_in_to if all_in_open(legal) else None,
            presets=[{"label": k, "to": v} for k, v in presets.items() if k in ("half pot", "pot")],
        )
    elif isinstance(request, AskDiscard):
        out.update(kind="discard", count=request.count)
    elif isinstance(request, AskShowOrMuck):
        out.update(kind="show_or_muck")
    elif isinstance(request, AskCubeAnswer):
        out.update(
            kind="cube_answer",
            owner=names[request.owner],
            cube=request.cube,
            stake=money(request.stake, table.currency),
        )
    elif isinstance(request, AskCubeTurn):
        out.update(kind="cube_turn", cube=request.cube)
    elif isinstance(request, AskTopUp):
        out.update(kind="top_up", chips=request.chips, cost=money(request.cents, table.currency))
    elif isinstance(request, AskRebuy):
        out.update(kind="rebuy", chips=request.chips, cost=money(request.cents, table.currency))
    elif isinstance(request, AskRunTwice):  # HOUSE_RULES 27: a yes or a no
        out.update(kind="run_twice", asked=[names[s] for s in request.seats])
    elif isinstance(request, DealResult):  # the result's public lines; any phone goes on
        out.update(kind="next", lines=list(request.lines))
    return out


def seat_message(
    seat: int, view: HandView | None, table: Table, question: Question | None
) -> dict[str, Any]:
    """Everything the device of `seat` draws now: `view` must be the engine's view for `seat`
    (None before the first deal), or the public one while the seat is not dealt in."""
    if view is not None and view.viewer not in (seat, None):
        raise ValueError("a device is sent its own seat's view only")
    mine = None if view is None else next((s for s in view.seats if s.seat == seat), None)
    to_act = None if view is None or view.is_over else view.to_act
    message: dict[str, Any] = {
        "type": "view",
        "seat": seat,
        "name": table.names[seat],
        "game": table.variant.name,
        "hand": None if view is None else view.hand_id,
        "street": "" if view is None else view.street,
        "board": [] if view is None else _board(table.variant, view),
        "pot": 0 if view is None else view.pot_total,
        "chips": table.variant.has_chips,
        "seats": [] if view is None else [_seat(s, table, to_act) for s in view.seats],
        "mine": None if mine is None else _seat(mine, table, to_act),
        "stack": table.stacks.get(seat) if mine is None else mine.stack,
        "to_act": None if to_act is None else table.names[to_act],
        "waiting_for": table.waiting_for,
        "log": list(table.log),
        "series": table.series,
        "over": table.over,
        "ask": None if question is None else _ask(question, view, table),
    }
    return message


def encoded(message: Mapping[str, Any]) -> str:
    """The message as sent: JSON with the cards' suit symbols as they are."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _cards(value: object, count: int) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise BadAnswer(f"Pick exactly {count} cards.")
    try:
        cards = tuple(parse_card(str(v)) for v in value)
    except ValueError as exc:
        raise BadAnswer(str(exc)) from exc
    if len(set(cards)) != len(cards):
        raise BadAnswer("Pick each card once.")
    return cards


def _amount(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadAnswer("The amount must be a whole number of chips.")
    return value


def read_answer(request: Request, sent: Mapping[str, Any]) -> object:
    """The driver's answer to `request` in what a device sent (`{"answer": ...}`); BadAnswer
    says why not. The engine still judges an action (a raise too small is refused there)."""
    answer = sent.get("answer")
    if not isinstance(answer, dict):
        raise BadAnswer("That is not an answer.")
    if isinstance(request, AskAction):
        kind = answer.get("action")
        actions: dict[str, Action] = {"fold": Fold(), "check": Check(), "call": Call()}
        if kind in actions:
            return actions[str(kind)]
        if kind == "all_in":
            return AllIn()
        if kind == "raise":
            return BetRaise(_amount(answer.get("to")))
        raise BadAnswer("That is not an action.")
    if isinstance(request, AskDiscard):
        return Discard(cards=_cards(answer.get("discard"), request.count))
    if isinstance(request, AskShowOrMuck):
        show = answer.get("show")
        if not isinstance(show, bool):
            raise BadAnswer("Show or muck?")
        return Show() if show else Muck()
    if isinstance(request, DealResult):
        if answer.get("yes") is not True:
            raise BadAnswer("Tap Next deal to go on.")
        return False  # go on (ending a cash game is the laptop's)
    if isinstance(request, AskCubeAnswer | AskTopUp | AskRebuy | AskCubeTurn | AskRunTwice):
        said = answer.get("yes")
        if not isinstance(said, bool):
            raise BadAnswer("Yes or no?")
        return said
    raise BadAnswer("Nothing is asked of this seat now.")
