"""The Typer app: the top level (one-line errors, the start screen with no command) and the
commands registered on it, all of them or only the one a run needs. `homegame.cli` names the
commands and hands them in, so this module never imports the entry point above it."""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperGroup

from homegame.commands._errors import fail
from homegame.commands._specs import USAGE_ERROR


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
        from homegame.commands._errors import need_a_terminal
        from homegame.commands._journal import journal_or_fail
        from homegame.tui.app import HomegameApp

        journal = journal_or_fail(None, write=True)
        need_a_terminal()
        tui = HomegameApp(journal=journal, seat_draw=True)
        tui.run()
        raise typer.Exit(tui.return_code or 0)


def build_app(commands: tuple[str, ...]) -> typer.Typer:
    """The command line with `commands`, each a module `homegame.commands.<name>`."""
    built = typer.Typer(
        cls=_OneLineGroup,
        name="homegame",
        help=(
            "Deal poker home games: Texas Hold'em, Yukon Hold'em, KRG, Pot-Limit Omaha and "
            "Double Board Hold'em."
        ),
        no_args_is_help=False,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for name in sorted(commands):
        importlib.import_module(f"homegame.commands.{name}").register(built)
    built.callback(invoke_without_command=True)(_root)
    return built
