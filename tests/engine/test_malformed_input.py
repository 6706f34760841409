"""Issue 14 (low): the engine answers malformed input with its own IllegalAction, never a
TypeError or IndexError, and the state stays as it was."""

from __future__ import annotations

import copy
import random

import pytest

from homegame.engine.actions import Discard
from homegame.engine.errors import IllegalAction
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.variants import get_variant


@pytest.mark.parametrize("cards", [None, 5, ("As", "Kd"), (None, None)])
def test_a_discard_of_no_cards_or_not_cards_is_an_illegal_action(cards: object) -> None:
    session = KrgSession(("Ann", "Bob", "Cy"), rng=random.Random(1))
    session.start_deal()
    seat = session.to_act
    before = copy.deepcopy(session.view_for(seat))
    with pytest.raises(IllegalAction, match="named as cards"):
        session.act(Discard(cards=cards), seat)  # type: ignore[arg-type]
    assert session.view_for(seat) == before


@pytest.mark.parametrize("seat", [2, 99, -1])
def test_come_back_for_a_seat_that_does_not_exist_is_an_illegal_action(seat: int) -> None:
    session = FreezeoutSession(get_variant("holdem"), ("Ann", "Bob"), rng=random.Random(1))
    with pytest.raises(IllegalAction, match=f"no seat {seat}"):
        session.come_back(seat)
