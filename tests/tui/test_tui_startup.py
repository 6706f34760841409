"""Start-up imports only what the first screen needs: no equity engine, bots, exports or PHH."""

from __future__ import annotations

import asyncio
import json
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from importlib import import_module
from pathlib import Path, PurePath
from typing import Any, ClassVar

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from homegame.cards import parse_cards
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.tui.screens.cube import CubeTurnScreen
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.out import OutScreen
from homegame.tui.screens.rules_help import RulesHelpScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.variants import HOLDEM

#: Loaded when first used, never for the first frame (the journal a game saves to may load).
LATER = ("homegame.bots", "homegame.phh", "homegame.store.export", "homegame.store.history")

FIRST_FRAME = """
import asyncio, gc, json, sys
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.tui.app import HomegameApp

def first_frame(config):
    app = HomegameApp(config)

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            # While the app runs: as it ends it gives what it froze back to the collector.
            return [type(s).__name__ for s in app.screen_stack], gc.get_freeze_count()

    return asyncio.run(scenario())

GAME = sys.argv[1]
players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "hard"))
config = None if GAME == "start" else GameConfig(
    GAME, players=players, timing=TimingSettings(bot_pause=30.0)
)
screens, frozen = first_frame(config)
print(json.dumps({"screens": screens, "modules": sorted(sys.modules), "frozen": frozen}))
"""


def _loaded(code: str, *args: str) -> dict[str, Any]:
    """What the child process running `code` printed last, as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    loaded: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return loaded


#: The screens shown over the table load when first shown, not with the table.
OVER_THE_TABLE = tuple(
    f"homegame.tui.screens.{name}"
    for name in ("certificate", "cube", "handoff", "out", "settlement", "show_muck", "showdown")
)


#: The hand ranking (and the evaluator's tables) load at the first showdown, not the first deal.
RANKING = ("homegame.evaluator", "homegame.ranking", "homegame.showdown")
#: The start screen draws a form: no deal, no hand ranking (the engine loads with the table).
NO_DEAL = ("homegame.engine", *RANKING)

#: Read when used: a config file (tomllib); the OS random source comes from `random` itself,
#: not `secrets` with its hashing modules.
STDLIB_LATER = ("tomllib", "secrets", "hashlib")

#: The hand log holds plain lines: Rich's pretty-printer (and attrs with it) never loads.
PRETTY = ("rich.pretty", "attr")


def _early(modules: list[str], later: tuple[str, ...] = LATER) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in later)]


def test_importing_the_command_line_the_journal_and_every_screen_loads_nothing_for_later() -> None:
    code = """
    import json, sys
    import homegame.cli, homegame.tui.app, homegame.commands._journal, homegame.store.recorder
    import homegame.tui.screens.setup, homegame.tui.screens.table, homegame.tui.screens.host
    print(json.dumps({"modules": sorted(sys.modules)}))
    """
    assert _early(_loaded(code)["modules"]) == []


@pytest.mark.parametrize("game", ["start", "holdem", "krg"])
def test_the_first_frame_of_the_table_and_start_screen_loads_no_bots_or_equity(game: str) -> None:
    seen = _loaded(FIRST_FRAME, game)
    expected = "SetupScreen" if game == "start" else "TableScreen"
    assert expected in seen["screens"]
    assert _early(seen["modules"]) == []
    assert _early(seen["modules"], OVER_THE_TABLE) == []
    assert _early(seen["modules"], PRETTY) == []
    assert _early(seen["modules"], RANKING) == []
    assert _early(seen["modules"], STDLIB_LATER) == []
    if game != "start":  # the table asks whether the start screen is up without loading it
        assert "homegame.tui.screens.setup" not in seen["modules"]
    # Start-up's objects are out of the collections that would stop the loop walking them.
    assert seen["frozen"] > 10_000


START_SCREEN = """
import asyncio, json, sys
from homegame.store import open_journal
from homegame.tui.app import HomegameApp

