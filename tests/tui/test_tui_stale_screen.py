"""The screen is never stale: after every line the host types, and every action of a solo
game, what the terminal shows (as painted, frame after frame: tests/terminal_screen.py) is the
game as it stands, while a thread of pure-Python work competes with the app for the
interpreter, as a loaded machine or a busy bot does. Each seat row (its stack, its bet, the
turn marker), the pot line, the prompt and the refusal line are read off the terminal and
compared with the game's own state; a screen that has not caught up within a few seconds
fails with both."""

from __future__ import annotations

import asyncio
import random
import re
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from terminal_screen import Terminal, run_painted
from textual import events
from textual.app import App
from textual.pilot import Pilot

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
from homegame.host.night import HostNight
from homegame.tui.app import HomegameApp
from homegame.tui.screens.host import HostApp, HostScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.pot import pots_text

#: How long the screen may take to show a change on a loaded machine before it counts as stale.
CATCH_UP = 5.0
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
SIZE = (120, 40)
#: How the pot line starts.
POT_WORDS = ("Pot", "Main pot")


@contextmanager
def competing_thread() -> Iterator[None]:
    """A thread of pure-Python work holding the interpreter whenever it gets it."""
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            sum(i * i for i in range(2000))

    thread = threading.Thread(target=spin, name="competing", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


async def type_line(app: App[object], line: str) -> None:
    """Type `line` and Enter as keys reach the app from a terminal, without waiting for the
    app to go idle between them (a person does not wait)."""
    for char in line:
        key = "space" if char == " " else char
        app.post_message(events.Key(key, char))
        await asyncio.sleep(0)
    app.post_message(events.Key("enter", "\r"))


@dataclass
class Shown:
    """What the test expects on the terminal, or reads off it."""

    header: str
    rows: dict[str, tuple[bool, list[int]]]  # name: (turn marker, stack and bet)
    pots: str | None
    prompt: str  # words only: a long line wraps
    refusal: str


def _words(text: str) -> str:
    return " ".join(text.split())


def _numbers(text: str) -> list[int]:
    return [int(word.replace(",", "")) for word in text.split() if re.fullmatch(r"[\d,]+", word)]


def host_expected(night: HostNight, refusal: str) -> Shown:
    """The host screen as the night stands: from the night's own console and session."""
    console = night.console
    session = console.session
    view = console.view()
    in_hand = session.in_hand
    standings = session.scoreboard().players
    rows: dict[str, tuple[bool, list[int]]] = {}
    for seat, name in enumerate(console.names):
        sv = next((s for s in view.seats if s.seat == seat), None) if view else None
        if sv is not None and in_hand and view is not None:
            turn = view.to_act == seat and not view.is_over
            numbers = [sv.stack] + ([sv.bet] if sv.bet else [])
        else:
            stack = standings[seat].stack
            turn, numbers = False, [] if stack is None else [stack]
        if console.is_out(seat):
            numbers = []  # a busted seat's row says so; its stack is not compared
        rows[name] = (turn, numbers)
    pots = None
    if view is not None:
        in_front = sum(s.bet for s in view.seats) if in_hand else 0
        named = [(p.amount, [console.names[e] for e in p.eligible]) for p in view.pots]
        pots = " ".join(pots_text(named, in_front).plain.split())
    return Shown(
        console.header(night.now()).strip(),
        rows,
        pots,
        _words(console.prompt()),
        _words(refusal),
    )


def host_shown(terminal: Terminal, expected: Shown) -> Shown:
    """The host screen as painted, read the way `expected` is laid out."""
    lines = terminal.lines
    rows: dict[str, tuple[bool, list[int]]] = {}
    for name, (_, numbers) in expected.rows.items():
        row = next((ln for ln in lines if ln[2:].split()[:1] == [name]), "")
        rows[name] = (row.startswith("▶"), _numbers(row[2:]) if numbers else [])
    board = next((i for i, ln in enumerate(lines) if ln.strip().startswith("Board:")), None)
    start = next((i for i, ln in enumerate(lines) if ln.strip().startswith(POT_WORDS)), None)
    pots = None  # the pot line, however many rows it wraps to
    if start is not None and board is not None:
        pots = " ".join(" ".join(lines[start:board]).split())
    prompt = refusal = ""
    log = next((i for i, ln in enumerate(lines) if ln.startswith("╭")), None)
    if board is not None and log is not None:
        below = [ln.strip() for ln in lines[board + 1 : log - 1]]  # down to the command line
        cut = next((i for i, ln in enumerate(below) if ln.startswith("!")), len(below))
        prompt, refusal = _words(" ".join(below[:cut])), _words(" ".join(below[cut:]))
    return Shown(lines[0].strip(), rows, pots, prompt, refusal)


async def until_painted(
    pilot: Pilot[object], terminal: Terminal, expected: Shown, read: Callable[..., Shown], step: str
) -> None:
    """Wait (without waiting for idle: the competing thread keeps the process busy) until the
    terminal shows `expected`; fail with both after `CATCH_UP` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CATCH_UP
    while True:
        shown = read(terminal, expected)
        if shown == expected:
            return
        if loop.time() > deadline:
            raise AssertionError(
                f"stale screen after {step}:\nexpected {expected}\nshown    {shown}\n"
                f"{terminal.text}"
            )
        await asyncio.sleep(0.01)


class HostLines:
    """The host's lines for a night of Hold'em with real cards: mostly what the prompt asks
    for (deal, act, the board's cards, who won), now and then a slip that is refused, a
    player sitting out or coming back."""

    SLIPS = ("zz", "Ann r 1", "w Nobody", "b Ah", "topup Ann 100", "Bob 7", "r")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.deck: list[str] = []

    def next(self, night: HostNight) -> str:
        rng = self.rng
        console = night.console
        session = console.session
        if rng.random() < 0.06:
            return rng.choice(self.SLIPS)
        if not session.in_hand:
            self.deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
            rng.shuffle(self.deck)
            away = [n for seat, n in enumerate(console.names) if console.sitting_out(seat)]
            here = [
                n
                for seat, n in enumerate(console.names)
                if not console.sitting_out(seat) and not console.is_out(seat)
            ]
            if away and rng.random() < 0.5:
                return f"{rng.choice(away)} back"
            if len(here) > 3 and rng.random() < 0.05:
                return f"out {rng.choice(here)}"
            return "n"
        view = console.view()
        assert view is not None
        hint = console.board_hint(view)
        if hint:
            typed = hint.split(": ", 1)[1]
            return " ".join(self.deck.pop() if word == "C" else word for word in typed.split())
        seat = session.to_act
        if seat is None:
            first = session.pending_awards()[0]
            eligible = view.pots[first].eligible
            return f"w {console.names[rng.choice(list(eligible))]}"
        legal = session.legal_actions()
        if view.phase != "betting":
            return "m" if legal.can_muck else "s"
        roll = rng.random()
        if roll < 0.15 and legal.can_fold:
            return "f"
        if roll < 0.25 and legal.min_raise_to is not None:
            return f"r {legal.min_raise_to}"
        if roll < 0.27 and legal.can_all_in:
            return "a"
        return "c"


def host_night_stays_painted(lines: int, seed: int) -> tuple[int, int, int]:
    """Host `lines` typed lines on a 6-player Hold'em night, checking the painted screen
    after each against a night of its own fed the same lines; returns the lines typed, the
    lines refused and the hands dealt."""
    config = GameConfig("holdem", players=tuple(PlayerSetting(n) for n in NAMES))
    clock = [0.0]
    app = HostApp(config, random.Random(seed), button=0, clock=lambda: clock[0])
    night = HostNight(config, random.Random(seed), clock=lambda: clock[0], button=0)
    night.start()
    script = HostLines(random.Random(seed))
    typed: list[bool] = []

    async def scenario(pilot: Pilot[object], terminal: Terminal) -> None:
        await until_painted(pilot, terminal, host_expected(night, ""), host_shown, "start")
        with competing_thread():
            for number in range(1, lines + 1):
                if night.console.session.is_over:
                    break
                line = script.next(night)
                clock[0] += 7.0
                outcome = night.answer(line)
                typed.append(outcome.ok)
                refusal = "" if outcome.ok else f"! {outcome.message}  (you typed: {line})"
                await type_line(pilot.app, line)
                step = f"line {number} {line!r}"
                await until_painted(
                    pilot, terminal, host_expected(night, refusal), host_shown, step
                )
                screen = pilot.app.screen
                assert isinstance(screen, HostScreen)
                assert screen.console.view() == night.console.view(), step

    run_painted(app, scenario, SIZE)
    return len(typed), typed.count(False), night.console.hand_number


def test_a_hosted_night_of_60_lines_never_shows_a_stale_screen() -> None:
    lines, refused, hands = host_night_stays_painted(60, seed=3)
    assert lines == 60 and refused >= 2 and hands >= 2


@pytest.mark.slow
def test_a_hosted_night_of_220_lines_never_shows_a_stale_screen() -> None:
    lines, refused, hands = host_night_stays_painted(220, seed=5)
    assert lines == 220 and refused >= 5 and hands >= 6


# -- a solo game -----------------------------------------------------------------------------

#: What the prompt says when an action key's action is not open; `f` when checking is free
#: says check is free instead.
NOT_OPEN = "That action is not open now."
CHECK_IS_FREE = "Checking is free: c checks (f folds only facing a bet)."


def table_expected(table: TableScreen, refused: bool) -> Shown:
    """The table at the person's turn, from the game's own view for the person's seat."""
    game = table.game
    seat = table.solo_seat
    assert seat is not None
    view = game.view_for(seat)
    rows: dict[str, tuple[bool, list[int]]] = {}
    for sv in view.seats:
        if not game.is_out(sv.seat):
            numbers = [sv.stack] + ([sv.bet] if sv.bet else [])
            rows[game.names[sv.seat]] = (view.to_act == sv.seat, numbers)
    named = [(p.amount, [game.names[e] for e in p.eligible]) for p in view.pots]
    pots = _words(pots_text(named, sum(s.bet for s in view.seats)).plain)
    turn = f"{game.names[seat]}, your turn: choose an action"
    refusal = CHECK_IS_FREE if game.legal_actions().can_check else NOT_OPEN
    return Shown("", rows, pots, refusal if refused else turn, "")


def table_shown(terminal: Terminal, expected: Shown) -> Shown:
    """The table as painted, read the way `expected` is laid out."""
    lines = terminal.lines
    rows: dict[str, tuple[bool, list[int]]] = {}
    seats = [ln for ln in lines if ln.split()[:2] != ["Player", "Pos"]]  # not the header
    for name in expected.rows:
        row = next((ln for ln in seats if ln[2:].startswith(name + " ")), "")
        rows[name] = (row.startswith("▶"), _numbers(row[2 + len(name) :].split("│")[0]))
    start = next((i for i, ln in enumerate(lines) if ln.strip().startswith(POT_WORDS)), None)
    header = next((i for i, ln in enumerate(lines) if ln.split()[:2] == ["Player", "Pos"]), None)
    pots = None
    if start is not None and header is not None:
        pots = _words(" ".join(lines[start:header]))
    bar = next((i for i, ln in enumerate(lines) if ln.strip().startswith("[")), None)
    prompt = lines[bar - 1].split("▌")[0].strip() if bar else ""  # ▌: a toast over its end
    if expected.prompt.endswith("choose an action") and "your turn" in prompt:
        prompt = prompt.split(" (u takes back")[0]
    return Shown("", rows, pots, prompt, "")


#: The screens between a person's turns, and the key that moves past each.
PAST = {"ShowdownScreen": ("enter", "\r"), "ShowOrMuckScreen": ("m", "m")}
#: The screens that end a game for the person.
GAME_ENDS = ("OutScreen", "CertificateScreen")


def one_solo_game(hands: int, seed: int) -> tuple[int, int]:
    """Play one solo Hold'em game against two bots until `hands` hands are dealt or the game
    ends for the person, checking the painted table at each of the person's turns; returns
    the hands dealt and the turns checked."""
    bots = (PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "medium"))
    config = GameConfig(
        "holdem",
        players=(PlayerSetting("Player"), *bots),
        freezeout=FreezeoutSettings(starting_stack=20_000),
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
    )
    app = HomegameApp(config, rng=random.Random(seed))
    rng = random.Random(seed)
    dealt = [0, 0]  # hands, turns

    async def next_stop(app: App[object]) -> str:
        """Wait for the next point the game waits for the person: their turn or a screen."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CATCH_UP
        while loop.time() < deadline:
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.is_mounted:
                choice = screen._choice
                if choice is not None and not choice.done():
                    return "turn"
            elif screen.is_mounted and not isinstance(screen, TableScreen):
                return type(screen).__name__
            await asyncio.sleep(0.01)
        raise AssertionError(f"the game stopped moving on {type(app.screen).__name__}")

    async def scenario(pilot: Pilot[object], terminal: Terminal) -> None:
        app = pilot.app
        table = app.screen
        assert isinstance(table, TableScreen)
        with competing_thread():
            while True:
                stop = await next_stop(app)
                dealt[0] = table.driver.hand_number
                if stop in GAME_ENDS or dealt[0] > hands:
                    return
                if stop != "turn":
                    assert stop in PAST, f"no way past {stop}"
                    app.post_message(events.Key(*PAST[stop]))
                    while app.screen.is_mounted and type(app.screen).__name__ == stop:
                        await asyncio.sleep(0.01)
                    continue
                dealt[1] += 1
                step = f"turn {dealt[1]}, hand {dealt[0]}"
                expected = table_expected(table, False)
                await until_painted(pilot, terminal, expected, table_shown, step)
                legal = table.game.legal_actions()
                if not legal.can_fold and rng.random() < 0.3:
                    app.post_message(events.Key("f", "f"))
                    expected = table_expected(table, True)
                    await until_painted(pilot, terminal, expected, table_shown, step + " f")
                key = "f" if legal.can_fold and rng.random() < 0.15 else "c"
                choice = table._choice
                assert choice is not None
                app.post_message(events.Key(key, key))
                while not choice.done():  # the next turn may be the person's again at once
                    await asyncio.sleep(0.01)

    run_painted(app, scenario, SIZE)
    return dealt[0], dealt[1]


def solo_game_stays_painted(hands: int, seed: int) -> int:
    """Solo games, a new one each time the last ends for the person, until `hands` hands are
    dealt; returns the person's turns checked."""
    played = turns = 0
    while played < hands:
        more, checked = one_solo_game(hands - played, seed)
        played, turns, seed = played + max(more, 1), turns + checked, seed + 1
    return turns


def test_a_solo_game_of_5_hands_never_shows_a_stale_table() -> None:
    assert solo_game_stays_painted(5, seed=5) >= 5


@pytest.mark.slow
def test_a_solo_game_of_100_hands_never_shows_a_stale_table() -> None:
    assert solo_game_stays_painted(100, seed=7) >= 100
