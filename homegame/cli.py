"""The `homegame` command line (Typer). Each command lives in `homegame.commands.<name>`.

A run of one command builds the command line with that command alone: Typer reads every
registered command's signature when it starts (a few milliseconds each), and the other
commands' modules need not load. `app`, the whole command line, is built when first asked for
(`homegame --help`, a name that is no command, the tests).
"""

from __future__ import annotations

import importlib
import sys
from contextlib import nullcontext
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from homegame.commands._errors import fail
from homegame.commands._specs import USAGE_ERROR
from homegame.start_up import collections_paused

#: Every command, each in `homegame.commands.<name>` with a `register(app)`.
COMMANDS = (
    "display",
    "export",
    "games",
    "history",
    "host",
    "ledger",
    "odds",
    "play",
    "replay",
    "resume",
    "showdown",
    "simulate",
)
#: The commands that open the table app (as does no command): their start-up runs without the
#: cyclic garbage collector until the first frame (`homegame.start_up`).
OPENS_THE_APP = ("host", "play", "resume")


class _OneLineGroup(TyperGroup):
    """The top level: an unknown command or option is one `homegame: error:` line, exit 2."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except USAGE_ERROR as err:
            fail(err.format_message())

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except USAGE_ERROR as err:
            fail(f"{err.format_message()} (homegame --help lists the commands)")


def _root(ctx: typer.Context) -> None:
    """With no command: open the table app on its start screen."""
    if ctx.invoked_subcommand is None:
        from homegame.commands._journal import journal_or_fail
        from homegame.tui.app import HomegameApp

        tui = HomegameApp(journal=journal_or_fail(None), seat_draw=True)
        tui.run()
        raise typer.Exit(tui.return_code or 0)


def build_app(commands: tuple[str, ...] = COMMANDS) -> typer.Typer:
    """The command line with `commands` (by default every one)."""
    built = typer.Typer(
        cls=_OneLineGroup,
        name="homegame",
        help="Deal poker home games: Texas Hold'em, Yukon Hold'em and KRG.",
        no_args_is_help=False,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in sorted(commands):
        _module(name).register(built)
    built.callback(invoke_without_command=True)(_root)
    return built


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"homegame.commands.{name}")


def __getattr__(name: str) -> typer.Typer:
    """`app`: the whole command line, built at the first use."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    whole = globals()["app"] = build_app()
    return whole


def main() -> None:
    """Console-script entry point: a command's name first builds that command alone; no
    command opens the start screen; anything else (--help, a mistake) gets the whole line."""
    first = sys.argv[1] if len(sys.argv) > 1 else None
    opens_the_app = first is None or first in OPENS_THE_APP
    with collections_paused() if opens_the_app else nullcontext():
        if first is None:
            build_app(())()
        elif first in COMMANDS:
            build_app((first,))()
        else:
            build_app()()
