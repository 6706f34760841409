"""The `homegame` command line (Typer). Each command lives in `homegame.commands.<name>`.

A run of one command builds the command line with that command alone: Typer reads every
registered command's signature when it starts (a few milliseconds each), and the other
commands' modules need not load. `app`, the whole command line, is built when first asked for
(`homegame --help`, a name that is no command, the tests). This module loads nothing else
first, so a command that opens the table app pauses the garbage collector before Typer loads.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import Any

from homegame.start_up import collections_paused

#: Every command, each in `homegame.commands.<name>` with a `register(app)`.
COMMANDS = (
    "display",
    "export",
    "games",
    "history",
    "host",
    "league",
    "ledger",
    "odds",
    "play",
    "players",
    "replay",
    "resume",
    "showdown",
    "simulate",
    "stats",
)
#: The commands that open the table app (as does no command): their start-up runs without the
#: cyclic garbage collector until the first frame (`homegame.start_up`).
OPENS_THE_APP = ("host", "play", "resume")


def __getattr__(name: str) -> Any:
    """`app`, the whole command line (`homegame.commands._app`), built at the first use."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from homegame.commands import _app

    whole = globals()["app"] = _app.build_app(COMMANDS)
    return whole


def main() -> None:
    """Console-script entry point: a command's name first builds that command alone; no
    command opens the start screen; anything else (--help, a mistake) gets the whole line."""
    first = sys.argv[1] if len(sys.argv) > 1 else None
    opens_the_app = first is None or first in OPENS_THE_APP
    try:
        with collections_paused() if opens_the_app else nullcontext():
            from homegame.commands import _app

            if first is None:
                _app.build_app(())()
            elif first in COMMANDS:
                _app.build_app((first,))()
            else:
                _app.build_app(COMMANDS)()
    except KeyboardInterrupt:  # Ctrl+C outside the table app: the shell's status, no traceback
        raise SystemExit(130) from None
    except Exception as error:  # the README promises one line, never a traceback
        _crashed(error)


def _crashed(error: Exception) -> None:
    """A command stopped by an unexpected error: one line, the details in the crash log,
    exit 1 (the table app keeps the same promise for its own errors). A journal SQLite finds
    damaged where no check foresaw it is one line too, exit 2, as a damaged value is."""
    import sqlite3

    from homegame.crash import crash_message, redact_cards, write_crash_log

    if isinstance(error, sqlite3.DatabaseError):
        what = redact_cards(" ".join(str(error).split()))
        print(f"homegame: error: the journal cannot be used ({what})", file=sys.stderr)
        raise SystemExit(2)

    try:
        log = write_crash_log(error)
    except OSError:
        log = None
    print(crash_message(error, log), file=sys.stderr)
    raise SystemExit(1)
