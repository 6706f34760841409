"""The `homegame` command line (Typer). Each command lives in `homegame.commands.<name>`."""

from __future__ import annotations

import importlib
import pkgutil

import typer

from homegame import commands

app = typer.Typer(
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
        from homegame.tui.app import HomegameApp

        HomegameApp().run()
        raise typer.Exit(0)


def main() -> None:
    """Console-script entry point."""
    app()
