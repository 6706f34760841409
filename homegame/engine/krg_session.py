"""The KRG series: deals among the players still in, to the wins target (HOUSE_RULES 13-17).

`KrgSession` deals each KRG deal with the dealer holding the button, scores it in the
`KrgSeries` (the wins, the pool, the side pool), and is the game's `DoublingCube` capability
between deals. A host names a deal's winners when the cards typed do not decide it. Pure: an
injected `random.Random`, no clock, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from homegame.defaults import DEFAULT_BUY_IN, DEFAULT_WINS, TieRule
from homegame.engine.actions import Action
from homegame.engine.capabilities import DoublingCube
from homegame.engine.card_sources import CardSource, Dealt
from homegame.engine.dealing import Dealing
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import Hand, Phase
from homegame.engine.krg_series import KrgSeries, makes_four_of_a_kind
from homegame.engine.seat_status import SeatStatus
from homegame.engine.session_interface import PlayerStanding, Standings
from homegame.money.ledger import LedgerLine
from homegame.variants import KRG


class KrgSession(Dealing):
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

    def cube(self) -> DoublingCube | None:
        """This game when it is played with the doubling cube (HOUSE_RULES 16)."""
        return self if self.series.cube_enabled else None

    def audit(self) -> str | None:
        """The pool against what the players paid; once paid out, against what they won."""
        series = self.series
        paid = sum(p.paid for p in series.players)
        if paid != series.pool:
            return f"pool {series.pool}, players paid {paid}"
        if series.over:
            won = sum(p.won for p in series.players)
            side = sum(p.side_bet for p in series.players)
            if won != series.pool + side:
                return f"paid out {won}, pool and side bets {series.pool + side}"
        return None

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
