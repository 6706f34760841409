"""The cash game (HOUSE_RULES 22): fixed blinds (an ante, 25), buy-ins and top-ups, cash-outs,
no winner.

A `CashSession` plays `ChipGame` hands (the same `Hand`, seats, dead button and sitting out as
the freezeout, none of its late entry, rebuys, add-ons or chop) with the money rules of
`homegame.money.cash`, and is the game's `CashGame` capability: each player buys in for chips at
the rate, tops up between hands to at most the maximum buy-in, and cashes out between hands with the
chips in front of them, leaving the table. A busted player keeps the seat (dealt out) until they
top up or leave. The game ends when the host ends it: everyone still seated cashes out. Every
money move is an input with its events, so the journal replays it (resume, undo); the ledger
lines come from the moves, and the chips on the table are always the chips bought (a correction
moves chips between seats). Pure: no clock, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from homegame.engine.capabilities import CashGame
from homegame.engine.card_sources import CardSource
from homegame.engine.chip_game import DEFAULT_BOMB_POT_BIG_BLINDS, ChipGame
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event, seat_name
from homegame.engine.hand import Hand
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session_events import MoneyEvent
from homegame.engine.session_interface import PlayerStanding, Standings
from homegame.money.amounts import format_cents, money_text
from homegame.money.cash import CashKind, CashMove, CashSettings, why_not_buy, why_not_cash_out
from homegame.money.errors import MoneyError
from homegame.money.ledger import LedgerLine
from homegame.variants import Variant

#: Hands per level of the cash game's one level: the blinds never go up.
FIXED = 10**12


@dataclass(frozen=True, slots=True)
class CashMoved(MoneyEvent, Event):
    """A buy-in, top-up or cash-out between hands: `chips` worth `cents` at the game's rate."""

    seat: int
    kind: str
    chips: int
    cents: int

    def describe_in(self, currency: str, names: Sequence[str] | None = None) -> str:
        who = seat_name(names, self.seat)
        verb = {"buy-in": "buys in for", "top-up": "tops up", "cash-out": "cashes out"}
        worth = money_text(self.cents, currency)
        return f"{who} {verb.get(self.kind, self.kind)} {self.chips:,} chips ({worth})"


@dataclass(frozen=True, slots=True)
class CashGameEnded(Event):
    """The host ended the cash game after `hands` hands; everyone seated has cashed out."""

    hands: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"The cash game is over after {self.hands} hand{'s' if self.hands != 1 else ''}"


@dataclass(frozen=True, slots=True)
class StraddleCalled(Event):
    """HOUSE_RULES 26: before the cards, the player left of the big blind straddles the next
    hand for `amount` (posted as the hand starts)."""

    seat: int
    amount: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        return f"{seat_name(names, self.seat)} chooses to straddle {self.amount:,}"


@dataclass(frozen=True, slots=True)
class SevenDeuceBounty(Event):
    """HOUSE_RULES 29: `seat` won a pot with 7-2 shown and collects `chips[i]` from each of
    `payers[i]` (all-in for less: what they had), after the pot was pushed."""

    seat: int
    payers: tuple[int, ...]
    chips: tuple[int, ...]

    def describe(self, names: Sequence[str] | None = None) -> str:
        who = seat_name(names, self.seat)
        paid = ", ".join(
            f"{seat_name(names, p)} {c:,}" for p, c in zip(self.payers, self.chips, strict=True)
        )
        return f"{who} won with 7-2: the 7-2 bounty, {sum(self.chips):,} chips ({paid})"


#: The ranks of the seven-deuce (`Card.rank`: 0 is a two, 5 a seven).
SEVEN_DEUCE = {0, 5}


