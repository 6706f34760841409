"""The one way commands report bad input: one line on stderr, exit code 2."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import typer


def fail(message: str) -> NoReturn:
    """Print `homegame: error: MESSAGE` on stderr and exit with code 2."""
    typer.echo(f"homegame: error: {message}", err=True)
    raise typer.Exit(2)


def need_a_terminal() -> None:
    """Exit 2 with one line when standard input is not a terminal: the table app reads its
    keys there, and started from a pipe or a file it waited forever for them. A browser's
    display (textual-serve names the driver it runs under) needs none."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    if not stdin_is_terminal():
        fail(
            "the table app needs a terminal, and standard input is not one "
            "(homegame games, history, export and ledger work without)"
        )


def stdin_is_terminal() -> bool:
    """True when standard input is a terminal (a test that stands in for the app says so)."""
    return sys.stdin is not None and sys.stdin.isatty()
