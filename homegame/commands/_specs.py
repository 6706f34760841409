"""The command line's shared forms: the variant name, `NAME=CARDS` player specs, counted nouns,
and the game config a command starts from (a file, or the house defaults, and its options)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperCommand

from homegame.cards import Card, find_duplicate, parse_cards
from homegame.commands._errors import fail
from homegame.text import control_problem, shorten
from homegame.text import counted as counted  # the commands' counted nouns, from here too
from homegame.variants import Variant, get_variant

if TYPE_CHECKING:
    from typer._click.exceptions import UsageError

    from homegame.config import GameConfig

#: The home-game options `play` and `host` both take (HOUSE_RULES 25-29), written once.
Straddle = Annotated[
    bool,
    typer.Option(
        "--straddle", help="A cash game where the player left of the big blind may straddle."
    ),
]
SevenDeuce = Annotated[
    int | None,
    typer.Option("--seven-deuce", help="A cash game with a 7-2 bounty of CHIPS (HOUSE_RULES 29)."),
]
BombPotEvery = Annotated[
    int | None,
    typer.Option("--bomb-pot-every", help="A bomb pot every N hands (HOUSE_RULES 28)."),
]
RunItTwice = Annotated[
    bool,
    typer.Option("--run-it-twice", help="Run the board twice when all in agree (HOUSE_RULES 27)."),
]
Ante = Annotated[
    str | None,
    typer.Option("--ante", help="Antes (HOUSE_RULES 25): every-player, big-blind or off."),
]

#: `play` only: a live table's cards are not the app's, so `host` has no rabbit hunt.
RabbitHunt = Annotated[
    bool,
    typer.Option(
        "--rabbit-hunt",
        help="R on the result of a hand that ended early shows the cards to come (HOUSE_RULES 30).",
    ),
]

#: Click's base class of command-line mistakes (missing option, bad number), as Typer bundles it.
USAGE_ERROR: type[UsageError] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError"
)


class OneLineErrors(TyperCommand):
    """A command whose command-line mistakes are one `homegame: error:` line, not Typer's box."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Parse as usual; a missing option or a value of the wrong type exits 2 in one line."""
        try:
            return super().parse_args(ctx, args)
        except USAGE_ERROR as err:
            fail(err.format_message())


def variant_or_fail(key: str) -> Variant:
    """The variant, or exit 2 naming the unknown one."""
    try:
        return get_variant(key)
    except ValueError as err:
        fail(str(err))


def parse_player_spec(spec: str) -> tuple[str, list[Card]]:
    """'Ann=Ah Kd' -> ('Ann', [Ah, Kd]); ValueError for a malformed spec or bad card."""
    name, sep, cards = spec.partition("=")
    if not sep or not name.strip() or not cards.strip():
        raise ValueError(f'bad player {spec!r}: expected NAME=CARDS, e.g. Ann="Ah Kd"')
    return name.strip(), parse_cards(cards)


def names_differ_or_fail(names: Iterable[str]) -> None:
    """Each player's name is plain text and differs from the others, also in case."""
    seen: set[str] = set()
    for name in names:
        shown = shorten(repr(name))
        problem = control_problem(f"player {shown}", name)
        if problem is not None:
            fail(problem)
        if name.casefold() in seen:
            fail(f"player {shown} is named twice (names must differ, also in case)")
        seen.add(name.casefold())


def players_or_fail(
    specs: Iterable[str], counts: Iterable[int] | None = None, required: bool = True
) -> dict[str, list[Card]]:
    """Parse every --player; names must differ and each hold an allowed number of cards.

    `required=False` lets a caller with players of its own (odds' `NAME=?`) pass none here.
    """
    allowed = set(counts) if counts is not None else None
    players: dict[str, list[Card]] = {}
    for spec in specs:
        try:
            name, cards = parse_player_spec(spec)
        except ValueError as err:
            fail(str(err))
        names_differ_or_fail([*players, name])
        if allowed is not None and len(cards) not in allowed:
            want = " or ".join(str(n) for n in sorted(allowed))
            fail(f"player {name!r} has {counted(len(cards), 'card')}; expected {want}")
        players[name] = cards
    if required and not players:
        fail("give at least one --player NAME=CARDS")
    return players


def board_or_fail(variant: Variant, text: str, partial: bool = False) -> dict[str, Card]:
    """Parse --board, or exit 2 with the reason."""
    from homegame.showdown import parse_board  # the hand ranking loads for the commands that judge

    try:
        return parse_board(variant, text, partial=partial)
    except ValueError as err:
        fail(str(err))


def no_duplicates_or_fail(board: Mapping[str, Card], players: Mapping[str, list[Card]]) -> None:
    """A card may appear once across the board and every hand."""
    everything = [*board.values(), *(c for cards in players.values() for c in cards)]
    duplicate = find_duplicate(everything)
    if duplicate is not None:
        fail(f"card {duplicate} appears twice")


def button_or_fail(button: str | None, names: Iterable[str]) -> int | None:
    """The seat `--button NAME` names (None when not given); one error line for a stranger."""
    if button is None:
        return None
    players = list(names)
    folded = [n.casefold() for n in players]
    if button.strip().casefold() not in folded:
        fail(f"--button: no player called {button!r} (players: {', '.join(players)})")
    return folded.index(button.strip().casefold())


def fail_all(lines: Sequence[str]) -> NoReturn:
    """Every problem in `lines` (at least one), one line each, then exit 2."""
    for line in lines[:-1]:
        typer.echo(f"homegame: error: {line}", err=True)
    fail(lines[-1])


def config_or_fail(variant: str | None, path: Path | None, verb: str) -> GameConfig:
    """The config a command starts from: the file's when `path` is given (its game must be
    `variant` when both are named), else the house defaults for `variant`."""
    from homegame.config import ConfigError, GameConfig, load_config
    from homegame.text import printable
    from homegame.variants import KEYS_TEXT

    key = None if variant is None else variant_or_fail(variant).key
    if path is None:
        if key is None:
            fail(f"give the game to {verb} ({KEYS_TEXT}) or a --config file")
        return GameConfig(key)
    try:
        config = load_config(path)
    except ConfigError as exc:  # each problem already names the file
        fail_all(exc.problems)
    if key is not None and config.game != key:
        fail(f'{printable(str(path))}: game is "{config.game}", but you asked to {verb} {key}')
    return config


def options_or_fail(
    config: GameConfig, options: Mapping[str, tuple[str, Any]], *, whole: bool = True
) -> GameConfig:
    """`config` with the command line's options (see `homegame.config.with_options`), and with
    `whole` checked as a whole (player count, names); every problem is one line, then exit 2."""
    from homegame.config import ConfigError, with_options

    try:
        config = with_options(config, options)
    except ConfigError as exc:
        fail_all(exc.problems)
    problems = config.problems() if whole else []
    if problems:
        fail_all(problems)
    return config
