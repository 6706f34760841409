"""The one way commands report bad input: one line on stderr, exit code 2."""

from __future__ import annotations

from typing import NoReturn

import typer


def fail(message: str) -> NoReturn:
    """Print `homegame: error: MESSAGE` on stderr and exit with code 2."""
    typer.echo(f"homegame: error: {message}", err=True)
    raise typer.Exit(2)
