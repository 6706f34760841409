"""The game driver: one game from its first deal to its end, one request at a time.

`GameDriver` builds the session from a config (or rebuilds it from its journal: resume and a
take-back are the same replay), journals every input, and walks the game: deals, each seat's
turn, the result, the cube and a cash game's top-ups between deals, the end. It never waits:
`request` is what it needs now and `answer(value)` gives it, returning the events that caused.
The flow is written as a generator that yields requests, so it reads in the order of play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING

from homegame.cards import Card
from homegame.config import GameConfig
from homegame.engine.actions import (
    Action,
    Call,
    Check,
    Discard,
    Fold,
    LegalActions,
    RunTwice,
    Show,
    passive,
)
from homegame.engine.cash_session import SevenDeuceBounty
from homegame.engine.errors import IllegalAction
from homegame.engine.events import (
    Acted,
    BoardDealt,
    DealWon,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    PotAwarded,
    RunTwiceOffered,
    SecondRunDealt,
    StreetStarted,
    UncalledReturned,
)
from homegame.engine.session_events import (
    Busted,
    DealScored,
    GameWon,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
    TimedOut,
)
from homegame.play.requests import (
    AfterOut,
    AskAction,
    AskCubeAnswer,
    AskCubeTurn,
    AskDiscard,
    AskRebuy,
    AskRunTwice,
    AskShowOrMuck,
    AskStraddle,
    AskTopUp,
    BotCubeAnswer,
    BotFailed,
    BotTurn,
    DealResult,
    GameOver,
    Handoff,
    OfferAfterOut,
    Request,
    ShowSeatDraw,
)
from homegame.play.seats import LaterBot, make_bot
from homegame.setup import session_for
from homegame.store.resume import replayed

if TYPE_CHECKING:
    from homegame.engine.capabilities import CashGame
    from homegame.engine.views import HandView
    from homegame.money.freezeout import FreezeoutMoney
    from homegame.store.journal import InputRecord
    from homegame.store.recorder import GameLog

#: How often a bot left of the big blind straddles, when deep enough (HOUSE_RULES 26).
BOT_STRADDLES = 0.1

#: Events that add nothing a person needs in the log.
QUIET_EVENTS = (HoleDealt, HandEnded)

#: How the log says a bot's fallback action (`_fallback`); a discard otherwise.
_VERBS: dict[type[Action], str] = {Check: "checks", Fold: "folds", Call: "calls", Show: "shows"}

#: Events the result of a deal lists.
RESULT_EVENTS = (
    UncalledReturned,
    PotAwarded,
    SevenDeuceBounty,
    DealWon,
    DealScored,
    SeriesWon,
    SideBetWon,
    SideBetReturned,
    Busted,
    GameWon,
)


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A line the driver adds to the log that no engine input made (a bot's refused action,
    the seat draw, a player asking to cash out)."""

    text: str

    def describe(self, names: Sequence[str] | None = None) -> str:
        return self.text


class Refused(IllegalAction):
    """A person's answer the game does not take; nothing changed and the same request stays."""


class MoveRefused(ValueError):
    """A seat that cannot move between a device and the shared screen now; the message says
    why in one line and nothing changed."""


class TakeBackRefused(ValueError):
    """A take-back that cannot be made now; the message says why in one line."""


#: The flow: yields requests, is sent their answers.
Flow = Generator[Request, object, None]


def log_lines(events: Sequence[Event], names: Sequence[str], currency: str = "") -> list[str]:
    """The log's lines for `events`: public forms in plain words (money in the config's
    `currency`), nothing a person needs left out; a timeout is one line, not the timeout and
    then the check or fold made for the seat."""
    lines: list[str] = []
    timed_out: int | None = None
    for event in events:
        if isinstance(event, QUIET_EVENTS):
            continue
        if isinstance(event, Acted) and event.seat == timed_out:
            timed_out = None
            continue
        timed_out = event.seat if isinstance(event, TimedOut) else None
        lines.append(event.public().describe_in(currency, names))
    return lines


