"""Hands of a betting game at a table of chips: what the freezeout and the cash game share.

`ChipGame` seats each hand with the players who have chips, places the button and blinds
(HOUSE_RULES 5) and the level's ante (25) at the schedule's level, runs the turn timer on the
time passed in (12), plays for seats sitting out (21) and takes the host's stack corrections
(final authority). What a busted seat means, and who may take a new seat, is the kind's
(`FreezeoutSession`, `CashSession`). Pure: an injected `random.Random`, no clock, no I/O.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence

from homegame.engine.actions import Action, Check, Fold
from homegame.engine.card_sources import CardSource, Dealt
from homegame.engine.dealing import Dealing
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import Hand, Phase
from homegame.engine.schedule import BlindSchedule, Level
from homegame.engine.seat_status import SeatStatus
from homegame.engine.session_events import (
    BombPotCalled,
    CameBack,
    LevelChanged,
    PlayerJoined,
    SatOut,
    StacksCorrected,
    TimedOut,
)
from homegame.engine.table import Positions, Table, first_positions, next_positions
from homegame.variants import Variant, get_variant

#: HOUSE_RULES 28: a bomb pot's ante, in big blinds, unless the settings say otherwise.
DEFAULT_BOMB_POT_BIG_BLINDS = 2
#: HOUSE_RULES 12: this many timeouts in a row sit a player out.
TIMEOUTS_TO_SIT_OUT = 2


class ChipGame(Dealing):
    """Hands of Hold'em or Yukon at a table of chip stacks, deal after deal."""

    def __init__(
        self,
        variant: Variant | str,
        names: Sequence[str],
        *,
        rng: random.Random,
        stacks: Sequence[int],
        schedule: BlindSchedule,
        button: int | None,
        turn_timer: float,
        burn_cards: bool,
        muck_losers: bool,
        ask_losers: bool,
        cards: CardSource | None,
        bomb_pot_every: int = 0,
        bomb_pot_big_blinds: int = DEFAULT_BOMB_POT_BIG_BLINDS,
        run_twice: bool = False,
    ) -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        if not self.variant.has_chips:
            raise ValueError(f"{self.variant.name} has no betting: play it as a series")
        count = len(names)
        problem = self.variant.players_problem(count)
        if problem is not None:
            raise ValueError(problem)
        chips = list(stacks)
        if len(chips) != count or any(c <= 0 for c in chips):
            raise ValueError("every player needs a starting stack above zero")
        if button is not None and not 0 <= button < count:
            raise ValueError(f"no seat {button} for the button")
        if turn_timer < 0:
            raise ValueError("the turn timer cannot be negative")
        if bomb_pot_every < 0 or bomb_pot_big_blinds < 1:
            raise ValueError(
                "bomb pots come every 0 (never) or more hands, for 1 big blind or more"
            )
        self.names = tuple(names)
        self.table = Table(self.names, chips)
        self.rng = rng
        self.schedule = schedule
        self.level: Level = schedule.level(1)
        self.turn_timer = turn_timer
        self.burn_cards = burn_cards
        self.muck_losers = muck_losers
        #: HOUSE_RULES 8: a losing hand is asked to show or muck (an input) rather than mucked.
        self.ask_losers = ask_losers
        self.cards: CardSource = cards if cards is not None else Dealt(rng)
        self.total_chips = sum(chips)
        self.deals = 0
        self.elapsed = 0.0
        self.hand: Hand | None = None
        self.positions: Positions | None = None
        self.timeouts = [0] * count
        self._sitting_out: set[int] = set()
        self._waited = 0.0
        self._first_button = button
        #: Seats taken since the last hand: dealt in next hand, posting no blind in it.
        self._joined: set[int] = set()
        #: HOUSE_RULES 28: every this many hands a bomb pot (0: only when the host calls one),
        #: whose ante is this many big blinds; and whether the host called the next one.
        self.bomb_pot_every = bomb_pot_every
        self.bomb_pot_big_blinds = bomb_pot_big_blinds
        self.bomb_called = False
        #: HOUSE_RULES 27: an all-in run-out before the river asks to run it twice.
        self.run_twice = run_twice

    @abstractmethod
    def is_out(self, seat: int) -> bool:
        """True for a seat no longer in the game (and not in the current hand)."""

    @abstractmethod
    def _settle_busts(self, before: Sequence[int]) -> list[Event]:
        """What seats that ran out of chips (stacks were `before`) mean to the game."""

    # -- state -------------------------------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind for every table seat now (during a hand, bets are in the middle)."""
        if self.in_hand:
            assert self.hand is not None
            return self.hand.stacks
        return tuple(self.table.stacks)

    @property
    def players_left(self) -> int:
        """Players who still have chips."""
        return self.table.players_left

    @property
    def sitting_out(self) -> frozenset[int]:
        """Seats the game checks or folds for (HOUSE_RULES 12, 21)."""
        return frozenset(self._sitting_out)

    @property
    def stacks_at_deal(self) -> tuple[int, ...]:
        """Each seat's chips as the hand being played was dealt (between hands: now), bets and
        pots still theirs: the standings a room follows mid-hand."""
        return tuple(self.table.stacks)

    def chips_in_play(self) -> int:
        """Every chip at the table: stacks plus what is in the middle of the current hand."""
        if self.in_hand:
            hand = self.hand
            assert hand is not None
            # Host mode: pots already awarded while others wait are in the stacks, not the middle.
            paid = sum(p.amount for p in hand.settled_pots or () if p is not None)
            return sum(self.stacks) + hand.pot_total - paid
        return sum(self.table.stacks)

    def audit(self) -> str | None:
        """A stack below zero, or chips made or lost against the count the game keeps."""
        stacks = self.stacks
        if any(chips < 0 for chips in stacks):
            return f"a stack went negative: {stacks}"
        chips = self.chips_in_play()
        if chips != self.total_chips:
            return f"{chips} chips at the table, {self.total_chips} expected"
        return None

    # -- hands -------------------------------------------------------------------------------

    def start_deal(self) -> list[Event]:
        """Deal the next hand: the level for the time passed in and hands played, the blinds."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.in_hand:
            raise IllegalAction("the current hand is not finished")
        events: list[Event] = []
        straddle, straddle_seat = self._straddle()  # said before the button moves
        bomb = self.next_is_bomb_pot  # (a bomb pot voids a straddle said for this hand)
        self.bomb_called = False
        level = self.schedule.level_at(self.deals, self.elapsed)
        if level.number > self.level.number:
            self.level = level
            events.append(
                LevelChanged(level.number, level.small_blind, level.big_blind, level.ante)
            )
        table = self.table
        if self._joined and table.positions is not None:
            # HOUSE_RULES 20: a late entry is dealt in but posts no blind in their first hand.
            blind_live = [c > 0 and s not in self._joined for s, c in enumerate(table.stacks)]
            table.positions = next_positions(table.positions, blind_live)
        else:
            table.move_button(self.rng, self._first_button)
        self._joined.clear()
        positions = self.positions = table.positions
        assert positions is not None
        status = [
            SeatStatus.OUT
            if chips <= 0
            else SeatStatus.SITTING_OUT
            if seat in self._sitting_out
            else SeatStatus.IN
            for seat, chips in enumerate(table.stacks)
        ]
        hand = self.hand = Hand(
            self.variant,
            table.stacks,
            button=positions.button,
            small_blind=self.level.small_blind,
            big_blind=self.level.big_blind,
            ante=self.bomb_pot_big_blinds * self.level.big_blind if bomb else self.level.ante,
            bb_ante=self.schedule.bb_ante and not bomb,
            bomb_pot=bomb,
            burn_cards=self.burn_cards,
            small_blind_seat=positions.small_blind,
            big_blind_seat=positions.big_blind,
            muck_losers=self.muck_losers,
            ask_losers=self.ask_losers,
            cards=self.cards,
            names=self.names,
            status=status,
            hand_id=self.deals + 1,
            straddle=straddle,
            straddle_seat=straddle_seat,
            run_twice=self.run_twice,
        )
        self.deals += 1
        self._waited = 0.0
        return events + hand.events + self._continue()

    @property
    def next_is_bomb_pot(self) -> bool:
        """HOUSE_RULES 28: the next hand is a bomb pot: every `bomb_pot_every`-th hand, or one
        the host called."""
        number = self.deals + (0 if self.in_hand else 1)
        every = self.bomb_pot_every
        return self.bomb_called or bool(every and number % every == 0)

    def call_bomb_pot(self) -> list[Event]:
        """Host mode, between hands: the next hand is a bomb pot (HOUSE_RULES 28)."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.in_hand:
            raise IllegalAction("a bomb pot is called between hands, for the next one")
        if self.next_is_bomb_pot:
            raise IllegalAction("the next hand is a bomb pot already")
        self.bomb_called = True
        return [BombPotCalled()]

    def _straddle(self) -> tuple[int, int | None]:
        """The next hand's straddle and its seat (HOUSE_RULES 26, a cash game's): none here."""
        return 0, None

    def next_positions(self) -> Positions | None:
        """The button and blinds the next hand will have (between hands; None while the first
        button is still to be drawn): what `start_deal` sets, worked out without setting it."""
        table = self.table
        if table.positions is None:
            if self._first_button is None:
                return None
            return first_positions(table.live, self._first_button)
        if self._joined:
            blind_live = [c > 0 and s not in self._joined for s, c in enumerate(table.stacks)]
            return next_positions(table.positions, blind_live)
        return next_positions(table.positions, table.live)

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """The seat to act (table seat `seat`, if given, must be it) plays `action`."""
        actor = self.to_act
        events = self._act(action, seat)
        if actor is not None:
            self.timeouts[actor] = 0
        self._waited = 0.0
        return events + self._continue()

    def _continue(self) -> list[Event]:
        """Settle the hand if it is over (the hand itself plays for seats sitting out)."""
        hand = self.hand
        assert hand is not None
        if not hand.is_over:
            return []
        table = self.table
        before = list(table.stacks)
        table.stacks[:] = hand.stacks
        return self._settle_busts(before)

    # -- time: the blind clock and the turn timer (HOUSE_RULES 10, 12) -----------------------

    def advance_time(self, seconds: float, *, turn_clock: bool = True) -> list[Event]:
        """`seconds` passed: the minutes clock moves on, and (`turn_clock`) the seat to act's
        turn timer; when it runs out the seat times out."""
        self._tick(seconds)
        if not turn_clock or not self._timer_running():
            return []
        self._waited += seconds
        if self._waited < self.turn_timer:
            return []
        return self.timeout()

    def _timer_running(self) -> bool:
        hand = self.hand
        if not self.turn_timer or hand is None or hand.is_over:
            return False
        return hand.to_act is not None and hand.phase is Phase.BETTING

    def time_left(self) -> float | None:
        """Seconds the player to act has left, or None when the turn timer is off."""
        if not self.turn_timer:
            return None
        return max(0.0, self.turn_timer - self._waited)

    def timeout(self) -> list[Event]:
        """The seat to act ran out of time: check if it can, else fold; twice in a row sits out."""
        hand = self._require_hand()
        seat = self.to_act
        if seat is None or hand.phase is not Phase.BETTING:
            raise IllegalAction("the turn timer only runs when someone must bet")
        legal = hand.legal_actions()
        checked = legal.can_check
        self.timeouts[seat] += 1
        self._waited = 0.0
        events: list[Event] = [TimedOut(seat, checked, self.timeouts[seat])]
        events += hand.act(Check() if checked else Fold())
        if self.timeouts[seat] >= TIMEOUTS_TO_SIT_OUT and seat not in self._sitting_out:
            self._sitting_out.add(seat)
            events.append(SatOut(seat))
            if not hand.is_over:
                events += hand.sit_out(seat)
        return events + self._continue()

    # -- seats -------------------------------------------------------------------------------

    def _check_new_player(self, name: str, stack: int) -> None:
        """A new seat for `name` (stripped) with `stack` chips may be taken (IllegalAction)."""
        if not name:
            raise IllegalAction("a new player needs a name")
        if any(n.casefold() == name.casefold() for n in self.names):
            raise IllegalAction(f"{name} is already at the table")
        if len(self.names) >= self.variant.max_players:
            raise IllegalAction(f"{self.variant.name} seats at most {self.variant.max_players}")
        if not isinstance(stack, int) or stack <= 0:
            raise IllegalAction(f"a new player needs chips above 0, not {stack!r}")

    def _seat(self, name: str, stack: int) -> list[Event]:
        """`name` takes a new seat left of the last one, dealt in from the next hand."""
        seat = len(self.names)
        self.names = (*self.names, name)
        self.table.names = self.names
        self.table.stacks.append(stack)
        self.timeouts.append(0)
        self.total_chips += stack
        if self.table.positions is not None:
            self._joined.add(seat)
        return [PlayerJoined(seat, name, stack)]

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.names):
            raise IllegalAction(f"no seat {seat} at this table")

    # -- sitting out (HOUSE_RULES 12, 21) ----------------------------------------------------

    def sit_out(self, seat: int) -> list[Event]:
        """`seat` steps away: blinds are still posted, the hand checks or folds in turn."""
        self._check_seat(seat)
        if self.is_out(seat):
            raise IllegalAction(f"{self.names[seat]} is out of the game")
        if seat in self._sitting_out:
            raise IllegalAction(f"{self.names[seat]} is already sitting out")
        self._sitting_out.add(seat)
        events: list[Event] = [SatOut(seat)]
        hand = self.hand
        if self.in_hand and hand is not None and self.in_deal(seat):
            events += hand.sit_out(seat)
            events += self._continue()
        return events

    def come_back(self, seat: int) -> list[Event]:
        """A player who was sitting out acts for themselves again."""
        self._check_seat(seat)
        if seat not in self._sitting_out:
            raise IllegalAction(f"{self.names[seat]} is not sitting out")
        self._sitting_out.discard(seat)
        self.timeouts[seat] = 0
        if self.in_hand and self.hand is not None and self.in_deal(seat):
            self.hand.sit_in(seat)
        return [CameBack(seat)]

    # -- final authority ---------------------------------------------------------------------

    def correct_stacks(self, stacks: Mapping[int, int], note: str = "") -> list[Event]:
        """Host mode, between hands: set seats' chips by hand where the real table disagrees.

        The correction is an event (so the history records it); the chip count the session
        checks against becomes the corrected total. A seat set to zero busts; a busted seat
        given chips plays again.
        """
        if self.in_hand:
            raise IllegalAction("correct the stacks between hands")
        if self.is_over:
            raise IllegalAction("the game is over")
        table = self.table
        for seat, chips in stacks.items():
            if not 0 <= seat < len(table.stacks):
                raise IllegalAction(f"no seat {seat} at this table")
            if not isinstance(chips, int) or chips < 0:
                raise IllegalAction(f"{self.names[seat]}'s stack must be 0 or more, not {chips!r}")
        after = list(table.stacks)
        for seat, chips in stacks.items():
            after[seat] = chips
        self._check_correction(after)
        before = list(table.stacks)
        table.stacks[:] = after
        self.total_chips = sum(after)
        events: list[Event] = [StacksCorrected(tuple(before), tuple(after), note)]
        events += self._settle_busts(before)
        return events

    def _check_correction(self, after: Sequence[int]) -> None:
        """Refuse stacks the game cannot be corrected to (IllegalAction)."""
        if sum(1 for chips in after if chips > 0) == 0:
            raise IllegalAction("at least one player must keep chips")
