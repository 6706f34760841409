"""The table: seats, board, pots, log and action bar; runs each deal as one async worker.

The worker waits on each seat's controller: a person at the keyboard (the action bar, or the
discard prompt) or a bot. It renders engine views only: `view_for(seat)` for the person whose
cards may show, `public_view` otherwise. Pass-and-play privacy: before a person acts, if they are
not the one who last saw private cards, the table is covered by "Pass to NAME" until they
confirm; their cards are covered again once they have acted. Solo: no handoff, and the one
person's cards always show. Bot decisions and the odds are worked out in threads, so no key
waits on them; odds that arrive after the hand moved on are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Header

from homegame.config import GameConfig
from homegame.engine.actions import Action, Discard, Fold, LegalActions
from homegame.engine.capabilities import CashGame
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
    StreetStarted,
    UncalledReturned,
)
from homegame.engine.session_events import (
    Busted,
    DealScored,
    GameWon,
    LevelChanged,
    SeriesWon,
    SideBetReturned,
    SideBetWon,
    TimedOut,
    money,
)
from homegame.engine.session_interface import Session
from homegame.engine.views import HandView, SeatView
from homegame.setup import session_for
from homegame.tui.background import in_background
from homegame.tui.gc_pauses import (
    collect_if_due,
    hold_full_collections,
    release_full_collections,
)
from homegame.tui.mount_styles import MountStyled
from homegame.tui.palette import themed
from homegame.tui.players import decide_told, make_bot
from homegame.tui.widgets.action_bar import ActionBar
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.clock import Clock
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.odds import OddsView, odds_text
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.pot import PotView
from homegame.tui.widgets.scoreboard import Scoreboard
from homegame.tui.widgets.seat import Seat, SeatInfo

if TYPE_CHECKING:  # the screens over the table load when first shown, not with the table
    from homegame.bots.base import Bot
    from homegame.store.journal import InputRecord
    from homegame.store.recorder import GameLog
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.certificate import Certificate

#: Events that add nothing a person needs in the log.
QUIET_EVENTS = (HoleDealt, HandEnded)
#: How often the screen passes the time to the session (the turn timer, a minutes clock).
TICK_SECONDS = 0.25

#: The prompt while a solo player who is out skips to the result.
SKIPPING = "Playing the rest out to the result…"
#: How the table waits out a bot's pause: until the hurry event is set or the seconds pass.
Wait = Callable[[asyncio.Event, float], Awaitable[None]]


async def hurry_or_timeout(hurry: asyncio.Event, seconds: float) -> None:
    """Wait `seconds`, or less if `hurry` is set first (space during a bot's pause)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(hurry.wait(), timeout=seconds)


#: Events the result screen lists after a deal.
RESULT_EVENTS = (
    UncalledReturned,
    PotAwarded,
    DealWon,
    DealScored,
    SeriesWon,
    SideBetWon,
    SideBetReturned,
    Busted,
    GameWon,
)


#: What a person's turn returns when they took back their last action instead.
TAKEN_BACK = Fold()


def _taken_back(records: Sequence[InputRecord], seat: int | None) -> int | None:
    """How many inputs to undo to take back `seat`'s last action (with the bots' actions after
    it), or None when a card was dealt since or it is not an action of this hand."""
    from homegame.store.recorder import TIME_STEPS

    for count, record in enumerate(reversed(records), start=1):
        if record.kind in TIME_STEPS and not record.events:
            continue  # the clock ticking: undone with the rest, a few seconds of practice
        if record.kind != "act" or any(
            isinstance(e, HoleDealt | BoardDealt | HandStarted) for e in record.events
        ):
            return None
        (_name, args), *_ = record.calls
        if args.get("seat") == seat:
            return count
    return None


class TableScreen(MountStyled, Screen[None]):
    """One game at one table, from the first deal to the winner."""

    CSS_PATH = "table.tcss"
    #: One binding per action a key can mean; the footer shows only those open now.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "act('fold')", "Fold"),
        Binding("c", "act('check')", "Check"),
        Binding("c", "act('call')", "Call"),
        Binding("r", "act('bet')", "Bet"),
        Binding("r", "act('raise')", "Raise"),
        Binding("a", "act('all_in')", "All-in"),
        Binding("a", "act('shove')", "Confirm all-in"),
        Binding("escape", "disarm", "Back"),
        Binding("f,c,r,a", "not_open", show=False),
        Binding("space", "hurry", "Hurry"),
        Binding("o", "odds", "Odds"),
        Binding("question_mark", "rules", "Rules"),
        Binding("u", "take_back", "Take back", show=False),
        Binding("l", "leave", "Cash out"),
    ]

    #: The smallest terminal the table works in (below it only a notice shows); below 80
    #: columns the narrow layout keeps the person's cards and the actions whole.
    MIN_SIZE = (60, 20)
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012 - Textual declares it on the instance
        (0, "-too-narrow"),
        (MIN_SIZE[0], "-narrow"),
        (80, "-wide"),
    ]
    VERTICAL_BREAKPOINTS = [  # noqa: RUF012 - Textual declares it on the instance
        (0, "-too-short"),
        (MIN_SIZE[1], "-short"),
        (24, "-tall"),
    ]

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None,
        certificate_folder: Path | None = None,
        journal: GameLog | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        bot_rng: random.Random | None = None,
        seat_draw: bool = False,
        wait: Wait | None = None,
        button: int | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.journal = journal
        #: No button named: the players draw for it before the first hand (issue 10).
        self.seat_draw = seat_draw if journal is None else journal.seat_draw
        records = journal.inputs() if journal is not None else []
        cards = None
        if journal is not None:  # a saved game deals from its record and its seed
            rng, cards, button = journal.sources(records)
        assert rng is not None
        self.rng = rng
        # Bots and the odds draw on a source of their own, never the deck's (issue 14).
        bot_rng = bot_rng if bot_rng is not None else random.Random("bots")
        names = tuple(p.name for p in config.players)
        self.game: Session = session_for(
            config, names, rng, button=button, cards=cards, seat_draw=self.seat_draw
        )
        self.variant = self.game.variant
        self.certificate_folder = certificate_folder
        self.bots: dict[int, Bot] = {
            seat: make_bot(p.bot, random.Random(bot_rng.getrandbits(64)))
            for seat, p in enumerate(config.players)
            if p.bot is not None
        }
        self.people = [seat for seat, p in enumerate(config.players) if p.bot is None]
        self.solo_seat = self.people[0] if len(self.people) == 1 else None
        self.started = False
        self.hand_number = 0
        self.hand_events: list[Event] = []
        self.viewer: int | None = self.solo_seat
        self.last_seen: int | None = None
        self.handoffs = 0
        self.certificate: Certificate | None = None
        self._choice: asyncio.Future[Action | list[Event]] | None = None
        self._hurry = asyncio.Event()
        #: A bot is taking its pause: space hurries it (and the footer says so).
        self.bot_thinking = False
        #: Solo, the person is out: the choice to watch, skip or start again was offered.
        self.out_offered = False
        #: Skipping to the result: the bots play on with no pauses.
        self.skipping = False
        self.game_over = False
        self._clock = clock
        #: How a bot's pause is waited out (tests pass one that records it and goes on).
        self._wait = wait or hurry_or_timeout
        self._last_tick: float | None = None
        self.show_odds = False
        self.deal_word = "hand" if self.variant.has_betting else "deal"
        self.carried: list[str] = []
        #: Cash game: the people who asked to cash out once the hand in play is over.
        self.leaving: set[int] = set()
        self.odds_rng = random.Random(bot_rng.getrandbits(64))
        #: Bumped whenever the odds shown go out of date; a result asked for before is dropped.
        self._odds_asked = 0
        #: Said on the table and the certificate: anyone who knows the seed knows the cards.
        self.practice = "" if config.seed is None else f"practice deal: seed {config.seed}"
        #: A resumed game's current deal: its events so far (None: deal the next one).
        self.resumed: list[Event] | None = None
        #: The random source as the first deal found it: a take-back replays from here.
        self._rng_at_start = rng.getstate() if config.seed is not None else None
        if journal is not None:
            self._resume(journal, records)

    def _resume(self, journal: GameLog, records: list[InputRecord]) -> None:
        """Replay the saved inputs (if any) into the session, then journal every new one."""
        if records:
            events = journal.replay(self.game, records)
            starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
            self.resumed = events[starts[-1] :] if starts else []
        journal.elapsed = lambda: self.game.elapsed
        journal.attach(self.game)

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="♠")
        with Horizontal(id="top"):
            yield Board(self.variant, id="board")
            with Vertical(id="side"):
                yield Clock(id="clock")
                yield OddsView(id="odds")
                if not self.variant.has_betting:
                    yield Scoreboard(id="scoreboard")
        yield PotView(id="pots")
        with Horizontal(id="middle"):
            with VerticalScroll(id="seats"):
                yield Plain(self._seats_header(), id="seats-header")
                for seat, name in enumerate(self.game.names):
                    yield Seat(SeatInfo(name), id=f"seat-{seat}")
            yield HandLog(id="log")
        yield ActionBar(id="action-bar")
        yield Plain(
            f"The table needs a terminal of at least {self.MIN_SIZE[0]} columns by "
            f"{self.MIN_SIZE[1]} rows.\nMake the window bigger (or the font smaller) to play on.",
            id="too-small",
        )
        yield KeysFooter()

    def _seats_header(self) -> str:
        if self.variant.has_betting:
            return "  Player     Pos     Stack    Bet  Cards"
        return "  Player     Pos    Cards"

    def on_mount(self) -> None:
        hold_full_collections()
        self.app.sub_title = " · ".join(filter(None, [self.variant.name, self.practice]))
        if not self.variant.has_betting:
            self.query_one(PotView).display = False
        self.query_one(OddsView).display = False
        self.render_table()
        self.set_interval(TICK_SECONDS, self._tick)
        self.run_worker(self.play_game(), exclusive=True, name="game")

    def on_unmount(self) -> None:
        release_full_collections()

    # -- what the screen shows ---------------------------------------------------------------

    def current_view(self) -> HandView | None:
        """The view this screen may show now: the viewer's own, or the public one."""
        game = self.game
        if not self.started:
            return None
        viewer = self.viewer
        if viewer is not None and not game.in_deal(viewer):
            viewer = None
        return game.view_for(viewer)

    def render_table(self) -> None:
        """Redraw seats, board, pots, clock and scoreboard from the current view."""
        if self.skipping:
            return
        view = self.current_view()
        in_view = {} if view is None else {s.seat: s for s in view.seats}
        standings = self.game.scoreboard().players
        for seat, name in enumerate(self.game.names):
            widget = self.query_one(f"#seat-{seat}", Seat)
            sv = in_view.get(seat)
            if view is None or sv is None:
                out = self.game.is_out(seat)
                widget.display = not (out and self.variant.has_betting)
                widget.info = SeatInfo(
                    name, stack=standings[seat].stack, busted=out, is_bot=seat in self.bots
                )
                continue
            widget.display = True
            widget.info = self._seat_info(seat, sv, view)
        board = self.query_one(Board)
        if view is None:
            board.show({})
        else:
            board.show(dict(view.board))
            names = self.game.names
            pots = [(p.amount, [names[e] for e in p.eligible]) for p in view.pots]
            self.query_one(PotView).show(pots, sum(s.bet for s in view.seats))
        self._render_side()

    def _seat_info(self, seat: int, sv: SeatView, view: HandView) -> SeatInfo:
        if sv.cards is not None:
            cards = tuple(sv.cards)
        elif not sv.folded and sv.cards_held:
            cards = (None,) * sv.cards_held
        else:
            cards = ()
        note = sv.made_hand if sv.shown else ""
        if sv.mucked:
            note = "mucked"
        return SeatInfo(
            name=sv.name,
            stack=sv.stack if self.variant.has_betting else None,
            bet=sv.bet,
            button=sv.is_button,
            small_blind=sv.is_small_blind,
            big_blind=sv.is_big_blind,
            folded=sv.folded,
            all_in=sv.all_in,
            sitting_out=seat in self.game.sitting_out,
            to_act=view.to_act == sv.seat and not view.is_over,
            is_bot=seat in self.bots,
            cards=cards,
            note=note,
        )

    def _render_side(self) -> None:
        standings = self.game.scoreboard()
        clock = self.query_one(Clock)
        level = standings.level
        if level is not None:
            clock.show_level(
                level.number,
                level.small_blind,
                level.big_blind,
                standings.hands_to_next_level,
                standings.seconds_to_next_level,
            )
        board = standings.series
        if board is not None:
            self.query_one(Scoreboard).show(
                [(r.name, r.wins, r.in_series) for r in board.rows],
                board.target,
                board.pool,
                board.cube,
                board.deals,
                board.side_pool,
            )

    def series_line(self) -> str:
        """The KRG series in one line, for screens that cover the scoreboard."""
        board = self.game.scoreboard().series
        if board is None:
            return ""
        wins = " · ".join(f"{r.name} {r.wins}" for r in board.rows if r.in_series)
        cube = f" · cube {board.cube}" if board.cube > 1 else ""
        side = f" · side bet {money(board.side_pool)}" if board.side_pool else ""
        return f"First to {board.target}: {wins} · pool {money(board.pool)}{cube}{side}"

    def write_log(self, line: str) -> None:
        """Add a line to the hand log."""
        self.query_one(HandLog).add(line)

    def log_events(self, events: Sequence[Event], names: Sequence[str]) -> None:
        """Log events in their public form, in plain words."""
        for line in log_lines(events, names):
            self.write_log(line)

    def set_prompt(self, text: str) -> None:
        """The line above the action bar: whose turn, what is happening."""
        self.query_one(ActionBar).set_prompt(text)

    # -- the game ----------------------------------------------------------------------------

    def _pass_time(self, *, turn_clock: bool) -> list[Event]:
        """Tell the session the time since the last tick (the game clock starts at the first
        deal); `turn_clock` while a person holds the action bar. Its events: a timeout."""
        now = self._clock()
        last, self._last_tick = self._last_tick, now
        if last is None:
            return []
        return self.game.advance_time(max(0.0, now - last), turn_clock=turn_clock)

    def _tick(self) -> None:
        """Time passes: a person choosing may run out of time; a minutes clock counts down.
        Nothing else needs the time between deals, so it is passed in only then."""
        choice = self._choice
        choosing = choice is not None and not choice.done()
        minutes = self.config.freezeout.minutes_per_level is not None and self.variant.has_betting
        if not (minutes or (choosing and self.config.timing.turn_timer > 0)):
            return
        events = self._pass_time(turn_clock=choosing)
        if choice is not None and choosing:
            if events:  # the turn timer ran out: the session checked or folded for them
                choice.set_result(events)
            else:
                self._show_turn_timer()
        if minutes:
            self._render_side()

    def _show_turn_timer(self) -> None:
        """The countdown of the person to act, when the turn timer runs."""
        left, seat = self.game.time_left(), self.game.to_act
        if left is not None and seat is not None:
            self.query_one(Clock).show_timer(self.game.names[seat], math.ceil(left))

    async def play_game(self) -> None:
        """Deal hands until the game has a winner, then show the certificate."""
        game = self.game
        names = game.names
        draw = game.seat_draw
        if draw is not None and game.deals == 0 and not game.in_hand:
            from homegame.tui.screens.seat_draw import SeatDrawScreen

            # Issue 10: nobody named the button, so the players drew for it; all can see.
            await self.app.push_screen_wait(SeatDrawScreen(draw, names))
            self.carried += draw.lines(names)
        while not game.is_over:
            resumed, self.resumed = self.resumed, None
            cube = game.cube()
            if cube is not None and cube.cube_pending():  # saved while it was being answered
                self.carried += await self._answer_cube()
                continue
            self.last_seen = None
            await collect_if_due()  # between deals (the table holds the collector's own)
            if resumed is not None and game.in_hand:
                self.hand_number = game.deals
                events = resumed
            else:
                self.hand_number = game.deals + 1
                self._pass_time(turn_clock=False)
                events = game.start_deal()
            self.started = True
            self.hand_events = list(events)
            word = self.deal_word
            practice = f" · {self.practice}" if self.practice else ""
            self.app.sub_title = f"{self.variant.name} · {word} {self.hand_number}{practice}"
            self.query_one(HandLog).new_hand(f"{word.capitalize()} {self.hand_number}")
            for line in self.carried:
                self.write_log(line)
            self.carried = []
            for event in events:
                if isinstance(event, LevelChanged) and not self.skipping:  # no toast pile-up
                    self.notify(event.describe(names), title="Blinds up", timeout=6, markup=False)
            self.log_events(events, names)
            await self.play_hand()
            game = self.game  # a take-back rebuilds the session
            self.viewer = self.solo_seat
            self.render_table()
            if any(game.in_deal(seat) for seat in self.people):
                await self._show_showdown()
            else:
                # Nobody at the keyboard is still playing: the bots play on, visibly.
                self.set_prompt(
                    SKIPPING
                    if self.skipping
                    else "Everyone at the keyboard is out: the bots play on (space hurries)"
                )
                await self._bot_pause()
            await self._offer_cube()
            await self._cash_between_hands()
            if await self._offer_after_out():
                self.app.call_later(cast("HomegameApp", self.app).play_again, self.config)
                return
        self.game_over = True
        self.skipping = False
        self.render_table()
        await self._show_winner()

    @property
    def cash(self) -> CashGame | None:
        """The session when this table plays a cash game (HOUSE_RULES 22)."""
        return self.game.cash_game()

    async def _cash_between_hands(self) -> None:
        """A cash game between hands: a player with no chips tops up or leaves (a bot tops up);
        once too few players (or no person) are left with chips, the game ends."""
        from homegame.tui.screens.settlement import TopUpScreen

        cash = self.cash
        if cash is None or cash.is_over:
            return
        names = cash.names
        for seat in sorted(self.leaving):  # those who asked to go, with the chips they have now
            if cash.seated(seat):
                self.carried += [e.describe(names) for e in cash.cash_out(seat)]
        self.leaving.clear()
        most = cash.cash.max_buy_in
        for seat in range(len(names)):
            if not cash.seated(seat) or cash.stacks[seat] > 0:
                continue
            stay = True
            if seat not in self.bots:
                screen = TopUpScreen(names[seat], most, cash.cash.cents(most))
                stay = await self.app.push_screen_wait(screen)
            events = cash.top_up(seat, most) if stay else cash.cash_out(seat)
            self.carried += [e.describe(names) for e in events]
        with_chips = [s for s in range(len(names)) if cash.seated(s) and cash.stacks[s] > 0]
        if len(with_chips) < 2 or not any(cash.seated(p) for p in self.people):
            self.carried += [e.describe(names) for e in cash.end()]

    async def _offer_after_out(self) -> bool:
        """Solo: once the person is out with bots still playing, ask whether to watch them,
        skip to the result or start again (asked once). True: start again."""
        from homegame.tui.screens.out import AfterOut, OutScreen

        seat = self.solo_seat
        if seat is None or self.out_offered or self.game.is_over or not self.game.is_out(seat):
            return False
        self.out_offered = True
        finished = self.game.scoreboard().players[seat].place
        place = "" if finished is None else f" in place {finished}"
        left = sum(1 for s in range(len(self.game.names)) if not self.game.is_out(s))
        choice = await self.app.push_screen_wait(OutScreen(self.game.names[seat], place, left))
        if choice is AfterOut.SKIP:
            self.skipping = True
            self.set_prompt(SKIPPING)
        return choice is AfterOut.AGAIN

    async def play_hand(self) -> None:
        """Ask each seat to act until the hand is over."""
        game = self.game
        self.render_table()
        while game.in_hand:
            seat = game.to_act
            if seat is None:
                break
            legal = game.legal_actions()
            action: Action | list[Event]
            if seat in self.bots:
                action = await self._ask_bot(seat)
                if game.to_act != seat:  # the hand moved on while the bot thought: ask again
                    continue
            else:
                action = await self._ask_person(seat, legal)
            if action is TAKEN_BACK:  # the session was rebuilt without the person's action
                game = self.game
                self.render_table()
                continue
            try:
                # A list: the turn timer ran out and the session already acted for the seat.
                events = action if isinstance(action, list) else game.act(action, seat)
            except IllegalAction as exc:
                if seat not in self.bots:
                    self.set_prompt(f"Not allowed: {exc}")
                    continue
                # A bot's mistake must not stall the table: it plays the passive action.
                self.write_log(f"{game.names[seat]} tried an action that is not allowed: {exc}")
                events = game.act(self._fallback(seat, legal), seat)
            finally:
                if self.solo_seat is None and seat in self.people:
                    self.viewer = None
            self.hand_events += events
            self.log_events(events, game.names)
            self.render_table()
            if self.show_odds and not self._odds_live():
                self.update_odds()
        self.query_one(ActionBar).offer(None)
        self.set_prompt("")

    def _fallback(self, seat: int, legal: LegalActions) -> Action:
        """What a bot plays when its own choice was refused: passive, or its first cards."""
        from homegame.bots.base import passive

        if legal.discard_count:
            mine = next(s for s in self.game.view_for(seat).seats if s.seat == seat)
            cards = tuple(c for c in mine.cards or () if c is not None)
            return Discard(cards=cards[: legal.discard_count])
        return passive(legal)

    async def _ask_bot(self, seat: int) -> Action:
        """Wait the bot's pause (space hurries it), then let it decide from its own view in a
        thread: its sample budget is work the event loop must not wait on."""
        name = self.game.names[seat]
        self.query_one(ActionBar).offer(None)
        if self.skipping:
            self.set_prompt(SKIPPING)
        elif self.people and all(self.game.is_out(p) for p in self.people):
            self.set_prompt(f"{name} thinks… You are out: bots play on (space hurries, q q leaves)")
        else:
            self.set_prompt(f"{name} (bot) is thinking… space to hurry{self._sitting_out_hint()}")
        self.render_table()
        self.bot_thinking = True
        self.refresh_bindings()
        try:
            await self._bot_pause()
        finally:
            self.bot_thinking = False
            self.refresh_bindings()
        view, tournament = self.game.view_for(seat), self.game.tournament()
        money = None if tournament is None else tournament.money()
        return await in_background(decide_told, self.bots[seat], view, money)

    async def _bot_pause(self) -> None:
        """The visible pause before a bot acts; space cuts it short."""
        pause = 0.0 if self.skipping else self.config.timing.bot_pause
        if pause > 0:
            self._hurry.clear()
            await self._wait(self._hurry, pause)
        else:
            await asyncio.sleep(0)

    async def _reveal_to(self, seat: int, why: str) -> None:
        """Make `seat` the viewer, covering the table first when someone else saw it last."""
        if self.solo_seat is None and self.last_seen != seat:
            from homegame.tui.screens.handoff import HandoffScreen

            self.viewer = None
            self.render_table()
            self.handoffs += 1
            await self.app.push_screen_wait(HandoffScreen(self.game.names[seat], why))
        self.viewer = seat
        self.last_seen = seat
        self.render_table()

    async def _ask_person(self, seat: int, legal: LegalActions) -> Action | list[Event]:
        """A person's action (or the events of their timeout): discard prompt or action bar."""
        name = self.game.names[seat]
        if legal.discard_count:
            dealt = self._street_dealt()
            news = f"{dealt} " if dealt else ""
            await self._reveal_to(seat, f"{news}Time to discard {legal.discard_count}.")
            view = self.game.view_for(seat)
            mine = next(s for s in view.seats if s.seat == seat)
            cards = [c for c in mine.cards or () if c is not None]
            from homegame.tui.screens.discard import DiscardAsk

            app = cast("HomegameApp", self.app)
            board, series = dict(view.board), self.series_line()
            ask = DiscardAsk(name, cards, legal.discard_count, self.variant, board, series)
            picked = await app.push_screen_wait(app.discard_screen(ask))
            return Discard(cards=tuple(picked))
        if legal.can_show:
            return await self._show_or_muck(seat)
        await self._reveal_to(seat, f"{self._what_happened()} Your turn to act.")
        self.query_one(f"#seat-{seat}", Seat).scroll_visible(animate=False)
        bar = self.query_one(ActionBar)
        bar.offer(legal, self.game.view_for(seat).pot_total)
        self.update_odds()
        take_back = " (u takes back your last)" if self.check_action("take_back", ()) else ""
        self.set_prompt(f"{name}, your turn: choose an action{take_back}")
        self._choice = asyncio.get_running_loop().create_future()
        self._show_turn_timer()
        self.refresh_bindings()
        try:
            return await self._choice
        finally:
            self._choice = None
            with contextlib.suppress(NoMatches):
                bar.offer(None)
                self.query_one(Clock).show_timer("", None)

    async def _show_or_muck(self, seat: int) -> Action:
        """HOUSE_RULES 8: the engine asks a losing hand to show or muck; the person decides
        after the pass-to screen (their own cards are on it)."""
        from homegame.tui.screens.show_muck import ShowOrMuckScreen

        await self._reveal_to(seat, "Showdown: your hand would lose. Show it or muck it?")
        view = self.game.view_for(seat)
        mine = next(s for s in view.seats if s.seat == seat)
        cards = [c for c in mine.cards or () if c is not None]
        shown = [f"{s.name} shows {s.made_hand}" for s in view.seats if s.shown and s.made_hand]
        return await self.app.push_screen_wait(
            ShowOrMuckScreen(
                self.variant, self.game.names[seat], cards, dict(view.board), " · ".join(shown)
            )
        )

    def _what_happened(self) -> str:
        """The news for the person taking over: the last action, or the street just dealt."""
        lines = log_lines(self.hand_events, self.game.names)
        if lines and not isinstance(self._last_logged(), StreetStarted):
            return f"{lines[-1]}."
        return self._street_dealt() or "The cards are dealt."

    def _last_logged(self) -> Event | None:
        """The last event of this hand that the log shows."""
        shown = [e for e in self.hand_events if not isinstance(e, QUIET_EVENTS)]
        return shown[-1] if shown else None

    def _street_dealt(self) -> str:
        """'The flop is out.' for the last board cards dealt this hand ('' before any)."""
        dealt = [e for e in self.hand_events if isinstance(e, BoardDealt)]
        return f"The {dealt[-1].street} is out." if dealt else ""

    async def _offer_cube(self) -> None:
        """KRG with the cube (HOUSE_RULES 16): between deals a person may turn it; every other
        player still in doubles or drops out (a bot answers for itself)."""
        from homegame.tui.screens.cube import CubeTurnScreen

        game = self.game.cube()
        if game is None:
            return
        turners = [s for s in game.cube_turners() if s not in self.bots]
        if not turners:
            return
        board = game.scoreboard().series
        assert board is not None
        choices = [(s, game.names[s]) for s in turners]
        seat = await self.app.push_screen_wait(CubeTurnScreen(choices, board.cube))
        if seat is None:
            return
        news = [e.describe(game.names) for e in game.turn_cube(seat)]
        news += await self._answer_cube()
        self.carried += news
        # Said at once as well as in the next deal's log, which a handoff may cover: who
        # doubled and who dropped out (a bot's answer too) is everyone's business.
        self.notify("\n".join(news), title="Doubling cube", timeout=8, markup=False)
        self.render_table()

    async def _answer_cube(self) -> list[str]:
        """Every player still to answer the cube doubles or drops out; the news, in words."""
        from homegame.tui.screens.cube import CubeAnswerScreen

        game = self.game.cube()
        assert game is not None
        news: list[str] = []
        series = game.scoreboard().series
        assert series is not None and series.cube_owner is not None
        seat = series.cube_owner
        while game.cube_pending():
            other = game.cube_pending()[0]
            board = game.scoreboard().series
            assert board is not None
            if other in self.bots:
                from homegame.bots.base import doubles

                double = doubles(self.bots[other], board, other)
            else:
                stake = money(board.rows[other].paid * 2)
                double = await self.app.push_screen_wait(
                    CubeAnswerScreen(game.names[other], game.names[seat], board.cube, stake)
                )
            news += [e.describe(game.names) for e in game.answer_cube(other, double)]
        return news

    def _sitting_out_hint(self) -> str:
        """' · Sam is sitting out: b to come back' for people the game plays for."""
        away = [self.game.names[s] for s in sorted(self.game.sitting_out) if s in self.people]
        if not away:
            return ""
        verb = "is" if len(away) == 1 else "are"
        return f" · {' and '.join(away)} {verb} sitting out: b to come back"

    def _results(self) -> list[str]:
        """The deal's result lines: pots won, deals scored, busts, the winner."""
        names = self.game.names
        lines = [e.describe(names) for e in self.hand_events if isinstance(e, RESULT_EVENTS)]
        hint = self._sitting_out_hint()
        return [*lines, hint.removeprefix(" · ")] if hint else lines

    async def _show_showdown(self) -> None:
        from homegame.tui.screens.showdown import ShowdownScreen

        view = self.game.view_for(None)
        results = self._results()
        word = self.deal_word
        label = "See the winner" if self.game.is_over else f"Next {word}"
        if self.journal is not None:
            label += f" · h: the {word}'s every action"
        title = f"{word.capitalize()} {self.hand_number}: result"
        if self.game.scoreboard().series is not None and not self.game.is_over:
            results.append(self.series_line())
        cash = self.cash
        screen = ShowdownScreen(
            self.variant, view, results, title, next_label=label, can_end=cash is not None
        )
        if await self.app.push_screen_wait(screen) and cash is not None:
            self.carried += [e.describe(self.game.names) for e in cash.end()]

    async def _show_winner(self) -> None:
        from homegame.tui.screens.certificate import Certificate, CertificateScreen
        from homegame.tui.screens.settlement import SettlementScreen

        game = self.game
        cash = self.cash
        if cash is not None:  # nobody wins a cash game: what each player takes home
            hands = cash.deals
            title = f"Cash game over after {hands} hand{'s' if hands != 1 else ''}"
            await self.app.push_screen_wait(
                SettlementScreen(title, cash.ledger_lines("cash"), self.carried)
            )
            self.app.call_later(cast("HomegameApp", self.app).back_to_start, self.config)
            return
        winners = [game.names[s] for s in game.winners]
        today = date.today().isoformat()
        players = f"{len(game.names)} players"
        if self.variant.has_betting:
            cert = Certificate(
                winner=winners[0],
                game=f"{self.variant.name} freezeout, {players}",
                date=today,
                hands=game.deals,
                places=self._finishing_order(),
            )
            cert = await self._prize_money(cert)
        else:
            board = game.scoreboard().series
            pool = board.pool if board else 0
            cert = Certificate(
                winner=" and ".join(winners),
                game=f"KRG series to {self.config.series.wins} wins, {players}",
                date=today,
                hands=game.deals,
                detail=f"Pool: {money(pool)}",
                title="Series winner" if len(winners) == 1 else "Series winners",
                places=self._finishing_order(),
                played="Deals",
            )
        if self.practice:
            cert = replace(cert, practice=self.practice.capitalize())
        self.certificate = cert
        chart = None
        if self.journal is not None:  # the night at a glance under the certificate
            from homegame.store.history import chart_series, load_history

            chart = chart_series(load_history(self.journal.journal, self.journal.game_id))
        await self.app.push_screen_wait(CertificateScreen(cert, self.certificate_folder, chart))
        self.app.call_later(cast("HomegameApp", self.app).back_to_start, self.config)

    async def _prize_money(self, cert: Certificate) -> Certificate:
        """A freezeout played for money: the result in places, prizes and who pays whom, then
        the certificate with each prize."""
        from homegame.tui.screens.settlement import SettlementScreen

        game = self.game
        tournament = game.tournament()
        money_now = None if tournament is None else tournament.money()
        if money_now is None:
            return cert
        from homegame.prize_text import place_lines, pool_line, prizes_won

        order = cert.places
        heading = [pool_line(money_now), *place_lines(money_now, order), ""]
        title = f"{cert.winner} wins: the money"
        await self.app.push_screen_wait(
            SettlementScreen(title, game.ledger_lines("this game"), heading)
        )
        return replace(cert, prizes=prizes_won(money_now, order))

    def _finishing_order(self) -> tuple[tuple[int, str], ...]:
        """Each player's place, first to last: a freezeout by when they busted; a series by
        wins (the winners first, ties sharing a place, players who dropped out last)."""
        game = self.game
        names = game.names
        standings = game.scoreboard()
        board = standings.series
        if board is None:  # a freezeout: the places the session gave as players busted
            places = {p.seat: p.place for p in standings.players if p.place is not None}
            places.update({s: 1 for s in game.winners})
            return tuple(sorted(((p, names[s]) for s, p in places.items()), key=lambda r: r[0]))
        won = set(game.winners)
        keyed = sorted(
            board.rows, key=lambda r: (r.seat not in won, not r.in_series, -r.wins, r.seat)
        )
        order: list[tuple[int, str]] = []
        previous: tuple[bool, bool, int] | None = None
        for index, row in enumerate(keyed, start=1):
            key = (row.seat not in won, not row.in_series, -row.wins)
            place = order[-1][0] if key == previous else index
            order.append((place, row.name))
            previous = key
        return tuple(order)

    # -- keys --------------------------------------------------------------------------------

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        message.stop()
        if self._choice is not None and not self._choice.done():
            self._choice.set_result(message.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that work now: a person's open actions, hurry while a bot thinks."""
        if action == "act":
            return self._open_now(str(parameters[0]))
        if action == "not_open":
            return self._choice is not None and self.variant.has_betting and not self.too_small
        if action == "disarm":
            return self._choice is not None and self.query_one(ActionBar).armed
        if action == "hurry":
            return bool(self.bots) and self.bot_thinking
        if action == "odds":
            return self.solo_seat is not None
        if action == "take_back":
            return bool(self.solo_seat is not None and self.journal and self.config.rules.solo_undo)
        if action == "leave":
            return bool(self._may_leave())
        return True

    def _may_leave(self) -> list[int]:
        """A cash game's people still seated with chips, not already leaving (HOUSE_RULES 22)."""
        cash = self.cash
        if cash is None or cash.is_over or self.game_over:
            return []
        return [
            s
            for s in self.people
            if cash.seated(s) and cash.stacks[s] > 0 and s not in self.leaving
        ]

    def action_leave(self) -> None:
        """l: a person gets up with their chips once this hand is over (HOUSE_RULES 22)."""
        from homegame.tui.screens.settlement import LeaveScreen

        cash = self.cash
        seats = self._may_leave()
        if cash is None or not seats:
            return
        names = cash.names
        choices = [(s, names[s], cash.stacks[s], cash.cash.cents(cash.stacks[s])) for s in seats]

        def chosen(seat: int | None) -> None:
            if seat is not None:
                self.leaving.add(seat)
                self.write_log(f"{names[seat]} cashes out after this hand")
                self.refresh_bindings()

        self.app.push_screen(LeaveScreen(choices), chosen)

    @property
    def too_small(self) -> bool:
        """Below MIN_SIZE only the notice shows, and no action key works unseen."""
        return self.has_class("-too-narrow") or self.has_class("-too-short")

    def on_resize(self) -> None:
        self.refresh_bindings()

    def _open_now(self, what: str) -> bool:
        """Is `what` (fold, check, call, bet, raise, all_in, shove) open to the person now?"""
        if not self.variant.has_betting or self._choice is None or self.too_small:
            return False
        return what in self.query_one(ActionBar).available()

    def action_take_back(self) -> None:
        """Solo practice (setting `solo_undo`): take back your last action, and the bots'
        answers to it, while no card has been dealt since; the hand is replayed without them."""
        journal = self.journal
        if journal is None or self._choice is None or self._choice.done():
            self.set_prompt("You can take an action back when it is your turn again.")
            return
        count = _taken_back(journal.inputs(), self.solo_seat)
        if count is None:
            self.set_prompt("Nothing to take back: a card has been dealt since your last action.")
            return
        undone = [journal.undo() for _ in range(count)]
        records = journal.inputs()
        rng, cards, button = journal.sources(records)
        fresh = session_for(
            self.config, self.game.names, rng, button=button, cards=cards, seat_draw=self.seat_draw
        )
        if self._rng_at_start is not None:  # a seeded game: the same draws as the first time
            rng.setstate(self._rng_at_start)
        events = journal.replay(fresh, records)
        journal.attach(fresh)
        self.game = fresh
        starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
        self.hand_events = events[starts[-1] :] if starts else []
        from homegame.store.history import undone_line

        mine = undone[-1]
        said = undone_line(mine, self.game.names) if mine is not None else "undone"
        self.write_log(f"Taken back: {said.removeprefix('undone: ')}")
        self._choice.set_result(TAKEN_BACK)

    def action_act(self, what: str) -> None:
        """f, c, r, a: the action the key means now (only while a person is choosing)."""
        if self._choice is None:
            return
        self.query_one(ActionBar).choose(what)

    def action_not_open(self) -> None:
        """An action key whose action is not open now: one line, nothing changes."""
        if not self.query_one(ActionBar).amount_open:
            self.set_prompt("That action is not open now.")

    def action_disarm(self) -> None:
        """Esc after a first `a`: no all-in."""
        self.query_one(ActionBar).disarm()

    def action_odds(self) -> None:
        """Solo: turn the odds display on or off."""
        self.show_odds = not self.show_odds
        self.update_odds()

    def _odds_live(self) -> bool:
        """True while the solo player holds cards in a hand still being played."""
        seat = self.solo_seat
        if seat is None or not self.started or not self.game.in_hand:
            return False
        if not self.game.in_deal(seat):
            return False
        mine = next((s for s in self.game.view_for(seat).seats if s.seat == seat), None)
        return mine is not None and not mine.folded

    def update_odds(self) -> None:
        """Show or hide the solo player's odds; when shown, work them out afresh in a thread.

        Whatever was shown or being worked out goes out of date at once: cleared when the
        player is out of the hand, a placeholder until the new result arrives otherwise.
        """
        widget = self.query_one(OddsView)
        widget.display = self.show_odds
        self._odds_asked += 1
        if not self.show_odds or self.solo_seat is None or not self.started:
            return
        if not self._odds_live():
            widget.text = Text("")
            return
        widget.text = Text("Odds: working them out…", style=themed("$hint"))
        view = self.game.view_for(self.solo_seat)
        rng = random.Random(self.odds_rng.random())
        roomy = self.app.has_class("roomy")
        self.run_worker(self._work_out_odds(self._odds_asked, view, rng, roomy), group="odds")

    async def _work_out_odds(
        self, asked: int, view: HandView, rng: random.Random, roomy: bool
    ) -> None:
        """The odds for `view`, shown only if nothing has made them out of date meanwhile."""
        text = await in_background(odds_text, view, rng, list_cards=roomy)
        if asked == self._odds_asked:
            self.query_one(OddsView).text = text

    def action_hurry(self) -> None:
        self._hurry.set()

    def action_come_back(self) -> None:
        """Everyone sitting out comes back (HOUSE_RULES 12), and is told so on any screen."""
        from homegame.tui.screens.showdown import ShowdownScreen

        away = [s for s in sorted(self.game.sitting_out) if s in self.people]
        if not away:
            return
        hint = self._sitting_out_hint().removeprefix(" · ")
        lines: list[str] = []
        for seat in away:
            lines += [e.describe(self.game.names) for e in self.game.come_back(seat)]
        if self.game.in_hand:
            for line in lines:
                self.write_log(line)
        else:  # between hands the log is about to start afresh: say it in the next one
            self.carried += lines
        self.notify("\n".join(lines), title="Welcome back", timeout=4, markup=False)
        for screen in self.app.screen_stack:
            if isinstance(screen, ShowdownScreen):
                screen.drop_result(hint)
        self.render_table()

    def action_rules(self) -> None:
        from homegame.tui.screens.rules_help import RulesHelpScreen

        self.app.push_screen(RulesHelpScreen(self.variant))


def log_lines(events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The log's lines for `events`: public forms in plain words, nothing a person needs left
    out; a timeout is one line, not the timeout and then the check or fold made for the seat."""
    lines: list[str] = []
    timed_out: int | None = None
    for event in events:
        if isinstance(event, QUIET_EVENTS):
            continue
        if isinstance(event, Acted) and event.seat == timed_out:
            timed_out = None
            continue
        timed_out = event.seat if isinstance(event, TimedOut) else None
        lines.append(event.public().describe(names))
    return lines
