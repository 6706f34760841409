"""`homegame host VARIANT`: a live table with real cards; the app runs chips, blinds and pots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer

from homegame.commands._errors import fail, need_a_terminal
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import (
    Ante,
    BombPotEvery,
    OneLineErrors,
    RunItTwice,
    SevenDeuce,
    Straddle,
    button_or_fail,
    config_or_fail,
    options_or_fail,
)
from homegame.variants import KEYS_TEXT


def host(
    variant: Annotated[
        str | None, typer.Argument(help=f"{KEYS_TEXT} (else the --config file's game).")
    ] = None,
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
    straddle: Straddle = False,
    seven_deuce: SevenDeuce = None,
    bomb_pot_every: BombPotEvery = None,
    run_it_twice: RunItTwice = False,
    ante: Ante = None,
    data_dir: DataDir = None,
    no_save: Annotated[
        bool, typer.Option("--no-save", help="Do not save the game (no resume, no undo).")
    ] = False,
) -> None:
    """Host a live game with real cards: type the actions, the app settles every pot."""
    from homegame.config import DEFAULT, PlayerSetting

    settings = config_or_fail(variant, config, "host")
    options: dict[str, tuple[str, Any]] = {}
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if not names:
            fail('--players: expected names separated by commas, e.g. "Ann,Bob,Cy"')
        options["players"] = ("--players", [{"name": n} for n in names])
    elif config is None:
        fail('give the players at the table: --players "Ann,Bob,Cy"')
    if stack is not None:
        options["freezeout.starting_stack"] = ("--stack", stack)
    if minutes is not None:
        if cash:
            fail("--cash: a cash game's blinds are fixed, so it has no --minutes clock")
        options["freezeout.minutes_per_level"] = ("--minutes", minutes)
        # a clock in minutes, not hands: the hands per level go back to the field's default
        options["freezeout.hands_per_level"] = ("--minutes", DEFAULT)
    if cash and settings.cash is None:
        options["cash"] = ("--cash", {})  # a [cash] table of the house defaults
    if ante is not None:
        options["rules.ante"] = ("--ante", ante)
    if straddle:  # HOUSE_RULES 26: a cash game's option, so it makes one
        options["cash.straddle"] = ("--straddle", True)
    if bomb_pot_every is not None:
        options["rules.bomb_pot_every"] = ("--bomb-pot-every", bomb_pot_every)
    if run_it_twice:  # HOUSE_RULES 27
        options["rules.run_it_twice"] = ("--run-it-twice", True)
    if seven_deuce is not None:  # HOUSE_RULES 29: a cash game's option, so it makes one
        options["cash.seven_deuce_bounty"] = ("--seven-deuce", seven_deuce)
    settings = options_or_fail(settings, options)
    # Everyone at a live table is a person: seats a config gives to bots are played by people.
    settings = replace(settings, players=tuple(PlayerSetting(p.name) for p in settings.players))
    seat = button_or_fail(button, [p.name for p in settings.players])
    from homegame.store.recorder import HOST, GameLog
    from homegame.tui.screens.host import HostApp

    draw = seat is None  # no --button: the players draw for it
    need_a_terminal()
    log = (
        None
        if no_save
        else GameLog.new(journal_or_fail(data_dir, write=True), settings, HOST, seat_draw=draw)
    )
    app = HostApp(settings, button=seat, journal=log, seat_draw=draw)
    app.run()
    if app.return_code:
        raise typer.Exit(app.return_code)


def register(app: typer.Typer) -> None:
    """Add the `host` command."""
    app.command("host", cls=OneLineErrors)(host)
