"""Drive the Textual app headless like a person would, and read everything it shows."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from rich.console import Console
from textual._context import visible_screen_stack
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from homegame.cards import Card
from homegame.engine.chip_game import ChipGame
from homegame.engine.dealing import Dealing
from homegame.tui.screens.certificate import CertificateScreen
from homegame.tui.screens.cube import CubeAnswerScreen, CubeTurnScreen
from homegame.tui.screens.discard import DiscardScreen
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.out import OutScreen
from homegame.tui.screens.seat_draw import SeatDrawScreen
from homegame.tui.screens.settlement import RebuyScreen, SettlementScreen, TopUpScreen
from homegame.tui.screens.setup import SetupScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.action_bar import ActionBar
from homegame.tui.widgets.card import card_face
from homegame.tui.widgets.hand_log import HandLog

#: What the app driven returns when it ends (the helpers take any app).
R = TypeVar("R")
#: What a scenario run to its end returns.
T = TypeVar("T")

# The handoff ignores keys for a moment after it appears (a held Enter); a test types at once.
HandoffScreen.GUARD_SECONDS = 0.0

#: Screens that wait for a person.
WAITING_SCREENS = (
    HandoffScreen,
    DiscardScreen,
    ShowdownScreen,
    CertificateScreen,
    CubeTurnScreen,
    CubeAnswerScreen,
    SetupScreen,
    OutScreen,
    ShowOrMuckScreen,
    SeatDrawScreen,
    SettlementScreen,
    TopUpScreen,
    RebuyScreen,
)


class BotPauses:
    """The table's bot-pause wait for tests: it records each pause asked for and goes on at
    once, so a test can see the pauses without sitting through them."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def __call__(self, hurry: asyncio.Event, seconds: float) -> None:
        self.seconds.append(seconds)
        await asyncio.sleep(0)


#: One console to turn widgets' renderables into plain text (a console each cost more than the
#: text did).
_PLAIN = Console(width=200, file=io.StringIO(), record=True)


def _plain(renderable: object) -> str:
    if isinstance(renderable, str):
        return renderable
    plain = getattr(renderable, "plain", None)
    if isinstance(plain, str):
        return plain
    _PLAIN.print(renderable)
    return _PLAIN.export_text()  # clears the record for the next widget


def visible_text(app: App[R]) -> str:
    """The terminal as a person sees it now: every line of the screen, as the compositor would
    draw it in full (the screens under a modal one included), one line of text per row."""
    token = visible_screen_stack.set(app._background_screens)
    try:
        return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    finally:  # the test's context keeps no screen alive (one taken off could not be freed)
        visible_screen_stack.reset(token)


def everything_text(app: App[R]) -> str:
    """All the app could show: the screen, every widget of every screen, the titles."""
    parts = [visible_text(app), app.title, app.sub_title]
    for screen in app.screen_stack:
        parts += [screen.title or "", screen.sub_title or ""]
        for widget in screen.walk_children(Widget):
            if isinstance(widget, HandLog):
                parts += [strip.text for strip in widget.lines]
                continue
            try:
                parts.append(_plain(widget.render()))
            except Exception:  # a widget that renders only inside a layout pass
                continue
    return "\n".join(parts)


def run(scenario: Coroutine[Any, Any, T]) -> T:
    """Run an async Pilot scenario to its end from a plain test; what it returned."""
    return asyncio.run(scenario)


def card_forms(card: Card) -> list[str]:
    """The ways the app may write a card: '10♥'/'T♥' and 'Th'."""
    return [card_face(card), card.symbol, str(card)]


def known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    """`cards`, every one of them known (the app dealt them: none is hidden from a test)."""
    out = tuple(c for c in cards if c is not None)
    assert len(out) == len(cards), f"unknown cards among {cards}"
    return out


def shows_card(text: str, card: Card) -> bool:
    """True when `text` names `card` in any form (ASCII only as a separate token)."""
    if card_face(card) in text or card.symbol in text:
        return True
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])", text) is not None


