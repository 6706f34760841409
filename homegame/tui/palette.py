"""The table's colours, named once: Textual theme variables (`$gold`, `$felt`, ...) the CSS uses.

`SafeApp` offers them as the defaults of the theme's variables, so a theme may override any.
Rich styles drawn in Python name them the same way, through `themed("bold $gold")`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Textual offers the running app at its top level but leaves it out of the package's `__all__`.
from textual import active_app  # type: ignore[attr-defined]
from textual.color import Color

#: Variable name -> colour. The felt greens, the gold and brass of the trim, the card faces.
COLOURS: dict[str, str] = {
    "felt": "#0d1f16",
    "felt-mid": "#24442f",
    "felt-bright": "#2e5a3c",
    "felt-line": "#2e5a44",
    "felt-edge": "#3f6f4f",
    "felt-dim": "#7f9f8f",
    "felt-text": "#cfe8d4",
    "gold": "#f2c94c",
    "gold-pale": "#f2d27a",
    "brass": "#b08d2f",
    "night": "#1b1408",
    "hint": "#9fb0bf",
    "alarm": "#ff8a80",
    "chalk": "#ffffff",
    "sky": "#7fb3d5",
    "help-back": "#12202b",
    "help-hint": "#8899aa",
    "handoff-back": "#101418",
    "handoff-panel": "#1a2028",
    "handoff-text": "#d8dee9",
    "thrown-edge": "#6b6b6b",
    "thrown-back": "#3a1f1f",
    "bar-back": "#15202a",
    "bar-text": "#cfd8dc",
    "log-edge": "#3f5f4f",
    "log-back": "#0f1a14",
    "seat-turn": "#2b3a2b",
    "card-face": "#f4f1ea",
    "card-edge": "#8a8a8a",
    "card-back": "#1d3f8f",
    "card-back-edge": "#9fb8e8",
    "card-slot-edge": "#3d4d3d",
    "card-red": "#c0151b",
    "card-ink": "#111111",
    "card-slot": "#5a6a5a",
    "muted": "#7a7a7a",
    "aside": "#b0b0b0",
    "chips": "#e6e6e6",
    "odds": "#8fd18f",
    "host-header": "#1f3a2a",
    "host-error": "#ff6b6b",
    "host-input": "#223322",
    "host-panel": "#16261c",
    "flash-ink": "#101010",
}

#: A `$name` in a style string.
_VARIABLE = re.compile(r"\$([a-z][a-z0-9-]*)")
_HEX6 = re.compile(r"#[0-9a-fA-F]{6}")


def themed(spec: str) -> str:
    """`spec` as a Rich style, each `$name` the colour the running app's theme gives it (the
    palette's own outside an app), so a colour drawn from Python is named here once, as in CSS."""
    try:
        variables: Mapping[str, str] = active_app.get().theme_variables
    except LookupError:
        variables = COLOURS
    return _VARIABLE.sub(lambda found: _colour(variables, found[1]), spec)


def _colour(variables: Mapping[str, str], name: str) -> str:
    """The colour a theme variable names, as a Rich colour (a theme may write any CSS colour)."""
    value = variables.get(name) or COLOURS[name]
    return value if _HEX6.fullmatch(value) else Color.parse(value).hex6
