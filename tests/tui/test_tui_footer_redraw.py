"""The footer redraws its keys only when the keys that work change, and then relabels the keys
it has instead of mounting new ones (issue 15: each remount of every key restyles them all on
the event loop and leaves the old ones to the garbage collector; the table refreshes its
bindings after every action, most of which leave the same keys working)."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets._footer import FooterKey
from tui_driver import until, visible_text

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
    """The keys on show."""
    return [key for key in app.query(FooterKey) if key.display]


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
            assert "Fold" not in _footer_text(app)
            app.can_fold = True
            app.screen.refresh_bindings()
            await until(pilot, lambda: len(_keys(app)) == 2)
            assert [k.description for k in _keys(app)] == ["Call", "Fold"]
            assert "f Fold" in _footer_text(app)
            assert list(app.query(FooterKey)) == first  # relabelled and shown again, not new

    asyncio.run(scenario())


class Turns(App[None]):
    """A person's turn (call or fold) or a bot's (hurry): the keys differ, not their count."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "call", "Call"),
        Binding("f", "fold", "Fold"),
        Binding("space", "hurry", "Hurry"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.bot_turn = False

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.bot_turn == (action == "hurry")


def test_a_key_relabelled_in_place_draws_and_clicks_as_its_new_binding() -> None:
    async def scenario() -> None:
        app = Turns()
        async with app.run_test() as pilot:
            await until(pilot, lambda: len(_keys(app)) == 2)
            call, fold = _keys(app)
            app.bot_turn = True
            app.screen.refresh_bindings()
            await until(pilot, lambda: len(_keys(app)) == 1)
            assert _keys(app) == [call]
            assert (call.key, call.action, call.description) == ("space", "hurry", "Hurry")
            line = _footer_text(app)
            assert "Hurry" in line and "Call" not in line and "Fold" not in line
            app.bot_turn = False
            app.screen.refresh_bindings()
            await until(pilot, lambda: len(_keys(app)) == 2)
            assert _keys(app) == [call, fold]
            assert (fold.key, fold.action) == ("f", "fold")
            assert "c Call" in _footer_text(app) and "f Fold" in _footer_text(app)

    asyncio.run(scenario())


def _footer_text(app: Keys) -> str:
    """The footer's line as the terminal shows it."""
    return visible_text(app).splitlines()[-1]


def test_a_key_is_not_restyled_as_it_mounts(monkeypatch) -> None:
    """Textual's footer binds each key's `compact` to its own, so a key mounts with its default
    (compact), then takes the footer's: two restylings of every key on every screen shown."""
    from textual.dom import DOMNode

    restyled: list[str] = []
    update = DOMNode.update_node_styles

    def counted(self: DOMNode, animate: bool = True) -> None:
        if isinstance(self, FooterKey):
            restyled.append(self.description)
        update(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counted)

    async def scenario() -> None:
        app = Keys()
        async with app.run_test() as pilot:
            await until(pilot, lambda: len(_keys(app)) == 2)
            assert restyled == []

    asyncio.run(scenario())


def test_every_screen_draws_its_keys_with_the_keys_footer() -> None:
    """No screen yields Textual's own Footer (see the test above)."""
    import ast
    from pathlib import Path

    import homegame.tui

    plain = []
    for path in Path(homegame.tui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Footer":
                plain.append(f"{path.name}:{node.lineno}")
    assert plain == []
