"""One deal of any game: runs the variant's script (deal, bet, discard, show) and settles pots.

The hand is a state machine: `to_act` says whose turn it is, `legal_actions()` what they may
do, `act(action)` applies one action (or raises `IllegalAction` and changes nothing) and returns
the events it caused. Dealing, run-outs, the showdown and the awards happen by themselves
between actions. Cards come from a card source (`homegame.engine.card_sources`); a card the
source leaves unknown (`Entered`: a host at a live table) is typed later: board cards with
`reveal_board`, shown hands with `Show(cards)`, and the host names the winners of a pot with
`award` when the cards are never entered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from homegame.cards import Card, find_duplicate
from homegame.engine.actions import (
    Action,
    Check,
    Discard,
    Fold,
    LegalActions,
    Muck,
    RunTwice,
    Show,
)
from homegame.engine.betting import Betting
from homegame.engine.card_sources import CardSource, Dealt
from homegame.engine.errors import IllegalAction
from homegame.engine.events import (
    BoardDealt,
    BoardRevealed,
    BombPotStarted,
    CardsShown,
    DealWon,
    Discarded,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    Mucked,
    PotAwarded,
    PotsUpdated,
    RunTwiceAgreed,
    RunTwiceAnswered,
    RunTwiceOffered,
    SecondRunDealt,
    StreetStarted,
    seat_name,
)
from homegame.engine.pots import Pot, build_pots, split_pot
from homegame.engine.seat_status import STARTING, SeatStatus
from homegame.engine.views import HandView, PotView, SeatView
from homegame.variants import Structure, Variant
from homegame.variants.steps import Bet, DealBoard, DealHole, Showdown
from homegame.variants.steps import Discard as DiscardStep

if TYPE_CHECKING:  # the hand ranking loads at the first showdown, not with the first deal
    from homegame.ranking import MadeHand

#: Default for the blind seats: the usual seats for the button (heads-up: the button posts the SB).
AUTO = "auto"


def _category_label(value: int) -> str:
    """The name of a hand value's category, e.g. "two pair". The hand ranking (and the
    evaluator's tables) load at the first showdown, not with the table's first frame."""
    from homegame.evaluator import category

    return category(value).label


class Phase(Enum):
    """What the hand is waiting for."""

    BETTING = "betting"
    DISCARD = "discard"
    RUN_TWICE = "run twice"
    SHOWDOWN = "showdown"
    AWARD = "award"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How the hand ended: final stacks, net change per seat, who won something, the pots."""

    stacks: tuple[int, ...]
    net: tuple[int, ...]
    winners: tuple[int, ...]
    pots: tuple[Pot, ...]


