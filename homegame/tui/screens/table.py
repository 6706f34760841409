"""The table: seats, board, pots, log and action bar, drawn from the game driver's views.

The screen decides nothing about the game: one worker answers the driver's requests
(`homegame.play`), each as a widget or a screen: the action bar or the discard prompt for a
person, a pause then a decision in a thread for a bot, "Pass to NAME" before a private view in
pass-and-play, the result, the cube, a cash game's top-up, the certificate. It renders engine
views only: the viewer's own while their cards may show, the public one otherwise. Bot
decisions and the odds are worked out in threads, so no key waits on them; odds that arrive
after the hand moved on are dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections.abc import Awaitable, Callable, Sequence
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
from homegame.engine.actions import Action, Discard
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event, HandStarted
from homegame.engine.session_events import (
    CubeDoubled,
    CubeTurned,
    DroppedOut,
    LevelChanged,
    money,
)
from homegame.engine.session_interface import Session
from homegame.engine.views import HandView, SeatView
from homegame.play.driver import GameDriver, TakeBackRefused, log_lines
from homegame.play.requests import (
    AfterOut,
    AskAction,
    AskCubeAnswer,
    AskCubeTurn,
    AskDiscard,
    AskShowOrMuck,
    AskTopUp,
    BotTurn,
    DealResult,
    GameOver,
    Handoff,
    OfferAfterOut,
    Request,
    ShowSeatDraw,
)
from homegame.play.results import game_result
from homegame.tui.background import in_background
from homegame.tui.gc_pauses import (
    collect_if_due,
    hold_full_collections,
    release_full_collections,
)
from homegame.tui.mount_styles import MountStyled
from homegame.tui.palette import themed
from homegame.tui.players import decide_told
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
    from homegame.engine.capabilities import CashGame
    from homegame.store.recorder import GameLog
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.certificate import Certificate

__all__ = ["TableScreen", "Wait", "hurry_or_timeout", "log_lines"]

#: How often the screen passes the time to the driver (the turn timer, a minutes clock).
TICK_SECONDS = 0.25

#: The prompt while a solo player who is out skips to the result.
SKIPPING = "Playing the rest out to the result…"
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
        self.people = self.driver.people
        self.solo_seat = self.driver.solo_seat
        self.handoffs = 0
        self.certificate: Certificate | None = None
        self._choice: asyncio.Future[object] | None = None
        self._hurry = asyncio.Event()
        #: A bot is taking its pause: space hurries it (and the footer says so).
        self.bot_thinking = False
        #: Skipping to the result: the bots play on with no pauses.
        self.skipping = False
        self.game_over = False
        #: How a bot's pause is waited out (tests pass one that records it and goes on).
        self._wait = wait or hurry_or_timeout
        self.show_odds = False
        self.deal_word = self.driver.deal_word
        #: Between deals: news said at the start of the next deal's log.
        self.carried: list[str] = []
        self._between = True
        #: Bumped whenever the odds shown go out of date; a result asked for before is dropped.
        self._odds_asked = 0
        #: Said on the table and the certificate: anyone who knows the seed knows the cards.
        self.practice = "" if config.seed is None else f"practice deal: seed {config.seed}"

    # -- what the driver holds ---------------------------------------------------------------

    @property
    def game(self) -> Session:
        """The session being played (a take-back replaces it)."""
        return self.driver.game

    @property
    def bots(self) -> dict[int, Bot]:
        return self.driver.bots

    @property
    def hand_events(self) -> list[Event]:
        return self.driver.hand_events

    @property
    def hand_number(self) -> int:
        return self.driver.hand_number

    @property
    def viewer(self) -> int | None:
        return self.driver.viewer

    @property
    def last_seen(self) -> int | None:
        return self.driver.last_seen

    @property
    def started(self) -> bool:
        return self.driver.started

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

    # -- the game: answering the driver ------------------------------------------------------

    def _tick(self) -> None:
        """Time passes: a person choosing may run out of time; a minutes clock counts down.
        Nothing else needs the time between deals, so it is passed in only then."""
        choice = self._choice
        choosing = choice is not None and not choice.done()
        minutes = self.driver.minutes_clock
        if not (minutes or (choosing and self.config.timing.turn_timer > 0)):
            return
        events = self.driver.tick(turn_clock=choosing)
        if choice is not None and choosing:
            if events:  # the turn timer ran out: the session checked or folded for them
                self._show_events(events)
                choice.set_result(SUPERSEDED)
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
        """Answer the driver's requests until the game is over (or the person starts again)."""
        driver = self.driver
        self._show_events(driver.start())
        while (request := driver.request) is not None:
            if isinstance(request, DealResult | ShowSeatDraw | GameOver):
                await collect_if_due()  # between deals (the table holds the collector's own)
            answer = await self._answer(request)
            if answer is SUPERSEDED:
                continue
            if isinstance(request, GameOver) or (
                isinstance(request, OfferAfterOut) and answer is AfterOut.AGAIN
            ):
                return
            try:
                events = driver.answer(answer)
            except IllegalAction as exc:
                self.set_prompt(f"Not allowed: {exc}")
                continue
            self._show_events(events)

    async def _answer(self, request: Request) -> object:
        """What the screen answers `request` with: a screen, a widget or a bot's decision."""
        if isinstance(request, ShowSeatDraw):
            from homegame.tui.screens.seat_draw import SeatDrawScreen

            await self.app.push_screen_wait(SeatDrawScreen(request.draw, self.game.names))
            return None
        if isinstance(request, Handoff):
            from homegame.tui.screens.handoff import HandoffScreen

            self.render_table()
            self.handoffs += 1
            await self.app.push_screen_wait(
                HandoffScreen(self.game.names[request.seat], request.why)
            )
            return None
        if isinstance(request, BotTurn):
            return await self._ask_bot(request)
        if isinstance(request, AskAction):
            return await self._ask_action(request)
        if isinstance(request, AskDiscard):
            return await self._ask_discard(request)
        if isinstance(request, AskShowOrMuck):
            return await self._show_or_muck(request.seat)
        if isinstance(request, DealResult):
            return await self._deal_result(request)
        if isinstance(request, AskCubeTurn):
            from homegame.tui.screens.cube import CubeTurnScreen

            choices = [(s, self.game.names[s]) for s in request.seats]
            return await self.app.push_screen_wait(CubeTurnScreen(choices, request.cube))
        if isinstance(request, AskCubeAnswer):
            from homegame.tui.screens.cube import CubeAnswerScreen

            names = self.game.names
            screen = CubeAnswerScreen(
                names[request.seat], names[request.owner], request.cube, money(request.stake)
            )
            return await self.app.push_screen_wait(screen)
        if isinstance(request, AskTopUp):
            from homegame.tui.screens.settlement import TopUpScreen

            name = self.game.names[request.seat]
            return await self.app.push_screen_wait(TopUpScreen(name, request.chips, request.cents))
        if isinstance(request, OfferAfterOut):
            return await self._offer_after_out(request)
        await self._show_winner()
        return None

    def _show_events(self, events: Sequence[Event]) -> None:
        """Log what happened: a new deal starts a fresh log (with the news carried since the
        last one); news between deals waits for the next deal's log."""
        names = self.game.names
        starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
        for begin, end in zip([0, *starts], [*starts, len(events)], strict=True):
            part = events[begin:end]
            if part and isinstance(part[0], HandStarted):
                self._new_deal_log()
            lines = log_lines(part, names)
            if self._between:
                self.carried += lines
            else:
                for line in lines:
                    self.write_log(line)
        for event in events:
            if isinstance(event, LevelChanged) and not self.skipping:  # no toast pile-up
                self.notify(event.describe(names), title="Blinds up", timeout=6, markup=False)
        cube = [e.describe(names) for e in events if isinstance(e, CUBE_EVENTS)]
        if cube:
            self.notify("\n".join(cube), title="Doubling cube", timeout=8, markup=False)
        self.render_table()
        if self.show_odds and not self._odds_live():
            self.update_odds()

    def _new_deal_log(self) -> None:
        word = self.deal_word
        number = self.game.deals
        practice = f" · {self.practice}" if self.practice else ""
        self.app.sub_title = f"{self.variant.name} · {word} {number}{practice}"
        self.query_one(HandLog).new_hand(f"{word.capitalize()} {number}")
        self._between = False
        for line in self.carried:
            self.write_log(line)
        self.carried = []

    async def _ask_bot(self, request: BotTurn) -> Action:
        """Wait the bot's pause (space hurries it), then let it decide from its own view in a
        thread: its sample budget is work the event loop must not wait on."""
        name = self.game.names[request.seat]
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
        return await in_background(decide_told, request.bot, request.view, request.money)

    async def _bot_pause(self) -> None:
        """The visible pause before a bot acts; space cuts it short."""
        pause = 0.0 if self.skipping else self.config.timing.bot_pause
        if pause > 0:
            self._hurry.clear()
            await self._wait(self._hurry, pause)
        else:
            await asyncio.sleep(0)

    async def _ask_action(self, request: AskAction) -> object:
        """A person's betting action from the action bar (or SUPERSEDED: timed out, taken back)."""
        seat = request.seat
        self.render_table()
        self.query_one(f"#seat-{seat}", Seat).scroll_visible(animate=False)
        bar = self.query_one(ActionBar)
        bar.offer(request.legal, self.game.view_for(seat).pot_total)
        self.update_odds()
        take_back = " (u takes back your last)" if self.check_action("take_back", ()) else ""
        self.set_prompt(f"{self.game.names[seat]}, your turn: choose an action{take_back}")
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
                self.set_prompt("")

    async def _ask_discard(self, request: AskDiscard) -> Discard:
        from homegame.tui.screens.discard import DiscardAsk

        seat = request.seat
        self.render_table()
        view = self.game.view_for(seat)
        app = cast("HomegameApp", self.app)
        board, series = dict(view.board), self.series_line()
        ask = DiscardAsk(
            self.game.names[seat],
            self._own_cards(view, seat),
            request.count,
            self.variant,
            board,
            series,
        )
        picked = await app.push_screen_wait(app.discard_screen(ask))
        return Discard(cards=tuple(picked))

    @staticmethod
    def _own_cards(view: HandView, seat: int) -> list:  # type: ignore[type-arg]
        mine = next(s for s in view.seats if s.seat == seat)
        return [c for c in mine.cards or () if c is not None]

    async def _show_or_muck(self, seat: int) -> Action:
        """HOUSE_RULES 8: the engine asks a losing hand to show or muck; the person decides
        after the pass-to screen (their own cards are on it)."""
        from homegame.tui.screens.show_muck import ShowOrMuckScreen

        self.render_table()
        view = self.game.view_for(seat)
        shown = [f"{s.name} shows {s.made_hand}" for s in view.seats if s.shown and s.made_hand]
        return await self.app.push_screen_wait(
            ShowOrMuckScreen(
                self.variant,
                self.game.names[seat],
                self._own_cards(view, seat),
                dict(view.board),
                " · ".join(shown),
            )
        )

    async def _deal_result(self, request: DealResult) -> bool:
        """The result screen after a deal a person played in; else the bots' pause. True: a
        cash game ends now."""
        self._between = True
        self.query_one(ActionBar).offer(None)
        self.set_prompt("")
        self.render_table()
        if not request.people_in:
            # Nobody at the keyboard is still playing: the bots play on, visibly.
            self.set_prompt(
                SKIPPING
                if self.skipping
                else "Everyone at the keyboard is out: the bots play on (space hurries)"
            )
            await self._bot_pause()
            return False
        from homegame.tui.screens.showdown import ShowdownScreen

        results = list(request.lines)
        hint = self._sitting_out_hint()
        if hint:
            results.append(hint.removeprefix(" · "))
        word = self.deal_word
        label = "See the winner" if self.game.is_over else f"Next {word}"
        if self.journal is not None:
            label += f" · h: the {word}'s every action"
        title = f"{word.capitalize()} {request.number}: result"
        if self.game.scoreboard().series is not None and not self.game.is_over:
            results.append(self.series_line())
        screen = ShowdownScreen(
            self.variant,
            self.game.view_for(None),
            results,
            title,
            next_label=label,
            can_end=request.can_end,
        )
        ended: bool = await self.app.push_screen_wait(screen)
        return ended

    async def _offer_after_out(self, request: OfferAfterOut) -> AfterOut:
        """Solo: the person is out with bots still playing: watch them, skip to the result or
        start again (asked once)."""
        from homegame.tui.screens.out import OutScreen

        place = "" if request.place is None else f" in place {request.place}"
        name = self.game.names[request.seat]
        choice = await self.app.push_screen_wait(OutScreen(name, place, request.left))
        if choice is AfterOut.SKIP:
            self.skipping = True
            self.set_prompt(SKIPPING)
        if choice is AfterOut.AGAIN:
            self.app.call_later(cast("HomegameApp", self.app).play_again, self.config)
        return choice

    def _sitting_out_hint(self) -> str:
        """' · Sam is sitting out: b to come back' for people the game plays for."""
        away = [self.game.names[s] for s in self.driver.away()]
        if not away:
            return ""
        verb = "is" if len(away) == 1 else "are"
        return f" · {' and '.join(away)} {verb} sitting out: b to come back"

    async def _show_winner(self) -> None:
        from homegame.tui.screens.certificate import Certificate, CertificateScreen
        from homegame.tui.screens.settlement import SettlementScreen

        self.game_over = True
        self.skipping = False
        self.render_table()
        result = game_result(self.game, self.config)
        app = cast("HomegameApp", self.app)
        if result.money is not None:  # the money first: places, prizes, who pays whom
            paid = result.money
            extra = list(paid.heading) if result.winner else self.carried
            await app.push_screen_wait(SettlementScreen(paid.title, paid.ledger, extra))
        if not result.winner:  # a cash game has no certificate
            app.call_later(app.back_to_start, self.config)
            return
        cert = Certificate.of(result, date.today().isoformat(), self.practice.capitalize())
        self.certificate = cert
        chart = None
        if self.journal is not None:  # the night at a glance under the certificate
            from homegame.store.history import chart_series, load_history

            chart = chart_series(load_history(self.journal.journal, self.journal.game_id))
        await app.push_screen_wait(CertificateScreen(cert, self.certificate_folder, chart))
        app.call_later(app.back_to_start, self.config)

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
            return self.driver.can_take_back
        if action == "leave":
            return bool(self.driver.may_leave())
        return True

    def action_leave(self) -> None:
        """l: a person gets up with their chips once this hand is over (HOUSE_RULES 22)."""
        from homegame.tui.screens.settlement import LeaveScreen

        cash = self.cash
        seats = self.driver.may_leave()
        if cash is None or not seats:
            return
        names = cash.names
        choices = [(s, names[s], cash.stacks[s], cash.cash.cents(cash.stacks[s])) for s in seats]

        def chosen(seat: int | None) -> None:
            if seat is not None:
                for event in self.driver.leave(seat):
                    self.write_log(event.describe(names))
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
        choice = self._choice
        if choice is None or choice.done():
            self.set_prompt("You can take an action back when it is your turn again.")
            return
        try:
            line = self.driver.take_back()
        except TakeBackRefused as exc:
            self.set_prompt(str(exc))
            return
        self.write_log(line)
        choice.set_result(SUPERSEDED)

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
        rng = random.Random(self.driver.odds_rng.random())
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

        if not self.driver.away():
            return
        hint = self._sitting_out_hint().removeprefix(" · ")
        lines = [e.describe(self.game.names) for e in self.driver.come_back()]
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