app = HomegameApp(journal=open_journal(), seat_draw=True)

async def scenario():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return [type(s).__name__ for s in app.screen_stack]

screens = asyncio.run(scenario())
print(json.dumps({"screens": screens, "modules": sorted(sys.modules)}))
"""


def test_the_command_line_and_config_load_no_engine_or_hand_ranking() -> None:
    code = """
    import json, sys
    import homegame.cli, homegame.config, homegame.store.recorder, homegame.tui.screens.setup
    print(json.dumps({"modules": sorted(sys.modules)}))
    """
    assert _early(_loaded(code)["modules"], NO_DEAL) == []


def test_the_start_screen_with_its_journal_loads_no_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOMEGAME_DATA", str(tmp_path))
    seen = _loaded(START_SCREEN)
    assert "SetupScreen" in seen["screens"]
    assert "homegame.tui.screens.saved" not in seen["modules"]  # no unfinished game to offer
    assert _early(seen["modules"], NO_DEAL) == []
    assert _early(seen["modules"]) == []
    assert _early(seen["modules"], STDLIB_LATER) == []


def _screen_classes() -> list[type]:
    """Every screen the homegame app can push (the display is an app of its own)."""
    import importlib
    import pkgutil

    from textual.screen import Screen

    import homegame.tui.screens as screens

    found: list[type] = []
    for info in pkgutil.iter_modules(screens.__path__):
        if info.name == "display":
            continue
        module = importlib.import_module(f"homegame.tui.screens.{info.name}")
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, Screen)
            and value.__module__ == module.__name__
        ]
    return found


SCREENS = Path(__file__).resolve().parents[2] / "homegame" / "tui" / "screens"


def _heads(tcss: str) -> list[str]:
    """The first part (a type or an #id) of every selector of a screen's file."""
    text = re.sub(r"/\*.*?\*/", "", tcss, flags=re.S)
    selectors = re.findall(r"^([^\s{}][^{]*)\{", text, flags=re.M)
    return [_head(part) for s in selectors for part in s.split(",")]


def _head(selector: str) -> str:
    """A selector's first part: its type or its #id."""
    head = re.match(r"#?[\w-]+", selector.strip())
    assert head is not None, selector
    return head.group()


def test_each_screens_styles_style_only_that_screen() -> None:
    """What lets a screen's file be read at its first push without restyling the widgets
    already up: its every rule starts at a screen of its module, or at an id only its module
    gives a widget."""
    sources = {path.stem: path.read_text(encoding="utf-8") for path in SCREENS.glob("*.py")}
    checked = 0
    for tcss in sorted(SCREENS.glob("*.tcss")):
        module = import_module(f"homegame.tui.screens.{tcss.stem}")
        screens = {
            n for n, v in vars(module).items() if isinstance(v, type) and issubclass(v, Screen)
        }
        for head in _heads(tcss.read_text(encoding="utf-8")):
            checked += 1
            if head.startswith("#"):
                users = [name for name, src in sources.items() if f'"{head[1:]}"' in src]
                assert users == [tcss.stem], f"{tcss.name}: {head} is given by {users}"
            else:
                assert head in screens, f"{tcss.name}: {head} is not a screen of {tcss.stem}.py"
    assert checked > 100


#: Each node (by its place in the tree) and the styles its rules gave it.
Rules = list[tuple[str, dict[str, object]]]


def _rules_of_every_node(app: App[None]) -> Rules:
    """Each node of every screen and the styles its rules gave it (a layout by its name: each
    parse makes a layout object of its own)."""
    return [
        (
            f"{type(node).__name__}#{node.id}.{sorted(node.classes)}",
            {
                key: getattr(value, "name", value) if key == "layout" else value
                for key, value in node._css_styles.get_rules().items()
            },
        )
        for screen in app.screen_stack
        for node in screen.walk_children(with_self=True)
    ]


async def _settled_rules(pilot: Pilot[None], app: App[None]) -> Rules:
    """`_rules_of_every_node` once two idle slices in a row find the same nodes: a footer
    mounts its keys a little after its screen (the keys were there in one run, not the other)."""
    seen: list[tuple[str, dict[str, object]]] | None = None
    for _ in range(100):
        await pilot.pause()
        now = _rules_of_every_node(app)
        if now == seen:
            break
        seen = now
    assert seen is not None
    return seen


def _over_the_table(
    screen: Callable[[], Screen[object]], every_file_first: bool
) -> tuple[Rules, list[int]]:
    """Each node's styles, and the reparses, once `screen` is pushed over a solo table; with
    `every_file_first` every screen's file is read at start-up, as Textual's own way."""
    from homegame.tui.app import HomegameApp

    class EveryFileFirst(HomegameApp):
        CSS_PATH: ClassVar[list[str | PurePath]] = sorted(SCREENS.glob("*.tcss"))

    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=30.0))
    app = (EveryFileFirst if every_file_first else HomegameApp)(config, rng=random.Random(2))
    reparses: list[int] = []

    async def scenario() -> Rules:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            reparse = app.stylesheet.reparse

            def counted() -> None:
                reparses.append(1)
                reparse()

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(app.stylesheet, "reparse", counted)
                await app.push_screen(screen())
                return await _settled_rules(pilot, app)

    return asyncio.run(scenario()), reparses