class Hand:
    """One deal of `variant` among seats 0..n-1 (seat order is clockwise).

    `button` is the seat that acts last after the flop (with a dead button, the live player
    to its right). Blind seats default to the two seats left of the button, heads-up the button
    posts the small blind; pass `small_blind_seat=None` for a hand with no small blind
    (HOUSE_RULES 5). `ante` is an amount for every seat or one amount per seat; with `bb_ante`
    only the big blind posts it. Per-player antes count in the side-pot layers like bets (a
    player all-in for part of the ante wins from each opponent only what it put in, Hold'em
    rules "All-ins and side pots") but not toward the bet to call. An ante one seat posts for
    the table (`bb_ante`, or a list with one non-zero entry) is dead money in the main pot
    (`dead_antes`; False layers it like a bet). Cards come from `hole_cards`/`board` where
    given, the rest from the card source `cards` (`rng=` is short for `cards=Dealt(rng)`;
    a burn before each board round when `burn_cards`, HOUSE_RULES 9). `runout` says the board
    is dealt out with no more betting (HOUSE_RULES 7); `face_up` that every live hand is shown
    and nobody may muck, because betting ended with a player all-in (TDA 16, a called river
    all-in included; HOUSE_RULES 7 and 8). With `ask_losers` a dealt hand that would lose, and
    may muck, is asked (`to_act`, show or muck) instead of mucked for it (HOUSE_RULES 8: a player
    may muck, not must); a seat sitting out still mucks. With `run_twice` (HOUSE_RULES 27) an
    all-in run-out before the river asks each player in the hand in turn (`to_act`, a
    `RunTwice` answer); when all agree the rest of the board is dealt twice, each pot is split
    into halves and each half goes to the best hands on its run (`second_board`: the second
    run's cards where given, a replayed history's).
    """

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        button: int = 0,
        small_blind: int = 0,
        big_blind: int = 0,
        ante: int | Sequence[int] = 0,
        bb_ante: bool = False,
        rng: random.Random | None = None,
        hole_cards: Sequence[Sequence[Card] | None] | None = None,
        board: Mapping[str, Card] | None = None,
        burn_cards: bool = True,
        small_blind_seat: int | str | None = AUTO,
        big_blind_seat: int | str | None = AUTO,
        muck_losers: bool = True,
        ask_losers: bool = False,
        names: Sequence[str] | None = None,
        dead_antes: bool = True,
        cards: CardSource | None = None,
        status: Sequence[SeatStatus] | None = None,
        hand_id: int = 1,
        straddle: int = 0,
        straddle_seat: int | None = None,
        bomb_pot: bool = False,
        run_twice: bool = False,
        second_board: Mapping[str, Card] | None = None,
    ) -> None:
        n = len(stacks)
        self.variant = variant
        self.n = n
        #: Played for chips (stacks win and lose pots): read on hot paths.
        self.for_chips = variant.has_chips
        #: The hand's number in its game (the session counts them), for views and logs.
        self.hand_id = hand_id
        #: Table seats not dealt in (busted, out of the series); they never act nor hold cards.
        self.out: frozenset[int] = frozenset()
        #: Table seats dealt in, in seat order.
        self.seats: tuple[int, ...] = tuple(range(n))
        #: Seats whose hand checks when it can, else folds, in turn (HOUSE_RULES 21).
        self.sitting_out: set[int] = set()
        if status is not None:
            statuses = tuple(status)
            if len(statuses) != n or not STARTING.issuperset(statuses):
                raise ValueError(f"status must give each of the {n} seats in, sitting out or out")
            self.out = frozenset(s for s in range(n) if statuses[s] is SeatStatus.OUT)
            self.seats = tuple(s for s in range(n) if s not in self.out)
            self.sitting_out = {s for s in range(n) if statuses[s] is SeatStatus.SITTING_OUT}
        self.names = tuple(names) if names is not None else None
        self.button = button
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.burn_cards = burn_cards
        self.muck_losers = muck_losers
        self.ask_losers = ask_losers
        self.dead_antes = dead_antes
        self.starting_stacks = tuple(stacks)
        self._validate_setup(n, stacks, button, small_blind, big_blind)
        if variant.has_betting:
            # The usual blind seats, counted in live seats from the button (or, for a dead
            # button, the live seat at its right, which acts last after the flop).
            live = self._live_from(button)
            heads_up = len(live) == 2
            if small_blind_seat == AUTO:
                small_blind_seat = live[0] if heads_up else live[1]
            if big_blind_seat == AUTO:
                big_blind_seat = live[1] if heads_up else live[2]
        else:
            small_blind_seat = None
            big_blind_seat = None
        self._validate_blind_seats(small_blind_seat, big_blind_seat)
        self.small_blind_seat: int | None = small_blind_seat  # type: ignore[assignment]
        self.big_blind_seat: int | None = big_blind_seat  # type: ignore[assignment]
        #: HOUSE_RULES 28: every seat antes `ante`, no blinds, no betting before the flop.
        self.bomb_pot = bomb_pot and variant.has_betting
        if self.bomb_pot and (straddle_seat is not None or bb_ante):
            raise ValueError("a bomb pot has no straddle and no big-blind ante: everyone antes")
        if self.bomb_pot:  # nobody posts a blind: the hand has no blind seats
            self.small_blind_seat = self.big_blind_seat = None
        #: HOUSE_RULES 26: the seat left of the big blind posting a straddle, and its amount.
        self.straddle_seat = straddle_seat
        self.straddle = straddle if straddle_seat is not None else 0
        if straddle_seat is not None:
            problem = self.straddle_problem(straddle_seat, straddle, stacks)
            if problem is not None:
                raise ValueError(problem)

        pot_limit = variant.structure is Structure.POT_LIMIT
        self.betting = Betting(stacks, big_blind, self.out, pot_limit)
        self.betting.names = self.names
        self.hole: list[list[Card | None]] = [[] for _ in range(n)]
        self.discarded: list[list[Card | None]] = [[] for _ in range(n)]
        self.board: dict[str, Card] = {}
        self.dealt_slots: list[str] = []
        self.burned: list[Card] = []
        self.shown: dict[int, tuple[Card | None, ...]] = {}
        self.mucked: set[int] = set()
        #: Seats dealt cards the source left unknown: a host types them when they are shown.
        self.typed: set[int] = set()
        self.events: list[Event] = []
        #: Per viewer (None: everyone): the events as that viewer may see them, kept up to date.
        self._histories: dict[int | None, list[Event]] = {}
        self.phase = Phase.BETTING
        self.to_act: int | None = None
        self.street = variant.street_names[0]
        self.runout = False
        self.face_up = False
        self.settled_pots: list[Pot] | None = None
        self.winners: tuple[int, ...] = ()
        self.contributions: tuple[int, ...] = ()
        self.antes_paid: tuple[int, ...] = ()
        self._table_ante = False
        self._pending: list[int] = []
        self._step = 0
        self._discard_count = 0
        self._final_pots: list[Pot] = []
        self._last_bet_street: str | None = None
        self._last_aggressor: int | None = None
        #: The showdown waits on a dealt losing hand's choice to show or muck (`ask_losers`).
        self._asking = False
        #: Per seat ranked at showdown: its value on each board (one board but Double Board).
        self._value: dict[int, tuple[int, ...]] = {}
        #: HOUSE_RULES 27: an all-in run-out before the river asks to run it twice.
        self.run_twice = run_twice and variant.has_betting
        #: How many times the rest of the board is dealt: 2 once everyone agreed.
        self.runs = 1
        #: The second run's own cards by slot, and its slots in dealing order (HOUSE_RULES 27).
        self.second_board: dict[str, Card] = {}
        self.second_slots: list[str] = []
        #: The script step where the rest of the board starts: where each run deals from.
        self._rerun_step: int | None = None
        #: The seats still to answer the question, in turn.
        self._asked: list[int] = []
        #: Per seat ranked at showdown: its value on each board of the second run.
        self._value2: dict[int, tuple[int, ...]] = {}
        #: Cards the deck may give beyond a single run of the board (a second run must fit).
        self._spare_cards = 0
        self._given_hole = self._check_given_cards(hole_cards, board)
        self._given_board = dict(board) if board else {}
        self._given_second = dict(second_board) if second_board else {}
        self.cards = self._begin_deal(cards, rng)

        events = self.events
        events.append(
            HandStarted(
                variant.key,
                button,
                self.small_blind_seat,
                self.big_blind_seat,
                self.starting_stacks,
                variant.name,
            )
        )
        if self.bomb_pot:
            amount = ante if isinstance(ante, int) else max(ante, default=0)
            if amount <= 0:
                raise ValueError("a bomb pot needs an ante above 0")
            events.append(BombPotStarted(amount))
            self._post_antes([0 if s in self.out else amount for s in range(n)])
        elif variant.has_betting:
            self._post_forced(ante, bb_ante)
        self._advance()
        if self.sitting_out:
            self._play_for_sitting_out()

    # -- setup -------------------------------------------------------------------------------

    def _validate_setup(
        self, n: int, stacks: Sequence[int], button: int, small_blind: int, big_blind: int
    ) -> None:
        variant = self.variant
        problem = variant.players_problem(len(self.seats))
        if problem is not None:
            raise ValueError(problem)
        if not 0 <= button < n:
            raise ValueError(f"the button must be a seat from 0 to {n - 1}, not {button}")
        if variant.has_betting:
            if big_blind <= 0 or small_blind < 0:
                raise ValueError("the big blind must be positive and the small blind not negative")
            bad = [s for s in self.seats if stacks[s] <= 0]
            if bad:
                raise ValueError(f"every player in the hand needs chips; seat {bad[0]} has none")
        elif any(chips < 0 for chips in stacks):
            raise ValueError("stacks cannot be negative")

    def _live_from(self, button: int) -> list[int]:
        """The seats dealt in, from the button (or the live seat at a dead button's right)."""
        n = self.n
        out = self.out
        if not out:
            return [*range(button, n), *range(button)]
        stand_in = next((button - k) % n for k in range(n) if (button - k) % n not in out)
        return [(stand_in + k) % n for k in range(n) if (stand_in + k) % n not in out]

    def _validate_blind_seats(self, small: object, big: object) -> None:
        for seat in (small, big):
            if seat is not None and not (
                isinstance(seat, int) and 0 <= seat < self.n and seat not in self.out
            ):
                raise ValueError(f"blind seat {seat!r} is not a seat in this hand")
        if small is not None and small == big:
            raise ValueError("the small and big blind cannot be the same seat")
        if self.for_chips and big is None:
            raise ValueError("a betting game needs a big blind seat")

    def straddler(self) -> int | None:
        """HOUSE_RULES 26: the seat that may straddle, the first live seat left of the big blind
        (None heads-up: a straddle needs three players dealt in)."""
        if not self.for_chips or len(self.seats) < 3 or self.big_blind_seat is None:
            return None
        n = self.n
        return next(
            (self.big_blind_seat + k) % n
            for k in range(1, n)
            if (self.big_blind_seat + k) % n not in self.out
        )

    def straddle_problem(self, seat: int, amount: int, stacks: Sequence[int]) -> str | None:
        """Why `seat` may not straddle `amount` in this hand (HOUSE_RULES 26), or None."""
        allowed = self.straddler()
        if allowed is None:
            return "a straddle needs three players dealt in"
        if seat != allowed:
            return (
                f"only {self.name(allowed)}, left of the big blind, may straddle, "
                f"not {self.name(seat) if 0 <= seat < self.n else seat}"
            )
        if amount <= self.big_blind:
            return f"a straddle is more than the big blind ({self.big_blind}), not {amount}"
        if stacks[seat] <= amount:
            return f"{self.name(seat)} needs more than {amount:,} chips to straddle {amount:,}"
        return None

    def _check_given_cards(
        self, hole_cards: Sequence[Sequence[Card] | None] | None, board: Mapping[str, Card] | None
    ) -> list[tuple[Card, ...] | None]:
        n = self.n
        given: list[tuple[Card, ...] | None] = [None] * n
        if hole_cards is None and not board:
            return given
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise ValueError(f"hole_cards must have one entry per seat ({n})")
            for seat, cards in enumerate(hole_cards):
                if cards is not None and seat not in self.out:
                    if len(cards) != self.variant.hole_cards:
                        raise ValueError(
                            f"seat {seat} must get {self.variant.hole_cards} hole cards, "
                            f"not {len(cards)}"
                        )
                    given[seat] = tuple(cards)
        if board:
            unknown = [s for s in board if s not in self.variant.slots]
            if unknown:
                raise ValueError(f"{self.variant.name} has no board slot {unknown[0]!r}")
        every = [c for cards in given if cards for c in cards] + list((board or {}).values())
        duplicate = find_duplicate(every)
        if duplicate is not None:
            raise ValueError(f"card {duplicate} is given twice")
        return given

    def _begin_deal(self, cards: CardSource | None, rng: random.Random | None) -> CardSource:
        """Tell the card source a deal starts: the cards given here, how many it may ask."""
        holes, rounds = self.variant.hole_cards_dealt, len(self.variant.board_rounds)
        given_hole = self._given_hole
        given_board = self._given_board
        if self.out:
            dealt = sum(1 for s in self.seats if given_hole[s] is None)
        else:
            dealt = given_hole.count(None)
        need = holes * dealt + len(self.variant.slots) - len(given_board)
        if self.burn_cards:
            need += rounds
        given_second = self._given_second
        if self.run_twice:  # HOUSE_RULES 27: room for a second run, as far as the deck goes
            most = len(self.variant.slots) + (rounds if self.burn_cards else 0)
            held = sum(len(h) for h in given_hole if h) + len(given_board) + len(given_second)
            drawn = max(0, min(most - len(given_second), 52 - held - need))
            need += drawn  # what the deck may give beyond one run; given cards need none
            self._spare_cards = drawn + len(given_second)
        if cards is None:
            if rng is None and need:
                raise ValueError("a hand that deals cards needs an rng or a card source")
            cards = Dealt(rng if rng is not None else random.Random(0))
        used = {c for hole in given_hole if hole for c in hole}
        used.update(given_board.values())
        used.update(given_second.values())
        cards.begin(used, need)
        return cards

    def _post_forced(self, ante: int | Sequence[int], bb_ante: bool) -> None:
        betting = self.betting
        events = self.events
        n = self.n
        if isinstance(ante, int):
            antes = [0] * n
            if bb_ante:
                antes[self.big_blind_seat] = ante  # type: ignore[index]
            else:
                antes = [ante] * n
        else:
            if len(ante) != n:
                raise ValueError(f"antes must have one entry per seat ({n})")
            antes = list(ante)
        for seat in self.out:
            antes[seat] = 0
        # One seat posting for everyone is a table ante (dead money); else each pays its own.
        posting = [seat for seat in range(n) if antes[seat] > 0]
        self._table_ante = len(posting) == 1
        # HOUSE_RULES 25: a big-blind ante comes after the blind (a short big blind posts the
        # blind first, then what is left towards the ante); every player's ante before.
        blind_first = self._table_ante and posting[0] == self.big_blind_seat
        if not blind_first:
            self._post_antes(antes)
        for blind_seat, amount, which in (
            (self.small_blind_seat, self.small_blind, "small"),
            (self.big_blind_seat, self.big_blind, "big"),
        ):
            if blind_seat is None or (which == "small" and amount <= 0):
                continue
            posted = betting.post_blind(blind_seat, amount, which)
            if posted is not None:
                events.append(posted)
        if blind_first:
            self._post_antes(antes)
        if self.straddle_seat is not None:  # HOUSE_RULES 26: a third blind, left of the big
            posted = betting.post_blind(self.straddle_seat, self.straddle, "straddle")
            if posted is not None:
                events.append(posted)

    def _post_antes(self, antes: Sequence[int]) -> None:
        """Each seat's ante, from the seat left of the button (as much as its stack covers)."""
        n = self.n
        for step in range(1, n + 1):
            seat = (self.button + step) % n
            if antes[seat] > 0:
                posted = self.betting.post_ante(seat, antes[seat], self._table_ante)
                if posted is not None:
                    self.events.append(posted)

    # -- public state ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once every pot is awarded."""
        return self.phase is Phase.OVER

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind for each seat (not counting bets in front of them)."""
        return tuple(self.betting.stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet in the current betting round."""
        return tuple(self.betting.bets)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self.betting.folded)

    @property
    def all_in(self) -> tuple[bool, ...]:
        """Seats still in the hand with no chips behind."""
        b = self.betting
        return tuple(not b.folded[s] and b.stacks[s] == 0 for s in range(self.n))

    @property
    def pots(self) -> list[Pot]:
        """Main pot then side pots: settled (with winners) once awarded, else collected so far."""
        if self.settled_pots is not None:
            final = self._final_pots or self.settled_pots
            return [p if p is not None else final[i] for i, p in enumerate(self.settled_pots)]
        b = self.betting
        collected = [t - bet for t, bet in zip(b.totals, b.bets, strict=True)]
        return self._build_pots(collected)

    def _build_pots(self, totals: Sequence[int]) -> list[Pot]:
        """Pots from what each seat put in; a table ante is dead money in the main pot."""
        b = self.betting
        if self._table_ante and self.dead_antes and any(b.antes):
            live = [t - a for t, a in zip(totals, b.antes, strict=True)]
            return build_pots(live, b.folded, sum(b.antes))
        return build_pots(totals, b.folded)

    @property
    def pot_total(self) -> int:
        """All chips in the middle, bets of this round included."""
        return sum(self.betting.totals)

    @property
    def result(self) -> HandResult:
        """Final stacks, net per seat, winners and pots (meaningful once `is_over`)."""
        stacks = self.stacks
        net = tuple(s - s0 for s, s0 in zip(stacks, self.starting_stacks, strict=True))
        return HandResult(stacks, net, self.winners, tuple(self.pots))

    def check_seat(self, seat: object) -> None:
        """IllegalAction unless `seat` is one of 0..n-1 (a negative index would alias a seat)."""
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalAction(f"there is no seat {seat} in this hand (seats 0 to {self.n - 1})")

    def check_in_hand(self, seat: object) -> None:
        """IllegalAction unless `seat` is a table seat dealt into this hand."""
        self.check_seat(seat)
        if seat in self.out:
            raise IllegalAction(f"{self.name(seat)} is not in this hand")

    def status(self, seat: int) -> SeatStatus:
        """Where table seat `seat` stands now: in, folded, all-in, sitting out or out."""
        self.check_seat(seat)
        if seat in self.out:
            return SeatStatus.OUT
        b = self.betting
        if b.folded[seat]:
            return SeatStatus.FOLDED
        if self.for_chips and b.stacks[seat] == 0:
            return SeatStatus.ALL_IN
        if seat in self.sitting_out:
            return SeatStatus.SITTING_OUT
        return SeatStatus.IN

    def sit_out(self, seat: int) -> list[Event]:
        """From now on the hand checks when it can, else folds, for `seat` (HOUSE_RULES 21)."""
        self.check_in_hand(seat)
        start = len(self.events)
        self.sitting_out.add(seat)
        self._play_for_sitting_out()
        return self.events[start:]

    def sit_in(self, seat: int) -> None:
        """`seat` acts for itself again."""
        self.check_in_hand(seat)
        self.sitting_out.discard(seat)

    def hole_cards(self, seat: int) -> tuple[Card | None, ...]:
        """The cards `seat` holds now (None for a card a host has not entered). Not a view."""
        self.check_in_hand(seat)
        return tuple(self.hole[seat])

    def made_hand(self, seat: int) -> MadeHand | None:
        """The made hand (best five, category, Yukon set) of a seat ranked at showdown."""
        hands = self.made_hands(seat)
        return hands[0] if hands else None

    def made_hands(self, seat: int, run: int = 1) -> tuple[MadeHand, ...]:
        """A seat's made hand on each board once ranked at showdown, else (); `run` 2: on the
        board's second run (HOUSE_RULES 27)."""
        self.check_seat(seat)
        if seat not in (self._value2 if run == 2 else self._value):
            return ()
        from homegame.ranking import best_hands

        hole = self.shown.get(seat) or self.hole[seat]
        return best_hands(self.variant, hole, self.run_board(run))  # type: ignore[arg-type]

    def run_board(self, run: int = 1) -> dict[str, Card]:
        """The board's cards known so far on run `run` (HOUSE_RULES 27): run 2 is the slots
        dealt before the question with the second run's own cards."""
        if run != 2:
            return self.board
        again = self.second_slots
        shared = {slot: card for slot, card in self.board.items() if slot not in again}
        return {**shared, **self.second_board}

    def _rank(self, hole: Sequence[Card], run: int = 1) -> tuple[int, ...]:
        """The value of `hole` on each board of run `run` (`homegame.ranking` ranks it)."""
        from homegame.ranking import board_values

        return board_values(self.variant, hole, self.run_board(run))

    @staticmethod
    def _label(values: tuple[int, ...]) -> str:
        """The made hand's category, one per board ("flush / two pair")."""
        return " / ".join(_category_label(v) for v in values)

    def name(self, seat: int) -> str:
        """The player's name for messages, or "Seat N"."""
        self.check_seat(seat)
        return seat_name(self.names, seat)

    # -- actions -----------------------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do; IllegalAction when nobody is to act."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("nobody is to act: " + self._idle_reason())
        phase = self.phase
        if phase is Phase.BETTING:
            return self.betting.legal(seat)
        if phase is Phase.DISCARD:
            return LegalActions(seat, discard_count=self._discard_count)
        if phase is Phase.RUN_TWICE:
            return LegalActions(seat, can_run_twice=True)
        return LegalActions(seat, can_show=True, can_muck=self._may_muck(seat))

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Check the action of the seat to act without changing anything: IllegalAction with
        the reason when it is not allowed. `act` applies exactly what this allows."""
        actor = self.to_act
        if actor is None:
            raise IllegalAction("nobody is to act: " + self._idle_reason())
        if seat is not None and seat != actor:
            self.check_in_hand(seat)
            raise IllegalAction(f"it is not {self.name(seat)}'s turn: {self.name(actor)} is to act")
        phase = self.phase
        if phase is Phase.BETTING:
            self.betting.verify(actor, action)
        elif phase is Phase.DISCARD:
            self._verify_discard(actor, action)
        elif phase is Phase.RUN_TWICE:
            self._verify_run_twice(action)
        else:
            self._verify_show_or_muck(actor, action)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """May the seat to act (checked against `seat` when given) play `action` now?"""
        try:
            self.verify(action, seat)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply the action of the seat to act (checked against `seat` when given)."""
        actor = self.to_act
        if actor is None:
            raise IllegalAction("nobody is to act: " + self._idle_reason())
        if seat is not None and seat != actor:
            self.check_in_hand(seat)
            raise IllegalAction(f"it is not {self.name(seat)}'s turn: {self.name(actor)} is to act")
        start = len(self.events)
        phase = self.phase
        if phase is Phase.BETTING:
            event = self.betting.apply(actor, action)
            self.events.append(event)
            self._after_bet(actor)
        elif phase is Phase.DISCARD:
            self._discard(actor, action)
        elif phase is Phase.RUN_TWICE:
            self._answer_run_twice(actor, action)
        else:
            self._show_or_muck(actor, action)
        if self.sitting_out:
            self._play_for_sitting_out()
        return self.events[start:]

    def _play_for_sitting_out(self) -> None:
        """HOUSE_RULES 21: a seat sitting out checks when checking is free, else folds, in turn."""
        sitting_out = self.sitting_out
        if not sitting_out:
            return
        while self.to_act in sitting_out:
            actor = self.to_act
            if self.phase is Phase.RUN_TWICE:  # away, so one run (HOUSE_RULES 27)
                self._answer_run_twice(actor, RunTwice(agree=False))
                continue
            if self.phase is not Phase.BETTING:
                return
            legal = self.betting.legal(actor)
            self.events.append(self.betting.apply(actor, Check() if legal.can_check else Fold()))
            self._after_bet(actor)

    def _idle_reason(self) -> str:
        if self.phase is Phase.OVER:
            return "the hand is over"
        if self.phase is Phase.AWARD:
            return "the host must name the winners of the pots"
        return "the hand is waiting"

    def _after_bet(self, actor: int) -> None:
        betting = self.betting
        nxt = betting.next_to_act(actor)
        if nxt is not None:
            self.to_act = nxt
            return
        if betting.live < 2:
            self._close_round()
            self._win_by_fold()
            return
        self._close_round()
        self._maybe_runout()
        self._step += 1
        if self.phase is Phase.RUN_TWICE:  # the players answer first (HOUSE_RULES 27)
            return
        self._advance()

    def _close_round(self) -> None:
        betting = self.betting
        self._last_aggressor = betting.aggressor
        self.events.extend(betting.end_round())
        self.to_act = None
        pots = self._build_pots(betting.totals)
        self.events.append(PotsUpdated(tuple((p.amount, p.eligible) for p in pots)))

    # -- the script --------------------------------------------------------------------------

    def _advance(self) -> None:
        """Run steps that need nobody (dealing, skipped rounds, showdown) until someone must act."""
        script = self.variant.script
        betting = self.betting
        while self._step < len(script):
            step = script[self._step]
            if isinstance(step, Bet):
                if self._start_bet(step):
                    return
            elif isinstance(step, DealBoard):
                self._deal_board(step)
            elif isinstance(step, DealHole):
                self.street = step.street
                self._deal_hole(step.count)
            elif isinstance(step, DiscardStep):
                self._start_discard(step.count)
                if self.to_act is not None:
                    return
            elif isinstance(step, Showdown):
                if self.runs == 2 and not self.second_slots:
                    self._deal_second_run()
                self._showdown()
                return
            self._step += 1
        if self.phase is not Phase.OVER and betting.live_count() < 2:
            self._win_by_fold()

    def _start_bet(self, step: Bet) -> bool:
        """Open a betting round; False when no betting is possible (the run-out goes on)."""
        self.street = step.street
        if not self.for_chips:
            return False
        if self.bomb_pot and step.street == self.variant.street_names[0]:
            return False  # HOUSE_RULES 28: no betting before the flop
        betting = self.betting
        first_round = self._last_bet_street is None and not self.bomb_pot
        self._last_bet_street = step.street
        if first_round:
            # HOUSE_RULES 26: with a straddle, action starts left of it, the straddler acts
            # last, and a raise is to at least two straddles.
            straddled = self.straddle_seat is not None
            betting.start_round(
                max(self.big_blind, max(betting.bets)),
                self.straddle if straddled else self.big_blind,
            )
            after = self.straddle_seat if straddled else self.big_blind_seat
        else:
            betting.start_round(0)
            after = self.button
        nxt = betting.next_to_act(after)  # type: ignore[arg-type]
        if nxt is None:
            self._last_aggressor = None
            self.events.extend(betting.end_round())
            self._maybe_runout()
            if self.phase is Phase.RUN_TWICE:  # the players answer first (HOUSE_RULES 27)
                self._step += 1
                return True
            return False
        self.phase = Phase.BETTING
        self.to_act = nxt
        self.events.append(StreetStarted(step.street))
        return True

    def _maybe_runout(self) -> None:
        """HOUSE_RULES 7: when betting is over with two or more live hands, turn them face up."""
        betting = self.betting
        if self.runout or betting.live_count() < 2:
            return
        stacks = betting.stacks
        folded = betting.folded
        able = 0
        for seat in range(self.n):
            if stacks[seat] and not folded[seat]:
                able += 1
                if able == 2:
                    return
        remaining = any(isinstance(s, Bet) for s in self.variant.script[self._step + 1 :])
        if not remaining:
            return
        self.runout = True
        self.face_up = True
        for seat in self._showdown_order():
            if seat not in self.typed:  # a host types the hands of unknown cards
                self._reveal(seat)
        self._offer_run_twice()

    # -- run it twice (HOUSE_RULES 27) -------------------------------------------------------

    def _offer_run_twice(self) -> None:
        """No more betting is possible with board cards still to come: ask every player in the
        hand in turn, from the left of the button, whether to run the rest twice. Not asked
        when the option is off, the board was given, or the deck cannot hold a second run."""
        if not self.run_twice or (self._given_board and not self._given_second):
            return
        rest = [s for s in self.variant.script[self._step + 1 :] if isinstance(s, DealBoard)]
        if not rest:
            return
        cards = sum(len(s.slots) for s in rest) + (len(rest) if self.burn_cards else 0)
        if cards > self._spare_cards:
            return
        n = self.n
        folded = self.betting.folded
        seats = [
            (self.button + k) % n
            for k in range(1, n + 1)
            if (self.button + k) % n not in self.out and not folded[(self.button + k) % n]
        ]
        self._rerun_step = self._step + 1
        self._asked = seats
        self.phase = Phase.RUN_TWICE
        self.to_act = seats[0]
        self.events.append(RunTwiceOffered(tuple(seats)))

    @staticmethod
    def _verify_run_twice(action: Action) -> None:
        """IllegalAction unless `action` answers the run-it-twice question."""
        if not isinstance(action, RunTwice):
            raise IllegalAction("answer first: run it twice, or keep one run")
        if not isinstance(action.agree, bool):
            raise IllegalAction("run it twice is a yes or a no")

    def _answer_run_twice(self, seat: int, action: Action) -> None:
        """One player's answer: a no keeps one run at once; the last yes deals two."""
        self._verify_run_twice(action)
        assert isinstance(action, RunTwice)
        self.events.append(RunTwiceAnswered(seat, action.agree))
        asked = self._asked
        asked.pop(0)
        if action.agree and asked:
            self.to_act = asked[0]
            return
        asked.clear()
        self.phase = Phase.BETTING
        self.to_act = None
        if action.agree:
            self.runs = 2
            self.events.append(RunTwiceAgreed())
        self._advance()

    def _deal_second_run(self) -> None:
        """The board's second run: every board step after the question again, burns and all,
        from the same deck after the first run's cards."""
        source = self.cards
        for step in self.variant.script[self._rerun_step or 0 :]:
            if not isinstance(step, DealBoard):
                continue
            if self.burn_cards:
                burned = source.burn()
                if burned is not None:
                    self.burned.append(burned)
            given = self._given_second
            cards = tuple(given.get(slot) or source.deal(1)[0] for slot in step.slots)
            for slot, card in zip(step.slots, cards, strict=True):
                if card is not None:
                    self.second_board[slot] = card
            self.second_slots.extend(step.slots)
            self.events.append(SecondRunDealt(step.street, tuple(step.slots), tuple(cards)))

    def _deal_hole(self, count: int) -> None:
        n = self.n
        deal = self.cards.deal
        out = self.out
        for step in range(1, n + 1):
            seat = (self.button + step) % n
            if seat in out:
                continue
            given = self._given_hole[seat]
            cards = given if given is not None else deal(count)
            self.hole[seat].extend(cards)
            known: tuple[Card, ...] | None = cards  # type: ignore[assignment]
            if None in cards:
                self.typed.add(seat)
                known = None
            self.events.append(HoleDealt(seat, count, known))

    def _deal_board(self, step: DealBoard) -> None:
        if self.betting.live_count() < 2 and self.for_chips:
            return
        slots = step.slots
        self.street = step.street
        source = self.cards
        cards: list[Card | None] = []
        if self.burn_cards:
            burned = source.burn()
            if burned is not None:
                self.burned.append(burned)
        given = self._given_board
        deal = source.deal
        for slot in slots:
            card = given.get(slot) if given else None
            if card is None:
                card = deal(1)[0]
            if card is not None:
                self.board[slot] = card
            cards.append(card)
        self.dealt_slots.extend(slots)
        run = 1 if self.runs == 2 else 0  # HOUSE_RULES 27: the first of two runs
        self.events.append(BoardDealt(self.street, tuple(slots), tuple(cards), run))

    # -- discards (KRG) ----------------------------------------------------------------------

    def _start_discard(self, count: int) -> None:
        self._discard_count = count
        self.phase = Phase.DISCARD
        n = self.n
        self._pending = [
            (self.button + step) % n
            for step in range(1, n + 1)
            if not self.betting.folded[(self.button + step) % n]
        ]
        self.to_act = self._pending[0] if self._pending else None
        if self.to_act is not None:
            self.events.append(StreetStarted(f"discard {count}"))

    def _verify_discard(self, seat: int, action: Action) -> None:
        """IllegalAction unless `action` discards the right number of this seat's own cards."""
        if not isinstance(action, Discard):
            raise IllegalAction(f"you must discard {self._discard_count} cards now")
        count = self._discard_count
        if seat in self.typed:
            if action.size != count:
                raise IllegalAction(f"you must discard exactly {count} cards, not {action.size}")
            return
        cards = action.cards
        if not isinstance(cards, tuple | list) or not all(isinstance(c, Card) for c in cards):
            raise IllegalAction(f"you must discard {count} cards, named as cards")
        if len(cards) != count:
            raise IllegalAction(f"you must discard exactly {count} cards, not {len(cards)}")
        if find_duplicate(cards) is not None:
            raise IllegalAction("you can't discard the same card twice")
        missing = [c for c in cards if c not in self.hole[seat]]
        if missing:
            raise IllegalAction(f"you can't discard {missing[0]}: it is not in your hand")

    def _discard(self, seat: int, action: Action) -> None:
        self._verify_discard(seat, action)
        assert isinstance(action, Discard)
        count = self._discard_count
        hand = self.hole[seat]
        if seat not in self.typed:
            cards = action.cards
            for card in cards:
                hand.remove(card)
            self.discarded[seat].extend(cards)
            self.events.append(Discarded(seat, count, tuple(cards)))
        else:
            for _ in range(count):
                hand.pop()
            self.discarded[seat].extend([None] * count)
            self.events.append(Discarded(seat, count, None))
        self._pending.pop(0)
        if self._pending:
            self.to_act = self._pending[0]
            return
        self.to_act = None
        self.phase = Phase.BETTING
        self._step += 1
        self._advance()

    # -- showdown ----------------------------------------------------------------------------

    def _showdown_order(self) -> list[int]:
        """HOUSE_RULES 8: the last bettor or raiser on the river first, else left of the button."""
        n = self.n
        folded = self.betting.folded
        start = self._last_aggressor
        last_street = self.variant.street_names[-1]
        if start is None or self._last_bet_street != last_street or folded[start]:
            start = next(
                (self.button + k) % n for k in range(1, n + 1) if not folded[(self.button + k) % n]
            )
        return [(start + k) % n for k in range(n) if not folded[(start + k) % n]]

    def _reveal(self, seat: int, cards: Sequence[Card] | None = None) -> None:
        if seat in self.shown:
            return
        hole = tuple(self.hole[seat]) if cards is None else tuple(cards)
        label = ""
        if seat not in self.typed and len(self.board) == len(self.variant.slots):
            value = self._rank(hole)  # type: ignore[arg-type]
            self._value[seat] = value
            label = self._label(value)
        self.shown[seat] = hole
        self.events.append(CardsShown(seat, hole, label))

    def _showdown(self) -> None:
        self.street = "showdown"
        if self.for_chips and not self.face_up:
            # TDA 16 (HOUSE_RULES 7, 8): betting is over with a player all-in, so every live
            # hand is turned face up, a river all-in that was called included.
            b = self.betting
            self.face_up = any(not b.folded[s] and not b.stacks[s] for s in range(self.n))
        self._pending = self._showdown_order()
        betting = self.betting
        self.settled_pots = None
        self._final_pots = self._build_pots(betting.totals)
        if not self.for_chips:
            # A deal without chips (KRG) is one pot of nothing that the best hand wins.
            live = tuple(s for s in range(self.n) if not betting.folded[s])
            self._final_pots = [Pot(0, live)]
        if self.typed and any(s in self.typed for s in self._pending):
            # Cards a host has not typed: each live hand is shown (typed) or mucked in turn.
            self._pending = [s for s in self._pending if s not in self.shown]
            self.phase = Phase.SHOWDOWN
            if self._pending:
                self.to_act = self._pending[0]
                return
            self._settle_or_wait()
            return
        self._turn_up()

    def _turn_up(self) -> None:
        """HOUSE_RULES 8 for dealt cards, in showdown order: a hand that could win is shown; a
        loser is mucked, or (`ask_losers`) asked to show or muck, unless every hand is shown."""
        everyone = self._every_hand_shown()
        pending = self._pending
        while pending:
            seat = pending[0]
            if everyone or self._could_win(seat):
                self._reveal(seat)
            elif self.ask_losers and seat not in self.sitting_out and self._may_muck(seat):
                self.phase = Phase.SHOWDOWN
                self.to_act = seat
                self._asking = True
                return
            else:
                self.mucked.add(seat)
                self.events.append(Mucked(seat))
            pending.pop(0)
        self.to_act = None
        self._settle_or_wait()

    def _could_win(self, seat: int) -> bool:
        """Would `seat` win or tie any pot it is in against the hands shown so far?"""
        values = self._rank(self.hole[seat])  # type: ignore[arg-type]
        for pot in self._final_pots:
            if seat not in pot.eligible:
                continue
            rivals = [self._value[s] for s in pot.eligible if s in self._value]
            if not rivals:
                return True
            if len(values) == 1:
                if values >= max(rivals):
                    return True
                continue
            for board, value in enumerate(values):
                if value >= max(r[board] for r in rivals):
                    return True
        return False

    def _every_hand_shown(self) -> bool:
        """Is every live hand turned up, nobody may muck? After an all-in (HOUSE_RULES 7, 8),
        in a game without betting (KRG), or when the table plays everyone shows."""
        return self.face_up or not self.for_chips or not self.muck_losers

    def _may_muck(self, seat: int) -> bool:
        """May `seat` muck? Not when every hand is shown, nor as the last hand left in a pot."""
        if self._every_hand_shown():
            return False
        mucked = self.mucked
        for pot in self._final_pots:
            if seat in pot.eligible and all(s == seat or s in mucked for s in pot.eligible):
                return False
        return True

    def _verify_show_or_muck(self, seat: int, action: Action) -> None:
        """IllegalAction unless `action` is a muck this seat may make or a show of real cards."""
        if isinstance(action, Muck):
            if not self._may_muck(seat):
                raise IllegalAction(self._why_no_muck())
        elif isinstance(action, Show):
            if action.cards is not None and seat not in self.typed:
                if sorted(action.cards) != sorted(self.hole[seat]):  # type: ignore[type-var]
                    raise IllegalAction("show the cards you were dealt, or Show() for them")
            elif action.cards is not None:
                self._check_shown(seat, action.cards)
        else:
            raise IllegalAction("it is the showdown: show or muck")

    def _show_or_muck(self, seat: int, action: Action) -> None:
        self._verify_show_or_muck(seat, action)
        if isinstance(action, Muck):
            self.mucked.add(seat)
            self.events.append(Mucked(seat))
        else:
            assert isinstance(action, Show)
            cards = action.cards if seat in self.typed else None
            self._reveal(seat, cards)
            if cards is not None:
                self.hole[seat] = list(cards)
        self._pending.pop(0)
        if self._asking:  # a dealt loser chose: the showdown goes on in order
            self._turn_up()
            return
        if self._pending:
            self.to_act = self._pending[0]
            return
        self.to_act = None
        self._settle_or_wait()

    def _why_no_muck(self) -> str:
        if self._every_hand_shown():
            return "you can't muck: every live hand is shown in this hand"
        return "you can't muck: every other hand in a pot you are in has mucked, so you win it"

    def _check_shown(self, seat: int, cards: Sequence[Card]) -> None:
        keep = len(self.hole[seat])
        if len(cards) != keep:
            raise IllegalAction(f"a shown hand has {keep} cards, not {len(cards)}")
        self.check_unseen(cards, seat)

    def check_unseen(self, cards: Sequence[Card], seat: int | None = None) -> None:
        """IllegalAction if a card is given twice or is already on the table (the board or a
        shown hand other than `seat`'s): the one duplicate-card check for typed cards."""
        seen = [*self.board.values(), *self.second_board.values()]
        for other, shown in self.shown.items():
            if other != seat:
                seen.extend(c for c in shown if c is not None)
        duplicate = find_duplicate([*cards, *seen])
        if duplicate is not None:
            raise IllegalAction(f"card {duplicate} is already on the table")

    def show(self, seat: int, cards: Sequence[Card]) -> list[Event]:
        """Host mode: enter the cards of a hand turned face up (all-in run-out or showdown)."""
        self.check_in_hand(seat)
        if seat not in self.typed:
            raise IllegalAction("the app dealt these cards: they are shown at the showdown")
        if self.betting.folded[seat]:
            raise IllegalAction(f"{self.name(seat)} has folded: there is no hand to show")
        if self.phase is Phase.SHOWDOWN and seat == self.to_act:
            return self.act(Show(tuple(cards)))
        if not (self.runout or self.phase in (Phase.SHOWDOWN, Phase.AWARD)):
            raise IllegalAction("hands are shown only at the showdown or in an all-in run-out")
        if seat in self.shown and None not in self.shown[seat]:
            raise IllegalAction(f"{self.name(seat)} has already shown")
        if seat in self.mucked:
            raise IllegalAction(f"{self.name(seat)} has mucked")
        self._check_shown(seat, cards)
        start = len(self.events)
        self.shown.pop(seat, None)
        self.hole[seat] = list(cards)
        self._reveal(seat, cards)
        if seat in self._pending:
            self._pending.remove(seat)
            if self.phase is Phase.SHOWDOWN:
                self.to_act = self._pending[0] if self._pending else None
        if self.phase is Phase.AWARD or (self.phase is Phase.SHOWDOWN and self.to_act is None):
            self._settle_or_wait()
        return self.events[start:]

    def reveal_board(self, slot: str, card: Card, run: int = 1) -> list[Event]:
        """Host mode: enter the card dealt into `slot` (`run` 2: into the board's second run,
        HOUSE_RULES 27); IllegalAction if it cannot be there."""
        if slot not in self.variant.slots:
            raise IllegalAction(f"{self.variant.name} has no board slot {slot!r}")
        if run == 2:
            return self._reveal_second_run(slot, card)
        if run != 1:
            raise IllegalAction(f"a board runs once or twice, so there is no run {run}")
        if slot not in self.dealt_slots:
            raise IllegalAction(f"the {slot} has not been dealt yet")
        if slot in self.board:
            raise IllegalAction(f"the {slot} is already {self.board[slot]}")
        self.check_unseen([card])
        start = len(self.events)
        self.board[slot] = card
        self.events.append(BoardRevealed(slot, card))
        if self.phase is Phase.AWARD:
            self._settle_or_wait()
        return self.events[start:]

    def _reveal_second_run(self, slot: str, card: Card) -> list[Event]:
        """Host mode: the card in `slot` of the board's second run (HOUSE_RULES 27)."""
        if self.runs != 2:
            raise IllegalAction("the board is not run twice in this hand")
        if slot not in self.second_slots:
            if slot in self.dealt_slots and self.second_slots:
                raise IllegalAction(f"the {slot} was dealt before run 2: both runs share it")
            raise IllegalAction(f"the {slot} of run 2 has not been dealt yet")
        if slot in self.second_board:
            raise IllegalAction(f"the {slot} of run 2 is already {self.second_board[slot]}")
        self.check_unseen([card])
        start = len(self.events)
        self.second_board[slot] = card
        self.events.append(BoardRevealed(slot, card, 2))
        if self.phase is Phase.AWARD:
            self._settle_or_wait()
        return self.events[start:]

    def _settle_or_wait(self) -> None:
        """Award every pot whose winner the cards decide; wait for the host for the rest."""
        complete = len(self.board) == len(self.variant.slots)
        twice = self.runs == 2
        if twice:  # HOUSE_RULES 27: both runs' boards must be out to rank either
            complete = complete and len(self.second_board) == len(self.second_slots)
        pots = self._final_pots
        settled = self.settled_pots or [None] * len(pots)  # type: ignore[list-item]
        for seat in list(self.shown):
            if complete and None not in self.shown[seat]:
                if seat not in self._value:
                    self._value[seat] = self._rank(self.shown[seat])  # type: ignore[arg-type]
                if twice and seat not in self._value2:
                    self._value2[seat] = self._rank(self.shown[seat], 2)  # type: ignore[arg-type]
        waiting = False
        mucked = self.mucked
        shown = self.shown
        for index, pot in enumerate(pots):
            if settled[index] is not None:
                continue
            if not pot.eligible:
                settled[index] = pot
                continue
            live = [s for s in pot.eligible if s not in mucked]
            contenders = [s for s in live if s in shown]
            if len(live) == 1:
                # Every other hand mucked (conceding the pot, HOUSE_RULES 8): the last one wins.
                contenders = live
            elif not contenders or any(
                s not in self._value or (twice and s not in self._value2) for s in contenders
            ):
                if len(live) < len(pot.eligible):  # the host chooses among the hands not mucked
                    pots[index] = Pot(pot.amount, tuple(live))
                waiting = True
                continue
            else:
                settled[index] = self._pay_by_boards(index, pot, contenders)
                continue
            settled[index] = self._pay(index, pot, contenders)
        self.settled_pots = settled
        if waiting:
            self.phase = Phase.AWARD
            self.to_act = None
            return
        self._finish()

    def award(
        self,
        pot_index: int,
        winners: Sequence[int],
        boards: Sequence[Sequence[int]] = (),
    ) -> list[Event]:
        """Host mode: name the winners of a pot the cards could not decide; `boards` (Double
        Board) names each board's winners instead, board 1 first, each winning its share. A
        board run twice (HOUSE_RULES 27): `boards` names run 1's winners (each board's) then
        run 2's, each run winning its half; `winners` alone win both halves."""
        if self.phase is not Phase.AWARD:
            raise IllegalAction("no pot is waiting for the host to name its winners")
        pots = self._final_pots
        if not 0 <= pot_index < len(pots) or self.settled_pots[pot_index] is not None:  # type: ignore[index]
            raise IllegalAction(f"pot {pot_index} is not waiting for winners")
        pot = pots[pot_index]
        count = len(self.variant.boards) * self.runs
        if self.runs == 2 and not boards:  # the same winners for both halves
            boards = [winners] * count
        if boards and len(boards) != count:
            if self.runs == 2:
                raise IllegalAction(f"name the winners of each of the {count} boards, run 1 first")
            raise IllegalAction(f"name the winners of each of the {count} boards, board 1 first")
        each = [sorted(set(named)) for named in boards] or [sorted(set(winners))]
        for chosen in each:
            self._check_pot_winners(pot, chosen)
        start = len(self.events)
        if boards and self.runs == 2:
            first = pot.amount - pot.amount // 2
            per_run = len(each) // 2
            parts: list[tuple[int, int, int, Sequence[int]]] = []
            for run, half in ((1, first), (2, pot.amount - first)):
                named = each[(run - 1) * per_run : run * per_run]
                if per_run == 1:
                    parts.append((run, 0, half, named[0]))
                else:
                    parts += self._board_shares(half, named, run)
            self.settled_pots[pot_index] = self._pay(pot_index, pot, (), parts)  # type: ignore[index]
        elif boards:
            parts = self._board_shares(pot.amount, each)
            self.settled_pots[pot_index] = self._pay(pot_index, pot, (), parts)  # type: ignore[index]
        else:
            self.settled_pots[pot_index] = self._pay(pot_index, pot, each[0])  # type: ignore[index]
        if all(p is not None for p in self.settled_pots):  # type: ignore[union-attr]
            self._finish()
        return self.events[start:]

    def _check_pot_winners(self, pot: Pot, chosen: Sequence[int]) -> None:
        """The seats a host names as a pot's winners: at least one, each live and in the pot."""
        if not chosen:
            raise IllegalAction("name at least one winner")
        for seat in chosen:
            self.check_in_hand(seat)
        conceded = [s for s in chosen if s in self.mucked]
        if conceded:
            raise IllegalAction(f"{self.name(conceded[0])} can't win this pot: the hand was mucked")
        outside = [s for s in chosen if s not in pot.eligible]
        if outside:
            raise IllegalAction(f"{self.name(outside[0])} can't win this pot: not in it")

    @staticmethod
    def _board_shares(
        amount: int, winners: Sequence[Sequence[int]], run: int = 0
    ) -> list[tuple[int, int, int, Sequence[int]]]:
        """(run, board number, chips, winners) for each board's equal share of `amount`; the
        odd chips of that split go to board 1 on (HOUSE_RULES 4 then splits each share)."""
        base, odd = divmod(amount, len(winners))
        return [(run, b + 1, base + (b < odd), best) for b, best in enumerate(winners)]

    def pending_awards(self) -> list[int]:
        """Host mode: indexes of the pots waiting for `award`."""
        if self.phase is not Phase.AWARD or self.settled_pots is None:
            return []
        return [i for i, p in enumerate(self.settled_pots) if p is None]

    def _pay_by_boards(self, index: int, pot: Pot, contenders: Sequence[int]) -> Pot:
        """Each board's share of the pot to the best hands on that board (HOUSE_RULES 4 each).
        Run twice (HOUSE_RULES 27): the pot's two halves, the odd chip in the first, each
        shared so by its own run."""
        values = self._value
        boards = len(values[contenders[0]])
        if self.runs == 2:
            first = pot.amount - pot.amount // 2
            parts: list[tuple[int, int, int, Sequence[int]]] = []
            for run, half in ((1, first), (2, pot.amount - first)):
                best = self._best_by_board(self._value if run == 1 else self._value2, contenders)
                if boards == 1:
                    parts.append((run, 0, half, best[0]))
                else:
                    parts += self._board_shares(half, best, run)
            return self._pay(index, pot, (), parts)
        if boards == 1:
            top = max(values[s][0] for s in contenders)
            return self._pay(index, pot, [s for s in contenders if values[s][0] == top])
        best = self._best_by_board(values, contenders)
        return self._pay(index, pot, (), self._board_shares(pot.amount, best))

    @staticmethod
    def _best_by_board(
        values: Mapping[int, tuple[int, ...]], contenders: Sequence[int]
    ) -> list[list[int]]:
        """The contenders with the best value on each board, board 1 first."""
        best = []
        for board in range(len(values[contenders[0]])):
            top = max(values[s][board] for s in contenders)
            best.append([s for s in contenders if values[s][board] == top])
        return best

    def _pay(
        self,
        index: int,
        pot: Pot,
        winners: Sequence[int],
        parts: Sequence[tuple[int, int, int, Sequence[int]]] = (),
    ) -> Pot:
        """Pay `pot` to `winners`, or by `parts`: (run, board number, chips, winners) for each
        board's share (Double Board) or run's half (HOUSE_RULES 27; run 0: the board ran once)."""
        stacks = self.betting.stacks
        if not parts:  # the whole pot (every game but Double Board)
            who = tuple(sorted(winners))
            shares = split_pot(pot.amount, who, self.button, self.n)
            for seat, share in zip(who, shares, strict=True):
                stacks[seat] += share
            label = ""
            if who and who[0] in self._value and len(pot.eligible) > 1:
                label = _category_label(self._value[who[0]][0])
            if pot.amount or self.for_chips:
                groups = self._groups_played(who, 1)
                self.events.append(PotAwarded(index, pot.amount, who, shares, label, 0, groups))
            return Pot(pot.amount, pot.eligible, who, shares)
        paid: dict[int, int] = {}
        for run, board, amount, named in parts:
            who = tuple(sorted(named))
            shares = split_pot(amount, who, self.button, self.n)
            for seat, share in zip(who, shares, strict=True):
                stacks[seat] += share
                paid[seat] = paid.get(seat, 0) + share
            label = ""
            values = self._value2 if run == 2 else self._value
            if len(who) and who[0] in values and len(pot.eligible) > 1:
                label = _category_label(values[who[0]][max(board - 1, 0)])
            if amount or self.for_chips:
                groups = self._groups_played(who, max(board, 1), run)
                self.events.append(
                    PotAwarded(index, amount, who, shares, label, board, groups, run)
                )
        won = tuple(sorted(paid))
        return Pot(pot.amount, pot.eligible, won, tuple(paid[s] for s in won))

    def _groups_played(self, winners: Sequence[int], board: int, run: int = 0) -> tuple[str, ...]:
        """The groups (Yukon's sets) the ranked winners' hands played on board `board` (of
        run `run`), when the hand may choose among several there; () otherwise."""
        if len(self.variant.groups_on(board)) < 2:
            return ()
        run = max(run, 1)
        played = {
            hands[board - 1].group for seat in winners if (hands := self.made_hands(seat, run))
        }
        return tuple(sorted(g for g in played if g))

    def _win_by_fold(self) -> None:
        """HOUSE_RULES 6: the last live player takes every pot and shows nothing."""
        betting = self.betting
        pots = self._build_pots(betting.totals)
        winner = betting.folded.index(False)
        self.settled_pots = [self._pay(i, pot, (winner,)) for i, pot in enumerate(pots)]
        self._finish()

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.to_act = None
        self.street = "showdown" if self.street == "showdown" else self.street
        pots = self.settled_pots or []
        won = sorted({s for p in pots if p is not None for s in p.winners})
        if not self.for_chips and won:
            value = self._value.get(won[0])
            label = self._label(value) if value is not None else ""
            self.events.append(DealWon(tuple(won), label))
        self.winners = tuple(won)
        self.contributions = tuple(self.betting.totals)
        self.antes_paid = tuple(self.betting.antes)
        self.betting.totals = [0] * self.n
        self.betting.bets = [0] * self.n
        stacks = self.stacks
        net = tuple(s - s0 for s, s0 in zip(stacks, self.starting_stacks, strict=True))
        self.events.append(HandEnded(stacks, net))

    def rabbit_hunt(self) -> tuple[tuple[str, Card], ...]:
        """HOUSE_RULES 30: after a hand that ended before its board was out, the cards that
        would have come, (slot, card) in dealing order (burns burned as the hand would). They
        are read off a copy of the deck: the hand, its board, events and views never hold them.
        () while the hand is on, when the board is complete or the cards are not known."""
        if not self.is_over or not self.for_chips:
            return ()
        rounds = [r for r in self.variant.board_rounds if r[0] not in self.dealt_slots]
        if not rounds:
            return ()
        deck = self.cards.undealt()
        if deck is None:
            return ()
        need = sum(len(r) for r in rounds) + (len(rounds) if self.burn_cards else 0)
        if len(deck) < need:
            return ()
        out: list[tuple[str, Card]] = []
        for slots in rounds:
            if self.burn_cards:
                deck.pop()
            out.extend((slot, deck.pop()) for slot in slots)
        return tuple(out)

    def history(self, seat: int | None) -> tuple[Event, ...]:
        """Every event so far as `seat` may see it (None: what everyone may see)."""
        seen = self._histories.setdefault(seat, [])
        events = self.events
        if len(seen) < len(events):
            if seat is None:
                seen.extend(e.public() for e in events[len(seen) :])
            else:
                seen.extend(e.visible_to(seat) for e in events[len(seen) :])
        return tuple(seen)

    def view_for(self, seat: int | None) -> HandView:
        """What `seat` may see (None: the public view); see `homegame.engine.views`."""
        return view_for(self, seat)

    def public_view(self) -> HandView:
        """What everyone may see; see `homegame.engine.views`."""
        return view_for(self, None)


