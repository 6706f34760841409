"""`homegame replay FILE`: replay PHH hand histories through the engine and check the stacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._specs import OneLineErrors

if TYPE_CHECKING:  # the replayer loads with the first file replayed
    from homegame.phh import ReplayResult


def replay_command(
    file: Annotated[Path, typer.Argument(help="A .phh or .phhs file of no-limit Hold'em hands.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
) -> None:
    """Replay each hand, print its final stacks and whether they match `finishing_stacks`.

    Exit code 0 when every hand replays (and matches where the file says), 1 when a hand's
    stacks differ, 2 when a hand cannot be read or has an illegal action (named on stderr;
    the other hands still replay).
    """
    import stat

    from homegame.phh import replay_file
    from homegame.text import printable

    shown = printable(str(file))
    try:
        mode = file.stat().st_mode
    except FileNotFoundError:
        fail(f"no such file: {shown}")
    except OSError as exc:
        fail(f"cannot read {shown}: {exc.strerror or exc}")
    if stat.S_ISDIR(mode):
        fail(f"{shown}: expected a .phh or .phhs file, got a directory")
    if not stat.S_ISREG(mode):
        fail(f"{shown}: expected a .phh or .phhs file, got a device, FIFO or socket")
    if file.stat().st_size == 0:
        fail(f"{shown}: the file is empty; expected PHH hands")
    try:
        results = replay_file(file)
    except (OSError, UnicodeError) as exc:
        fail(f"cannot read {shown}: {printable(str(exc))}")
    if as_json:
        typer.echo(json.dumps([r.as_json() for r in results], indent=1))
    else:
        for result in results:
            typer.echo(printable(_line(result)))
        matched = sum(1 for r in results if r.match)
        typer.echo(f"{matched} of {len(results)} hands match")
    errors = [r for r in results if r.error is not None]
    for result in errors:
        typer.echo(f"homegame: error: {printable(result.error or '')}", err=True)
    if errors:
        raise typer.Exit(2)
    if any(r.match is False for r in results):
        raise typer.Exit(1)


def _line(result: ReplayResult) -> str:
    if result.error is not None or result.finishing_stacks is None:  # both or neither
        return f"hand {result.hand}: ERROR"
    stacks = " ".join(str(s) for s in result.finishing_stacks)
    if result.match is None or result.expected is None:  # both or neither
        verdict = "no finishing_stacks to compare"
    elif result.match:
        verdict = "match"
    else:
        expected = " ".join(_chips(x) for x in result.expected)
        verdict = f"MISMATCH (file: {expected})"
    return f"hand {result.hand}: {stacks}  {verdict}"


def _chips(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def register(app: typer.Typer) -> None:
    """Add `homegame replay` to the command line."""
    app.command("replay", cls=OneLineErrors)(replay_command)
