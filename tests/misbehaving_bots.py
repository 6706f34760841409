"""User bot files that misbehave in every way issue 33 lists, for the tests of the table's
bot processes: each class fails every decision in one way; `Moody` picks a way per decision
from the decision itself (so a bot built afresh after a kill does not repeat its first)."""

from __future__ import annotations

from pathlib import Path

#: The ways, each as the body of `decide` (`cards` are the bot's own hole cards, as text).
MODES: dict[str, str] = {
    "hang": "time.sleep(10**6)",
    "busy": "while True:\n        pass",
    "memory": "hoard = []\n    while True:\n        hoard.append(bytearray(2**30))",
    "base_error": "raise Weird('my cards: ' + cards)",
    "sys_exit": "sys.exit(3)",
    "interrupt": "raise KeyboardInterrupt",
    "os_exit": "os._exit(1)",
    "print": "print('my cards:', cards)\n    print('my cards:', cards, file=sys.stderr)\n"
    "    return calm(view)",
    "raise": "raise ValueError('my cards: ' + cards)",
}
#: What the workers print, searched for on the screen and the terminal.
PRINTED = "my cards:"

HEADER = """
import os
import sys
import time
import zlib

from homegame.engine.actions import Call, Check, Discard, Show


class Weird(BaseException):
    pass


def calm(view):
    legal = view.legal
    if legal.discard_count:
        me = next(s for s in view.seats if s.seat == view.viewer)
        return Discard(tuple(me.cards[: legal.discard_count]))
    if legal.can_show:
        return Show()
    return Check() if legal.can_check else Call()


def own(view):
    me = next(s for s in view.seats if s.seat == view.viewer)
    return " ".join(str(c) for c in me.cards or ())

"""


def _mode_function(name: str, body: str) -> str:
    return f"def {name}(view):\n    cards = own(view)\n    {body}\n\n\n"


def write_bots(folder: Path) -> Path:
    """The bot file, written into `folder`: a class per mode (`Hang`, `SysExit`, ...), `Moody`,
    `InitExit` (SystemExit in `__init__`) and `CubeHang` (never answers the doubling cube)."""
    parts = [HEADER]
    for mode, body in MODES.items():
        parts.append(_mode_function(f"mode_{mode}", body))
        parts.append(
            f"class {class_name(mode)}:\n"
            "    def __init__(self, rng):\n        pass\n\n"
            f"    def decide(self, view):\n        return mode_{mode}(view)\n\n\n"
        )
    names = ", ".join(f"mode_{mode}" for mode in MODES)
    parts.append(
        "class Moody:\n"
        "    def __init__(self, rng):\n        pass\n\n"
        "    def decide(self, view):\n"
        "        key = repr((view.hand_id, view.street, len(view.history))).encode()\n"
        f"        ways = [calm, {names}]\n"
        "        return ways[zlib.crc32(key) % len(ways)](view)\n\n\n"
        "class InitExit:\n"
        "    def __init__(self, rng):\n        raise SystemExit(4)\n\n"
        "    def decide(self, view):\n        return calm(view)\n\n\n"
        "class CubeHang:\n"
        "    def __init__(self, rng):\n        pass\n\n"
        "    def decide(self, view):\n        return calm(view)\n\n"
        "    def answer_cube(self, series, seat):\n        time.sleep(10**6)\n"
    )
    path = folder / "misbehaving.py"
    path.write_text("".join(parts))
    return path


def class_name(mode: str) -> str:
    """The class that misbehaves in `mode` ("sys_exit" -> "SysExit")."""
    return "".join(part.capitalize() for part in mode.split("_"))
