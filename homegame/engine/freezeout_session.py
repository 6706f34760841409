"""The freezeout of Hold'em or Yukon: hands until one player has every chip (HOUSE_RULES 10-12,
18-21).

`FreezeoutSession` plays `ChipGame` hands at the schedule's rising blinds, busts players in
order and names the winner (11), and, when played for money, takes the buy-ins, late entries,
rebuys, add-ons and a chop of `homegame.money` (18-20). It is the game's `Tournament`
capability. Pure: an injected `random.Random`, no clock, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from homegame.defaults import DEFAULT_LATE_ENTRY_UNTIL_LEVEL, DEFAULT_STACK
from homegame.engine.capabilities import Tournament
from homegame.engine.card_sources import CardSource
from homegame.engine.chip_game import DEFAULT_BOMB_POT_BIG_BLINDS, ChipGame
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session_events import Busted, Chopped, GameWon, MoneyIn
from homegame.engine.session_interface import PlayerStanding, Standings
from homegame.engine.table import busted_order, seats_from
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
from homegame.variants import Variant


class FreezeoutSession(ChipGame):
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
        bomb_pot_every: int = 0,
        bomb_pot_big_blinds: int = DEFAULT_BOMB_POT_BIG_BLINDS,
        run_twice: bool = False,
        money: MoneySettings | None = None,
        late_entry_until_level: int = DEFAULT_LATE_ENTRY_UNTIL_LEVEL,
    ) -> None:
        chips = list(stacks) if stacks is not None else [stack] * len(names)
        super().__init__(
            variant,
            names,
            rng=rng,
            stacks=chips,
            schedule=schedule or BlindSchedule(),
            button=button,
            turn_timer=turn_timer,
            burn_cards=burn_cards,
            muck_losers=muck_losers,
            ask_losers=ask_losers,
            cards=cards,
            bomb_pot_every=bomb_pot_every,
            bomb_pot_big_blinds=bomb_pot_big_blinds,
            run_twice=run_twice,
        )
        self.places: dict[int, int] = {}
        self.winner: int | None = None
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
        self._chop_seats: tuple[int, ...] = ()

    def tournament(self) -> Tournament:
        """This game: a freezeout's clock, late entry and money."""
        return self

    # -- state -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once one player has every chip (HOUSE_RULES 11), or once the players still in
        chopped the prizes left (HOUSE_RULES 18: nothing is left to play for)."""
        return self.winner is not None or self._chop is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat with every chip, once there is one; after a chop, the players who shared it."""
        if self.winner is None and self._chop is not None:
            return tuple(sorted(self._chop_seats))
        return () if self.winner is None else (self.winner,)

    def is_out(self, seat: int) -> bool:
        """True for a player who has busted (and is not still playing out the current hand)."""
        busted = self.table.stacks[seat] == 0
        return busted and not (self.in_hand and self.in_deal(seat))

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

    # -- hands: busts and the winner (HOUSE_RULES 11) ----------------------------------------

    def _settle_busts(self, before: Sequence[int]) -> list[Event]:
        """Busted events for seats that just ran out of chips, and the winner when one is left;
        a seat with chips again (a correction) has no place."""
        table = self.table
        for seat, chips in enumerate(table.stacks):
            if chips > 0:
                self._void_place(seat)
        events: list[Event] = []
        busted = busted_order(before, table.stacks)
        place = table.players_left + len(busted)
        for seat in busted:
            self.places[seat] = place
            self._sitting_out.discard(seat)
            events.append(Busted(seat, place, self.deals))
            place -= 1
        if table.players_left == 1 and not self.rebuys_open():
            events += self._won()
        return events

    def _won(self) -> list[Event]:
        """The one player left with chips wins (HOUSE_RULES 11)."""
        table = self.table
        winner = next(s for s, chips in enumerate(table.stacks) if chips > 0)
        self.winner = winner
        self.places[winner] = 1
        return [GameWon(winner, table.stacks[winner], self.deals)]

    # -- rebuys after the last bust (HOUSE_RULES 19) -----------------------------------------

    def rebuys_open(self) -> tuple[int, ...]:
        """The busted players who may still rebuy now: between hands, in the rebuy period."""
        settings = self.money_settings
        if settings is None or not settings.rebuys or self.in_hand or self.is_over:
            return ()
        if self.level_now > settings.rebuy_until_level:
            return ()
        return tuple(seat for seat, chips in enumerate(self.table.stacks) if chips == 0)

    @property
    def waiting_for_rebuy(self) -> bool:
        """One player has every chip, but the last bust came while a rebuy was open: a busted
        player may still buy back in (HOUSE_RULES 19), so nobody has won yet."""
        return not self.is_over and not self.in_hand and self.table.players_left == 1

    def no_rebuys(self) -> list[Event]:
        """Nobody rebuys after the last bust: the player with every chip wins."""
        if not self.waiting_for_rebuy:
            raise IllegalAction("no bust waits for a rebuy")
        return self._won()

    def start_deal(self) -> list[Event]:
        """Deal the next hand; refused while the game waits to hear whether a busted player
        rebuys (one player has every chip)."""
        if self.waiting_for_rebuy:
            names = ", ".join(self.names[s] for s in self.rebuys_open())
            raise IllegalAction(f"waiting for a rebuy ({names or 'nobody'}) or none")
        return super().start_deal()

    # -- late entry (HOUSE_RULES 20) ---------------------------------------------------------

    def join(self, name: str, stack: int) -> list[Event]:
        """HOUSE_RULES 20, between hands: a late player takes a new seat (left of the last one)."""
        if self.in_hand:
            raise IllegalAction("a late player joins between hands")
        if self.is_over:
            raise IllegalAction("the game is over")
        name = name.strip()
        self._check_new_player(name, stack)
        if self.deals:
            problem = why_not_late_entry(
                name, self.entries, level=self.level_now, until_level=self.late_entry_until_level
            )
            if problem:
                raise IllegalAction(problem)
        for other, place in self.places.items():  # one more entry: those out finish lower
            self.places[other] = place + 1
        return self._seat(name, stack)

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
        if self._chop is not None:
            raise IllegalAction("the prizes were chopped: the game is over")
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
        self._void_place(seat)

    def _void_place(self, seat: int) -> None:
        """`seat` plays again (a rebuy, a correction): its place is void, and every player out
        above it moves down one, so the places of those out stay the last ones, one each."""
        place = self.places.pop(seat, None)
        if place is None:
            return
        for other, theirs in self.places.items():
            if theirs < place:
                self.places[other] = theirs + 1

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
        self._chop_seats = seats
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
