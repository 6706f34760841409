"""The board is one widget that draws its cards itself: made with its cards it shows them from
its first frame, a card dealt repaints it and lays nothing out, and each game's layout (Yukon's
boxed sets and shared river, the dealing rounds' gaps, roomy cards) is drawn as before.

The result and discard screens show one board all their life, so they make it with its cards:
a result screen still being built while the app quit (keys flying) once crashed looking for a
slot its board had not mounted yet (NoMatches '#slot-flop-A1')."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import ComposeResult
from tui_driver import count_layouts, until, visible_text

from homegame.cards import parse_cards
from homegame.tui.safe_app import SafeApp
from homegame.tui.widgets.board import Board
from homegame.variants import HOLDEM, YUKON


class OneBoard(SafeApp):
    def __init__(self, board: Board, roomy: bool = False) -> None:
        super().__init__()
        self.board = board
        self.set_class(roomy, "roomy")

    def compose(self) -> ComposeResult:
        yield self.board


def _drawn(board: Board, roomy: bool = False, size: tuple[int, int] = (100, 20)) -> list[str]:
    async def scenario() -> list[str]:
        app = OneBoard(board, roomy)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return [line.rstrip() for line in visible_text(app).splitlines() if line.strip()]

    return asyncio.run(scenario())


def test_a_board_made_with_its_cards_shows_them_and_leaves_the_rest_empty() -> None:
    """Yukon: each set boxed with its flop and turn, the shared river boxed between them."""
    dealt = dict(zip(YUKON.slots, parse_cards("Ad 5c 5h 9s 9c"), strict=False))
    assert _drawn(Board(YUKON, board=dealt)) == [
        " ╭─────────────────╮╭───────────────╮╭─────────────────╮",
        " │ Set A           ││ River (A & B) ││ Set B           │",
        " │  A♦   5♣    9♣  ││  ·            ││  5♥   9♠    ·   │",
        " ╰─────────────────╯╰───────────────╯╰─────────────────╯",
    ]


def test_a_row_board_leaves_a_wider_gap_between_dealing_rounds_and_roomy_cards_have_edges() -> None:
    dealt = dict(zip(HOLDEM.slots, parse_cards("Ad 5c 5h 9s"), strict=False))
    assert _drawn(Board(HOLDEM, board=dealt)) == ["  A♦   5♣   5♥    9♠    ·"]
    assert _drawn(Board(HOLDEM, board=dealt), roomy=True) == [
        " ╭────╮ ╭────╮ ╭────╮  ╭────╮  ╭────╮",
        " │ A♦ │ │ 5♣ │ │ 5♥ │  │ 9♠ │  │ ·  │",
        " ╰────╯ ╰────╯ ╰────╯  ╰────╯  ╰────╯",
    ]


def test_a_card_face_down_shows_its_back() -> None:
    board = {"flop 1": None, "flop 2": None, "flop 3": None}
    assert _drawn(Board(HOLDEM, board=board)) == [" ▒▒▒▒ ▒▒▒▒ ▒▒▒▒   ·     ·"]


def test_a_card_dealt_repaints_the_board_and_lays_nothing_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layouts = count_layouts(monkeypatch)

    async def scenario() -> None:
        board = Board(HOLDEM)
        app = OneBoard(board)
        async with app.run_test(size=(60, 6)) as pilot:
            await until(pilot, lambda: "·" in visible_text(app))
            laid_out = len(layouts)
            cards = parse_cards("Ad 5c 5h")
            board.show(dict(zip(HOLDEM.slots, cards, strict=False)), marked=cards[:1])
            await until(pilot, lambda: "5♥" in visible_text(app))
            assert len(layouts) == laid_out
            assert list(board.children) == []  # one widget, not one per slot

    asyncio.run(scenario())


def test_the_table_draws_roomy_cards_once_the_terminal_has_room() -> None:
    from homegame.config import GameConfig, PlayerSetting
    from homegame.tui.app import HomegameApp

    config = GameConfig("holdem", players=(PlayerSetting("Ann"), PlayerSetting("Bot", "easy")))

    async def scenario() -> None:
        app = HomegameApp(config)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Pot" in visible_text(app))
            assert "╭────╮" not in visible_text(app)
            await pilot.resize_terminal(120, 40)
            await until(pilot, lambda: "╭────╮ ╭────╮" in visible_text(app))
            await pilot.resize_terminal(80, 24)
            await until(pilot, lambda: "╭────╮" not in visible_text(app))

    asyncio.run(scenario())


def test_the_result_and_discard_screens_fill_nothing_in_once_mounted() -> None:
    """Both are made with what they first show (the board's cards, the discard's status line):
    neither has a mount handler that could look for a widget not yet made."""
    from homegame.tui.screens.discard import DiscardScreen
    from homegame.tui.screens.showdown import ShowdownScreen

    for screen in (ShowdownScreen, DiscardScreen):
        assert "on_mount" not in vars(screen), screen.__name__


def test_a_board_shown_for_another_game_is_laid_out_for_that_game() -> None:
    """A screen kept for the app's life (the discard prompt) may show the next game's board."""

    async def scenario() -> list[str]:
        board = Board(HOLDEM, board=dict(zip(HOLDEM.slots, parse_cards("Ad 5c 5h"), strict=False)))
        app = OneBoard(board)
        async with app.run_test(size=(100, 20)) as pilot:
            await until(pilot, lambda: "5♥" in visible_text(app))
            board.show({}, variant=YUKON)
            await until(pilot, lambda: "Set A" in visible_text(app))
            return [line.rstrip() for line in visible_text(app).splitlines() if line.strip()]

    lines = asyncio.run(scenario())
    assert lines[1] == " │ Set A           ││ River (A & B) ││ Set B           │"
    assert "5♥" not in "\n".join(lines)