@pytest.mark.parametrize(
    "screen",
    [
        lambda: RulesHelpScreen(HOLDEM),
        lambda: HandoffScreen("Ann", "your turn"),
        lambda: OutScreen("Ann", " in 2nd place", 1),
        lambda: CubeTurnScreen([(0, "Ann"), (1, "Bot 1")], 2),
        lambda: ShowOrMuckScreen(HOLDEM, "Ann", parse_cards("Ah Kd"), {}, "Bot 1"),
    ],
    ids=["rules_help", "handoff", "out", "cube", "show_muck"],
)
def test_a_screens_first_push_reads_no_styles_and_styles_it_as_if_read_at_start_up(
    screen: Callable[[], Screen[object]],
) -> None:
    """The app reads every screen's file as it starts (SafeApp.CSS_PATH): a first push parses
    nothing again, and the screen comes out styled as with every file read at start-up."""
    lazily, reparses = _over_the_table(screen, every_file_first=False)
    eagerly, _ = _over_the_table(screen, every_file_first=True)
    assert reparses == []  # no parse of every style again, no restyle of every widget
    assert lazily == eagerly


def test_collections_pause_for_the_block_and_leave_a_collector_turned_off_alone() -> None:
    import gc

    from homegame.start_up import collections_paused

    assert gc.isenabled()
    with collections_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collections_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # someone else's pause is theirs to end
    finally:
        gc.enable()


PAUSED_START = """
import asyncio, gc, json
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.start_up import collections_paused
from homegame.tui.app import HomegameApp
from homegame.tui.screens.table import TableScreen

seen = {}
compose = TableScreen.compose

def watched(self):
    seen["collector on while the table was built"] = gc.isenabled()
    return compose(self)

TableScreen.compose = watched
players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "hard"))
config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=30.0))

async def scenario():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen["collector on after the first frame"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count()

with collections_paused():
    app = HomegameApp(config)
    asyncio.run(scenario())
print(json.dumps(seen))
"""


def test_the_table_is_built_without_collections_and_the_first_frame_turns_them_on() -> None:
    seen = _loaded(PAUSED_START)
    assert seen["collector on while the table was built"] is False
    assert seen["collector on after the first frame"] is True
    assert seen["frozen"] > 10_000  # frozen before the collector came back


