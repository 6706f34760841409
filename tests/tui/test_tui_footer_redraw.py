"""The footer redraws its keys only when the keys that work change (issue 15: each redraw of
every key restyles them all on the event loop; the table refreshes its bindings after every
action, most of which leave the same keys working)."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets._footer import FooterKey
from tui_driver import until

from homegame.tui.widgets.footer import KeysFooter


class Keys(App[None]):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "call", "Call"),
        Binding("f", "fold", "Fold"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.can_fold = True

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_fold if action == "fold" else True


def _keys(app: Keys) -> list[FooterKey]:
    return list(app.query(FooterKey))


def test_the_same_keys_are_not_drawn_again_and_changed_keys_are() -> None:
    async def scenario() -> None:
        app = Keys()
        async with app.run_test() as pilot:
            await until(pilot, lambda: len(_keys(app)) == 2)
            first = _keys(app)
            assert [k.description for k in first] == ["Call", "Fold"]
            for _ in range(3):
                app.screen.refresh_bindings()
                await pilot.pause()
            assert _keys(app) == first  # the very same widgets: no remount
            app.can_fold = False
            app.screen.refresh_bindings()
            await until(pilot, lambda: len(_keys(app)) == 1)
            now = _keys(app)
            assert [k.description for k in now] == ["Call"]
            assert not set(map(id, now)) & set(map(id, first))

    asyncio.run(scenario())
