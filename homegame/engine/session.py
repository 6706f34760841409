"""Whole games, hand after hand: the freezeout to the last player with chips, and the KRG series.

A session is a pure state machine over `Hand`: it seats each hand with the players still in,
places the button and blinds (HOUSE_RULES 5), raises the blinds (10), busts players and names
the winner (11), runs the turn timer on the time passed in (12), and for KRG keeps the series
score, the pool and the cube (13-17). It takes an injected `random.Random` (the button draw; the
cards too unless a card source `cards` is given), never reads a clock and does no I/O, so the
TUI, host mode and the simulator drive it alike. Both classes implement
`homegame.engine.session_interface.Session`, the only names the screens and the simulator use.

Seat numbers are table seats throughout: each hand keeps every table seat, with the players
who are not dealt in `SeatStatus.OUT` and those sitting out `SeatStatus.SITTING_OUT`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from homegame.cards import Card
from homegame.defaults import (
    DEFAULT_BUY_IN,
    DEFAULT_LATE_ENTRY_UNTIL_LEVEL,
    DEFAULT_STACK,
    DEFAULT_WINS,
    TieRule,
)
from homegame.engine.actions import Action, Check, Fold, LegalActions
from homegame.engine.card_sources import CardSource, Dealt
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import Hand, Phase
from homegame.engine.krg_series import KrgSeries, makes_four_of_a_kind
from homegame.engine.schedule import BlindSchedule, Level
from homegame.engine.seat_draw import SeatDraw
from homegame.engine.seat_status import SeatStatus
from homegame.engine.session_events import (
    Busted,
    CameBack,
    Chopped,
    GameWon,
    LevelChanged,
    MoneyIn,
    PlayerJoined,
    SatOut,
    StacksCorrected,
    TimedOut,
)
from homegame.engine.session_interface import PlayerStanding, Session, Standings
from homegame.engine.table import Positions, Table, busted_order, next_positions, seats_from
from homegame.engine.views import HandView
from homegame.money.chop import ChopKind
from homegame.money.entries import (
    Entry,
    EntryKind,
    why_not_add_on,
    why_not_buy_in,
    why_not_late_entry,
    why_not_rebuy,
)
from homegame.money.errors import MoneyError
from homegame.money.freezeout import Chop, FreezeoutMoney, freezeout_money, make_chop
from homegame.money.ledger import LedgerLine
from homegame.money.settings import MoneySettings
from homegame.variants import KRG, Variant, get_variant

#: HOUSE_RULES 12: this many timeouts in a row sit a player out.
TIMEOUTS_TO_SIT_OUT = 2


class _Dealing:
    """What both kinds of session share: the current deal in table seats, and time."""

    #: How the first button was drawn (None: it was named), for the screens to show.
    seat_draw: SeatDraw | None = None
    names: tuple[str, ...]
    hand: Hand | None
    deals: int
    elapsed: float

    def _require_hand(self) -> Hand:
        hand = self.hand
        if hand is None or hand.is_over:
            raise IllegalAction("no hand is being played: start the next one")
        return hand

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None and not self.hand.is_over

    @property
    def to_act(self) -> int | None:
        """The table seat that must act now, or None."""
        hand = self.hand
        return None if hand is None else hand.to_act

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do."""
        return self._require_hand().legal_actions()

    def hand_seat(self, seat: int) -> int:
        """`seat`, checked to be dealt into the current hand (IllegalAction when it is not)."""
        hand = self.hand
        if hand is None or not (isinstance(seat, int) and 0 <= seat < hand.n):
            raise IllegalAction(f"seat {seat} is not in this hand")
        hand.check_in_hand(seat)
        return seat

    def in_deal(self, seat: int) -> bool:
        """True when table seat `seat` was dealt into the current (or last) deal."""
        hand = self.hand
        return hand is not None and 0 <= seat < hand.n and seat not in hand.out

    def _tick(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"time only moves forward, not by {seconds} seconds")
        self.elapsed += seconds

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        """Table seat `seat`'s cards in the current hand (for that seat, a bot or a test)."""
        if self.hand is None:
            return ()
        return self.hand.hole_cards(self.hand_seat(seat))

    def view_for(self, seat: int | None) -> HandView:
        """What table seat `seat` (None: everyone) may see of the current hand."""
        if self.hand is None:
            raise IllegalAction("no hand has been dealt yet")
        return self.hand.view_for(None if seat is None else self.hand_seat(seat))

    def _act(self, action: Action, seat: int | None) -> list[Event]:
        hand = self._require_hand()
        return hand.act(action, None if seat is None else self.hand_seat(seat))

    def reveal_board(self, slot: str, card: Card) -> list[Event]:
        """Host mode: enter the card dealt into a board slot."""
        hand = self._require_hand()
        return hand.reveal_board(slot, card) + self._continue()

    def show(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """Host mode: enter the cards table seat `seat` turned up (showdown or all-in run-out)."""
        hand = self._require_hand()
        return hand.show(self.hand_seat(seat), cards) + self._continue()

    def pending_awards(self) -> list[int]:
        """Host mode: indexes of the pots waiting for the host to name their winners."""
        return [] if self.hand is None else self.hand.pending_awards()

    def money(self) -> FreezeoutMoney | None:
        """A freezeout's money (None: not played for money, or a KRG series: see `ledger_lines`)."""
        return None

    def award(
        self,
        pot_index: int,
        winners: Sequence[int],
        four_of_a_kind: Sequence[int] = (),
        boards: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Host mode: name the table seats that win a pot the cards could not settle (Double
        Board: or each board's, in `boards`)."""
        hand = self._require_hand()
        chosen = [self.hand_seat(s) for s in winners]
        each = [[self.hand_seat(s) for s in named] for named in boards]
        return hand.award(pot_index, chosen, each) + self._continue()

    def _continue(self) -> list[Event]:
        raise NotImplementedError


class FreezeoutSession(_Dealing):
    """A freezeout of Hold'em or Yukon: hands until one player has every chip."""

    def __init__(
        self,
        variant: Variant | str,
        names: Sequence[str],
        *,
        rng: random.Random,
        stack: int = DEFAULT_STACK,
        stacks: Sequence[int] | None = None,
        schedule: BlindSchedule | None = None,
        button: int | None = None,
        turn_timer: float = 0.0,
        burn_cards: bool = True,
        muck_losers: bool = True,
        ask_losers: bool = False,
        cards: CardSource | None = None,
        money: MoneySettings | None = None,
        late_entry_until_level: int = DEFAULT_LATE_ENTRY_UNTIL_LEVEL,
    ) -> None:
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        if not self.variant.has_betting:
            raise ValueError(f"{self.variant.name} has no betting: play it as a series")
        count = len(names)
        problem = self.variant.players_problem(count)
        if problem is not None:
            raise ValueError(problem)
        chips = list(stacks) if stacks is not None else [stack] * count
        if len(chips) != count or any(c <= 0 for c in chips):
            raise ValueError("every player needs a starting stack above zero")
        if button is not None and not 0 <= button < count:
            raise ValueError(f"no seat {button} for the button")
        if turn_timer < 0:
            raise ValueError("the turn timer cannot be negative")
        self.names = tuple(names)
        self.table = Table(self.names, chips)
        self.rng = rng
        self.schedule = schedule or BlindSchedule()
        self.level: Level = self.schedule.level(1)
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
        self.places: dict[int, int] = {}
        self.winner: int | None = None
        self._first_button = button
        self._joined: set[int] = set()
        self.starting_stack = stack
        self.late_entry_until_level = late_entry_until_level
        #: What the game is played for (None: chips only) and the money put in so far; every
        #: starting player has bought in before the first hand.
        self.money_settings = money
        self.entries: list[Entry] = []
        if money is not None:
            self.entries = [
                Entry(name, EntryKind.BUY_IN, money.buy_in, chips[seat], 0, 0.0)
                for seat, name in enumerate(self.names)
            ]
        self._chop: Chop | None = None

    # -- state -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once one player has every chip (HOUSE_RULES 11)."""
        return self.winner is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat with every chip, once there is one."""
        return () if self.winner is None else (self.winner,)

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

    def is_out(self, seat: int) -> bool:
        """True for a player who has busted (and is not still playing out the current hand)."""
        busted = self.table.stacks[seat] == 0
        return busted and not (self.in_hand and self.in_deal(seat))

    def chips_in_play(self) -> int:
        """Every chip at the table: stacks plus what is in the middle of the current hand."""
        if self.in_hand:
            hand = self.hand
            assert hand is not None
            # Host mode: pots already awarded while others wait are in the stacks, not the middle.
            paid = sum(p.amount for p in hand.settled_pots or () if p is not None)
            return sum(self.stacks) + hand.pot_total - paid
        return sum(self.table.stacks)

    def scoreboard(self) -> Standings:
        """Stacks, places and the blind level with what is left of it."""
        stacks = self.stacks
        players = tuple(
            PlayerStanding(
                seat,
                name,
                self.is_out(seat),
                seat in self._sitting_out,
                stacks[seat],
                self.places.get(seat),
            )
            for seat, name in enumerate(self.names)
        )
        finished = self.deals - (1 if self.in_hand else 0)
        return Standings(
            self.deals,
            players,
            level=self.level,
            hands_to_next_level=self.schedule.hands_to_next_level(finished),
            seconds_to_next_level=self.schedule.seconds_to_next_level(self.elapsed),
        )

    # -- hands -------------------------------------------------------------------------------

    def start_deal(self) -> list[Event]:
        """Deal the next hand: the level for the time passed in and hands played, the blinds."""
        if self.is_over:
            raise IllegalAction("the game is over")
        if self.in_hand:
            raise IllegalAction("the current hand is not finished")
        events: list[Event] = []
        level = self.schedule.level_at(self.deals, self.elapsed)
        if level.number > self.level.number:
            self.level = level
            events.append(LevelChanged(level.number, level.small_blind, level.big_blind))
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
            burn_cards=self.burn_cards,
            small_blind_seat=positions.small_blind,
            big_blind_seat=positions.big_blind,
            muck_losers=self.muck_losers,
            ask_losers=self.ask_losers,
            cards=self.cards,
            names=self.names,
            status=status,
            hand_id=self.deals + 1,
        )
        self.deals += 1
        self._waited = 0.0
        return events + hand.events + self._continue()

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
        return self._finish_hand() if hand.is_over else []

    def _finish_hand(self) -> list[Event]:
        assert self.hand is not None
        table = self.table
        before = list(table.stacks)
        table.stacks[:] = self.hand.stacks
        return self._settle_busts(before)

    def _settle_busts(self, before: Sequence[int]) -> list[Event]:
        """Busted events for seats that just ran out of chips, and the winner when one is left."""
        table = self.table
        events: list[Event] = []
        busted = busted_order(before, table.stacks)
        place = table.players_left + len(busted)
        for seat in busted:
            self.places[seat] = place
            self._sitting_out.discard(seat)
            events.append(Busted(seat, place, self.deals))
            place -= 1
        if table.players_left == 1:
            winner = next(s for s, chips in enumerate(table.stacks) if chips > 0)
            self.winner = winner
            self.places[winner] = 1
            events.append(GameWon(winner, table.stacks[winner], self.deals))
        return events

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

    def join(self, name: str, stack: int) -> list[Event]:
        """HOUSE_RULES 20, between hands: a late player takes a new seat (left of the last one)."""
        if self.in_hand:
            raise IllegalAction("a late player joins between hands")
        if self.is_over:
            raise IllegalAction("the game is over")
        name = name.strip()
        if not name:
            raise IllegalAction("a new player needs a name")
        if any(n.casefold() == name.casefold() for n in self.names):
            raise IllegalAction(f"{name} is already at the table")
        if len(self.names) >= self.variant.max_players:
            raise IllegalAction(f"{self.variant.name} seats at most {self.variant.max_players}")
        if not isinstance(stack, int) or stack <= 0:
            raise IllegalAction(f"a new player needs chips above 0, not {stack!r}")
        if self.deals:
            problem = why_not_late_entry(
                name, self.entries, level=self.level_now, until_level=self.late_entry_until_level
            )
            if problem:
                raise IllegalAction(problem)
        seat = len(self.names)
        self.names = (*self.names, name)
        self.table.names = self.names
        self.table.stacks.append(stack)
        self.timeouts.append(0)
        self.total_chips += stack
        if self.table.positions is not None:
            self._joined.add(seat)
        return [PlayerJoined(seat, name, stack)]

    @property
    def level_now(self) -> int:
        """The level number the next hand is dealt at (the one being played, during a hand)."""
        finished = self.deals - (1 if self.in_hand else 0)
        return max(self.schedule.level_at(finished, self.elapsed).number, self.level.number)

    # -- money (HOUSE_RULES 18-20): journalled inputs, between hands -------------------------

    def _money_move(self, what: str) -> MoneySettings:
        """The money settings, checked that `what` may happen now (IllegalAction if not)."""
        if self.money_settings is None:
            raise IllegalAction("this game is not played for money")
        if self.in_hand:
            raise IllegalAction(f"{what} between hands")
        if self.is_over:
            raise IllegalAction("the game is over")
        return self.money_settings

    def _pay_in(self, seat: int, kind: EntryKind, cents: int, chips: int) -> list[Event]:
        self.entries.append(Entry(self.names[seat], kind, cents, chips, self.deals, self.elapsed))
        return [MoneyIn(seat, kind.value, cents, chips)]

    def buy_in(self, name: str) -> list[Event]:
        """A new player buys the starting stack: before the first hand a buy-in, after it a late
        entry (HOUSE_RULES 20: dealt in from the next hand, posting no blind that hand)."""
        settings = self._money_move("buy in")
        name = name.strip()
        kind = EntryKind.LATE_ENTRY if self.deals else EntryKind.BUY_IN
        problem = why_not_buy_in(name, self.entries)
        if problem:
            raise IllegalAction(problem)
        events = self.join(name, self.starting_stack)
        seat = len(self.names) - 1
        return events + self._pay_in(seat, kind, settings.buy_in, self.starting_stack)

    def rebuy(self, seat: int) -> list[Event]:
        """HOUSE_RULES 19: the starting stack for the buy-in, while busted or at or below it."""
        settings = self._money_move("rebuy")
        self._check_seat(seat)
        stack = self.table.stacks[seat]
        problem = why_not_rebuy(
            settings,
            self.names[seat],
            level=self.level_now,
            stack=stack,
            starting_stack=self.starting_stack,
        )
        if problem:
            raise IllegalAction(problem)
        self._add_chips(seat, self.starting_stack)
        return self._pay_in(seat, EntryKind.REBUY, settings.buy_in, self.starting_stack)

    @property
    def at_first_break(self) -> bool:
        """HOUSE_RULES 19: the add-on's moment. With breaks in the schedule, during the first
        one; without, between hands in the first level after the rebuy period."""
        settings = self.money_settings
        breaks = self.schedule.breaks
        if breaks:
            return self.schedule.segment_at(self.elapsed).on_break == breaks[0]
        until = settings.rebuy_until_level if settings is not None else 0
        return self.level_now == until + 1

    def add_on(self, seat: int) -> list[Event]:
        """HOUSE_RULES 19: one add-on per player (still in) at the first break."""
        settings = self._money_move("the add-on is bought")
        self._check_seat(seat)
        if self.is_out(seat):
            raise IllegalAction(f"{self.names[seat]} is out of the game")
        problem = why_not_add_on(
            settings, self.names[seat], self.entries, at_first_break=self.at_first_break
        )
        if problem or settings.add_on is None:
            raise IllegalAction(problem or "this game has no add-on")
        self._add_chips(seat, settings.add_on.chips)
        return self._pay_in(seat, EntryKind.ADD_ON, settings.add_on.price, settings.add_on.chips)

    def _add_chips(self, seat: int, chips: int) -> None:
        """Bought chips: on the seat's stack and in the chip count; a busted seat plays again."""
        self.table.stacks[seat] += chips
        self.total_chips += chips
        self.places.pop(seat, None)

    def chop(self, kind: ChopKind | str) -> list[Event]:
        """HOUSE_RULES 18: the players still in share the prizes left, by `kind` (equal, chips,
        icm); odd cents one each from the first seat left of the button (as HOUSE_RULES 4)."""
        self._money_move("chop")
        try:
            how = ChopKind(kind)
        except ValueError:
            raise IllegalAction(f"a chop is equal, chips or icm, not {kind!r}") from None
        live = [chips > 0 for chips in self.table.stacks]
        button = self.positions.button if self.positions is not None else len(live) - 1
        seats = tuple(seats_from(button, live))
        money = self.money()
        assert money is not None
        try:
            agreed = make_chop(
                money,
                how,
                [self.names[s] for s in seats],
                [self.table.stacks[s] for s in seats],
                self.deals,
                self.elapsed,
            )
        except MoneyError as error:
            raise IllegalAction(str(error)) from None
        self._chop = agreed
        return [Chopped(how.value, seats, agreed.cents)]

    def money(self) -> FreezeoutMoney | None:
        """The money now: entries, pool, fee, payouts, prizes by known place, the chop."""
        if self.money_settings is None:
            return None
        places = {place: self.names[seat] for seat, place in self.places.items()}
        return freezeout_money(self.money_settings, self.entries, places, self._chop)

    def ledger_lines(self, game: str) -> tuple[LedgerLine, ...]:
        """This game's lines for the night's ledger (none when it is played for chips only)."""
        money = self.money()
        return () if money is None else money.ledger(game)

    def set_clock(self, elapsed: float) -> None:
        """Host mode, between hands: the live clock was moved, back or on, to `elapsed` seconds.

        The next hand is dealt at the level for that time. Time passed in never lowers the blinds
        (a clock out of order); only the host does, here.
        """
        if self.in_hand:
            raise IllegalAction("the clock is moved between hands")
        if elapsed < 0:
            raise ValueError(f"the clock cannot be set before the start, to {elapsed} seconds")
        self.elapsed = elapsed
        level = self.schedule.level_at(self.deals, elapsed)
        if level.number < self.level.number:
            self.level = level

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

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.names):
            raise IllegalAction(f"no seat {seat} at this table")

    # -- no doubling cube in a freezeout -----------------------------------------------------

    def cube_turners(self) -> list[int]:
        """Nobody: a freezeout has no doubling cube."""
        return []

    def cube_pending(self) -> list[int]:
        """Nobody: a freezeout has no doubling cube."""
        return []

    def turn_cube(self, seat: int) -> list[Event]:
        """Refused: a freezeout has no doubling cube."""
        raise IllegalAction("this game has no doubling cube (KRG has one)")

    def answer_cube(self, seat: int, double: bool) -> list[Event]:
        """Refused: a freezeout has no doubling cube."""
        raise IllegalAction("this game has no doubling cube (KRG has one)")

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
        if sum(1 for chips in after if chips > 0) == 0:
            raise IllegalAction("at least one player must keep chips")
        before = list(table.stacks)
        table.stacks[:] = after
        self.total_chips = sum(after)
        for seat, chips in enumerate(after):
            if chips > 0:
                self.places.pop(seat, None)
        events: list[Event] = [StacksCorrected(tuple(before), tuple(after), note)]
        events += self._settle_busts(before)
        return events


class KrgSession(_Dealing):
    """A KRG series: deals among the players still in, to the wins target (HOUSE_RULES 13-17)."""

    def __init__(
        self,
        names: Sequence[str],
        *,
        rng: random.Random,
        target: int = DEFAULT_WINS,
        buy_in: int = DEFAULT_BUY_IN,
        tie_rule: TieRule = TieRule.SHARE,
        cube: bool = False,
        side_bet: int = 0,
        dealer: int | None = None,
        burn_cards: bool = True,
        cards: CardSource | None = None,
    ) -> None:
        self.names = tuple(names)
        if dealer is None:
            dealer = rng.randrange(len(names)) if names else 0
        self.series = KrgSeries(
            self.names,
            target=target,
            buy_in=buy_in,
            tie_rule=tie_rule,
            cube=cube,
            side_bet=side_bet,
            dealer=dealer,
        )
        self.variant = KRG
        self.rng = rng
        self.burn_cards = burn_cards
        self.cards: CardSource = cards if cards is not None else Dealt(rng)
        self.hand: Hand | None = None
        self.deals = 0
        self.elapsed = 0.0
        self.awaiting_winners = False

    def ledger_lines(self, game: str) -> tuple[LedgerLine, ...]:
        """The series' pool, cube stakes and side pools for the night's ledger."""
        return self.series.ledger(game)

    @property
    def is_over(self) -> bool:
        """True once the pool has been paid out."""
        return self.series.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that took the pool."""
        return self.series.winners

    @property
    def in_hand(self) -> bool:
        """True while a deal is played or waits for the host to name its winners."""
        return super().in_hand or self.awaiting_winners

    @property
    def sitting_out(self) -> frozenset[int]:
        """Nobody: every player in a KRG deal discards for themselves."""
        return frozenset()

    def is_out(self, seat: int) -> bool:
        """True for a player who dropped out of the series."""
        return not self.series.in_series[seat]

    def scoreboard(self) -> Standings:
        """Who is still in, and the series score: wins, the pool, the cube, the side bet."""
        players = tuple(
            PlayerStanding(seat, name, self.is_out(seat), False, None, None)
            for seat, name in enumerate(self.names)
        )
        return Standings(self.deals, players, series=self.series.scoreboard())

    def start_deal(self) -> list[Event]:
        """Deal to every player still in the series, the dealer holding the button."""
        if self.is_over:
            raise IllegalAction("the series is over")
        if self.in_hand:
            raise IllegalAction("the current deal is not finished")
        if self.series.pending:
            raise IllegalAction("every player must answer the cube before the next deal")
        players = self.series.players
        self.hand = Hand(
            KRG,
            [0] * len(players),
            button=self.series.dealer,
            burn_cards=self.burn_cards,
            cards=self.cards,
            names=self.names,
            status=[SeatStatus.IN if p.in_series else SeatStatus.OUT for p in players],
            hand_id=self.deals + 1,
        )
        self.deals += 1
        return self.hand.events + self._continue()

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """The seat to act discards (or, in host mode, shows its hand)."""
        return self._act(action, seat) + self._continue()

    def _continue(self) -> list[Event]:
        hand = self.hand
        assert hand is not None
        if hand.phase is Phase.AWARD:
            # Host mode: the cards typed do not decide the deal. The host names its winner, or
            # types the rest (a river after the hands were shown) and the cards decide it.
            self.awaiting_winners = True
            return []
        if not hand.is_over:
            return []
        self.awaiting_winners = False
        if not hand.winners:
            self.awaiting_winners = True
            return []
        quads = []
        if self.series.side_pool:
            board = hand.board.values()
            for seat in hand.seats:
                kept = hand.hole_cards(seat)
                if None not in kept and makes_four_of_a_kind(kept, board):  # type: ignore[arg-type]
                    quads.append(seat)
        return self.series.score_deal(list(hand.winners), quads)

    def advance_time(self, seconds: float, *, turn_clock: bool = True) -> list[Event]:
        """Time passes; a KRG series has no clock and no turn timer."""
        self._tick(seconds)
        return []

    def time_left(self) -> float | None:
        """None: KRG has no turn timer."""
        return None

    def sit_out(self, seat: int) -> list[Event]:
        """Refused: nobody can discard for a player."""
        raise IllegalAction("nobody sits out in KRG: every player discards for themselves")

    def come_back(self, seat: int) -> list[Event]:
        """Refused: nobody sits out in KRG."""
        raise IllegalAction(f"{self.names[seat]} is not sitting out")

    def correct_stacks(self, stacks: Mapping[int, int], note: str = "") -> list[Event]:
        """Refused: a KRG series has no chips to correct."""
        raise IllegalAction("a KRG series has no chip stacks to correct")

    # -- host mode ---------------------------------------------------------------------------

    def pending_awards(self) -> list[int]:
        """Host mode: [0] while the deal waits for the host to name its winners."""
        return [0] if self.awaiting_winners else []

    def award(
        self,
        pot_index: int,
        winners: Sequence[int],
        four_of_a_kind: Sequence[int] = (),
        boards: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Host mode: name the deal's winners (and any four of a kind) when cards went unentered."""
        if not self.awaiting_winners:
            raise IllegalAction("no deal is waiting for its winners")
        if pot_index != 0:
            raise IllegalAction(f"a KRG deal has one result to name, not pot {pot_index}")
        if boards:
            raise IllegalAction("a KRG deal has one board: name its winners")
        events: list[Event] = []
        hand = self.hand
        if hand is not None and hand.phase is Phase.AWARD:
            events += hand.award(0, winners)  # the deal ends with the winners named
        events += self.series.score_deal(winners, four_of_a_kind)
        self.awaiting_winners = False
        return events

    # -- the doubling cube (HOUSE_RULES 16) --------------------------------------------------

    def cube_turners(self) -> list[int]:
        """The seats that may turn the doubling cube between deals (none when it is off)."""
        if self.is_over:
            return []
        return [s for s in range(len(self.names)) if self.series.can_turn_cube(s) is None]

    def cube_pending(self) -> list[int]:
        """Seats that still must answer the cube."""
        return list(self.series.pending)

    def turn_cube(self, seat: int) -> list[Event]:
        """Between deals, `seat` turns the doubling cube (HOUSE_RULES 16)."""
        if self.in_hand:
            raise IllegalAction("the cube may only be turned between deals")
        return self.series.turn_cube(seat)

    def answer_cube(self, seat: int, double: bool) -> list[Event]:
        """`seat` doubles its stake or drops out of the series."""
        return self.series.answer_cube(seat, double)


#: Both kinds of game implement the one Session interface (mypy checks it here).
SESSION_KINDS: tuple[type[Session], ...] = (FreezeoutSession, KrgSession)
