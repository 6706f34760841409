"""Hammer the app with random keys at random speeds, with random names, and report any crash."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from pathlib import Path

import tui_driver  # noqa: F401 - the handoff takes keys at once, as in every table test
from textual import events
from textual.app import App
from textual.widgets import Input

from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.text import is_control
from homegame.tui.app import HomegameApp
from homegame.tui.screens.setup import SetupScreen
from homegame.variants import get_variant

#: Every key the screens bind, and some they do not; never q or Ctrl+C, which leave.
KEYS = (
    *"cfrakbomhptsdx1234567890?,.-/ ",
    "enter", "escape", "space", "tab", "shift+tab", "up", "down", "left", "right",
    "backspace", "delete", "home", "end", "ctrl+s", "question_mark",
)  # fmt: skip
#: Pieces of names: markup, escape sequences, control characters, wide and combining letters.
NAME_PARTS = (
    "[/]", "[red]x[/red]", "[bold]", "[link=x]", "[@click=app.quit]", "\\", "\x1b[2K",
    "\x1b]0;t\x07", "\x07", "\x00", "\r", "\t", "\u202e", "\x9b", "Ann", "Bob", "李", "🂡",
    "e\u0301", "  ", "%s",
)  # fmt: skip


def random_name(rng: random.Random) -> str:
    """A name a person might type or paste: short or 10,000 characters, markup, escapes."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice("xy[") * 10_000
    return "".join(rng.choice(NAME_PARTS) for _ in range(rng.randint(1, 4)))


def random_players(rng: random.Random, game: str) -> tuple[PlayerSetting, ...]:
    """2 to 4 seats, people (random names) and maybe a bot."""
    count = rng.randint(2, 4)
    people = [PlayerSetting(random_name(rng)) for _ in range(rng.randint(1, count))]
    bots = [PlayerSetting(f"Bot {i}", rng.choice(["random", "easy"])) for i in range(count)]
    return (*people, *bots[: count - len(people)])


def config_for(rng: random.Random, game: str) -> tuple[GameConfig, list[str]]:
    """A random config and its problems; names it refuses are replaced until it starts."""
    timing = TimingSettings(turn_timer=0, bot_pause=rng.choice([0.0, 0.0, 0.02]))
    config = GameConfig(
        game, players=random_players(rng, game), timing=timing, seed=rng.randrange(99)
    )
    refused = config.problems()
    for index in range(len(config.players) * 3):
        if not config.problems():
            break
        players = list(config.players)
        players[index % len(players)] = PlayerSetting(f"P{index} {rng.choice(NAME_PARTS[:5])}"[:16])
        config = GameConfig(game, players=tuple(players), timing=timing, seed=config.seed)
    return config, refused


@dataclass
class FuzzReport:
    """What a fuzz run did: steps taken, games started, and the problems refused on the way."""

    steps: int = 0
    games: int = 0
    refused: list[str] = field(default_factory=list)
    screens: set[str] = field(default_factory=set)


def _send(app: App[None], key: str) -> None:
    char = {"enter": "\r", "space": " ", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}.get(
        key, key if len(key) == 1 else None
    )
    name = {" ": "space", "?": "question_mark", ",": "comma", ".": "full_stop", "-": "minus",
            "/": "slash"}.get(key, key)  # fmt: skip
    event = events.Key(name, char)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def hammer(games: list[str], steps: int, seed: int, folder: Path) -> FuzzReport:
    """`steps` bursts of random keys in each of `games`; raises on any crash."""
    rng = random.Random(seed)
    report = FuzzReport()
    for game in games:
        await _hammer_game(game, report.steps + steps, rng, folder, report)
    for line in report.refused:
        assert "\n" not in line and not any(is_control(c) for c in line), repr(line)
    return report


async def _hammer_game(
    game: str, steps: int, rng: random.Random, folder: Path, report: FuzzReport
) -> None:
    while report.steps < steps:
        report.games += 1
        config, refused = config_for(rng, game)
        report.refused += refused
        from_start = rng.random() < 0.25
        app = HomegameApp(None if from_start else config, certificate_folder=folder)
        async with app.run_test(size=rng.choice([(80, 24), (120, 40)])) as pilot:
            await pilot.pause()
            if from_start:
                screen = app.screen
                assert isinstance(screen, SetupScreen)
                screen.query_one("#people", Input).value = ", ".join(p.name for p in config.people)
                screen.query_one("#bot-pause", Input).value = "0"
            while report.steps < steps and app.is_running and app.crash is None:
                report.steps += 1
                report.screens.add(type(app.screen).__name__)
                for _ in range(rng.randint(1, 3)):
                    _send(app, rng.choice(KEYS))
                    if rng.random() < 0.5:
                        await asyncio.sleep(0)
                wait = rng.random()
                if wait < 0.6:
                    await pilot.pause()
                elif wait < 0.8:
                    await asyncio.sleep(rng.choice([0.001, 0.01, 0.05]))
            crash = app.crash
            if app.is_running:
                app.exit()
        if crash is not None:
            raise AssertionError(f"step {report.steps} of {game}: {crash!r}") from crash


async def enter_and_call(
    game: str, rounds: int, seed: int, until: frozenset[str] = frozenset()
) -> set[str]:
    """Enter and c (KRG: 1, 2 and Enter) as fast as they come, the way an impatient table
    does, for `rounds` rounds and then on (up to four times as many) until every screen in
    `until` was seen: how far the keys get depends on the machine's speed, the rounds alone
    would not reach a showdown on a loaded one. Returns the screens it went through."""
    keys = ("enter", "c") if get_variant(game).has_betting else ("1", "2", "enter")
    rng = random.Random(seed)
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Cy"))
    config = GameConfig(game, players=players, timing=TimingSettings(turn_timer=0, bot_pause=0))
    app = HomegameApp(config, rng=random.Random(seed))
    seen: set[str] = set()
    async with app.run_test() as pilot:
        await pilot.pause()
        for done in range(4 * rounds):
            if not app.is_running or app.crash is not None:
                break
            seen.add(type(app.screen).__name__)
            if done >= rounds and until <= seen:
                break
            for key in keys:
                _send(app, key)
                await asyncio.sleep(rng.choice([0, 0, 0.001, 0.01]))
            if rng.random() < 0.2:
                await pilot.pause()
        crash = app.crash
        if app.is_running:
            app.exit()
    if crash is not None:
        raise AssertionError(f"{game}, seed {seed}: {crash!r}") from crash
    return seen
