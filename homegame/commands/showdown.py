"""`homegame showdown`: settle a showdown from a board and the players' cards."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from homegame.cards import format_cards
from homegame.commands._specs import (
    OneLineErrors,
    board_or_fail,
    no_duplicates_or_fail,
    players_or_fail,
    variant_or_fail,
)
from homegame.showdown import ShowdownResult, showdown


def showdown_command(
    variant: Annotated[str, typer.Argument(help="holdem, yukon or krg")],
    board: Annotated[
        str,
        typer.Option(
            "--board",
            help='Five cards ("Qh 9c 9d 4s 2h"); Yukon: "SET_A / SET_B / RIVER", '
            'each set its flop then its turn ("Ad 5c 5h / 9s 9c Kd / 4s").',
        ),
    ],
    player: Annotated[
        list[str],
        typer.Option("--player", help='NAME=CARDS, e.g. Ann="Ah Kd" (KRG: the two kept cards).'),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Show each player's best five, its category (and Yukon set), and the winner or winners."""
    game = variant_or_fail(variant)
    cards_on_board = board_or_fail(game, board)
    players = players_or_fail(player, counts=[game.kept_cards])
    no_duplicates_or_fail(cards_on_board, players)
    result = showdown(game, cards_on_board, players)
    if as_json:
        typer.echo(json.dumps(_as_json(game.key, result), indent=2))
    else:
        _print_table(game.name, len(game.groups) > 1, result)


def _as_json(variant: str, result: ShowdownResult) -> dict:
    return {
        "variant": variant,
        "players": [
            {
                "name": name,
                "cards": [str(c) for c in hand.cards],
                "category": hand.category,
                "set": hand.group,
            }
            for name, hand in result.hands.items()
        ],
        "winners": list(result.winners),
    }


def _print_table(title: str, show_sets: bool, result: ShowdownResult) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title} showdown")
    table.add_column("player")
    table.add_column("best five")
    table.add_column("category")
    if show_sets:
        table.add_column("set")
    for name, hand in result.hands.items():
        mark = " ★" if name in result.winners else ""
        row = [name + mark, format_cards(hand.cards, symbols=True), hand.category]
        if show_sets:
            row.append(hand.group or "")
        table.add_row(*row)
    console = Console(markup=False, highlight=False)
    console.print(table)
    if len(result.winners) == 1:
        console.print(f"Winner: {result.winners[0]}")
    else:
        console.print(f"Split between {', '.join(result.winners)}")


def register(app: typer.Typer) -> None:
    """Add `showdown` to the command line."""
    app.command("showdown", cls=OneLineErrors)(showdown_command)
