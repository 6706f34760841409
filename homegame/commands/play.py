"""`homegame play VARIANT`: straight to the table, pass-and-play or solo against bots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from homegame.commands._errors import fail, need_a_terminal
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import (
    Ante,
    BombPotEvery,
    OneLineErrors,
    RabbitHunt,
    RunItTwice,
    SevenDeuce,
    Straddle,
    button_or_fail,
    config_or_fail,
    counted,
    options_or_fail,
)
from homegame.variants import KEYS_TEXT

if TYPE_CHECKING:
    from homegame.tui.app import HomegameApp


def play(
    variant: Annotated[
        str | None, typer.Argument(help=f"{KEYS_TEXT} (else the --config file's game).")
    ] = None,
    config: Annotated[Path | None, typer.Option("--config", help="A TOML game config.")] = None,
    players: Annotated[
        str | None, typer.Option("--players", help='The people at the table, e.g. "Ann,Bob".')
    ] = None,
    bots: Annotated[int | None, typer.Option("--bots", help="How many bots fill seats.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Same cards every time.")] = None,
    button: Annotated[
        str | None,
        typer.Option("--button", help="Who has the button first (else the players draw)."),
    ] = None,
    cash: Annotated[
        bool,
        typer.Option("--cash", help="A cash game: fixed blinds, top-ups, cash out any time."),
    ] = False,
    straddle: Straddle = False,
    seven_deuce: SevenDeuce = None,
    bomb_pot_every: BombPotEvery = None,
    run_it_twice: RunItTwice = False,
    ante: Ante = None,
    rabbit_hunt: RabbitHunt = False,
    data_dir: DataDir = None,
    no_save: Annotated[
        bool, typer.Option("--no-save", help="Do not save the game (no resume or history).")
    ] = False,
    devices: Annotated[
        bool, typer.Option("--devices", help="Each person plays their own cards on their phone.")
    ] = False,
    host: Annotated[
        str | None,
        typer.Option(
            "--host", help="With --devices: the address to listen on (default: localhost)."
        ),
    ] = None,
    port: Annotated[
        int | None, typer.Option("--port", help="With --devices: the port (default: 8765).")
    ] = None,
) -> None:
    """Play VARIANT at the table: pass-and-play between people, or solo against bots."""
    from homegame.config import MAX_PORT, PlayerSetting, bot_names
    from homegame.variants import get_variant

    settings = config_or_fail(variant, config, "play")
    game = get_variant(settings.game)
    if bots is not None and bots < 0:
        fail(f"--bots: expected a number of bots >= 0, got {bots}")
    robots: list[PlayerSetting] = [p for p in settings.players if p.is_bot]
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if not names:
            fail('--players: expected names separated by commas, e.g. "Ann,Bob"')
        typed = [{"name": n} for n in names]
        settings = options_or_fail(settings, {"players": ("--players", typed)}, whole=False)
    people_seats = list(settings.people)
    if bots is not None and players is None and config is None:
        people_seats = [PlayerSetting("Player")] if bots else people_seats
    if not people_seats:
        fail("the table needs at least one person: give --players")
    bot_count = len(robots) if bots is None else bots
    problem = game.players_problem(len(people_seats) + bot_count)
    if problem is not None:
        # checked before any bot is named, so a huge --bots never grows a list
        count = len(people_seats)
        who = f"{count} {'person' if count == 1 else 'people'}"
        fail(f"{problem} ({who} and {counted(bot_count, 'bot')})")
    if bots is not None:
        level = robots[0].bot if robots else "medium"
        taken = [p.name for p in people_seats]
        robots = [PlayerSetting(n, level) for n in bot_names(bots, taken)]
    settings = replace(settings, players=(*people_seats, *robots))
    options: dict[str, tuple[str, Any]] = {}
    if seed is not None:
        options["seed"] = ("--seed", seed)
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
    if rabbit_hunt:
        options["rules.rabbit_hunt"] = ("--rabbit-hunt", True)
    if seven_deuce is not None:  # HOUSE_RULES 29: a cash game's option, so it makes one
        options["cash.seven_deuce_bounty"] = ("--seven-deuce", seven_deuce)
    settings = options_or_fail(settings, options)
    from homegame.tui.app import HomegameApp

    chosen = settings.devices  # a config's [devices]
    devices = devices or chosen.enabled
    if (host is not None or port is not None) and not devices:
        fail("--host and --port: only with --devices")
    if port is not None and not 1 <= port <= MAX_PORT:
        fail(f"--port: expected 1 to {MAX_PORT}, got {port}")
    journal = None if no_save else journal_or_fail(data_dir, write=True)
    seat = button_or_fail(button, [p.name for p in settings.players])
    if devices:
        from homegame.commands.display import can_listen_or_fail
        from homegame.tui.devices_app import DevicesApp
        from homegame.tui.screens.devices import where_line

        address = host or chosen.host
        listen = chosen.port if port is None else port
        can_listen_or_fail(address, listen)
        need_a_terminal()
        typer.echo(where_line(address, listen))
        tui: HomegameApp = DevicesApp(
            settings,
            journal=journal,
            seat_draw=seat is None,
            button=seat,
            host=address,
            port=listen,
        )
    else:
        need_a_terminal()
        tui = HomegameApp(settings, journal=journal, seat_draw=seat is None, button=seat)
    tui.run()
    if tui.return_code:
        raise typer.Exit(tui.return_code)


def register(app: typer.Typer) -> None:
    """Add the `play` command."""
    app.command("play", cls=OneLineErrors)(play)
