"""The `homegame` command line (Typer). Each command lives in `homegame.commands.<name>`."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import typer
from typer.core import TyperGroup

from homegame import commands
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


app = typer.Typer(
    cls=_OneLineGroup,
    name="homegame",
    help="Deal poker home games: Texas Hold'em, Yukon Hold'em and KRG.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _register_commands() -> None:
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"homegame.commands.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_commands()


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    """With no command: open the table app on its start screen."""
    if ctx.invoked_subcommand is None:
        from homegame.commands._journal import journal_or_fail
        from homegame.tui.app import HomegameApp

        tui = HomegameApp(journal=journal_or_fail(None), seat_draw=True)
        tui.run()
        raise typer.Exit(tui.return_code or 0)


def main() -> None:
    """Console-script entry point."""
    app()
