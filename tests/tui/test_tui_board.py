"""The board widget made with its cards: the result and discard screens show one board all their
life, so their slots are made holding their cards and nothing looks a slot up once mounted. A
result screen that was still being built while the app quit (keys flying) once crashed looking
for a slot its board had not mounted yet (NoMatches '#slot-flop-A1')."""

from __future__ import annotations

import asyncio

from textual.app import ComposeResult
from tui_driver import visible_text

from homegame.cards import parse_cards
from homegame.tui.safe_app import SafeApp
from homegame.tui.widgets.board import Board
from homegame.tui.widgets.card import CardView
from homegame.variants import YUKON


def test_a_board_made_with_its_cards_shows_them_and_leaves_the_rest_empty() -> None:
    dealt = dict(zip(YUKON.slots, parse_cards("Ad 5c 5h 9s 9c"), strict=False))
    seen: dict[str, tuple[object, bool]] = {}

    class OneBoard(SafeApp):
        def compose(self) -> ComposeResult:
            yield Board(YUKON, board=dealt)

        def on_mount(self) -> None:  # the first moment anything could look: already in place
            for view in self.query(CardView):
                seen[view.id or ""] = (view.card, view.has_class("-empty"))

    async def scenario() -> str:
        app = OneBoard()
        async with app.run_test(size=(100, 20)) as pilot:
            await pilot.pause()
            return visible_text(app)

    text = asyncio.run(scenario())
    assert len(seen) == len(YUKON.slots)
    for slot in YUKON.slots:
        card, empty = seen["slot-" + slot.replace(" ", "-")]
        assert card == dealt.get(slot)
        assert empty == (slot not in dealt)
    for card in dealt.values():
        assert card.symbol in text or str(card) in text


def test_the_result_and_discard_screens_fill_nothing_in_once_mounted() -> None:
    """Both are made with what they first show (the board's cards, the discard's status line):
    neither has a mount handler that could look for a widget not yet made."""
    from homegame.tui.screens.discard import DiscardScreen
    from homegame.tui.screens.showdown import ShowdownScreen

    for screen in (ShowdownScreen, DiscardScreen):
        assert "on_mount" not in vars(screen), screen.__name__
