"""The table: seats, board, pots, log and action bar, drawn from the game driver's views.

The screen decides nothing about the game: one worker answers the driver's requests
(`homegame.play`), each as a widget or a screen: the action bar or the discard prompt for a
person, a pause then a decision in a thread for a bot, "Pass to NAME" before a private view in
pass-and-play, the result, the cube, a cash game's top-up, the certificate. It renders engine
views only: the viewer's own while their cards may show, the public one otherwise. Bot
decisions and the odds are worked out in worker processes (`TableWork`), so no key waits on
them; odds that arrive after the hand moved on are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Header

from homegame.config import GameConfig
from homegame.defaults import BOT_FILE_SECONDS
from homegame.engine.actions import Action
from homegame.engine.events import Event
from homegame.engine.session_events import (
    CubeDoubled,
    CubeTurned,
    DroppedOut,
    LevelChanged,
)
from homegame.engine.session_interface import Session
from homegame.play.driver import GameDriver, Refused, TakeBackRefused, log_lines
from homegame.play.requests import (
    AfterOut,
    AskAction,
    BotCubeAnswer,
    BotFailed,
    BotTurn,
    DealResult,
    GameOver,
    OfferAfterOut,
    Request,
    ShowSeatDraw,
)
from homegame.play.series_text import series_line
from homegame.tui.deal_news import DealNews, by_deal
from homegame.tui.gc_pauses import (
    collect_if_due,
    hold_full_collections,
    release_full_collections,
)
from homegame.tui.mount_styles import MountStyled
from homegame.tui.players import TableWork
from homegame.tui.screens.table_answers import SKIPPING, answer_on_screen, ask_who_leaves
from homegame.tui.table_keys import TABLE_KEYS, key_works, not_open
from homegame.tui.table_paint import paint_side, paint_table, seat_line_rest
from homegame.tui.widgets.action_bar import ActionBar
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.clock import Clock
from homegame.tui.widgets.footer import KeysFooter
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.odds import OddsView
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.pot import PotView
from homegame.tui.widgets.scoreboard import Scoreboard
from homegame.tui.widgets.seat import Seat, SeatInfo, SeatsHeader

if TYPE_CHECKING:  # the screens over the table load when first shown, not with the table
    from homegame.engine.capabilities import CashGame
    from homegame.store.recorder import GameLog
    from homegame.tui.screens.certificate import Certificate

__all__ = ["TableScreen", "Wait", "hurry_or_timeout", "log_lines"]

#: How often the screen passes the time to the driver (the turn timer, a minutes clock).
TICK_SECONDS = 0.25

#: How the table waits out a bot's pause: until the hurry event is set or the seconds pass.
Wait = Callable[[asyncio.Event, float], Awaitable[None]]
#: Cube news is said at once as well as in the next deal's log, which a handoff may cover.
CUBE_EVENTS = (CubeTurned, CubeDoubled, DroppedOut)


async def hurry_or_timeout(hurry: asyncio.Event, seconds: float) -> None:
    """Wait `seconds`, or less if `hurry` is set first (space during a bot's pause)."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(hurry.wait(), timeout=seconds)


class _Superseded:
    """The request a person was answering went away (their turn timed out, a take-back)."""


SUPERSEDED = _Superseded()


class TableScreen(MountStyled, Screen[None]):
    """One game at one table, from the first deal to the winner."""

    CSS_PATH = "table.tcss"
    #: The keys and when each works: `homegame.tui.table_keys`.
    BINDINGS: ClassVar[list[BindingType]] = TABLE_KEYS

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
        bot_limit: float = BOT_FILE_SECONDS,
    ) -> None:
        super().__init__()
        #: Where the bots decide and the odds are worked out (`bot_limit`: the seconds a
        #: user's bot file may take per decision).
        self.work = TableWork(limit=bot_limit)
        self.config = config
        self.journal = journal
        if journal is not None:
            from homegame.stats.collect import keep_figures

            journal.keep_figures_by(keep_figures)  # the game's stats row, kept when it ends
        self.driver = GameDriver(
            config,
            rng,
            journal,
            bot_rng=bot_rng,
            seat_draw=seat_draw,
            button=button,
            clock=clock,
        )
        self.variant = self.driver.variant
        self.certificate_folder = certificate_folder
        self.solo_seat = self.driver.solo_seat
        self.handoffs = 0
        self.certificate: Certificate | None = None
        self._choice: asyncio.Future[object] | None = None
        self._hurry = asyncio.Event()
        #: A bot is taking its pause: space hurries it (and the footer says so).
        self.bot_thinking = False
        self._skipping = False
        self.game_over = False
        #: How a bot's pause is waited out (tests pass one that records it and goes on).
        self._wait = wait or hurry_or_timeout
        self.show_odds = False
        self.deal_word = self.driver.deal_word
        #: The hand log's lines, deal by deal (news between deals waits for the next one).
        self.news = DealNews(lambda: self.query_one(HandLog))
        #: Why the person's last answer was refused, said when they are asked again.
        self._refusal = ""
        #: Said on the table and the certificate: anyone who knows the seed knows the cards.
        self.practice = "" if config.seed is None else f"practice deal: seed {config.seed}"

    @property
    def skipping(self) -> bool:
        """Skipping to the result: the bots play on with no pauses, and one progress line
        stands in for the table (drawing every bot's action would only slow them down)."""
        return self._skipping

    @skipping.setter
    def skipping(self, value: bool) -> None:
        self._skipping = value
        self.set_class(value, "-skipping")
        self.render_table()

    @property
    def game(self) -> Session:
        """The session being played (a take-back replaces it)."""
        return self.driver.game

    @property
    def cash(self) -> CashGame | None:
        """The session when this table plays a cash game (HOUSE_RULES 22)."""
        return self.driver.cash

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="♠")
        with Horizontal(id="top"):
            yield Board(self.variant, id="board")
            with Vertical(id="side"):
                yield Clock(id="clock")
                yield OddsView(self.work.odds, id="odds")
                if self.variant.has_series:
                    yield Scoreboard(id="scoreboard", currency=self.config.currency)
        yield PotView(id="pots")
        with Horizontal(id="middle"):
            with VerticalScroll(id="seats"):
                names = tuple(self.game.names)
                rest = seat_line_rest(self.variant)
                chips = self.variant.has_chips
                yield SeatsHeader(chips=chips, names=names, rest=rest, id="seats-header")
                for seat, name in enumerate(names):
                    yield Seat(SeatInfo(name), id=f"seat-{seat}", names=names, rest=rest)
            yield HandLog(id="log")
        yield Plain("", id="skip-progress")
        yield ActionBar(id="action-bar")
        yield Plain(
            f"The table needs a terminal of at least {self.MIN_SIZE[0]} columns by "
            f"{self.MIN_SIZE[1]} rows.\nMake the window bigger (or the font smaller) to play on.",
            id="too-small",
        )
        # The action bar names f, c, r and a: a narrow footer keeps the keys, not the words.
        yield KeysFooter(terse=("act(",))

    def on_mount(self) -> None:
        hold_full_collections()
        self.app.sub_title = " · ".join(filter(None, [self.variant.name, self.practice]))
        if not self.variant.has_chips:
            self.query_one(PotView).display = False
        self.query_one(OddsView).display = False
        self.render_table()
        self.set_interval(TICK_SECONDS, self._tick)
        self.run_worker(self.play_game(), exclusive=True, name="game")
        if self.driver.bots or self.solo_seat is not None:  # the bots' or the odds' worker
            self.call_after_refresh(self.work.warm_up)  # starts after the first frame

    def on_unmount(self) -> None:
        release_full_collections()
        self.work.close()
        if self.journal is not None:  # the stats row as the game was left, off this thread
            self.journal.stopped()

    # -- what the screen shows ---------------------------------------------------------------

    def render_table(self) -> None:
        """Redraw the table from what the driver shows now (`homegame.tui.table_paint`)."""
        paint_table(self, self.driver, skipping=self.skipping)

    def series_line(self) -> str:
        """The KRG series in one line, for screens that cover the scoreboard."""
        return series_line(self.game.scoreboard().series, self.config.currency)

    def write_log(self, line: str) -> None:
        """Add a line to the hand log."""
        self.query_one(HandLog).add(line)

    def set_prompt(self, text: str) -> None:
        """The line above the action bar: whose turn, what is happening."""
        self.query_one(ActionBar).set_prompt(text)

    # -- the game: answering the driver ------------------------------------------------------

    def _tick(self) -> None:
        """Time passes: a person choosing may run out of time; a minutes clock counts down.
        Nothing else needs the time between deals, so it is passed in only then."""
        choice = self._choice
        choosing = choice is not None and not choice.done()
        if not self.driver.wants_time(choosing=choosing):
            return
        events = self.driver.tick(turn_clock=choosing)
        if choice is not None and choosing:
            if events:  # the turn timer ran out: the session checked or folded for them
                self.show_events(events)
                choice.set_result(SUPERSEDED)
            else:
                self._show_turn_timer()
        if self.driver.minutes_clock:
            paint_side(self, self.driver)

    def _show_turn_timer(self) -> None:
        """The countdown of the person to act, when the turn timer runs."""
        left, seat = self.game.time_left(), self.game.to_act
        if left is not None and seat is not None:
            self.query_one(Clock).show_timer(self.game.names[seat], math.ceil(left))

    async def play_game(self) -> None:
        """Answer the driver's requests until the game is over (or the person starts again);
        when the app quits while the game waits on a widget, the game stops where it is (every
        input is in the journal already)."""
        try:
            await self._play_game()
        except NoMatches:
            if self.is_running and self.is_attached:
                raise
            # The table's widgets are being taken down (the app quits): nothing to answer.

    async def _play_game(self) -> None:
        driver = self.driver
        self.show_events(driver.start())
        while (request := driver.request) is not None:
            if isinstance(request, DealResult | ShowSeatDraw | GameOver):
                await collect_if_due()  # between deals (the table holds the collector's own)
            answer = await self.answer_request(request)
            if answer is SUPERSEDED or driver.request is not request:  # e.g. taken back
                continue
            if isinstance(request, GameOver) or (
                isinstance(request, OfferAfterOut) and answer is AfterOut.AGAIN
            ):
                return
            try:
                events = driver.answer(answer)
            except Refused as exc:  # said on the same request, asked again
                self._refusal = f"Not allowed: {exc}"
                continue
            self.show_events(events)

    async def answer_request(self, request: Request) -> object:
        """What the screen answers `request` with: the action bar, a bot's decision, or the
        request's own screen."""
        if isinstance(request, BotTurn):
            return await self._ask_bot(request)
        if isinstance(request, BotCubeAnswer):
            return await self.work.answer_cube(request)
        if isinstance(request, AskAction):
            return await self._ask_action(request)
        return await answer_on_screen(self, request)

    def show_events(self, events: Sequence[Event]) -> None:
        """Log what happened: a new deal starts a fresh log (with the news carried since the
        last one); news between deals waits for the next deal's log."""
        names = self.game.names
        for starts_deal, part in by_deal(events):
            if starts_deal:
                self._new_deal_log()
            self.news.add(log_lines(part, names, self.config.currency))
        for event in events:
            if isinstance(event, LevelChanged) and not self.skipping:  # no toast pile-up
                self.notify(event.describe(names), title="Blinds up", timeout=6, markup=False)
        currency = self.config.currency
        cube = [e.describe_in(currency, names) for e in events if isinstance(e, CUBE_EVENTS)]
        if cube:
            self.notify("\n".join(cube), title="Doubling cube", timeout=8, markup=False)
        self.render_table()
        if self.show_odds and not self.driver.holds_cards(self.solo_seat):
            self.update_odds()

    def _new_deal_log(self) -> None:
        word = self.deal_word
        number = self.game.deals
        practice = f" · {self.practice}" if self.practice else ""
        self.app.sub_title = f"{self.variant.name} · {word} {number}{practice}"
        self.news.begin(f"{word.capitalize()} {number}")

    async def _ask_bot(self, request: BotTurn) -> Action | BotFailed | _Superseded:
        """Wait the bot's pause (space hurries it), then let it decide from its own view in a
        worker process: its sample budget is work the event loop must not wait on.
        SUPERSEDED: the person took their last action back during the pause."""
        name = self.game.names[request.seat]
        self.query_one(ActionBar).offer(None)
        if self.skipping:
            self.set_prompt(SKIPPING)
        elif self.driver.people_out:
            self.set_prompt(f"{name} thinks… You are out: bots play on (space hurries, q q leaves)")
        else:
            self.set_prompt(f"{name} (bot) is thinking… space to hurry{self.sitting_out_hint()}")
        self.render_table()
        await self.bot_pause(thinking=True)
        if self.driver.request is not request:  # the person took their action back
            return SUPERSEDED
        return await self.work.decide(request)

    async def bot_pause(self, *, thinking: bool = False) -> None:
        """The visible pause before a bot acts; space cuts it short. `thinking`: a bot's own
        turn, for which the footer offers space while the pause lasts (no pause: no redraw of
        the keys, twice a bot turn for nothing)."""
        pause = 0.0 if self.skipping else self.config.timing.bot_pause
        if pause <= 0:
            await asyncio.sleep(0)
            return
        self._hurry.clear()
        self.bot_thinking = thinking
        self.refresh_bindings()
        try:
            await self._wait(self._hurry, pause)
        finally:
            self.bot_thinking = False
            self.refresh_bindings()

    async def _ask_action(self, request: AskAction) -> object:
        """A person's betting action from the action bar (or SUPERSEDED: timed out, taken back)."""
        seat = request.seat
        self.render_table()
        self.query_one(f"#seat-{seat}", Seat).scroll_visible(animate=False)
        bar = self.query_one(ActionBar)
        bar.offer(request.legal, self.game.view_for(seat).pot_total)
        self.update_odds()
        take_back = " (u takes back your last)" if self.driver.has_take_back else ""
        refusal = self.take_refusal()
        turn = f"{self.game.names[seat]}, your turn: choose an action{take_back}"
        self.set_prompt(f"{refusal} · choose again" if refusal else turn)
        try:
            return await self.wait_for_choice(asyncio.get_running_loop().create_future())
        finally:
            with contextlib.suppress(NoMatches):
                bar.offer(None)
                self.query_one(Clock).show_timer("", None)
                self.set_prompt("")

    def take_refusal(self) -> str:
        """Why the last answer was refused ('' when it was not), said once: taken, it is gone."""
        refusal, self._refusal = self._refusal, ""
        return refusal

    async def wait_for_choice(self, choice: asyncio.Future[object]) -> object:
        """A person's betting action, from `choice` (set by the action bar, or by a phone),
        under the turn timer: SUPERSEDED when the timer ran out or the action was taken back."""
        self._choice = choice
        self._show_turn_timer()
        self.refresh_bindings()
        try:
            return await choice
        finally:
            self._choice = None

    def between_deals(self) -> None:
        """A deal is over: no action open, news waits for the next deal's log."""
        self.news.end()
        self.query_one(ActionBar).offer(None)
        self.set_prompt("")
        self.render_table()

    def sitting_out_hint(self) -> str:
        """' · Sam is sitting out: b to come back' for people the game plays for."""
        away = [self.game.names[s] for s in self.driver.away()]
        if not away:
            return ""
        verb = "is" if len(away) == 1 else "are"
        return f" · {' and '.join(away)} {verb} sitting out: b to come back"

    # -- keys --------------------------------------------------------------------------------

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        message.stop()
        if self._choice is not None and not self._choice.done():
            self._choice.set_result(message.action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that work now (`homegame.tui.table_keys.key_works`)."""
        return key_works(self, action, parameters)

    @property
    def action_bar(self) -> ActionBar:
        """The person's actions, under the table."""
        return self.query_one(ActionBar)

    @property
    def choosing(self) -> bool:
        """A person is being asked for a betting action."""
        return self._choice is not None

    def action_leave(self) -> None:
        """l: a person gets up with their chips once this hand is over (HOUSE_RULES 22)."""
        ask_who_leaves(self)

    @property
    def too_small(self) -> bool:
        """Below MIN_SIZE only the notice shows, and no action key works unseen."""
        return self.has_class("-too-narrow") or self.has_class("-too-short")

    def on_resize(self) -> None:
        self.refresh_bindings()

    def action_take_back(self) -> None:
        """Solo practice (setting `solo_undo`): take back your last action, and the bots'
        answers to it, while no card has been dealt since; the hand is replayed without them.
        Right after acting, while a bot still thinks, too; otherwise one line says why not."""
        choice = self._choice
        waiting = choice is not None and not choice.done()
        try:
            line = self.driver.take_back()
        except TakeBackRefused as exc:
            self.set_prompt(str(exc))
            return
        self.write_log(line)
        if waiting and choice is not None:
            choice.set_result(SUPERSEDED)
        self._hurry.set()  # a bot's pause ends: the game goes on from the person's turn

    def action_take_back_off(self) -> None:
        """u where take-backs are off: one line says so."""
        if self.solo_seat is None:
            self.set_prompt("Taking an action back is for solo practice (solo_undo = true).")
        else:
            self.set_prompt("Taking an action back is off in this game (solo_undo).")

    def action_act(self, what: str) -> None:
        """f, c, r, a: the action the key means now (only while a person is choosing)."""
        if self._choice is None:
            return
        self.query_one(ActionBar).choose(what)

    def action_not_open(self, what: str = "") -> None:
        """An action key whose action is not open now: one line, nothing changes; `f` when
        checking is free says so (a fold then gives up a free card), and `a` when the call is
        all-in calls."""
        not_open(self.action_bar, what, self.set_prompt)

    def action_disarm(self) -> None:
        """Esc after a first `a`: no all-in."""
        self.query_one(ActionBar).disarm()

    def action_odds(self) -> None:
        """Solo: turn the odds display on or off."""
        self.show_odds = not self.show_odds
        self.update_odds()

    def update_odds(self) -> None:
        """Show or hide the solo player's odds; when shown, work them out afresh elsewhere
        (cleared while the player holds no cards in a hand being played)."""
        widget = self.query_one(OddsView)
        widget.display = self.show_odds
        seat = self.solo_seat
        if not self.show_odds or seat is None or not self.driver.started:
            widget.forget()
            return
        view = self.game.view_for(seat) if self.driver.holds_cards(seat) else None
        widget.work_out(view, self.driver.odds_sampler(), list_cards=self.app.has_class("roomy"))

    def action_hurry(self) -> None:
        self._hurry.set()

    def action_come_back(self) -> None:
        """Everyone sitting out comes back (HOUSE_RULES 12), and is told so on any screen."""
        from homegame.tui.screens.showdown import ShowdownScreen

        if not self.driver.away():
            return
        hint = self.sitting_out_hint().removeprefix(" · ")
        currency = self.config.currency
        lines = [e.describe_in(currency, self.game.names) for e in self.driver.come_back()]
        if self.game.in_hand:
            for line in lines:
                self.write_log(line)
        else:  # between hands the log is about to start afresh: say it in the next one
            self.news.carried += lines
        self.notify("\n".join(lines), title="Welcome back", timeout=4, markup=False)
        for screen in self.app.screen_stack:
            if isinstance(screen, ShowdownScreen):
                screen.drop_result(hint)
        self.render_table()

    def action_rules(self) -> None:
        from homegame.tui.screens.rules_help import RulesHelpScreen

        self.app.push_screen(RulesHelpScreen(self.variant, self.driver.config))
