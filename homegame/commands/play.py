"""`homegame play VARIANT`: straight to the table, pass-and-play or solo against bots."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors, button_or_fail, counted
from homegame.variants import KEYS_TEXT


def _problems(lines: list[str]) -> None:
    """Report every problem, one line each, then exit with code 2."""
    for line in lines[:-1]:
        typer.echo(f"homegame: error: {line}", err=True)
    fail(lines[-1])


def play(
    variant: Annotated[str, typer.Argument(help=KEYS_TEXT)],
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
    data_dir: DataDir = None,
    no_save: Annotated[
        bool, typer.Option("--no-save", help="Do not save the game (no resume or history).")
    ] = False,
) -> None:
    """Play VARIANT at the table: pass-and-play between people, or solo against bots."""
    from homegame.config import (
        CashGameSettings,
        ConfigError,
        GameConfig,
        PlayerSetting,
        bot_names,
        load_config,
    )
    from homegame.text import printable
    from homegame.variants import VARIANTS

    key = variant.lower()
    if key not in VARIANTS:
        fail(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    if bots is not None and bots < 0:
        fail(f"--bots: expected a number of bots >= 0, got {bots}")
    if config is not None:
        try:
            settings = load_config(config)
        except ConfigError as exc:
            _problems(exc.problems)
        if settings.game != key:
            fail(
                f'{printable(str(config))}: game is "{settings.game}", but you asked to play {key}'
            )
    else:
        settings = GameConfig(key)
    people: list[PlayerSetting] = [p for p in settings.players if not p.is_bot]
    robots: list[PlayerSetting] = [p for p in settings.players if p.is_bot]
    if players is not None:
        names = [n.strip() for n in players.split(",") if n.strip()]
        if not names:
            fail('--players: expected names separated by commas, e.g. "Ann,Bob"')
        people = [PlayerSetting(n) for n in names]
    if bots is not None and players is None and config is None:
        people = [PlayerSetting("Player")] if bots else list(people)
    if not people:
        fail("the table needs at least one person: give --players")
    game = VARIANTS[key]
    bot_count = len(robots) if bots is None else bots
    total = len(people) + bot_count
    problem = game.players_problem(total)
    if problem is not None:
        # checked before any bot is named, so a huge --bots never grows a list
        who = f"{len(people)} {'person' if len(people) == 1 else 'people'}"
        fail(f"{problem} ({who} and {counted(bot_count, 'bot')})")
    if bots is not None:
        level = robots[0].bot if robots else "medium"
        robots = [PlayerSetting(n, level) for n in bot_names(bots, [p.name for p in people])]
    settings = replace(settings, players=(*people, *robots))
    if seed is not None:
        settings = replace(settings, seed=seed)
    if cash:
        if not game.has_betting:
            fail(f"--cash: {game.name} is played without chips")
        settings = replace(settings, cash=settings.cash or CashGameSettings())
    problems = settings.problems()
    if problems:
        _problems(problems)
    from homegame.tui.app import HomegameApp

    journal = None if no_save else journal_or_fail(data_dir)
    seat = button_or_fail(button, [p.name for p in settings.players])
    tui = HomegameApp(settings, journal=journal, seat_draw=seat is None, button=seat)
    tui.run()
    if tui.return_code:
        raise typer.Exit(tui.return_code)


def register(app: typer.Typer) -> None:
    """Add the `play` command."""
    app.command("play", cls=OneLineErrors)(play)
