"""Issue 10, seats that match the table: with no button named, the players draw for it.

Each player draws a card from the card source, the high card (by rank) takes the button, ties
draw again among themselves; a seeded source gives the same draw every time. The app shows the
draw before the first hand, and so does host mode; a named button skips it.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from tui_driver import settle, visible_text

from homegame.cards import parse_cards
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine.card_sources import Dealt, Replayed
from homegame.engine.events import HandStarted
from homegame.engine.seat_draw import draw_for_button
from homegame.setup import session_for
from homegame.tui.app import HomegameApp
from homegame.tui.screens.host import HostApp, HostScreen
from homegame.tui.screens.seat_draw import SeatDrawScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.hand_log import HandLog

NAMES = ("Ann", "Bob", "Cy", "Di")
FAST = TimingSettings(turn_timer=0, bot_pause=0.0)


def test_issue_10_the_high_card_takes_the_button() -> None:
    draw = draw_for_button(range(3), Replayed([parse_cards("7c Kd 2h")]))
    assert draw.button == 1 and len(draw.rounds) == 1
    assert draw.lines(NAMES) == [
        "Seat draw: Ann 7♣ · Bob K♦ · Cy 2♥",
        "High card: Bob takes the button",
    ]


def test_issue_10_a_tie_for_the_high_card_is_drawn_again_among_the_tied() -> None:
    """Ann and Cy both draw a king (suits do not count); they draw again and Cy's queen wins."""
    draw = draw_for_button(range(3), Replayed([parse_cards("Kc 7d Kh"), parse_cards("3c Qd")]))
    assert [tuple(s for s, _ in r) for r in draw.rounds] == [(0, 1, 2), (0, 2)]
    assert draw.button == 2
    assert draw.lines(NAMES)[1] == "Tie, drawn again: Ann 3♣ · Cy Q♦"


def test_issue_10_a_seeded_draw_is_the_same_every_time() -> None:
    draws = [draw_for_button(range(4), Dealt(random.Random(9))) for _ in range(2)]
    assert draws[0] == draws[1]
    buttons = {draw_for_button(range(4), Dealt(random.Random(s))).button for s in range(40)}
    assert buttons == {0, 1, 2, 3}  # every seat can win it


def test_issue_10_a_seeded_game_draws_the_same_button_in_every_process() -> None:
    """A resumed game is a new process: the draw it makes again must be the one first made
    (the draw's source was seeded with hash(None), an address before Python 3.12)."""
    import subprocess
    import sys

    code = (
        "import random; from homegame.setup import session_for; from homegame.config import "
        "GameConfig, PlayerSetting; ps = tuple(PlayerSetting(n) for n in 'ABC'); "
        "print(session_for(GameConfig('holdem', players=ps, seed=3), 'ABC', random.Random(3), "
        "seat_draw=True).seat_draw)"
    )
    draws = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(4)
    }
    assert len(draws) == 1, draws


def test_issue_10_the_draw_needs_two_players_and_dealt_cards() -> None:
    from homegame.engine.card_sources import Entered

    with pytest.raises(ValueError, match="two players"):
        draw_for_button([0], Dealt(random.Random(1)))
    with pytest.raises(ValueError, match="cards the app deals"):
        draw_for_button(range(2), Entered())


@pytest.mark.parametrize("game", ["holdem", "krg"])
def test_issue_10_a_session_without_a_button_deals_from_the_drawn_one(game: str) -> None:
    config = GameConfig(game, players=tuple(PlayerSetting(n) for n in NAMES))
    session = session_for(config, NAMES, random.Random(3), seat_draw=True)
    draw = session.seat_draw
    assert draw is not None
    again = session_for(config, NAMES, random.Random(3), seat_draw=True).seat_draw
    assert again == draw  # a seeded game (resume, undo) draws the same
    events = session.start_deal()
    started = next(e for e in events if isinstance(e, HandStarted))
    assert started.button == draw.button
    named = session_for(config, NAMES, random.Random(3), button=2, seat_draw=True)
    assert named.seat_draw is None
    assert session_for(config, NAMES, random.Random(3)).seat_draw is None  # not asked for


def test_issue_10_the_app_shows_the_draw_before_the_first_hand() -> None:
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"), PlayerSetting("Bot 1", "easy"))
    config = GameConfig("holdem", players=players, timing=FAST)
    app = HomegameApp(config, rng=random.Random(4), seat_draw=True)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, SeatDrawScreen)
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            draw = table.game.seat_draw
            assert draw is not None and table.game.deals == 0  # nothing dealt under it
            text = visible_text(app)
            for line in draw.lines(table.game.names):
                assert line in text
            await pilot.press("enter")
            await settle(pilot, app)
            assert table.game.deals == 1
            assert table.game.view_for(None).button == draw.button
            log = table.query_one("#log", HandLog)
            assert any("takes the button" in line for line in log.entries)

    asyncio.run(scenario())


def test_issue_10_host_mode_shows_the_draw_unless_a_button_is_named() -> None:
    config = GameConfig("holdem", players=tuple(PlayerSetting(n) for n in NAMES))

    async def scenario(button: int | None) -> None:
        app = HostApp(config, random.Random(6), button=button, seat_draw=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            if button is not None:
                assert isinstance(app.screen, HostScreen)
                return
            assert isinstance(app.screen, SeatDrawScreen)
            host = next(s for s in app.screen_stack if isinstance(s, HostScreen))
            draw = host.console.session.seat_draw
            assert draw is not None
            assert draw.lines(NAMES)[-1] in visible_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HostScreen)
            host.run_command("n")
            view = host.console.view()
            assert view is not None
            assert view.button == draw.button
            assert draw.lines(NAMES)[-1] in host.log_lines

    asyncio.run(scenario(None))
    asyncio.run(scenario(1))


def test_issue_10_a_resumed_game_keeps_the_drawn_button(tmp_path: Path) -> None:
    """The journal says the players drew: a seeded game draws the same again on resume, and
    the draw is not shown again once a hand was dealt."""
    from homegame.store.journal import Journal
    from homegame.store.recorder import GameLog, mode_of
    from homegame.store.resume import build_session

    players = tuple(PlayerSetting(n) for n in NAMES[:3])
    config = GameConfig("holdem", players=players, timing=FAST, seed=21)
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, mode_of(config), seat_draw=True)
    assert log.seat_draw
    app = HomegameApp(journal=journal, resume=log)

    async def play_one() -> int:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, SeatDrawScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            return table.game.view_for(None).button

    button = asyncio.run(play_one())
    again = build_session(GameLog(journal, log.game_id))
    assert again.view_for(None).button == button
    assert again.seat_draw is not None and again.seat_draw.button == button


def test_issue_10_play_names_the_button_or_the_players_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`homegame play --button NAME` seats the button; without it the app shows the draw."""
    from typer.testing import CliRunner

    from homegame.cli import app as cli_app

    seen: list[HomegameApp] = []

    def run(self: HomegameApp) -> None:
        seen.append(self)

    monkeypatch.setattr(HomegameApp, "run", run)
    from homegame.commands import _errors

    monkeypatch.setattr(_errors, "stdin_is_terminal", lambda: True)  # the app is not run
    args = ["play", "holdem", "--players", "Ann,Bob,Cy", "--no-save"]
    assert CliRunner().invoke(cli_app, [*args, "--button", "bob"]).exit_code == 0
    assert CliRunner().invoke(cli_app, args).exit_code == 0
    assert (seen[0].button, seen[0].seat_draw) == (1, False)
    assert (seen[1].button, seen[1].seat_draw) == (None, True)
    bad = CliRunner().invoke(cli_app, [*args, "--button", "Zed"])
    assert bad.exit_code == 2 and "--button: no player called 'Zed'" in bad.output
