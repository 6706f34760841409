"""`homegame host VARIANT`: a live table with real cards; the app runs chips, blinds and pots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors, button_or_fail
from homegame.variants import KEYS_TEXT


def host(
    variant: Annotated[str, typer.Argument(help=KEYS_TEXT)],
    players: Annotated[
        str | None, typer.Option("--players", help='The people at the table, e.g. "Ann,Bob,Cy".')
    ] = None,
    config: Annotated[Path | None, typer.Option("--config", help="A TOML game config.")] = None,
    stack: Annotated[int | None, typer.Option("--stack", help="Starting chips each.")] = None,
    minutes: Annotated[
        int | None,
        typer.Option("--minutes", help="Minutes a blind level lasts: runs the clock (p pauses)."),
    ] = None,
    button: Annotated[
        str | None, typer.Option("--button", help="Who has the button for the first hand.")
    ] = None,
    cash: Annotated[
        bool,
        typer.Option("--cash", help="A cash game: fixed blinds, buy-ins, top-ups, cash-outs."),
    ] = False,
    data_dir: DataDir = None,
    no_save: Annotated[
        bool, typer.Option("--no-save", help="Do not save the game (no resume, no undo).")
    ] = False,
) -> None:
    """Host a live game with real cards: type the actions, the app settles every pot."""
    from homegame.config import (
        CashGameSettings,
        ConfigError,
        GameConfig,
        PlayerSetting,
        load_config,
    )
    from homegame.variants import VARIANTS

    key = variant.lower()
    if key not in VARIANTS:
        fail(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    if config is not None:
        try:
            settings = load_config(config)
        except ConfigError as exc:  # each problem already names the file
            for line in exc.problems[:-1]:
                typer.echo(f"homegame: error: {line}", err=True)
            fail(exc.problems[-1])
        if settings.game != key:
            fail(f'{config}: game is "{settings.game}", but you asked to host {key}')
    else:
        settings = GameConfig(key)
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if not names:
            fail('--players: expected names separated by commas, e.g. "Ann,Bob,Cy"')
        settings = replace(settings, players=tuple(PlayerSetting(n) for n in names))
    elif config is None:
        fail('give the players at the table: --players "Ann,Bob,Cy"')
    # Everyone at a live table is a person: seats a config gives to bots are played by people.
    settings = replace(settings, players=tuple(PlayerSetting(p.name) for p in settings.players))
    if stack is not None:
        if stack <= 0:
            fail(f"--stack: expected a number of chips above 0, got {stack}")
        if not VARIANTS[key].has_betting:
            fail(f"--stack: {VARIANTS[key].name} is played without chips")
        settings = replace(settings, freezeout=replace(settings.freezeout, starting_stack=stack))
    if minutes is not None:
        if not 1 <= minutes <= 600:
            fail(f"--minutes: expected minutes per level from 1 to 600, got {minutes}")
        if not VARIANTS[key].has_betting:
            fail(f"--minutes: {VARIANTS[key].name} has no blinds to raise")
        settings = replace(
            settings,
            freezeout=replace(settings.freezeout, minutes_per_level=minutes, hands_per_level=10),
        )
    if cash:
        if not VARIANTS[key].has_betting:
            fail(f"--cash: {VARIANTS[key].name} is played without chips")
        if minutes is not None:
            fail("--cash: a cash game's blinds are fixed, so it has no --minutes clock")
        settings = replace(settings, cash=settings.cash or CashGameSettings())
    problems = settings.problems()
    if problems:
        for line in problems[:-1]:
            typer.echo(f"homegame: error: {line}", err=True)
        fail(problems[-1])
    seat = button_or_fail(button, [p.name for p in settings.players])
    from homegame.store.recorder import HOST, GameLog
    from homegame.tui.screens.host import HostApp

    draw = seat is None  # no --button: the players draw for it (issue 10)
    log = (
        None if no_save else GameLog.new(journal_or_fail(data_dir), settings, HOST, seat_draw=draw)
    )
    app = HostApp(settings, button=seat, journal=log, seat_draw=draw)
    app.run()
    if app.return_code:
        raise typer.Exit(app.return_code)


def register(app: typer.Typer) -> None:
    """Add the `host` command."""
    app.command("host", cls=OneLineErrors)(host)
