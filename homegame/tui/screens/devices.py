"""The table with every person's cards on their own phone (`homegame play --devices`).

The laptop shows the table as everyone may see it: the engine's public view, never a hole card
before the showdown. Each person plays on their phone (`homegame.devices`): the requests for
their seat go to their phone, and its answers to the driver, as the keys at the laptop do;
bots play here as at any table. `d` shows each person's link and QR code, and moves a person
between their phone and the laptop between hands (a seat played here is pass-and-play: the
"pass to" screen comes before its cards).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.events import Mount, Unmount
from textual.screen import ModalScreen

from homegame.config import GameConfig
from homegame.devices.qr import qr_lines, room_address
from homegame.devices.seats import DeviceSeats
from homegame.devices.server import DeviceServer, make_app
from homegame.devices.tokens import DeviceSetup, keep_setup, new_setup, saved_setup
from homegame.engine.events import Event
from homegame.play.driver import MoveRefused
from homegame.play.requests import AskAction, DealResult, Handoff, Request
from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.plain import Plain
from homegame.tui.widgets.seat import Seat, fit_name

if TYPE_CHECKING:
    from homegame.store.recorder import GameLog


#: What the seat list says after the name of a person whose phone is not connected.
AWAY = "(away)"


def away_name(name: str, cells: int) -> str:
    """`name` marked away in a name column `cells` wide: the name cut short, never the mark."""
    room = cells - cell_len(AWAY) - 1
    shown = name if cell_len(name) <= room else fit_name(name, room)
    return f"{shown} {AWAY}"


def where_line(host: str, port: int) -> str:
    """The one line that says where the phones' server listens and who can reach it."""
    if host in ("localhost", "127.0.0.1", "::1"):
        who = "only this machine can open the links (--host 0.0.0.0 lets the room's phones in)"
    else:
        who = "anyone on that network who has a link can open it"
    return f"Phones: listening on {host} port {port}: {who}"


def person_seats(config: GameConfig) -> list[int]:
    """The seats people play (each on their own phone)."""
    return [seat for seat, p in enumerate(config.players) if p.bot is None]


#: The links screen's keys, in one line.
LINKS_HELP = "→ next · ← back · m: phone ⇄ here (between hands) · Enter: to the table"


class LinksScreen(MountStyled, ModalScreen[None]):
    """Each person's private link with its QR code, one person at a time, and where they play:
    on their phone, or here at the laptop (m moves the one shown, between hands)."""

    CSS_PATH = "devices.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space", "next", "Next person"),
        Binding("left,p", "previous", "Previous"),
        Binding("m", "move", "Phone ⇄ here"),
        Binding("escape,enter", "close", "Back to the table"),
        QUIT_KEY,
    ]

    def __init__(
        self,
        setup: DeviceSetup,
        names: tuple[str, ...],
        away: Callable[[], frozenset[int]],
        here: Callable[[], frozenset[int]] = frozenset,
        move: Callable[[int], str] | None = None,
    ) -> None:
        super().__init__()
        self.setup = setup
        self.names = names
        self.away = away
        #: The linked seats played at the laptop now, and what moves one (the line to show).
        self.here = here
        self.move = move
        self.seats = sorted(setup.tokens)
        self.index = 0
        self.address = room_address(setup.host)

    def compose(self) -> ComposeResult:
        with Vertical(id="links-box"):
            yield Plain("", id="links-title")
            yield Plain("", id="links-qr")
            yield Plain("", id="links-url")
            yield Plain(where_line(self.setup.host, self.setup.port), id="links-where")
            yield Plain(LINKS_HELP, id="links-help")

    def on_mount(self) -> None:
        self.show()
        self.set_interval(1, self.show)  # "connected" as soon as the phone is

    def show(self) -> None:
        seat = self.seats[self.index]
        link = self.setup.link(seat, self.address)
        name = self.names[seat]
        count = f"{self.index + 1} of {len(self.seats)}"
        if seat in self.here():
            title = f"{name} plays here at the table (m: back on the phone, this link)"
        else:
            state = "not connected yet" if seat in self.away() else "connected"
            title = f"{name}'s phone ({state})"
        self.query_one("#links-title", Plain).say(f"{title} · {count}")
        self.query_one("#links-qr", Plain).say(Text("\n".join(qr_lines(link))))
        self.query_one("#links-url", Plain).say(link)

    def action_next(self) -> None:
        self.index = (self.index + 1) % len(self.seats)
        self.say("")

    def action_previous(self) -> None:
        self.index = (self.index - 1) % len(self.seats)
        self.say("")

    def action_move(self) -> None:
        """m: the person shown moves between their phone and the laptop (between hands; any
        other time one line says why not and nothing changes)."""
        if self.move is not None:
            self.say(self.move(self.seats[self.index]))

    def say(self, line: str) -> None:
        """Under the link, what a move did or why it did not, in the place of where the
        server listens (said in the title bar too): 24 rows keep the keys' line in view."""
        where = where_line(self.setup.host, self.setup.port)
        self.query_one("#links-where", Plain).say(line or where)
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)


