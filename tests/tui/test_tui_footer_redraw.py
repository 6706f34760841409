"""The footer draws the keys that work now as one line: a change of keys repaints that line and
lays nothing out, the same keys are not drawn again, and a click on a key presses it (issue 15:
a footer of one widget per key laid the whole screen out on every action, about a third of a
solo hand's layouts on the event loop)."""

from __future__ import annotations

import asyncio
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from tui_driver import count_layouts, until, visible_text

from homegame.tui.widgets.footer import KeysFooter


class Turns(App[None]):
    """A person's turn (call or fold) or a bot's (hurry): the keys differ, not their count."""

    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "call", "Call"),
        Binding("f", "fold", "Fold"),
        Binding("space", "hurry", "Hurry"),
        Binding("x", "nothing", "Not shown", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.bot_turn = False
        self.can_fold = True
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fold" and not self.bot_turn:
            return True if self.can_fold else None  # None: shown, dimmed
        return self.bot_turn == (action == "hurry")

    def action_call(self) -> None:
        self.done.append("call")

    def action_fold(self) -> None:
        self.done.append("fold")

    def action_hurry(self) -> None:
        self.done.append("hurry")


def _footer_text(app: App[None]) -> str:
    """The footer's line as the terminal shows it."""
    return visible_text(app).splitlines()[-1]


def _footer(app: App[None]) -> KeysFooter:
    return app.screen.query_one(KeysFooter)


def test_a_change_of_keys_repaints_the_footer_and_lays_nothing_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    layouts = count_layouts(monkeypatch)

    async def scenario() -> None:
        app = Turns()
        async with app.run_test() as pilot:
            await until(pilot, lambda: "c Call" in _footer_text(app))
            assert "f Fold" in _footer_text(app) and "Hurry" not in _footer_text(app)
            assert "Not shown" not in _footer_text(app)
            laid_out = len(layouts)
            app.bot_turn = True
            app.screen.refresh_bindings()
            await until(pilot, lambda: "Hurry" in _footer_text(app))
            assert "Call" not in _footer_text(app) and "Fold" not in _footer_text(app)
            app.bot_turn = False
            app.screen.refresh_bindings()
            await until(pilot, lambda: "c Call" in _footer_text(app))
            assert len(layouts) == laid_out
            assert list(_footer(app).children) == []  # one widget: no key is mounted

    asyncio.run(scenario())


def test_the_same_keys_are_not_drawn_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Frames are painted here, as in the app: the footer draws when its keys change only."""
    drawn: list[KeysFooter] = []
    render = KeysFooter.render

    def counted(self: KeysFooter):  # type: ignore[no-untyped-def]
        drawn.append(self)
        return render(self)

    monkeypatch.setattr(KeysFooter, "render", counted)

    async def scenario() -> None:
        app = Turns()
        async with app.run_test() as pilot:
            await until(pilot, lambda: "c Call" in _footer_text(app))
            await pilot.pause()
            before = len(drawn)
            for _ in range(3):
                app.screen.refresh_bindings()
                await pilot.pause()
            assert len(drawn) == before
            app.can_fold = False
            app.screen.refresh_bindings()
            await until(pilot, lambda: len(drawn) > before)
            assert _footer(app).descriptions == ["Call", "Fold"]

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("bot_turn", "word", "done"), [(False, "Call", "call"), (True, "Hurry", "hurry")]
)
def test_a_click_on_a_key_presses_it(bot_turn: bool, word: str, done: str) -> None:
    async def scenario() -> None:
        app = Turns()
        app.bot_turn = bot_turn
        async with app.run_test() as pilot:
            await until(pilot, lambda: word in _footer_text(app))
            column = _footer_text(app).index(word)
            await pilot.click(KeysFooter, offset=(column, 0))
            await until(pilot, lambda: app.done == [done])

    asyncio.run(scenario())


def test_a_click_on_a_dimmed_key_rings_the_bell_and_does_nothing() -> None:
    async def scenario() -> None:
        app = Turns()
        app.can_fold = False
        bells: list[bool] = []
        app.bell = lambda: bells.append(True)  # type: ignore[method-assign]
        async with app.run_test() as pilot:
            await until(pilot, lambda: "Fold" in _footer_text(app))
            column = _footer_text(app).index("Fold")
            await pilot.click(KeysFooter, offset=(column, 0))
            await until(pilot, lambda: bells == [True])
            await pilot.click(KeysFooter, offset=(79, 0))  # past the keys: nothing
            await pilot.pause()
            assert app.done == [] and bells == [True]

    asyncio.run(scenario())


def test_every_screen_draws_its_keys_with_the_keys_footer() -> None:
    """No screen yields Textual's own Footer (see the first test)."""
    import ast
    from pathlib import Path

    import homegame.tui

    plain = []
    for path in Path(homegame.tui.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Footer":
                plain.append(f"{path.name}:{node.lineno}")
    assert plain == []