def view_for(hand: Hand, seat: int | None) -> HandView:
    """What `seat` may see now (its own cards, the board, the betting, shown hands)."""
    if seat is not None:
        hand.check_in_hand(seat)  # a negative seat would show another seat's cards
    b = hand.betting
    seats = []
    for s in hand.seats:
        shown = s in hand.shown
        cards: tuple[Card | None, ...] | None = None
        if shown:
            cards = hand.shown[s]
        elif s == seat:
            cards = tuple(hand.hole[s])
        made = hand.made_hands(s) if shown else ()
        seats.append(
            SeatView(
                seat=s,
                name=hand.name(s),
                stack=b.stacks[s],
                bet=b.bets[s],
                folded=b.folded[s],
                all_in=not b.folded[s] and b.stacks[s] == 0 and hand.for_chips,
                cards_held=0 if b.folded[s] else len(hand.hole[s]),
                cards=cards,
                shown=shown,
                mucked=s in hand.mucked,
                made_hand=" / ".join(m.category for m in made),
                is_button=s == hand.button,
                is_small_blind=s == hand.small_blind_seat,
                is_big_blind=s == hand.big_blind_seat,
                status=hand.status(s),
            )
        )
    legal = None
    if seat is not None and hand.to_act == seat:
        legal = hand.legal_actions()
    pots = tuple(PotView(p.amount, p.eligible, p.winners, p.shares) for p in hand.pots if p)
    again = hand.second_board
    return HandView(
        variant=hand.variant.key,
        viewer=seat,
        street=hand.street,
        phase=hand.phase.value,
        seats=tuple(seats),
        board=tuple((slot, hand.board[slot]) for slot in hand.dealt_slots if slot in hand.board),
        dealt_slots=tuple(hand.dealt_slots),
        pots=pots,
        pot_total=sum(p.amount for p in pots) + sum(b.bets),
        button=hand.button,
        small_blind_seat=hand.small_blind_seat,
        big_blind_seat=hand.big_blind_seat,
        small_blind=hand.small_blind,
        big_blind=hand.big_blind,
        to_act=hand.to_act,
        legal=legal,
        discarded=tuple(hand.discarded[seat]) if seat is not None else (),
        is_over=hand.is_over,
        winners=hand.winners,
        hand_id=hand.hand_id,
        history=hand.history(seat),
        second_run=tuple((s, again[s]) for s in hand.second_slots if s in again),
        second_slots=tuple(hand.second_slots),
    )


def public_view(hand: Hand) -> HandView:
    """What everyone at the table may see (for a shared screen): no hole card until shown."""
    return view_for(hand, None)
