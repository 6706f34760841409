"""Text from outside (names, paths, files) made safe to show on a terminal.

A name may not hold a control character: an escape sequence in it would reach the terminal and
rewrite what others see. Text read from a file is shown with such characters escaped instead.
"""

from __future__ import annotations

import unicodedata

#: Format characters that reorder or hide text (bidirectional overrides and isolates).
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_control(char: str) -> bool:
    """True for a character that steers the terminal or the text's direction, not a letter."""
    return char in _BIDI or unicodedata.category(char) in ("Cc", "Zl", "Zp")


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with every control character written as an escape ('\\x1b'), safe to print."""
    if not any(is_control(c) for c in text):
        return text
    return "".join(_escaped(c) if is_control(c) else c for c in text)


def control_problem(what: str, text: str) -> str | None:
    """One line saying `what` holds a control character (None when it holds none)."""
    bad = next((c for c in text if is_control(c)), None)
    if bad is None:
        return None
    return f"{what}: {_escaped(bad)} is a control character; use letters, digits and spaces"


def shorten(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters with '...' when longer (for messages that quote it)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def counted(count: int, noun: str) -> str:
    """'1 card', '2 cards', '1,000 samples': the noun singular for exactly one, so no '1 cards'."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"