class DevicesTableScreen(TableScreen):
    """The public table on the laptop; each person's requests answered on their phone."""

    # d (the links, and a move between a phone and here) is the app's key: it works over a
    # deal's result too, where seats move.

    def __init__(self, *args: Any, setup: DeviceSetup, **options: Any) -> None:
        super().__init__(*args, **options)
        self.setup = setup
        self.devices = DeviceSeats(self.driver, setup)
        self.devices.hub.on_change = self._devices_changed
        self.server = DeviceServer(make_app(setup, self.devices.hub), setup.host, setup.port)
        self._links_shown = False
        self._waiting_on: int | None = None

    @on(Mount)
    async def _serve_phones(self) -> None:
        """Listen for the phones (before the table's own mount starts the game)."""
        try:
            await self.server.start()
        except OSError as exc:
            why = exc.strerror or exc
            self.notify(f"The phones' server cannot listen: {why}", severity="error")
        self.app.sub_title = where_line(self.setup.host, self.setup.port)

    @on(Unmount)
    async def _close_phones(self) -> None:
        await self.devices.hub.close()
        await self.server.stop()

    # -- only the public table here ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No odds or take-back keys at the laptop, and no action keys while a phone's turn is
        waited for: only a seat played here acts with keys."""
        if action in ("odds", "take_back", "take_back_off"):
            return False
        if action in ("act", "not_open", "disarm") and self._waiting_on is not None:
            return False
        return super().check_action(action, parameters)

    def render_table(self) -> None:
        """The table, each person whose phone is not connected marked "(away)" after their
        name in the seat list (not only in the prompt while it is their turn): after the name,
        as the line's end is cut off beside the log at 80 columns."""
        super().render_table()
        if self.skipping:
            return
        for seat in self.devices.hub.away:
            widget = self.query_one(f"#seat-{seat}", Seat)
            info = widget.info
            if info is not None and not info.busted:
                widget.info = replace(info, name=away_name(info.name, widget.name_width))

    def show_events(self, events: Sequence[Event]) -> None:
        super().show_events(events)
        self.devices.shown(events)

    # -- the phones' requests ----------------------------------------------------------------

    async def answer_request(self, request: Request) -> object:
        if not self._links_shown and self.devices.hub.away:
            self._links_shown = True
            await self.app.push_screen_wait(self._links())
        if isinstance(request, DealResult) and request.people_in:
            return await self._deal_result(request)
        if not self.devices.takes(request):
            return await super().answer_request(request)
        if isinstance(request, Handoff):  # their cards are on their own phone
            return None
        refusal = self.take_refusal()
        seat = self.devices.seat_of(request)
        self.render_table()
        if seat is None:  # the cube's turn, asked of every phone that may turn it
            self.set_prompt("The doubling cube: waiting for the phones…")
            try:
                return await self.devices.answer(request)
            finally:
                self.set_prompt("")
        future = self.devices.ask(request, refusal)
        self._waiting_on = seat
        self._say_waiting()
        try:
            if isinstance(request, AskAction):  # the turn timer counts as for a key
                return await self.wait_for_choice(future)
            return await future
        finally:
            self._waiting_on = None
            self.set_prompt("")

    async def _deal_result(self, request: DealResult) -> object:
        """The result on the laptop and on every phone: Enter here or Next deal on any phone
        goes on (ending a cash game stays the laptop's)."""
        laptop = asyncio.ensure_future(super().answer_request(request))
        hub = self.devices.hub
        phones = [hub.ask(seat, request) for seat in sorted(hub.seats)]
        try:
            done, _ = await asyncio.wait([laptop, *phones], return_when=asyncio.FIRST_COMPLETED)
            for _ in range(100):  # the result's screen is pushed at the laptop's first step
                if laptop.done() or isinstance(self.app.screen, ShowdownScreen):
                    break
                await asyncio.sleep(0.01)
            screen = self.app.screen
            if laptop not in done and isinstance(screen, ShowdownScreen):
                await screen.dismiss(False)
            return await laptop
        finally:
            for future in phones:
                if not future.done():
                    future.cancel()

    def _say_waiting(self) -> None:
        seat = self._waiting_on
        if seat is None:
            return
        name = self.game.names[seat]
        away = " (not connected: d shows the link)" if seat in self.devices.hub.away else ""
        self.set_prompt(f"Waiting for {name}'s phone{away}")

    def _devices_changed(self) -> None:
        """A phone came or went: the prompt and the seat list say who is away now."""
        self._say_waiting()
        if self.is_mounted and self.driver.started:
            self.render_table()

    def _links(self) -> LinksScreen:
        hub = self.devices.hub
        linked = frozenset(self.setup.tokens)
        return LinksScreen(
            self.setup,
            tuple(self.game.names),
            lambda: hub.away,
            lambda: linked - hub.seats,
            self.move_seat,
        )

    def move_seat(self, seat: int) -> str:
        """`seat` moves between its phone and the laptop (between hands): the line that says
        so, for the next hand's log too, or why it cannot move now (nothing changes)."""
        device = seat not in self.devices.hub.seats
        try:
            line = self.devices.move(seat, device)
        except MoveRefused as exc:
            return str(exc)
        self.news.carried.append(line)
        self.render_table()
        return line

    def action_links(self) -> None:
        """d: each person's link and QR code (once: not over the links already shown)."""
        if not isinstance(self.app.screen, LinksScreen):
            self.app.push_screen(self._links())