@pytest.mark.parametrize(
    ("argv", "paused"),
    [
        ([], True),
        (["play", "holdem"], True),
        (["host", "holdem"], True),
        (["resume"], True),
        (["games"], False),
        (["simulate", "holdem"], False),
        (["--help"], False),
    ],
)
def test_only_the_commands_that_open_the_app_start_without_collections(
    argv: list[str], paused: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc

    import homegame.cli as cli
    from homegame.commands import _app

    seen: list[bool] = []

    def build_app(commands: tuple[str, ...] = ()) -> Callable[[], None]:
        return lambda: seen.append(gc.isenabled())

    monkeypatch.setattr(_app, "build_app", build_app)
    monkeypatch.setattr(sys, "argv", ["homegame", *argv])
    cli.main()
    assert seen == [not paused]
    assert gc.isenabled()


def _first_screen_styles(
    make_app: Callable[[], App[None]], size: tuple[int, int]
) -> tuple[str, Rules, Rules]:
    """Each node's styles at the first frame, and again after Textual restyles the screen."""
    app = make_app()

    async def scenario() -> tuple[str, Rules, Rules]:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            first = _rules_of_every_node(app)
            app.screen.update_node_styles(animate=False)
            return type(app.screen).__name__, first, _rules_of_every_node(app)

    return asyncio.run(scenario())


def _table() -> App[None]:
    from homegame.tui.app import HomegameApp

    players = (PlayerSetting("Ann"), PlayerSetting("Bot 1", "easy"), PlayerSetting("Bot 2", "easy"))
    config = GameConfig("holdem", players=players, timing=TimingSettings(bot_pause=30.0))
    return HomegameApp(config, rng=random.Random(2))


def _start_screen() -> App[None]:
    from homegame.tui.app import HomegameApp

    return HomegameApp()


def _host() -> App[None]:
    from homegame.tui.screens.host import HostApp

    players = tuple(PlayerSetting(name) for name in ("Ann", "Bob", "Cy"))
    return HostApp(GameConfig("holdem", players=players))


@pytest.mark.parametrize(
    ("make_app", "screen", "size"),
    [
        (_table, "TableScreen", (80, 24)),
        (_table, "TableScreen", (120, 40)),
        (_table, "TableScreen", (60, 20)),
        (_table, "TableScreen", (50, 15)),
        (_start_screen, "SetupScreen", (80, 24)),
        (_start_screen, "SetupScreen", (120, 40)),
        (_host, "HostScreen", (80, 24)),
    ],
)
def test_the_first_screen_styled_once_as_it_mounts_is_styled_as_textual_restyles_it(
    make_app: Callable[[], App[None]], screen: str, size: tuple[int, int]
) -> None:
    """MountStyled skips the first resize's and first resume's restyle of every widget: a
    restyle afterwards must find nothing to change, at every breakpoint."""
    shown, first, restyled = _first_screen_styles(make_app, size)
    assert shown == screen
    assert first == restyled


def test_the_table_takes_its_breakpoint_classes_before_its_widgets_mount() -> None:
    from homegame.tui.screens.table import TableScreen

    seen: list[set[str]] = []
    compose = TableScreen.compose

    def watched(self: TableScreen):  # type: ignore[no-untyped-def]
        seen.append(set(self.classes))
        return compose(self)

    TableScreen.compose = watched  # type: ignore[method-assign]
    try:
        _first_screen_styles(_table, (60, 20))
    finally:
        TableScreen.compose = compose  # type: ignore[method-assign]
    assert seen and {"-narrow", "-short"} <= seen[0]


def test_the_tables_first_frame_restyles_no_screenful_of_widgets() -> None:
    from textual.css.stylesheet import Stylesheet

    sizes: list[int] = []
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes, animate: bool = False) -> None:  # type: ignore[no-untyped-def]
        nodes = list(nodes)
        sizes.append(len(nodes))
        update_nodes(self, nodes, animate=animate)

    app = _table()

    async def scenario() -> list[int]:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            return list(sizes)

    Stylesheet.update_nodes = counted  # type: ignore[method-assign]
    try:
        restyles = asyncio.run(scenario())
    finally:
        Stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
    assert restyles and max(restyles) < 10  # Textual's way: two restyles of 40-odd widgets