def taken_back(records: Sequence[InputRecord], seat: int | None) -> int | None:
    """How many inputs to undo to take back `seat`'s last action (with the bots' actions after
    it), or None when a card was dealt since or it is not an action of this hand."""
    from homegame.store.recorder import TIME_STEPS

    for count, record in enumerate(reversed(records), start=1):
        if record.kind in TIME_STEPS and not record.events:
            continue  # the clock ticking: undone with the rest, a few seconds of practice
        if record.kind != "act" or any(
            isinstance(e, HoleDealt | BoardDealt | SecondRunDealt | HandStarted)
            for e in record.events
        ):
            return None
        if record.calls[0].get("seat") == seat:
            return count
    return None


class GameDriver:
    """One game at one table: the session, its journal, who sits where and what comes next."""

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None = None,
        journal: GameLog | None = None,
        *,
        bot_rng: random.Random | None = None,
        seat_draw: bool = False,
        button: int | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.config = config
        self.journal = journal
        #: No button named: the players draw for it before the first hand.
        self.seat_draw = seat_draw if journal is None else journal.seat_draw
        self.names = tuple(p.name for p in config.players)
        replayed_events: list[Event] | None = None
        if journal is not None:  # a saved game: its session as its inputs left it
            self.game, replayed_events = replayed(journal)
            draw = self.game.seat_draw
            if draw is not None and journal.drawn() is None:  # kept before it is shown
                journal.remember_draw(draw)
        elif rng is None:
            raise ValueError("a new game needs its random source")
        else:
            self.game = session_for(config, self.names, rng, button=button, seat_draw=seat_draw)
        self.variant = self.game.variant
        # Bots draw on a source of their own, never the deck's.
        bot_rng = bot_rng if bot_rng is not None else random.Random("bots")
        self.bots: dict[int, LaterBot] = {
            seat: make_bot(p.bot, random.Random(bot_rng.getrandbits(64)))
            for seat, p in enumerate(config.players)
            if p.bot is not None
        }
        #: The random source for the odds shown to a person: apart from the deck and the bots.
        self.odds_rng = random.Random(bot_rng.getrandbits(64))
        #: What a bot's straddle choice is drawn from, with the hand and seat (HOUSE_RULES 26).
        self.straddle_seed = bot_rng.getrandbits(64)
        self.people = [seat for seat, p in enumerate(config.players) if p.bot is None]
        self.solo_seat = self.people[0] if len(self.people) == 1 else None
        self.deal_word = self.variant.deal_word
        self.hand_number = 0
        #: The current deal's events so far.
        self.hand_events: list[Event] = []
        #: Whose private cards may show now (solo: always the person).
        self.viewer: int | None = self.solo_seat
        #: Seats given links to their own devices (`homegame.devices`), and where each seat
        #: moved since plays now (True: on its device; `place_seat`, journalled).
        self.linked: frozenset[int] = frozenset()
        self.places: dict[int, bool] = {} if journal is None else journal.seat_places()
        #: The person who saw private cards last (pass-and-play: the next one is handed over).
        self.last_seen: int | None = None
        #: A deal has been dealt (or resumed): there is a table to show.
        self.started = False
        #: Cash game: the people who asked to cash out once the hand in play is over.
        self.leaving: set[int] = set()
        self.after_out_offered = False
        #: Busted players asked whether to rebuy, who said no (asked again after a rebuy).
        self.rebuy_asked: set[int] = set()
        self._clock = clock
        self._last_tick: float | None = None
        self._resumed: list[Event] | None = None
        self._out: list[Event] = []
        self._refused: IllegalAction | None = None
        self._request: Request | None = None
        if journal is not None:
            self._resume(journal, replayed_events or [])
        self._flow: Flow = self._play(announce=True)

    # -- the requests ------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Begin: runs to the first request; the events so far (a resumed deal's included)."""
        self._request = next(self._flow)
        return self._take_out()

    @property
    def request(self) -> Request | None:
        """What the game needs now (None once the flow stopped: a solo player starts again)."""
        return self._request

    def answer(self, value: object) -> list[Event]:
        """Answer the current request; the events it caused. A person's illegal action raises
        Refused and changes nothing: the same request stays. Any other error is the game's own
        and propagates (the flow cannot go on after it)."""
        if self._request is None:
            raise RuntimeError("the game asks for nothing now")
        self._request = None  # while the flow runs it has asked nothing yet
        try:
            self._request = self._flow.send(value)
        except StopIteration:
            self._request = None
        refused, self._refused = self._refused, None
        if refused is not None:
            raise Refused(str(refused)) from refused
        return self._take_out()

    def _take_out(self) -> list[Event]:
        out, self._out = self._out, []
        return out

    def _emit(self, events: Sequence[Event]) -> None:
        self._out += events

    # -- time --------------------------------------------------------------------------------

    def tick(self, *, turn_clock: bool) -> list[Event]:
        """Pass the time since the last tick (the injected clock) to the session; `turn_clock`
        while a person holds the turn (only while the driver asks them for an action). When the
        turn timer ran out, the game moves on."""
        turn_clock = turn_clock and isinstance(self._request, AskAction)
        if self._clock is None:
            return []
        now = self._clock()
        last, self._last_tick = self._last_tick, now
        if last is None:
            return []
        events = self.game.advance_time(max(0.0, now - last), turn_clock=turn_clock)
        if events and isinstance(self._request, AskAction):
            return self.answer(_TimedOut(events))
        return events

    @property
    def minutes_clock(self) -> bool:
        """The blinds rise by the minute: time matters between turns too."""
        return self.config.freezeout.minutes_per_level is not None and self.variant.has_chips

    def wants_time(self, *, choosing: bool) -> bool:
        """Time matters now: the blinds rise by the minute, or a person is `choosing` under the
        turn timer. Nothing else needs the time between deals (a screen need not tick then)."""
        return self.minutes_clock or (choosing and self.config.timing.turn_timer > 0)

    # -- the seats' own moves ----------------------------------------------------------------

    def leave(self, seat: int) -> list[Event]:
        """A cash game's person gets up with their chips once this hand is over."""
        if seat not in self.may_leave():
            return []
        self.leaving.add(seat)
        return [Note(f"{self.names[seat]} cashes out after this hand")]

    def may_leave(self) -> list[int]:
        """A cash game's people still seated with chips, not already leaving (HOUSE_RULES 22)."""
        cash = self.cash
        if cash is None or cash.is_over or isinstance(self._request, GameOver):
            return []
        return [
            s
            for s in self.people
            if cash.seated(s) and cash.stacks[s] > 0 and s not in self.leaving
        ]

    def holds_cards(self, seat: int | None) -> bool:
        """`seat` holds cards in a deal still being played (not folded)."""
        game = self.game
        if seat is None or not self.started or not game.in_hand or not game.in_deal(seat):
            return False
        mine = next((s for s in game.view_for(seat).seats if s.seat == seat), None)
        return mine is not None and not mine.folded

    @property
    def on_devices(self) -> frozenset[int]:
        """Seats played on their own devices now: their cards are on their own screens, never
        on the shared one."""
        return frozenset(s for s in self.linked if self.places.get(s, True))

    def place_seat(self, seat: int, device: bool) -> str:
        """Between hands (a deal's result or the draw for the button showing), a person's
        seat moves to their own device (`device`) or to the shared screen, where it is played
        pass-and-play, the "pass to" screen before its cards. Journalled, so a resumed game
        keeps it; the log's line. MoveRefused, changing nothing, when it cannot move now."""
        name = self.names[seat]
        if seat in self.bots:
            raise MoveRefused(f"{name} is a bot: a bot's seat is played here, never on a phone.")
        if seat not in self.linked:
            raise MoveRefused(f"{name} has no phone link at this table.")
        if not isinstance(self._request, DealResult | ShowSeatDraw):
            raise MoveRefused(f"{name} can move between hands, while a hand's result shows.")
        if (seat in self.on_devices) == device:
            where = "on their phone" if device else "here at the table"
            raise MoveRefused(f"{name} plays {where} already.")
        line = f"{name} plays on their phone" if device else f"{name} plays here at the table"
        if self.journal is not None:
            self.journal.seat_placed(seat, device, line)
        self.places[seat] = device
        return line

    def shown_view(self) -> HandView | None:
        """The view a screen may show now: the viewer's own while they are dealt in, the
        public one otherwise (None before the first deal: no table yet)."""
        if not self.started:
            return None
        viewer = self.viewer
        if viewer is not None and (viewer in self.on_devices or not self.game.in_deal(viewer)):
            viewer = None
        return self.game.view_for(viewer)

    def odds_sampler(self) -> random.Random:
        """A random source for one working-out of the odds, drawn from the odds' own (apart
        from the deck's and the bots')."""
        return random.Random(self.odds_rng.random())

    @property
    def people_out(self) -> bool:
        """Every person at the table is out of the game: the bots play on without them."""
        return bool(self.people) and all(self.game.is_out(p) for p in self.people)

    def away(self) -> list[int]:
        """People the game plays for while they sit out."""
        return [s for s in sorted(self.game.sitting_out) if s in self.people]

    def come_back(self) -> list[Event]:
        """Everyone at the keyboard who sits out comes back (HOUSE_RULES 12)."""
        events: list[Event] = []
        for seat in self.away():
            events += self.game.come_back(seat)
        return events

    @property
    def cash(self) -> CashGame | None:
        """The game's cash-game part, when it is one (HOUSE_RULES 22)."""
        return self.game.cash_game()

    def money(self) -> FreezeoutMoney | None:
        """What a freezeout played for money pays (a bot judges all-ins by it)."""
        tournament = self.game.tournament()
        return None if tournament is None else tournament.money()

    # -- the rabbit hunt (HOUSE_RULES 30) ------------------------------------------------------

    def rabbit_hunt(self) -> str | None:
        """The cards the last hand would have dealt had it not ended early, in one line marked
        as not played; None when there are none to show or the config's `rabbit_hunt` is off.
        Only while its result is shown; read from the deck, never an input: nothing is
        journalled and no view holds them."""
        if not self.config.rules.rabbit_hunt or not isinstance(self._request, DealResult):
            return None
        cards = self.game.rabbit_hunt()
        if not cards:
            return None
        parts: dict[str, list[str]] = {}
        for slot, card in cards:
            parts.setdefault(slot.rstrip("0123456789").rstrip(), []).append(card.symbol)
        said = " · ".join(f"{label} {' '.join(shown)}" for label, shown in parts.items())
        return f"Rabbit hunt (not played, changes nothing): {said}"

    # -- take-back: the game replayed without the person's last action -----------------------

    @property
    def can_take_back(self) -> bool:
        """Solo practice with `solo_undo`: the person's last action may be taken back."""
        return bool(self.solo_seat is not None and self.journal and self.config.rules.solo_undo)

    @property
    def has_take_back(self) -> bool:
        """Take-backs are on and the person has acted in this deal since its last card: what
        `take_back` would take back (read from the deal's events, not the journal)."""
        if not self.can_take_back or not self.game.in_hand:
            return False
        for event in reversed(self.hand_events):
            if isinstance(event, HoleDealt | BoardDealt | HandStarted):
                return False
            if isinstance(event, Acted) and event.seat == self.solo_seat:
                return True
        return False

    def take_back(self) -> str:
        """Take back the person's last action and the bots' answers to it, while no card was
        dealt since; the deal is replayed without them. The log line; TakeBackRefused if not."""
        journal = self.journal
        if not self.can_take_back or journal is None:
            raise TakeBackRefused("Taking an action back is off in this game (solo_undo).")
        if not isinstance(self._request, AskAction | BotTurn):  # right after acting too
            raise TakeBackRefused("You can take an action back when it is your turn again.")
        count = taken_back(journal.inputs(), self.solo_seat)
        if count is None:
            raise TakeBackRefused("Nothing to take back: no action of yours since the last card.")
        undone = [journal.undo() for _ in range(count)]
        self.game, events = replayed(journal)
        self._resume(journal, events)
        self._flow = self._play(announce=False)
        self._request = None
        self._request = next(self._flow)
        self._take_out()
        from homegame.store.history import undone_line

        mine = undone[-1]
        said = undone_line(mine, self.names) if mine is not None else "undone"
        return f"Taken back: {said.removeprefix('undone: ')}"

    def _resume(self, journal: GameLog, events: list[Event]) -> None:
        """Go on from the replayed session (`events`: what its inputs caused), journalling
        every new input."""
        starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
        self._resumed = events[starts[-1] :] if starts else []
        journal.elapsed = lambda: self.game.elapsed
        journal.attach(self.game)

    # -- the flow ----------------------------------------------------------------------------

    def _play(self, *, announce: bool) -> Flow:
        """The whole game from where the session stands; `announce`: a resumed deal's events
        are handed out again (a take-back goes on without repeating them)."""
        game = self.game
        draw = game.seat_draw
        if draw is not None and game.deals == 0 and not game.in_hand:
            yield ShowSeatDraw(draw)
            self._emit([Note(line) for line in draw.lines(self.names)])
        while not game.is_over:
            resumed, self._resumed = self._resumed, None
            cube = game.cube()
            if cube is not None and cube.cube_pending():  # saved while it was being answered
                yield from self._answer_cube()
                continue
            if resumed and not game.in_hand:
                # Saved once a deal was over (on its result, or a question after it): go on
                # from that result, not from a deal already dealt past it.
                self.hand_number = game.deals
                self.started = True
                self.hand_events = list(resumed)
                if announce:
                    self._emit(resumed)
                if (yield from self._after_deal()) is AfterOut.AGAIN:
                    return
                continue
            if resumed is not None and game.in_hand:
                self.hand_number = game.deals
                events = resumed
                if announce:
                    self.last_seen = None
                    self._emit(events)
            else:
                self.last_seen = None
                self.hand_number = game.deals + 1
                self._emit(self.tick(turn_clock=False))
                yield from self._offer_straddle()
                events = game.start_deal()
                self._emit(events)
            announce = True
            self.started = True
            self.hand_events = list(events)
            yield from self._play_deal()
            if (yield from self._after_deal()) is AfterOut.AGAIN:
                return
        yield GameOver()

    def _after_deal(self) -> Generator[Request, object, object]:
        """A deal is over: its result, then what comes between deals (the cube, a cash game's
        top-ups, rebuys, a solo player's choice once out); AfterOut.AGAIN starts again."""
        game = self.game
        self.viewer = self.solo_seat
        currency = self.config.currency
        results = [e for e in self.hand_events if isinstance(e, RESULT_EVENTS)]
        lines = [e.describe_in(currency, self.names) for e in results]
        cash = self.cash
        people_in = any(game.in_deal(seat) for seat in self.people)
        end = yield DealResult(self.hand_number, tuple(lines), people_in, cash is not None)
        if end and cash is not None and not cash.is_over:
            self._emit(cash.end())
        yield from self._offer_cube()
        yield from self._cash_between_hands()
        yield from self._offer_rebuys()
        return (yield from self._offer_after_out())

    def _play_deal(self) -> Flow:
        """Ask each seat to act until the deal is over."""
        game = self.game
        while game.in_hand:
            seat = game.to_act
            if seat is None:
                break
            legal = game.legal_actions()
            if legal.can_run_twice:
                events = yield from self._ask_run_twice(seat)
            elif seat in self.bots:
                events = yield from self._bot_turn(seat, legal)
            else:
                events = yield from self._person_turn(seat, legal)
                if self.solo_seat is None:
                    self.viewer = None
            self.hand_events += events
            self._emit(events)

    def _bot_turn(self, seat: int, legal: LegalActions) -> Generator[Request, object, list[Event]]:
        game = self.game
        chosen = yield BotTurn(seat, self.bots[seat], game.view_for(seat), self.money())
        if isinstance(chosen, BotFailed):
            fallback = self._fallback(seat, legal)
            verb = _VERBS.get(type(fallback), "discards")
            self._emit([Note(f"{self.names[seat]}'s bot {chosen.reason}; it {verb} instead")])
            return game.act(fallback, seat)
        try:
            if not isinstance(chosen, Action):
                raise IllegalAction(f"{chosen!r} is not an action")
            return game.act(chosen, seat)
        except IllegalAction as exc:  # a bot's mistake must not stall the table
            note = Note(f"{self.names[seat]} tried an action that is not allowed: {exc}")
            self._emit([note])
            return game.act(self._fallback(seat, legal), seat)

    def _ask_run_twice(self, seat: int) -> Generator[Request, object, list[Event]]:
        """HOUSE_RULES 27: `seat` answers whether to run the rest of the board twice. A bot
        keeps one run (its choice, the same every time); a person is asked with no handoff,
        every hand in the run-out being face up."""
        if seat in self.bots:
            return self.game.act(RunTwice(agree=False), seat)
        offered = next(e for e in reversed(self.hand_events) if isinstance(e, RunTwiceOffered))
        while True:
            said = yield AskRunTwice(seat, offered.seats)
            try:
                if not isinstance(said, bool):
                    raise IllegalAction("Run it twice is a yes or a no.")
                return self.game.act(RunTwice(agree=said), seat)
            except IllegalAction as exc:
                self._refused = exc

    def _fallback(self, seat: int, legal: LegalActions) -> Action:
        """What a bot plays when its own choice was refused: passive, or its first cards."""
        if legal.discard_count:
            return Discard(cards=self._own_cards(seat)[: legal.discard_count])
        return passive(legal)

    def _own_cards(self, seat: int) -> tuple[Card, ...]:
        mine = next(s for s in self.game.view_for(seat).seats if s.seat == seat)
        return tuple(c for c in mine.cards or () if c is not None)

    def _person_turn(
        self, seat: int, legal: LegalActions
    ) -> Generator[Request, object, list[Event]]:
        request: Request
        if legal.discard_count:
            dealt = self.street_dealt()
            news = f"{dealt} " if dealt else ""
            yield from self._reveal_to(seat, f"{news}Time to discard {legal.discard_count}.")
            request = AskDiscard(seat, legal.discard_count)
        elif legal.can_show:
            yield from self._reveal_to(seat, "Showdown: your hand would lose. Show it or muck it?")
            request = AskShowOrMuck(seat)
        else:
            yield from self._reveal_to(seat, f"{self.what_happened()} Your turn to act.")
            # The time until now (a handoff, the bots' pauses) is not this person's turn's.
            self._emit(self.tick(turn_clock=False))
            request = AskAction(seat, legal)
        while True:
            chosen = yield request
            if isinstance(chosen, _TimedOut):  # the session already acted for the seat
                return list(chosen.events)
            try:
                if not isinstance(chosen, Action):
                    raise IllegalAction("That is not an action.")
                return self.game.act(chosen, seat)
            except IllegalAction as exc:
                self._refused = exc

    def _reveal_to(self, seat: int, why: str) -> Flow:
        """Make `seat` the viewer, handing the screen over first when someone else saw it last."""
        if self.solo_seat is None and self.last_seen != seat:
            self.viewer = None
            yield Handoff(seat, why)
        self.viewer = seat
        self.last_seen = seat

    def what_happened(self) -> str:
        """The news for the person taking over: the last action, or the street just dealt."""
        # Read from the end: a raise war's deal has thousands of events, and this is asked
        # at every turn of the person's.
        shown = list(islice(self._shown_from_end(), 2))
        if shown and not isinstance(self.hand_events[shown[0]], StreetStarted):
            # The last line, and the one before it: a timeout and the action it made are one.
            lines = log_lines(
                self.hand_events[shown[-1] : shown[0] + 1], self.names, self.config.currency
            )
            return f"{lines[-1]}."
        return self.street_dealt() or "The cards are dealt."

    def _shown_from_end(self) -> Iterator[int]:
        """The places of the deal's events the log shows, the last first."""
        events = self.hand_events
        places = range(len(events) - 1, -1, -1)
        return (i for i in places if not isinstance(events[i], QUIET_EVENTS))

    def street_dealt(self) -> str:
        """'The flop is out.' for the last board cards dealt this deal ('' before any)."""
        dealt = next((e for e in reversed(self.hand_events) if isinstance(e, BoardDealt)), None)
        return f"The {dealt.street} is out." if dealt else ""

    def _offer_cube(self) -> Flow:
        """KRG with the cube (HOUSE_RULES 16): between deals a person may turn it; every other
        player still in doubles or drops out (a bot answers for itself)."""
        game = self.game.cube()
        if game is None:
            return
        turners = tuple(s for s in game.cube_turners() if s not in self.bots)
        if not turners:
            return
        board = game.scoreboard().series
        assert board is not None, "only a series has a cube"
        seat = yield AskCubeTurn(turners, board.cube)
        if not isinstance(seat, int) or seat not in turners:
            return
        self._emit(game.turn_cube(seat))
        yield from self._answer_cube()

    def _answer_cube(self) -> Flow:
        """Every player still to answer the cube doubles or drops out."""
        game = self.game.cube()
        assert game is not None, "only a game with the cube has it turned"
        while game.cube_pending():
            other = game.cube_pending()[0]
            board = game.scoreboard().series
            assert board is not None and board.cube_owner is not None, "the cube was turned"
            if other in self.bots:
                said = yield BotCubeAnswer(other, self.bots[other], board)
                double = True if isinstance(said, BotFailed) else bool(said)
                if isinstance(said, BotFailed):
                    name = self.names[other]
                    self._emit([Note(f"{name}'s bot {said.reason}; it doubles instead")])
            else:
                stake = board.rows[other].paid * 2
                double = bool((yield AskCubeAnswer(other, board.cube_owner, board.cube, stake)))
            self._emit(game.answer_cube(other, double))

    def _cash_between_hands(self) -> Flow:
        """A cash game between hands: a player with no chips tops up or leaves (a bot tops up);
        once too few players (or no person) are left with chips, the game ends."""
        cash = self.cash
        if cash is None or cash.is_over:
            return
        for seat in sorted(self.leaving):  # those who asked to go, with the chips they have now
            if cash.seated(seat):
                self._emit(cash.cash_out(seat))
        self.leaving.clear()
        most = cash.cash.max_buy_in
        for seat in range(len(self.names)):
            if not cash.seated(seat) or cash.stacks[seat] > 0:
                continue
            stay = True
            if seat not in self.bots:
                stay = bool((yield AskTopUp(seat, most, cash.cash.cents(most))))
            self._emit(cash.top_up(seat, most) if stay else cash.cash_out(seat))
        with_chips = [s for s in range(len(self.names)) if cash.seated(s) and cash.stacks[s] > 0]
        if len(with_chips) < 2 or not any(cash.seated(p) for p in self.people):
            self._emit(cash.end())

    def _offer_straddle(self) -> Flow:
        """HOUSE_RULES 26, before the cards: the player left of the big blind may straddle (a
        bot rarely does: one hand in ten, with 50 big blinds or more)."""
        cash = self.cash
        seat = None if cash is None else cash.straddler()
        if cash is None or seat is None or cash.straddling is not None:
            return
        if seat in self.bots:
            draw = random.Random(f"{self.straddle_seed}:{self.game.deals}:{seat}").random()
            deep = cash.stacks[seat] >= 50 * cash.level.big_blind
            if deep and draw < BOT_STRADDLES:
                self._emit(cash.straddle(seat))
            return
        if (yield AskStraddle(seat, cash.straddle_amount)):
            self._emit(cash.straddle(seat))

    def _offer_rebuys(self) -> Flow:
        """A freezeout for money in its rebuy period (HOUSE_RULES 19): each player who busted
        is asked once whether to buy back in (a bot always does); once the last bust is not
        bought back, the player with every chip wins."""
        tournament = self.game.tournament()
        money = None if tournament is None else tournament.money()
        if tournament is None or money is None:
            return
        for seat in tournament.rebuys_open():
            if seat in self.rebuy_asked:
                continue
            self.rebuy_asked.add(seat)
            price = money.settings.buy_in
            if seat in self.bots or (yield AskRebuy(seat, tournament.starting_stack, price)):
                self._emit(tournament.rebuy(seat))
                self.rebuy_asked.discard(seat)  # a second bust asks again
        if tournament.waiting_for_rebuy:
            self._emit(tournament.no_rebuys())

    def _offer_after_out(self) -> Generator[Request, object, object]:
        """Solo: once the person is out with bots still playing, ask (once) whether to watch
        the bots, skip to the result or start again."""
        game, seat = self.game, self.solo_seat
        if seat is None or self.after_out_offered or game.is_over or not game.is_out(seat):
            return None
        self.after_out_offered = True
        place = game.scoreboard().players[seat].place
        left = sum(1 for s in range(len(self.names)) if not game.is_out(s))
        return (yield OfferAfterOut(seat, place, left))


@dataclass(frozen=True)
class _TimedOut:
    """The turn timer ran out: the session acted for the seat with these events."""

    events: tuple[Event, ...] | list[Event]