@dataclass
class Record:
    """What a driven game went through."""

    handoffs: list[str] = field(default_factory=list)
    showdowns: list[str] = field(default_factory=list)
    steps: int = 0
    certificate: str = ""
    log_lines: list[str] = field(default_factory=list)
    outs: int = 0


async def settle(pilot: Pilot[R], app: App[R], max_wait: float = 5.0) -> None:
    """Let the game run until it waits for a person (or a screen), or the app ends."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_wait
    while loop.time() < deadline:
        await pilot.pause()
        screen = app.screen
        if not app.is_running:
            return
        if not screen.is_mounted:  # keys reach a screen only once it is built
            continue
        if isinstance(screen, WAITING_SCREENS):
            return
        if isinstance(screen, TableScreen) and screen._choice is not None:
            return
    raise AssertionError("the game stopped moving")


async def until(pilot: Pilot[R], ready: Callable[[], bool], max_wait: float = 5.0) -> None:
    """Pause until `ready()` holds: on a loaded machine one idle slice may end before a click's
    messages are all handled (a starved process looks idle); fails after `max_wait` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_wait
    while True:
        await pilot.pause()
        if ready():
            return
        if loop.time() > deadline:
            raise AssertionError(f"not ready after {max_wait} s")


async def until_shown(pilot: Pilot[R], app: App[R], text: str, max_wait: float = 5.0) -> str:
    """The screen once it shows `text` (a loaded machine may take more than one idle slice to
    lay a change out); fails with the screen as it is after `max_wait` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_wait
    while True:
        await pilot.pause()
        shown = visible_text(app)
        if text in shown:
            return shown
        if loop.time() > deadline:
            raise AssertionError(f"{text!r} never showed:\n{shown}")


async def click(pilot: Pilot[R], selector: str, max_wait: float = 5.0) -> None:
    """Click a widget once the layout has stopped moving it (a row shown or hidden on mount
    moves what is under it a frame later, the form scrolls the focused box into view in an
    animation, and a click aimed at the old place misses). A widget below the fold is
    scrolled into view first, as a person scrolls to it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + max_wait
    await pilot.wait_for_scheduled_animations()
    pilot.app.screen.query_one(selector).scroll_visible(animate=False)
    region = pilot.app.screen.query_one(selector).region
    while True:
        await pilot.pause()
        now = pilot.app.screen.query_one(selector).region
        if now == region and now.area and not pilot.app.animator._animations:
            break
        if loop.time() > deadline:
            raise AssertionError(f"{selector} kept moving for {max_wait} s")
        region = now
    assert await pilot.click(selector), f"the click missed {selector}"


Decide = Callable[[TableScreen], str]


