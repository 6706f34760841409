"""DESIGN.md (tui): styles use theme variables; each colour is named once, in tui/palette.py."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from textual.app import App
from textual.theme import Theme

from homegame.tui.palette import COLOURS, themed
from homegame.tui.safe_app import SafeApp

PACKAGE = Path(__file__).resolve().parents[2] / "homegame"
PALETTE = PACKAGE / "tui" / "palette.py"
#: A CSS or Rich hex colour: #rgb, #rrggbb or #rrggbbaa (not an id selector such as #host-log).
HEX = re.compile(r"#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![\w-])")
#: A theme variable as the CSS and `themed` write it.
VARIABLE = re.compile(r"\$([a-z][a-z0-9-]*)")


def _styled_files() -> list[Path]:
    return sorted(p for ext in ("*.py", "*.tcss") for p in PACKAGE.rglob(ext) if p != PALETTE)


def test_no_hex_colour_outside_the_palette() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
        for path in _styled_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HEX.search(line)
    ]
    assert found == []


def test_every_colour_variable_a_style_names_is_in_the_palette_or_textuals_theme() -> None:
    textual_own = App().get_css_variables()
    unknown = {
        f"{path.relative_to(PACKAGE)}: ${name}"
        for path in _styled_files()
        for name in VARIABLE.findall(path.read_text(encoding="utf-8"))
        if name not in COLOURS and name not in textual_own
    }
    assert unknown == set()


def test_no_palette_name_is_one_textuals_theme_already_sets() -> None:
    """A name Textual's theme also sets would take the theme's colour, not the palette's."""
    assert set(COLOURS) & set(App().get_css_variables()) == set()


def test_rich_styles_take_the_palette_colour_outside_an_app() -> None:
    assert themed("bold $gold on $card-face") == f"bold {COLOURS['gold']} on {COLOURS['card-face']}"


def test_a_theme_that_overrides_a_colour_changes_the_rich_styles_too() -> None:
    async def scenario() -> tuple[str, str]:
        app = SafeApp()
        app.register_theme(
            Theme("brass-test", primary="#004578", dark=True, variables={"gold": "red"})
        )
        async with app.run_test() as pilot:
            before = themed("bold $gold")
            app.theme = "brass-test"
            await pilot.pause()
            return before, themed("bold $gold")

    before, after = asyncio.run(scenario())
    assert before == f"bold {COLOURS['gold']}"
    assert after == "bold #FF0000"