class CashSession(ChipGame):
    """A cash game of Hold'em or Yukon: hands at fixed blinds until the host ends it."""

    def __init__(
        self,
        variant: Variant | str,
        names: Sequence[str],
        *,
        rng: random.Random,
        small_blind: int = 10,
        big_blind: int = 20,
        ante: int = 0,
        bb_ante: bool = False,
        cents_per_chip: int = 1,
        max_buy_in_big_blinds: int | None = None,
        buy_ins: Sequence[int] | None = None,
        button: int | None = None,
        turn_timer: float = 0.0,
        burn_cards: bool = True,
        muck_losers: bool = True,
        ask_losers: bool = False,
        cards: CardSource | None = None,
        seven_deuce_bounty: int = 0,
        bomb_pot_every: int = 0,
        bomb_pot_big_blinds: int = DEFAULT_BOMB_POT_BIG_BLINDS,
        straddles: bool = False,
        run_twice: bool = False,
    ) -> None:
        try:
            extra = (
                {}
                if max_buy_in_big_blinds is None
                else {"max_buy_in_big_blinds": max_buy_in_big_blinds}
            )
            settings = CashSettings(big_blind, cents_per_chip, **extra)
        except MoneyError as exc:
            raise ValueError(str(exc)) from None
        if not 0 <= small_blind <= big_blind:
            raise ValueError("the small blind is 0 or more and at most the big blind")
        if ante < 0:
            raise ValueError("the ante cannot be negative")
        if seven_deuce_bounty < 0:
            raise ValueError("the 7-2 bounty cannot be negative")
        chips = list(buy_ins) if buy_ins is not None else [settings.max_buy_in] * len(names)
        if len(chips) != len(names):
            raise ValueError("one buy-in for each player")
        for name, amount in zip(names, chips, strict=True):
            problem = why_not_buy(settings, name, amount, 0)
            if problem is not None:
                raise ValueError(problem)
        super().__init__(
            variant,
            names,
            rng=rng,
            stacks=chips,
            schedule=BlindSchedule.by_hands(
                [(small_blind, big_blind, ante)], FIXED, bb_ante=bb_ante
            ),
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
        self.cash = settings
        #: Every buy-in, top-up and cash-out in order (the ledger is made from them).
        self.moves: list[CashMove] = [
            CashMove(name, CashKind.BUY_IN, amount, settings.cents(amount), 0, 0.0)
            for name, amount in zip(self.names, chips, strict=True)
        ]
        #: Seats whose player cashed out and left the table.
        self.left: set[int] = set()
        self.ended = False
        #: HOUSE_RULES 29: each player dealt in pays a 7-2 winner this many chips (0: off).
        self.seven_deuce_bounty = seven_deuce_bounty
        if seven_deuce_bounty and self.variant.hole_cards != 2:
            raise ValueError(f"the 7-2 bounty needs two hole cards, not {self.variant.name}'s")
        #: Every bounty paid, in order, for the ledger: (hand number, the event).
        self.bounties: list[tuple[int, SevenDeuceBounty]] = []
        self._bountied = 0
        #: HOUSE_RULES 26: the player left of the big blind may straddle each hand.
        self.straddles = straddles
        #: The seat that said it straddles the next hand (an input between hands), or None.
        self.straddling: int | None = None

    def cash_game(self) -> CashGame:
        """This game: buy-ins, top-ups, cash-outs and the end."""
        return self

    # -- the game as a whole -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the host has ended the game."""
        return self.ended

    @property
    def winners(self) -> tuple[int, ...]:
        """Nobody: a cash game has no winner, only what each player takes home."""
        return ()

    def is_out(self, seat: int) -> bool:
        """True for a player who cashed out and left (a busted player is still seated)."""
        return seat in self.left

    def seated(self, seat: int) -> bool:
        """True while the seat's player is at the table (with chips or busted)."""
        return 0 <= seat < len(self.names) and seat not in self.left

    def scoreboard(self) -> Standings:
        """Each seat's chips; the blinds never go up."""
        stacks = self.stacks
        players = tuple(
            PlayerStanding(
                seat, name, seat in self.left, seat in self._sitting_out, stacks[seat], None
            )
            for seat, name in enumerate(self.names)
        )
        return Standings(self.deals, players, level=self.level)

    def start_deal(self) -> list[Event]:
        """Deal the next hand to the seated players with chips (two are needed)."""
        if not self.ended and not self.in_hand and self.table.players_left < 2:
            raise IllegalAction("a hand needs two players with chips: buy in or top up first")
        stacks = self.table.stacks
        if sum(1 for s, c in enumerate(stacks) if c > 0 and s not in self._joined) < 2:
            self._joined.clear()  # too few to post the blinds without the new arrivals: all do
        return super().start_deal()

    # -- the straddle (HOUSE_RULES 26) ----------------------------------------------------------

    @property
    def straddle_amount(self) -> int:
        """A straddle is two big blinds."""
        return 2 * self.level.big_blind

    def straddler(self) -> int | None:
        """Between hands, the seat that may straddle the next hand: the first seat dealt in
        left of its big blind, with three or more dealt in and a small blind posted, not
        sitting out, with more chips than the straddle (the straddles off, or nobody: None)."""
        if not self.straddles or self.in_hand or self.ended or self.next_is_bomb_pot:
            return None
        if sum(1 for chips in self.table.stacks if chips > 0) < 3:
            return None
        seat = self._seat_left_of_big_blind()
        positions = self.next_positions()
        # Not over a dead small blind: PHH (pokerkit) reads a big blind and a straddle with no
        # small blind before them as a small and a big blind.
        if seat is None or positions is None or positions.small_blind is None:
            return None
        if seat in self._sitting_out or self.table.stacks[seat] <= self.straddle_amount:
            return None
        return seat

    def straddle(self, seat: int) -> list[Event]:
        """HOUSE_RULES 26: `seat` straddles the next hand (voluntary, each hand, between hands)."""
        if not self.straddles:
            raise IllegalAction("straddles are off in this game ([cash] straddle = true)")
        self._between_hands("a player straddles")
        self._check_seated(seat)
        allowed = self.straddler()
        name = self.names[seat]
        if self.straddling == seat:
            raise IllegalAction(f"{name} already straddles the next hand")
        if allowed is None or seat != allowed:
            amount = self.straddle_amount
            if seat == self._seat_left_of_big_blind():
                raise IllegalAction(
                    f"{name} needs more than {amount:,} chips to straddle {amount:,}"
                )
            who = "nobody" if allowed is None else self.names[allowed]
            raise IllegalAction(
                f"only the player left of the big blind may straddle: {who} next hand, not {name}"
            )
        self.straddling = seat
        return [StraddleCalled(seat, self.straddle_amount)]

    def _seat_left_of_big_blind(self) -> int | None:
        """The first seat with chips left of the next hand's big blind (None: not known yet)."""
        stacks = self.table.stacks
        if sum(1 for chips in stacks if chips > 0) < 2:
            return None
        positions = self.next_positions()
        if positions is None:
            return None
        n = len(stacks)
        return next(
            (
                (positions.big_blind + k) % n
                for k in range(1, n)
                if stacks[(positions.big_blind + k) % n]
            ),
            None,
        )

    def _straddle(self) -> tuple[int, int | None]:
        """The straddle said before this hand, posted with the blinds."""
        seat, self.straddling = self.straddling, None
        if seat is None or seat != self.straddler():  # void: the table changed since it was said
            return 0, None
        return self.straddle_amount, seat

    # -- the seven-deuce bounty (HOUSE_RULES 29) ------------------------------------------------

    def _continue(self) -> list[Event]:
        """Settle the hand if it is over, then pay its 7-2 bounties (chips between players)."""
        events = super()._continue()
        hand = self.hand
        if not self.seven_deuce_bounty or hand is None or not hand.is_over:
            return events
        if self._bountied == hand.hand_id:
            return events
        self._bountied = hand.hand_id
        before = list(self.table.stacks)
        paid = self._pay_bounties(hand)
        if paid:
            events += paid
            events += self._settle_busts(before)
        return events

    def _pay_bounties(self, hand: Hand) -> list[Event]:
        """HOUSE_RULES 29: each pot winner who showed 7-2 collects the bounty from every other
        player dealt in who did not (all-in for less: what they have)."""
        winners = {s for pot in hand.pots for s in pot.winners}
        qualified = [
            s
            for s in sorted(winners)
            if len(shown := hand.shown.get(s, ())) == 2
            and None not in shown
            and {c.rank for c in shown if c is not None} == SEVEN_DEUCE
        ]
        stacks = self.table.stacks
        events: list[Event] = []
        for seat in qualified:
            payers = tuple(p for p in hand.seats if p not in qualified and stacks[p] > 0)
            chips = tuple(min(self.seven_deuce_bounty, stacks[p]) for p in payers)
            for payer, amount in zip(payers, chips, strict=True):
                stacks[payer] -= amount
                stacks[seat] += amount
            if payers:
                event = SevenDeuceBounty(seat, payers, chips)
                self.bounties.append((self.deals, event))
                events.append(event)
        return events

    def _settle_busts(self, before: Sequence[int]) -> list[Event]:
        """Nobody is out of a cash game for losing their chips: they stay seated, dealt out."""
        for seat, chips in enumerate(self.table.stacks):
            if chips == 0:
                self._sitting_out.discard(seat)
        return []

    def _check_correction(self, after: Sequence[int]) -> None:
        """A correction moves chips between the seated players: every chip on the table was
        bought, and leaves it only in a cash-out."""
        super()._check_correction(after)
        for seat in sorted(self.left):
            if after[seat]:
                raise IllegalAction(f"{self.names[seat]} has left the table: buy in to play again")
        if sum(after) != self.total_chips:
            raise IllegalAction(
                f"the chips on the table were bought: the stacks must add up to "
                f"{self.total_chips:,}, not {sum(after):,} (buy, topup and cashout change them)"
            )

    # -- money between hands (HOUSE_RULES 22) ------------------------------------------------

    def _between_hands(self, what: str) -> None:
        if self.ended:
            raise IllegalAction("the cash game is over")
        if self.in_hand:
            raise IllegalAction(f"{what} between hands")

    def _record(self, seat: int, kind: CashKind, chips: int) -> list[Event]:
        cents = self.cash.cents(chips)
        self.moves.append(CashMove(self.names[seat], kind, chips, cents, self.deals, self.elapsed))
        return [CashMoved(seat, kind.value, chips, cents)]

    def buy_in(self, name: str, chips: int | None = None) -> list[Event]:
        """A new player (or one who left) buys in between hands; default the maximum buy-in."""
        self._between_hands("a player buys in")
        name = name.strip()
        chips = self.cash.max_buy_in if chips is None else chips
        seat = next((s for s, n in enumerate(self.names) if n.casefold() == name.casefold()), None)
        if seat is not None and seat not in self.left:
            raise IllegalAction(f"{self.names[seat]} is at the table: top up instead")
        problem = why_not_buy(self.cash, name or "a new player", chips, 0)
        if problem is not None:
            raise IllegalAction(problem)
        if seat is None:
            self._check_new_player(name, chips)
            events = self._seat(name, chips)
            seat = len(self.names) - 1
        else:  # back at the seat they left
            self.left.discard(seat)
            self.table.stacks[seat] = chips
            self.total_chips += chips
            if self.table.positions is not None:
                self._joined.add(seat)
            events = []
        return events + self._record(seat, CashKind.BUY_IN, chips)

    def top_up(self, seat: int, chips: int) -> list[Event]:
        """A seated player adds chips between hands, up to the maximum buy-in."""
        self._between_hands("a player tops up")
        self._check_seated(seat)
        problem = why_not_buy(self.cash, self.names[seat], chips, self.table.stacks[seat])
        if problem is not None:
            raise IllegalAction(problem)
        self.table.stacks[seat] += chips  # a busted player is dealt in again from the next hand
        self.total_chips += chips
        return self._record(seat, CashKind.TOP_UP, chips)

    def cash_out(self, seat: int, chips: int | None = None) -> list[Event]:
        """A player leaves between hands with the chips in front of them (`chips`: as counted,
        which must be them all)."""
        self._between_hands("a player cashes out")
        self._check_seated(seat)
        name = self.names[seat]
        stack = self.table.stacks[seat]
        chips = stack if chips is None else chips
        problem = why_not_cash_out(name, chips, stack) if stack else None
        if problem is not None:
            raise IllegalAction(problem)
        if chips != stack:
            raise IllegalAction(
                f"{name} has {stack:,} chips on the table and leaves with them all, not {chips:,}"
            )
        self.table.stacks[seat] = 0
        self.total_chips -= stack
        self.left.add(seat)
        self._sitting_out.discard(seat)
        return self._record(seat, CashKind.CASH_OUT, stack)

    def end(self) -> list[Event]:
        """The host ends the game between hands: everyone still seated cashes out."""
        self._between_hands("the game ends")
        events: list[Event] = []
        for seat in range(len(self.names)):
            if seat not in self.left:
                events += self.cash_out(seat)
        self.ended = True
        return [*events, CashGameEnded(self.deals)]

    def _check_seated(self, seat: int) -> None:
        self._check_seat(seat)
        if seat in self.left:
            raise IllegalAction(f"{self.names[seat]} has left the table: buy in to play again")

    # -- the ledger --------------------------------------------------------------------------

    def ledger_lines(self, game: str) -> tuple[LedgerLine, ...]:
        """The game's money lines: buy-ins and top-ups in, cash-outs out."""
        lines = []
        for move in self.moves:
            if move.kind is CashKind.CASH_OUT:
                line = LedgerLine(
                    game,
                    move.player,
                    move.kind.value,
                    cents_out=move.cents,
                    hand=move.hand,
                    seconds=move.seconds,
                )
            else:
                line = LedgerLine(
                    game,
                    move.player,
                    move.kind.value,
                    cents_in=move.cents,
                    hand=move.hand,
                    seconds=move.seconds,
                )
            lines.append(line)
        for hand, bounty in self.bounties:  # chips between players: no money in or out
            worth = format_cents(self.cash.cents(sum(bounty.chips)))
            lines.append(
                LedgerLine(
                    game,
                    self.names[bounty.seat],
                    f"7-2 bounty: {sum(bounty.chips):,} chips ({worth}) at the table",
                    hand=hand,
                )
            )
        return tuple(lines)

    def money_on_table(self) -> int:
        """Cents of the chips still at the table (in front of players and in the pot)."""
        return self.cash.cents(self.chips_in_play())

    def audit(self) -> str | None:
        """The chip count, the chips bought less the chips cashed out, and once the game is
        over the money paid out against the money paid in."""
        problem = super().audit()
        if problem is not None:
            return problem
        bought = sum(-m.chips if m.kind is CashKind.CASH_OUT else m.chips for m in self.moves)
        if bought != self.total_chips:
            return f"{self.total_chips} chips at the table, {bought} bought and not cashed out"
        if self.ended:
            paid_in = sum(m.cents for m in self.moves if m.kind is not CashKind.CASH_OUT)
            paid_out = sum(m.cents for m in self.moves if m.kind is CashKind.CASH_OUT)
            if paid_in != paid_out:
                return f"{paid_in} cents paid in, {paid_out} paid out"
        return None