async def drive(
    app: App[R],
    pilot: Pilot[R],
    decide: Decide | None = None,
    check: Callable[[App[R], Record], object] | None = None,
    max_steps: int = 3000,
    stop: Callable[[App[R], Record], bool] | None = None,
    after_out: str = "w",
    max_wait: float = 5.0,
) -> Record:
    """Play until the app exits (or `stop` says so), calling `check` after every step; a solo
    player who is out answers `after_out` (w watch, s skip to the result, n start again); a
    step with no person to wait for longer than `max_wait` seconds fails."""
    record = Record()
    screen: Screen[object] | None
    table: TableScreen | None
    while record.steps < max_steps:
        await settle(pilot, app, max_wait)
        if not app.is_running:
            return record
        if isinstance(app.screen, SetupScreen) and record.certificate:
            return record  # the certificate's Enter went back to the start screen
        if check is not None:
            check(app, record)
        if stop is not None and stop(app, record):
            return record
        record.steps += 1
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await pilot.press("enter")
            record.handoffs.append(screen.player)
        elif isinstance(screen, DiscardScreen):
            for number in range(1, screen.count + 1):
                await pilot.press(str(number))
            await pilot.press("enter")
        elif isinstance(screen, ShowdownScreen):
            record.showdowns.append(visible_text(app))
            table = table_of(app)
            if table is not None:
                record.log_lines += table.query_one("#log", HandLog).entries
            await pilot.press("enter")
        elif isinstance(screen, SeatDrawScreen | SettlementScreen):
            await pilot.press("enter")
        elif isinstance(screen, TopUpScreen):
            await pilot.press("t")
        elif isinstance(screen, RebuyScreen):
            await pilot.press("n")  # a driven game goes on to its end
        elif isinstance(screen, ShowOrMuckScreen):
            await pilot.press("m")  # a losing hand mucks, as most players do (HOUSE_RULES 8)
        elif isinstance(screen, CubeTurnScreen):
            await pilot.press("enter")
        elif isinstance(screen, CubeAnswerScreen):
            await pilot.press("d")
        elif isinstance(screen, OutScreen):
            record.outs += 1
            await pilot.press(after_out)
        elif isinstance(screen, CertificateScreen):
            record.certificate = visible_text(app)
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            key = "c" if decide is None else decide(screen)
            await pilot.press(key)
            if screen.query_one(ActionBar).amount_open:
                await pilot.press("enter")
        # Hold no screen into the next step: one taken off could not be freed (the app frees
        # a finished game's table between games, homegame.tui.gc_pauses).
        screen = table = None
    raise AssertionError(f"no end after {max_steps} steps")


def table_of(app: App[R]) -> TableScreen | None:
    """The table screen, wherever it is in the stack."""
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    return None


def the_table(app: App[R]) -> TableScreen:
    """The table screen, wherever it is in the stack: the app a test drives has one."""
    table = table_of(app)
    assert table is not None, "no table screen"
    return table


def asking(table: TableScreen) -> bool:
    """True while the table waits for the person's action: asked, and not answered yet."""
    return table._choice is not None and not table._choice.done()


def dealing(table: TableScreen) -> Dealing:
    """The table's session as the deal it runs, the hand and its hidden cards included (a test
    reads what the screen must show from it)."""
    session = table.game
    assert isinstance(session, Dealing)
    return session


def chip_game(table: TableScreen) -> ChipGame:
    """The table's session as a game played for chips (a freezeout or a cash game)."""
    session = table.game
    assert isinstance(session, ChipGame), f"{type(session).__name__} plays no chips"
    return session


def privacy_check(app: App[R], record: Record) -> str:
    """No hole card of anyone but the confirmed person (or the solo player) shows anywhere,
    none at all while a handoff covers the table, and no discarded card ever; returns all the
    app could show, as searched (empty before the first hand)."""
    table = table_of(app)
    if table is None or not table.driver.started:
        return ""
    session = table.game
    assert isinstance(session, Dealing)  # the check reads the deal itself, hidden cards too
    hand = session.hand
    if hand is None:
        return ""
    names = table.game.names
    allowed = table.solo_seat
    if allowed is None and record.handoffs:
        allowed = names.index(record.handoffs[-1])
    covered = isinstance(app.screen, HandoffScreen)
    text = everything_text(app)
    for seat in hand.seats:
        shown = set(hand.shown.get(seat, ()))
        for card in hand.discarded[seat]:
            assert card is not None
            assert not shows_card(text, card), f"{names[seat]}'s discard {card} is on screen"
        for card in hand.hole[seat]:
            assert card is not None
            if card in shown or (seat == allowed and not covered):
                continue
            assert not shows_card(text, card), (
                f"{names[seat]}'s hole card {card} is on screen "
                f"(confirmed: {allowed}, covered: {covered})"
            )
    return text


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Record each screen layout from now on (Textual lays the whole screen out on any widget's
    size change: the costliest thing a repaint can turn into)."""
    from textual.screen import Screen

    layouts: list[object] = []
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(self)
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts
