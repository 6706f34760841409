"""Host mode console: the host types a live table's actions; the app settles every pot."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Static

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, SeriesSettings
from homegame.tui.screens.certificate import CertificateScreen
from homegame.tui.screens.display import RoomBoard, RoomScreen
from homegame.tui.screens.host import FLASH_SECONDS, ConfirmQuit, HostApp, HostHelp, HostScreen
from homegame.tui.screens.settlement import SettlementScreen
from homegame.tui.widgets.seat import SeatInfo

NAMES = ("Ann", "Bob", "Cy")

KEYS = {
    " ": "space",
    ",": "comma",
    "?": "question_mark",
    "/": "slash",
    "[": "left_square_bracket",
    "]": "right_square_bracket",
    ":": "colon",
}


def _sync(scenario: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async Pilot scenario as a plain test."""

    @functools.wraps(scenario)
    def run() -> None:
        asyncio.run(scenario())

    return run


def _app(stacks: int = 1500) -> HostApp:
    config = GameConfig("holdem", players=tuple(PlayerSetting(n) for n in NAMES))
    config = GameConfig(
        "holdem",
        players=config.players,
        freezeout=type(config.freezeout)(starting_stack=stacks),
    )
    return HostApp(config, random.Random(7), button=0)


async def _type(pilot: Pilot[None], text: str) -> None:
    """Put one command in the host's command line and press Enter (key by key: `_keys`)."""
    pilot.app.screen.query_one("#host-input", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def _keys(pilot: Pilot[None], text: str) -> None:
    """Type one command key by key and press Enter."""
    await pilot.press(*[KEYS.get(ch, ch) for ch in text], "enter")
    await pilot.pause()


def _seat(screen: HostScreen, seat: int) -> SeatInfo:
    """What seat `seat` shows; every seat shows something once the screen is up."""
    info = screen.seat_info(seat)
    assert info is not None, f"seat {seat} shows nothing"
    return info


def _stacks(screen: HostScreen) -> list[int | None]:
    return [_seat(screen, s).stack for s in range(len(NAMES))]


def _current(app: App[None]) -> Screen[object]:
    """The screen on top now (a fresh read: a key may have changed it since the last look)."""
    return app.screen


@_sync
async def test_host_whole_holdem_hand_board_and_shown_hands_settle_the_pot() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        # Button Ann, Bob small blind 10, Cy big blind 20: Ann is first to act preflop.
        assert screen.prompt.startswith("Ann to act")
        assert _seat(screen, 0).to_act and _seat(screen, 0).button
        assert _seat(screen, 2).big_blind and _seat(screen, 2).bet == 20
        await _type(pilot, "r 60")
        await _type(pilot, "f")
        await _type(pilot, "c")
        assert _seat(screen, 1).folded
        await _type(pilot, "b Ah Kd 7c")
        assert "A♥ K♦ 7♣" in str(screen.query_one("#host-board", Static).content)
        for _ in range(2):
            await _type(pilot, "c")
        await _type(pilot, "b 2s")
        await _type(pilot, "r 100")
        await _type(pilot, "c")
        await _type(pilot, "b 3h")
        await _type(pilot, "c")
        await _type(pilot, "c")
        assert screen.prompt.startswith("Showdown")
        # No hole card is ever drawn by the app before the host enters it.
        assert all(_seat(screen, s).cards == () for s in range(3))
        await _type(pilot, "s Cy Kh Kc")
        await _type(pilot, "s Ann Qs Qd")
        # Cy's three kings beat Ann's queens: the pot of 10 + 160 + 160 goes to Cy.
        assert _stacks(screen) == [1500 - 160, 1500 - 10, 1500 - 160 + 330]
        assert any("Cy wins" in line and "330" in line for line in screen.log_lines)
        assert screen.prompt.startswith("Between hands")
        assert [str(c) for c in _seat(screen, 2).cards] == ["Kh", "Kc"]


@_sync
async def test_host_all_in_side_pot_settled_by_naming_winners_without_cards() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        # A correction waits for the hand to end; the first hand is already dealt.
        await _type(pilot, "set Ann 300")
        assert "between hands" in screen.error
        assert _stacks(screen)[0] == 1500
        await _type(pilot, "f")
        await _type(pilot, "f")
        await _type(pilot, "set Ann 300")
        assert screen.error == ""
        await _type(pilot, "n")
        # Button moves to Bob: Cy small blind, Ann big blind, Bob first to act.
        assert screen.prompt.startswith("Bob to act")
        await _type(pilot, "a")
        await _type(pilot, "c")
        await _type(pilot, "a")
        pots = str(screen.query_one("#host-pots").render())
        assert "Main pot" in pots and "Side pot 1" in pots
        await _type(pilot, "w Ann")
        assert "side pot 1" in screen.prompt
        await _type(pilot, "w Cy")
        # Hands shown without their cards entered are not drawn, not even as card backs.
        assert all(_seat(screen, s).cards == () for s in range(3))
        # Ann (300 all-in) wins the main pot 3 x 300; Cy the side pot 2 x 1,190 (Bob busts).
        assert _stacks(screen) == [900, 0, 20 + 2380]
        assert _seat(screen, 1).busted
        cy_won = [line for line in screen.log_lines if line.startswith("Cy wins")]
        assert cy_won[-1] == "Cy wins side pot 1 (2,380)"


@_sync
async def test_host_bad_card_is_refused_and_nothing_changes() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        for _ in range(3):
            await _type(pilot, "c")
        before = (screen.log_lines, _stacks(screen), screen.prompt)
        for bad in ("b Ah Zz 7c", "b Ah Ah 7c", "r 5"):
            await _type(pilot, bad)
            assert screen.error.startswith("! ")
            assert "\n" not in screen.error
            assert (screen.log_lines, _stacks(screen), screen.prompt) == before
        await _type(pilot, "b Ah Kd 7c")
        assert screen.error == ""
        for _ in range(3):
            await _type(pilot, "c")
        before_turn = (screen.log_lines, _stacks(screen))
        await _type(pilot, "b Kd")
        assert "Kd" in screen.error or "K♦" in screen.error
        assert (screen.log_lines, _stacks(screen)) == before_turn


@_sync
async def test_house_rule_final_authority_host_stack_correction_is_logged() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        await _type(pilot, "f")
        await _type(pilot, "f")
        assert _stacks(screen) == [1500, 1490, 1510]
        await _type(pilot, "set Bob 1450 Cy 1550")
        assert screen.error == ""
        assert _stacks(screen) == [1500, 1450, 1550]
        assert any(
            "corrected the stacks" in line and "Bob 1490 -> 1450" in line
            for line in screen.log_lines
        )
        await _type(pilot, "set Bob lots")
        assert screen.error.startswith("! ")
        assert _stacks(screen) == [1500, 1450, 1550]


@pytest.mark.parametrize(
    "args",
    [
        ["host", "poker", "--players", "A,B"],
        ["host", "holdem"],
        ["host", "holdem", "--players", "A,B", "--stack", "abc"],
        ["host", "holdem", "--players", "A,B", "--button", "Zed"],
        ["host", "holdem", "--players", "A,B", "--minutes", "0"],
        ["host", "krg", "--players", "A,B", "--minutes", "10"],
        ["host", "holdem", "--config", "/no/such/host.toml"],
    ],
)
def test_host_command_rejects_bad_input_with_one_line(args: list[str]) -> None:
    from typer.testing import CliRunner

    from homegame.cli import app

    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith("homegame: error: ")
    assert result.stderr.count("\n") == 1
    assert "╭" not in result.stderr
    assert result.stderr.count("/no/such/host.toml") <= 1


@_sync
async def test_host_krg_deal_without_cards_records_the_winner_named() -> None:
    config = GameConfig("krg", players=tuple(PlayerSetting(n) for n in NAMES))
    app = HostApp(config, random.Random(3), button=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        assert "Bob 0" in str(screen.query_one("#host-header", Static).content)
        turns = 0
        while "discards" in screen.prompt:
            await _type(pilot, "d")
            turns += 1
            assert turns < 30
        assert screen.prompt.startswith("Showdown")
        assert all(_seat(screen, s).cards == () for s in range(3))
        await _type(pilot, "w Zed")
        assert screen.error.startswith("! no player called")
        assert screen.prompt.startswith("Showdown")
        await _type(pilot, "w Bob")
        assert screen.error == ""
        assert "Bob 1" in str(screen.query_one("#host-header", Static).content)
        await _type(pilot, "n")
        assert "discards" in screen.prompt


@_sync
async def test_house_rule_final_authority_correction_stays_in_the_history() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        await _type(pilot, "f")
        await _type(pilot, "f")
        await _type(pilot, "set Ann 1400")
        await _type(pilot, "n")
        # The next hand's log follows on; the correction is still there, and in the history.
        assert any("Ann 1500 -> 1400" in line for line in screen.log_lines)
        assert any(type(e).__name__ == "StacksCorrected" for e in screen.console.history)


@_sync
async def test_host_no_key_acts_on_its_own_every_action_is_one_enter_away() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        await pilot.press("c")
        await pilot.pause()
        # c alone did nothing yet: it waits in the box for Enter.
        assert _seat(screen, 0).bet == 0
        assert screen.query_one("#host-input", Input).value == "c"
        await pilot.press("enter")
        await pilot.pause()
        assert _seat(screen, 0).bet == 20
        assert screen.prompt.startswith("Bob to act")


@_sync
async def test_host_yukon_board_entered_in_dealing_order_shows_each_set() -> None:
    config = GameConfig("yukon", players=tuple(PlayerSetting(n) for n in NAMES))
    app = HostApp(config, random.Random(5), button=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        for line in ("c", "c", "k"):
            await _type(pilot, line)
        await _type(pilot, "b B 7c 2s")
        board = str(screen.query_one("#host-board", Static).content)
        assert board == "Board:  A: ?? ??  B: 7♣ 2♠"
        await _type(pilot, "b A Ah Kd")
        for line in ("k", "k", "k", "b Qs / 3d", "k", "k", "k", "b 9h"):
            await _type(pilot, line)
        board = str(screen.query_one("#host-board", Static).content)
        assert board == "Board:  A: A♥ K♦ Q♠  B: 7♣ 2♠ 3♦  river: 9♥"


@_sync
async def test_host_blind_clock_waits_for_the_first_deal_then_raises_the_level() -> None:
    now = [0.0]
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES),
        freezeout=FreezeoutSettings(minutes_per_level=15),
    )
    bells: list[float] = []
    app = HostApp(config, random.Random(7), button=0, clock=lambda: now[0])
    app.bell = lambda: bells.append(now[0])  # type: ignore[method-assign]  # count the bells
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        # Idle minutes before the host starts do not count (they jumped the blinds before).
        now[0] = 40 * 60.0
        screen.tick()
        assert "L1 10/20" in screen.header and "starts with n" in screen.clock_text
        await _type(pilot, "n")
        assert "15:00 to 15/25" in screen.clock_text
        now[0] += 16 * 60.0
        screen.tick()
        assert bells and screen.flashing
        assert "Level 2: blinds 15/25 from the next hand" in screen.log_lines
        await _type(pilot, "f")
        await _type(pilot, "f")
        await _type(pilot, "n")
        tournament = screen.console.tournament
        assert tournament is not None  # a freezeout
        level = tournament.level
        assert level.number == 2
        assert f"L2 {level}" in screen.header
        big_blind = [line for line in screen.log_lines if "posts the big blind" in line][-1]
        assert big_blind.endswith(f" {level.big_blind}")
        now[0] += FLASH_SECONDS + 1
        screen.tick()
        assert not screen.flashing


@_sync
async def test_host_a_refused_line_stays_until_a_command_succeeds() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        await _keys(pilot, "k")
        assert screen.error.startswith("! Ann can't check")
        box = screen.query_one("#host-input", Input)
        # The refused text stays selected: the next command typed replaces it, never 'kw..'.
        assert box.value == "k"
        await _keys(pilot, "Bob f")
        assert screen.error.startswith("! it is Ann's turn, not Bob's")
        assert box.value == "Bob f"
        await _type(pilot, "c")
        assert screen.error == ""
        assert box.value == ""
        assert _seat(screen, 0).bet == 20


@_sync
async def test_host_help_shows_brackets_and_every_command() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _keys(pilot, "?")
        help_screen = app.screen
        assert isinstance(help_screen, HostHelp)
        text = help_screen.text
        assert "[NAME] f" in text and "w [POT] NAME [NAME..]" in text and "s [NAME] [CARDS]" in text
        rendered = str(help_screen.query_one("#help-text", Static).render())
        assert "[NAME] r AMOUNT" in rendered  # the brackets survive on the screen, not only in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@_sync
async def test_host_markup_in_a_command_is_plain_text() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _keys(pilot, "[/] [bold]x")
        assert "[/] [bold]x" in screen.error


@_sync
async def test_host_ctrl_q_asks_first_and_the_footer_lists_the_keys() -> None:
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        footer = " ".join(
            b.binding.description for b in app.active_bindings.values() if b.binding.show
        )
        assert "Quit" in footer and "Help" in footer
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.pause()
        assert _current(app) is screen
        assert app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert not app.is_running


@_sync
async def test_host_krg_series_shows_the_pool_and_ends_with_a_certificate() -> None:
    config = GameConfig(
        "krg",
        players=tuple(PlayerSetting(n) for n in NAMES),
        series=SeriesSettings(doubling_cube=True),
    )
    app = HostApp(config, random.Random(3), button=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        pool = str(screen.query_one("#host-pots", Static).content)
        assert pool.startswith("Pool 15.00") and "cube 1" in pool
        for _ in range(3):
            for line in ("n", "d all", "d all", "d all", "w Cy"):
                await _type(pilot, line)
        await pilot.pause()
        # Issue 27: the money first, as after a freezeout: Cy takes the pool of 15.00.
        settlement = app.screen
        assert isinstance(settlement, SettlementScreen)
        assert "Cy wins: the money" in settlement.text and "15.00" in settlement.text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CertificateScreen)
        assert app.screen.certificate.winner == "Cy"
        assert "Cy  15.00" in "\n".join(app.screen.certificate.lines())


@_sync
async def test_host_switches_to_the_players_big_view_with_one_key_and_back() -> None:
    now = [0.0]
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in NAMES),
        freezeout=FreezeoutSettings(minutes_per_level=15),
    )
    app = HostApp(config, random.Random(7), button=0, clock=lambda: now[0])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "n")
        await _type(pilot, "r 60")
        await _type(pilot, "c")
        now[0] = 125.0
        await pilot.press("f2")
        await pilot.pause()
        room = app.screen
        assert isinstance(room, RoomScreen)
        text = room.query_one(RoomBoard).text()
        # Big digits for the clock, the blinds now and the next ones, each under its name.
        assert text.splitlines()[1:6] == [
            "12:55",
            "Level 1 · blinds",
            "10/20",
            "next blinds",
            "15/25",
        ]
        assert "3 of 3 players left · average 1,500" in text
        # The big view holds no card: none of the 52 cards' symbols appears.
        assert not any(suit in text for suit in "♠♥♦♣")
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is screen
        await _type(pilot, "v")
        assert isinstance(app.screen, RoomScreen)


@_sync
async def test_host_late_entry_gets_a_seat_line() -> None:
    app = _app()
    async with app.run_test(size=(80, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await _type(pilot, "join Dee 900")
        assert screen.error == ""
        info = _seat(screen, 3)
        assert info is not None and info.name == "Dee" and info.stack == 900


@_sync
async def test_host_freezeout_ends_with_the_winners_certificate() -> None:
    config = GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bob")))
    app = HostApp(config, random.Random(1), button=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for line in ("n", "a", "c", "s Ann Ah Ad", "s Bob Kh Kd", "b 2c 7d 9s", "b 3c", "b 4h"):
            await _type(pilot, line)
        await pilot.pause()
        assert isinstance(app.screen, CertificateScreen)
        assert app.screen.certificate.winner == "Ann"
        assert "hosted" in app.screen.certificate.game