def devices_for(config: GameConfig, log: GameLog | None) -> DeviceSetup:
    """The links: a saved game's own, or new ones for the config's address and port (kept with
    the game)."""
    saved = None if log is None else saved_setup(log)
    if saved is not None:
        return saved
    setup = new_setup(person_seats(config), config.devices.host, config.devices.port)
    if log is not None:
        keep_setup(log, setup)
    return setup


def open_devices_table(app: Any, config: GameConfig, log: GameLog | None) -> None:
    """The public table with each person on their phone, for a saved game (`log`: new or
    resumed) or an unsaved one: what `homegame play --devices`, a config's [devices] and the
    start screen's Phones choice open. `app` is the HomegameApp (not named here: its module
    opens this one)."""
    options: dict[str, Any] = {
        "clock": app.clock,
        "bot_rng": app.bot_rng(config),
        "wait": app.wait,
        "bot_limit": app.bot_limit,
        "setup": devices_for(config, log),
    }
    if log is not None:
        table = DevicesTableScreen(config, None, app.certificate_folder, journal=log, **options)
    else:
        from homegame.cards import system_random

        rng = app.rng or (
            random.Random(config.seed) if config.seed is not None else system_random()
        )
        table = DevicesTableScreen(
            config,
            rng,
            app.certificate_folder,
            seat_draw=app.seat_draw,
            button=app.button,
            **options,
        )
    app.push_screen(table)
