"""No-limit and pot-limit betting for one hand: stacks, bets, the minimum raise, the most a
seat may bet, and who may still raise.

Rules (Hold'em rules document, HOUSE_RULES 1-3 and 6):
- the minimum bet is one big blind; a raise must add at least the last full bet or raise of the
  round, and never less than the big blind;
- an all-in for less than a full raise does not reopen the betting for a player who has already
  acted, but several short all-ins that add up to a full raise do (TDA 47): a seat that acted
  may raise again only if the bet has gone up by at least one full increment since it acted;
- a short big blind is posted all-in, the others still call the full big blind; a player who
  has matched every bet and faces only all-in opponents is never asked to act (a big blind
  short of the small blind, heads-up or folded to the small blind);
- pot-limit: a bet or raise is at most the pot after the caller calls (the bet to call, plus
  every chip in the middle, bets of this round included), or all-in when that is less;
- all-in is always allowed, except as a raise when the betting is not open to that seat, or
  (pot-limit) when it is more than the pot;
- a bet nobody called goes back to the bettor when the round ends.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from homegame.engine.actions import (
    Action,
    ActionKind,
    AllIn,
    BetRaise,
    Call,
    Check,
    Fold,
    LegalActions,
)
from homegame.engine.errors import IllegalAction
from homegame.engine.events import (
    Acted,
    AntePosted,
    BlindPosted,
    Event,
    UncalledReturned,
    seat_name,
)

NOT_ACTED = -1


class Betting:
    """The chips of one hand: stacks, this round's bets, totals put in, folds, the raise state."""

    __slots__ = (
        "acted_level",
        "aggressor",
        "antes",
        "bets",
        "big_blind",
        "current_bet",
        "folded",
        "live",
        "min_increment",
        "n",
        "names",
        "pot_limit",
        "stacks",
        "totals",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        big_blind: int,
        out: Collection[int] = (),
        pot_limit: bool = False,
    ) -> None:
        """`out`: table seats not dealt in (folded from the start); `pot_limit`: not no-limit."""
        self.pot_limit = pot_limit
        self.n = len(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * self.n
        self.totals = [0] * self.n
        self.antes = [0] * self.n
        self.folded = [s in out for s in range(self.n)] if out else [False] * self.n
        self.live = self.n - len(out)
        self.acted_level = [NOT_ACTED] * self.n
        self.big_blind = big_blind
        self.current_bet = 0
        self.min_increment = big_blind
        self.aggressor: int | None = None
        self.names: Sequence[str] | None = None

    # -- forced bets -------------------------------------------------------------------------

    def post_ante(self, seat: int, amount: int, for_table: bool = False) -> AntePosted | None:
        """Post a dead ante (as much of it as the stack covers); `for_table`: one seat antes
        for everyone (a big-blind ante)."""
        paid = min(amount, self.stacks[seat])
        if paid <= 0:
            return None
        self.stacks[seat] -= paid
        self.totals[seat] += paid
        self.antes[seat] += paid
        return AntePosted(seat, paid, self.stacks[seat] == 0, for_table)

    def post_blind(self, seat: int, amount: int, blind: str) -> BlindPosted | None:
        """Post a blind (short and all-in if the stack does not cover it)."""
        paid = min(amount, self.stacks[seat])
        if paid <= 0:
            return None
        self.stacks[seat] -= paid
        self.bets[seat] += paid
        self.totals[seat] += paid
        return BlindPosted(seat, blind, paid, self.stacks[seat] == 0)

    # -- rounds ------------------------------------------------------------------------------

    def start_round(self, current_bet: int = 0, min_increment: int | None = None) -> None:
        """Begin a betting round; before the flop `current_bet` is the full big blind (or the
        straddle, whose size is then the least raise: `min_increment`, HOUSE_RULES 26)."""
        self.current_bet = current_bet
        self.min_increment = self.big_blind if min_increment is None else min_increment
        self.aggressor = None
        self.acted_level = [NOT_ACTED] * self.n

    def live_count(self) -> int:
        """Seats still in the hand."""
        return self.live

    def _others_can_respond(self, seat: int) -> bool:
        """Could another live player put in more than the current bet (else raising is moot)?"""
        stacks = self.stacks
        bets = self.bets
        folded = self.folded
        current = self.current_bet
        for other in range(self.n):
            if other != seat and not folded[other] and stacks[other] + bets[other] > current:
                return True
        return False

    def _matched_every_all_in(self, seat: int) -> bool:
        """HOUSE_RULES 2: every opponent is all-in for no more than `seat` put in: no decision.

        Only a big blind posted short, for no more than the small blind, leaves a seat below the
        bet to call with nobody left to call or raise against it.
        """
        stacks = self.stacks
        bets = self.bets
        folded = self.folded
        mine = bets[seat]
        for other in range(self.n):
            if other != seat and not folded[other] and (stacks[other] or bets[other] > mine):
                return False
        return True

    def next_to_act(self, after: int) -> int | None:
        """The first seat to the left of `after` that must act, or None if the round is over."""
        n = self.n
        folded = self.folded
        if self.live < 2:
            return None
        stacks = self.stacks
        bets = self.bets
        acted = self.acted_level
        current = self.current_bet
        responders = -1
        seat = after
        for _ in range(n):
            seat += 1
            if seat == n:
                seat = 0
            if folded[seat] or not stacks[seat]:
                continue
            if bets[seat] < current:
                if not self._matched_every_all_in(seat):
                    return seat
                continue
            if acted[seat] == NOT_ACTED:
                # An unacted seat that owes nothing acts only if someone could answer a raise;
                # it is itself one of the seats with more than the current bet.
                if responders < 0:
                    responders = sum(
                        1 for s in range(n) if not folded[s] and stacks[s] + bets[s] > current
                    )
                if responders > 1:
                    return seat
        return None

    def end_round(self) -> list[Event]:
        """Return any uncalled bet and clear the round's bets into the pot."""
        events: list[Event] = []
        top = second = 0
        top_seat = -1
        for seat, bet in enumerate(self.bets):
            if bet > top:
                second = top
                top = bet
                top_seat = seat
            elif bet > second:
                second = bet
        if top > second:
            excess = top - second
            self.totals[top_seat] -= excess
            self.stacks[top_seat] += excess
            events.append(UncalledReturned(top_seat, excess))
        self.bets = [0] * self.n
        self.current_bet = 0
        return events

    # -- actions -----------------------------------------------------------------------------

    def _most_to(self, seat: int, minimum: int) -> int:
        """The most `seat` may bet or raise to: all-in, or (pot-limit) the size of the pot."""
        if not self.pot_limit:
            return self.bets[seat] + self.stacks[seat]
        current = self.current_bet
        pot = 2 * current - self.bets[seat] + sum(self.totals)
        return max(minimum, pot)

    def reopened(self, seat: int) -> bool:
        """TDA 47: has the betting been opened to `seat`? Yes if it has not acted this round, or
        the bet has gone up by at least one full increment since it did."""
        level = self.acted_level[seat]
        return level == NOT_ACTED or self.current_bet - level >= self.min_increment

    def may_raise(self, seat: int) -> bool:
        """May `seat` put in more than a call? It needs chips beyond the call, the betting open
        to it (TDA 47), and another live player able to answer. The one place this is decided."""
        current = self.current_bet
        bet = self.bets[seat]
        if self.stacks[seat] <= (current - bet if current > bet else 0):
            return False
        level = self.acted_level[seat]  # `reopened`, written out: this runs every decision
        if level != NOT_ACTED and current - level < self.min_increment:
            return False
        return self._others_can_respond(seat)

    def _minimum_to(self) -> int:
        """The smallest full bet or raise to: one big blind, or the bet plus the last increment."""
        current = self.current_bet
        return current + self.min_increment if current else self.big_blind

    def legal(self, seat: int) -> LegalActions:
        """What `seat` may do now (it is assumed to be the seat to act)."""
        stack = self.stacks[seat]
        bet = self.bets[seat]
        current = self.current_bet
        to_call = current - bet if current > bet else 0
        all_in_to = bet + stack
        min_to = max_to = None
        may_raise = False
        if self.may_raise(seat):
            target = current + self.min_increment if current else self.big_blind
            if self.pot_limit:
                most = self._most_to(seat, target)
                may_raise = all_in_to <= most
                if target <= all_in_to:
                    min_to, max_to = target, most if most < all_in_to else all_in_to
            else:
                may_raise = True
                if target <= all_in_to:
                    min_to, max_to = target, all_in_to
        return LegalActions(
            seat,
            to_call > 0,
            to_call == 0,
            to_call if to_call < stack else stack,
            min_to,
            max_to,
            stack > 0 and (all_in_to <= current or may_raise),
            all_in_to,
            0,
            False,
            False,
            to_call,
            current,
        )

    def verify(self, seat: int, action: Action) -> tuple[ActionKind, int]:
        """Check `action` for `seat` against every betting rule without changing anything.

        Returns what it amounts to: (the kind of action, the seat's bet for the round after
        it); IllegalAction with a player-facing reason when it is not allowed. `apply` does
        exactly what this allows, and `legal` lists the same options.
        """
        stack = self.stacks[seat]
        bet = self.bets[seat]
        current = self.current_bet
        to_call = current - bet if current > bet else 0
        kind = type(action)
        if kind is Check:
            if to_call:
                raise IllegalAction(self._why_not("check", seat))
            return ActionKind.CHECK, bet
        if kind is Call:
            if not to_call:
                raise IllegalAction("you can't call: there is no bet to call; check or bet")
            return ActionKind.CALL, bet + (to_call if to_call < stack else stack)
        if kind is Fold:
            if not to_call:
                raise IllegalAction("you can't fold: nothing to call; check instead")
            return ActionKind.FOLD, bet
        if kind is AllIn:
            if stack == 0:
                raise IllegalAction("you can't go all-in: you have no chips left")
            return self._verify_raise(seat, bet + stack, all_in=True)
        if isinstance(action, BetRaise):
            return self._verify_raise(seat, action.to, all_in=False)
        raise IllegalAction(f"you can't {_verb(action)} now: this is a betting round")

    def _verify_raise(self, seat: int, to: int, all_in: bool) -> tuple[ActionKind, int]:
        stack = self.stacks[seat]
        bet = self.bets[seat]
        current = self.current_bet
        all_in_to = bet + stack
        word = "bet" if current == 0 else "raise"
        if type(to) is not int:
            raise IllegalAction(f"you can't {word} {to!r}: give a whole number of chips")
        if to > all_in_to:
            raise IllegalAction(
                f"you can't {word} to {to}: you only have {stack} more "
                f"(all-in would be {word} to {all_in_to})"
            )
        if to <= current:
            if to == all_in_to:  # all-in for no more than a call: it is a call
                return ActionKind.CALL, to
            if current == 0:
                raise IllegalAction(
                    f"you can't bet {to}: the minimum bet is one big blind, {self.big_blind}; "
                    + self._options(self.legal(seat))
                )
            raise IllegalAction(
                f"you can't {word} to {to}: the bet is already {current}; "
                + self._options(self.legal(seat))
            )
        if not self.may_raise(seat):
            raise IllegalAction(self._why_not(word, seat))
        minimum = self._minimum_to()
        if to < all_in_to and to < minimum:
            raise IllegalAction(
                f"you can't {word} to {to}: the minimum is {word} to {minimum}"
                f" (or all-in for {all_in_to})"
            )
        most = self._most_to(seat, minimum)
        if to > most:
            raise IllegalAction(
                f"you can't {word} to {to}: pot-limit, the most is {word} to {most}"
            )
        kind = ActionKind.ALL_IN if all_in else ActionKind.BET if current == 0 else ActionKind.RAISE
        return kind, to

    def apply(self, seat: int, action: Action) -> Acted:
        """Apply `action` as `verify` allows it; IllegalAction leaves everything unchanged."""
        kind, to = self.verify(seat, action)
        current = self.current_bet
        if kind is ActionKind.CHECK:
            self.acted_level[seat] = current
            return Acted(seat, kind, 0, to)
        if kind is ActionKind.FOLD:
            self.folded[seat] = True
            self.live -= 1
            self.acted_level[seat] = current
            return Acted(seat, kind)
        paid = to - self.bets[seat]
        self._put(seat, paid)
        if kind is ActionKind.CALL:
            self.acted_level[seat] = current
            return Acted(seat, kind, paid, to, self.stacks[seat] == 0)
        increment = to - current
        if increment >= self.min_increment:
            self.min_increment = increment
        self.current_bet = to
        self.aggressor = seat
        self.acted_level[seat] = to
        return Acted(seat, kind, paid, to, self.stacks[seat] == 0)

    def _put(self, seat: int, amount: int) -> None:
        self.stacks[seat] -= amount
        self.bets[seat] += amount
        self.totals[seat] += amount

    def _why_not(self, what: str, seat: int) -> str:
        """A player-facing reason why `what` is not allowed, with what is."""
        legal = self.legal(seat)
        choice = self._options(legal)
        if what == "check":
            bettor = self.aggressor
            who = "the bet is" if bettor is None else f"{seat_name(self.names, bettor)} bet"
            return f"you can't check: {who} {self.current_bet}; {choice}"
        if legal.to_call and not self.reopened(seat):
            reason = "the betting was not reopened to you (a short all-in is not a full raise)"
        elif not self._others_can_respond(seat):
            reason = "nobody left can call a raise"
        elif legal.min_raise_to is None and legal.all_in_to <= legal.current_bet:
            reason = "you don't have enough chips"
        else:
            reason = "that is not allowed now"
        return f"you can't {what}: {reason}; {choice}"

    @staticmethod
    def _options(legal: LegalActions) -> str:
        """What the seat may do instead, in words: "call 120, raise to at least 240, or fold"."""
        options = []
        if legal.to_call:
            options.append(f"call {legal.call_amount}")
        else:
            options.append("check")
        if legal.min_raise_to is not None:
            verb = "bet" if legal.current_bet == 0 else "raise to at least"
            options.append(f"{verb} {legal.min_raise_to}")
        elif legal.can_all_in and legal.all_in_to > legal.current_bet:
            options.append(f"go all-in for {legal.all_in_to}")
        if legal.can_fold:
            options.append("fold")
        if len(options) == 1:
            return options[0]
        if len(options) == 2:
            return f"{options[0]} or {options[1]}"
        return ", ".join(options[:-1]) + ", or " + options[-1]


def _verb(action: object) -> str:
    return type(action).__name__.lower()