def test_the_start_screen_mounts_its_krg_rows_when_first_shown_with_the_same_defaults() -> None:
    """Hidden for the first game, the KRG rows (four of the form's five selects) wait until
    KRG is picked: the form then shows and starts what it did when they were always there."""
    from tui_driver import click, visible_text

    from homegame.config import SeriesSettings
    from homegame.defaults import TieRule
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.setup import SetupScreen

    app = HomegameApp()

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert not screen.query(".series") and not screen.query("#wins")
            await click(pilot, "#game-krg")
            await pilot.pause()
            assert [row.display for row in screen.query(".series")] == [True] * 3
            assert "Wins" in visible_text(app) and "Side bets" in visible_text(app)
            assert screen.build().series == SeriesSettings()
            await click(pilot, "#game-holdem")
            await pilot.pause()
            assert [row.display for row in screen.query(".series")] == [False] * 3
            loaded = SeriesSettings(wins=4, buy_in=10, tie_rule=TieRule.REPLAY, side_bets=True)
            config = GameConfig("krg", series=loaded)
            again = SetupScreen(config)
            await app.push_screen(again)
            await pilot.pause()
            assert again.build().series == loaded

    asyncio.run(scenario())


def test_the_screens_a_deal_pushes_are_styled_once_as_they_mount_as_textual_restyles_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pass screen, the result screen and the certificate skip the first resume's restyle
    of every widget (22 ms for a result screen), and a restyle once each is up finds nothing
    to change."""
    from textual.css.stylesheet import Stylesheet
    from tui_driver import drive

    from homegame.config import FreezeoutSettings
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.certificate import CertificateScreen
    from homegame.tui.screens.showdown import ShowdownScreen

    kinds = (HandoffScreen, ShowdownScreen, CertificateScreen)
    whole: dict[str, int] = {}  # restyles of a whole screen with widgets, by its kind
    pushed: dict[str, set[int]] = {}
    update_nodes = Stylesheet.update_nodes

    def counted(self: Stylesheet, nodes, animate: bool = False) -> None:  # type: ignore[no-untyped-def]
        nodes = list(nodes)
        if len(nodes) > 3 and isinstance(nodes[0], kinds):
            whole[type(nodes[0]).__name__] = whole.get(type(nodes[0]).__name__, 0) + 1
        update_nodes(self, nodes, animate=animate)

    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Bot", "easy"))
    config = GameConfig(
        "holdem",
        players=players,
        freezeout=FreezeoutSettings(starting_stack=60),
        timing=TimingSettings(bot_pause=0.0),
    )
    app = HomegameApp(config, rng=random.Random(3))
    checked: dict[str, bool] = {}

    def restyle_changes_nothing(app: App[None], record: object) -> None:
        screen = app.screen
        if isinstance(screen, kinds):
            pushed.setdefault(type(screen).__name__, set()).add(id(screen))
            if type(screen).__name__ not in checked:
                first = _rules_of_every_node(app)
                screen.update_node_styles(animate=False)
                checked[type(screen).__name__] = first == _rules_of_every_node(app)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await drive(app, pilot, check=restyle_changes_nothing, max_steps=2000)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    asyncio.run(scenario())
    assert checked == {"HandoffScreen": True, "ShowdownScreen": True, "CertificateScreen": True}
    assert len(pushed["HandoffScreen"]) > 3 and len(pushed["ShowdownScreen"]) > 3
    # Each kind's widgets are styled as they mount: the one restyle of a whole screen is this
    # test's own check above; Textual's first resume would have restyled every one pushed.
    assert whole == {"HandoffScreen": 1, "ShowdownScreen": 1, "CertificateScreen": 1}
