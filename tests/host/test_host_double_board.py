"""Double Board Hold'em in host mode: both boards typed street by street, each board's share
of every pot settled (issue 8), and a bad board line refused with one line, nothing changed."""

from __future__ import annotations

import asyncio
import random

import pytest
from host_lines import ok_lines as _ok
from host_lines import refused_line as _refused
from textual.widgets import Static

from homegame.config import GameConfig, PlayerSetting
from homegame.host.commands import Verb, parse
from homegame.host.console import HostConsole
from homegame.host.room import room_view
from homegame.tui.screens.host import HostApp, HostScreen

NAMES = ("Ann", "Bob", "Cy")


def _config() -> GameConfig:
    return GameConfig("double-board", players=tuple(PlayerSetting(n) for n in NAMES))


def _console() -> HostConsole:
    return HostConsole(_config(), random.Random(7), button=0)


def _board(console: HostConsole) -> list[tuple[str, list[str]]]:
    view = console.view()
    assert view is not None
    return [(label, [str(c) for c in cards]) for label, cards in console.board_rows(view)]


def _to_the_flop(console: HostConsole) -> None:
    # Button Ann (3 players): Ann acts first preflop, Bob completes, Cy checks his option.
    _ok(console, "n", "c", "c", "k")


def test_a_whole_double_board_hand_typed_street_by_street_pays_each_board_half() -> None:
    console = _console()
    _to_the_flop(console)
    assert console.prompt().startswith("Flops dealt: flop C C C / C C C (board 1 / board 2)\n")
    _ok(console, "flop Ah Kd 7c / Qs Qd 3c")
    assert _board(console) == [("1", ["Ah", "Kd", "7c"]), ("2", ["Qs", "Qd", "3c"])]
    assert console.prompt().startswith("Bob to act")  # nothing more to type for the board
    _ok(console, "k", "k", "k")
    assert console.prompt().startswith("Turns dealt: turn C / C (board 1 / board 2)")
    _ok(console, "turn 2s / 9h", "k", "k", "k", "river 4c / 5d", "k", "k", "k")
    assert _board(console) == [
        ("1", ["Ah", "Kd", "7c", "2s", "4c"]),
        ("2", ["Qs", "Qd", "3c", "9h", "5d"]),
    ]
    _ok(console, "s Bob Ac Ad", "s Cy Qh 8h")
    lines = _ok(console, "s Ann Kh 3h")
    won = [line for line in lines if " wins " in line]
    # Bob's aces take board 1 (three aces), Cy's queens board 2: 30 chips of the 60 each.
    assert won == [
        "Bob wins board 1's share of the main pot (30) with three of a kind",
        "Cy wins board 2's share of the main pot (30) with three of a kind",
    ]
    assert console.session.scoreboard().players[1].stack == 1510
    assert [p.stack for p in console.session.scoreboard().players] == [1480, 1510, 1510]


def test_one_board_at_a_time_with_b_1_and_b_2_and_the_prompt_names_the_other() -> None:
    console = _console()
    _to_the_flop(console)
    _ok(console, "b 2 Qs Qd 3c")
    assert console.prompt().startswith("Flop dealt: b 1 C C C\n")
    _ok(console, "b 1 Ah Kd 7c", "k", "k", "k")
    _ok(console, "b 1 2s")
    assert console.prompt().startswith("Turn dealt: b 2 C\n")
    _ok(console, "b 9h")  # the one card left to enter
    assert _board(console) == [("1", ["Ah", "Kd", "7c", "2s"]), ("2", ["Qs", "Qd", "3c", "9h"])]


