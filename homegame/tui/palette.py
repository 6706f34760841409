"""The table's colours, named once: Textual theme variables (`$gold`, `$felt`, ...) the CSS uses.

`SafeApp` offers them as the defaults of the theme's variables, so a theme may override any.
"""

from __future__ import annotations

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
    "help-edge": "#7fb3d5",
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
}
