"""Seats, the button and the blinds from one hand to the next (HOUSE_RULES 5, dead button).

Seats keep their numbers for the whole game; a player who busts leaves an empty seat behind, and
that seat can still hold the button or the small blind position. The rules, as functions of which
seats are live (have chips):

- the big blind moves to the next live seat to the left every hand, so nobody posts it twice in a
  row and nobody skips it;
- the small blind position is the seat that had the big blind last hand: if its player has busted
  there is no small blind this hand;
- the button goes to the seat that had the small blind position last hand, even if it is empty;
- heads-up, the button posts the small blind (acts first before the flop, last after it) and the
  other player posts the big blind, which still moves every hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Positions:
    """Where the button and blinds are for one hand, as seat numbers.

    `small_blind_seat` is the small blind's position even when nobody posts it;
    `small_blind` is the seat that posts it, or None when that seat is empty (dead small blind).
    """

    button: int
    small_blind_seat: int
    big_blind: int
    small_blind_posts: bool = True

    @property
    def small_blind(self) -> int | None:
        """The seat that posts the small blind this hand, or None."""
        return self.small_blind_seat if self.small_blind_posts else None

    @property
    def heads_up(self) -> bool:
        """True when the button posts the small blind (two players)."""
        return self.button == self.small_blind_seat


def live_seats(stacks: Sequence[int]) -> list[int]:
    """Seat numbers of the players who still have chips, in seat order."""
    return [seat for seat, stack in enumerate(stacks) if stack > 0]


def next_live(seat: int, live: Sequence[bool]) -> int:
    """The first live seat strictly to the left of `seat` (wrapping round the table)."""
    count = len(live)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if live[candidate]:
            return candidate
    raise ValueError("no live seat at the table")


def seats_from(seat: int, live: Sequence[bool]) -> list[int]:
    """Live seats in order starting with the first one to the left of `seat`."""
    count = len(live)
    return [(seat + step) % count for step in range(1, count + 1) if live[(seat + step) % count]]


def first_positions(live: Sequence[bool], button: int) -> Positions:
    """Positions for the first hand with the button on live seat `button`."""
    if not live[button]:
        raise ValueError(f"the first button must be on a player, seat {button} is empty")
    players = sum(1 for flag in live if flag)
    if players < 2:
        raise ValueError("a hand needs at least two players with chips")
    if players == 2:
        return Positions(button, button, next_live(button, live))
    small = next_live(button, live)
    return Positions(button, small, next_live(small, live))


def next_positions(previous: Positions, live: Sequence[bool]) -> Positions:
    """Positions for the next hand after `previous`, given who is live now (HOUSE_RULES 5)."""
    players = sum(1 for flag in live if flag)
    if players < 2:
        raise ValueError("a hand needs at least two players with chips")
    big = next_live(previous.big_blind, live)
    if players == 2:
        button = next_live(big, live)
        return Positions(button, button, big)
    small_seat = previous.big_blind
    if previous.heads_up:
        # Only reachable if a seat fills up again: seat the blinds behind the new big blind.
        return _restart(big, live)
    return Positions(previous.small_blind_seat, small_seat, big, bool(live[small_seat]))


def _restart(big: int, live: Sequence[bool]) -> Positions:
    """Multiway positions with the big blind on `big` and the two live seats before it."""
    order = seats_from(big, live)
    small, button = order[-2], order[-3]
    return Positions(button, small, big)


def draw_button(live: Sequence[bool], rng: random.Random) -> int:
    """A random live seat for the first button (the injected `rng` keeps games replayable)."""
    return rng.choice([seat for seat, flag in enumerate(live) if flag])


def busted_order(stacks_before: Sequence[int], stacks_after: Sequence[int]) -> list[int]:
    """Seats that busted in one hand, the smallest starting stack first (it finishes lowest)."""
    busted = [
        seat
        for seat, (before, after) in enumerate(zip(stacks_before, stacks_after, strict=True))
        if before > 0 and after == 0
    ]
    return sorted(busted, key=lambda seat: (stacks_before[seat], -seat))


@dataclass
class Table:
    """The seats of one game: names, stacks and where the button and blinds are."""

    names: tuple[str, ...]
    stacks: list[int]
    positions: Positions | None = None

    @property
    def live(self) -> list[bool]:
        """For each seat, whether its player still has chips."""
        return [stack > 0 for stack in self.stacks]

    @property
    def players_left(self) -> int:
        """How many players still have chips."""
        return sum(1 for stack in self.stacks if stack > 0)

    def move_button(self, rng: random.Random | None = None, button: int | None = None) -> Positions:
        """Set and return the positions for the next hand (the first: `button`, or drawn)."""
        if self.positions is None:
            if button is None:
                if rng is None:
                    raise ValueError("the first button needs a seat or a random source to draw it")
                button = draw_button(self.live, rng)
            self.positions = first_positions(self.live, button)
        else:
            self.positions = next_positions(self.positions, self.live)
        return self.positions