def test_six_flop_cards_in_one_line_fill_board_1_then_board_2() -> None:
    console = _console()
    _to_the_flop(console)
    _ok(console, "flop Ah Kd 7c Qs Qd 3c")
    assert _board(console) == [("1", ["Ah", "Kd", "7c"]), ("2", ["Qs", "Qd", "3c"])]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("flop Ah Kd 7x / Qs Qd 3c", "7x"),
        ("flop Ah Kd 7c / Ah Qd 3c", "Ah is typed twice"),
        ("flop Ah Kd 7c 2s / Qs Qd 3c", "board 1 flop has 3 card(s) to enter, not 4"),
        ("flop Ah Kd 7c / Qs Qd 3c / 2s", "at most 2 parts: BOARD 1 / BOARD 2"),
        ("b Ah Kd 7c / 2 Qs Qd 3c", "a street first, then only cards"),
        ("turn 2s / 9h", "no turn card is waiting to be entered"),
        ("b 3 Ah", "bad card"),
    ],
)
def test_a_bad_double_board_line_is_refused_with_one_line_and_changes_nothing(
    line: str, says: str
) -> None:
    console = _console()
    _to_the_flop(console)
    message = _refused(console, line)
    assert says.casefold() in message.casefold(), message


def test_a_card_already_on_the_other_board_is_refused() -> None:
    console = _console()
    _to_the_flop(console)
    _ok(console, "b 1 Ah Kd 7c")
    assert "card Ah is already on the table" in _refused(console, "b 2 Ah Qd 3c")


def test_hands_shown_without_cards_the_host_names_each_boards_winners() -> None:
    console = _console()
    _to_the_flop(console)
    _ok(console, "flop Ah Kd 7c / Qs Qd 3c", "k", "k", "k", "turn 2s / 9h", "k", "k", "k")
    _ok(console, "river 4c / 5d", "k", "k", "k")
    assert "w NAME / NAME wins" in console.prompt()
    _ok(console, "s", "s", "s")  # shown, cards not typed
    assert "w NAME.. / NAME.. for the pot (board 1 / board 2)" in console.prompt()
    assert "each of the 2 boards" in _refused(console, "w Bob / Cy / Ann")
    lines = _ok(console, "w Bob / Cy Ann")
    assert "Bob wins board 1's share of the main pot (30)" in lines
    assert "Board 2's share of the main pot (30) is split: Ann 15, Cy 15" in lines
    assert [p.stack for p in console.session.scoreboard().players] == [1495, 1510, 1495]


def test_w_slash_parses_each_boards_winners_in_order() -> None:
    command = parse("w 1 Bob / Cy Ann", NAMES)
    assert command.verb is Verb.WINNERS and command.pot == 1
    assert command.boards == ((1,), (2, 0)) and command.seats == (1, 2, 0)


def test_a_player_called_river_still_acts_by_name() -> None:
    command = parse("River f", ("Ann", "River"))
    assert command.verb is Verb.FOLD and command.seat == 1
    assert parse("river 9h", ("Ann", "Bob")).verb is Verb.BOARD


def test_the_host_screen_and_the_players_display_show_both_boards() -> None:
    async def scenario() -> tuple[str, str, str]:
        app = HostApp(_config(), random.Random(7), button=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, HostScreen)
            for line in ("n", "c", "c", "k", "flop Ah Kd 7c / Qs Qd 3c"):
                screen.run_command(line)
                await pilot.pause()
            board = str(screen.query_one("#host-board", Static).content)
            room = room_view(screen.console, 0.0)
            return board, room.board_line, screen.header

    board, room, header = asyncio.run(scenario())
    assert board == "Board:  1: A♥ K♦ 7♣  2: Q♠ Q♦ 3♣"
    assert room == "Board 1: A♥ K♦ 7♣   Board 2: Q♠ Q♦ 3♣"
    assert len(header) <= 78  # fits the 80-column header with its padding


def test_each_boards_winners_named_at_the_showdown_show_the_rest_first() -> None:
    console = _console()
    _to_the_flop(console)
    _ok(console, "flop Ah Kd 7c / Qs Qd 3c", "k", "k", "k", "turn 2s / 9h", "k", "k", "k")
    _ok(console, "river 4c / 5d", "k", "k", "k")
    lines = _ok(console, "w Cy / Bob")
    assert lines.count("Bob shows (cards not entered)") == 1
    assert "Cy wins board 1's share of the main pot (30)" in lines
    assert "Bob wins board 2's share of the main pot (30)" in lines
    assert not console.session.in_hand
