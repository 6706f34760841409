"""`homegame showdown`: settle a showdown from a board and the players' cards."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from homegame.cards import format_cards
from homegame.commands._specs import (
    OneLineErrors,
    board_or_fail,
    no_duplicates_or_fail,
    players_or_fail,
    variant_or_fail,
)
from homegame.variants import KEYS_TEXT

if TYPE_CHECKING:  # the hand ranking loads when a showdown is settled, not with the command line
    from homegame.ranking import MadeHand
    from homegame.showdown import ShowdownResult


def showdown_command(
    variant: Annotated[str, typer.Argument(help=KEYS_TEXT)],
    board: Annotated[
        str,
        typer.Option(
            "--board",
            help='Five cards ("Qh 9c 9d 4s 2h"); Yukon: "SET_A / SET_B / RIVER", '
            'each set its flop then its turn ("Ad 5c 5h / 9s 9c Kd / 4s"); Double Board: '
            '"BOARD_1 / BOARD_2" ("Ah Kd 7c 2s 9h / Qs Qd 3c 4d 5h").',
        ),
    ],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            help='NAME=CARDS, e.g. Ann="Ah Kd" (KRG: the two kept cards; Omaha: four cards).',
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Show each player's best five, its category (and Yukon set), and the winner or winners
    (on each board, for Double Board)."""
    from homegame.showdown import showdown

    game = variant_or_fail(variant)
    cards_on_board = board_or_fail(game, board)
    players = players_or_fail(player, counts=[game.kept_cards])
    no_duplicates_or_fail(cards_on_board, players)
    result = showdown(game, cards_on_board, players)
    if as_json:
        typer.echo(json.dumps(_as_json(game.key, result), indent=2))
    elif len(result.boards) > 1:
        for each in result.boards:
            title = f"{game.name} showdown, board {each.board}"
            _print_table(title, False, each.hands, each.winners, f"Board {each.board}: ")
    else:
        _print_table(f"{game.name} showdown", len(game.groups) > 1, result.hands, result.winners)


def _as_json(variant: str, result: ShowdownResult) -> dict[str, object]:
    out: dict[str, object] = {
        "variant": variant,
        "players": _players_json(result.hands),
        "winners": list(result.winners),
    }
    if len(result.boards) > 1:
        out["boards"] = [
            {
                "board": board.board,
                "winners": list(board.winners),
                "players": _players_json(board.hands, with_set=False),
            }
            for board in result.boards
        ]
    return out


def _players_json(hands: Mapping[str, MadeHand], with_set: bool = True) -> list[dict[str, object]]:
    players = []
    for name, hand in hands.items():
        entry: dict[str, object] = {
            "name": name,
            "cards": [str(c) for c in hand.cards],
            "category": hand.category,
        }
        if with_set:
            entry["set"] = hand.group
        players.append(entry)
    return players


def _print_table(
    title: str,
    show_sets: bool,
    hands: Mapping[str, MadeHand],
    winners: Sequence[str],
    lead: str = "",
) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    table.add_column("player")
    table.add_column("best five")
    table.add_column("category")
    if show_sets:
        table.add_column("set")
    for name, hand in hands.items():
        mark = " ★" if name in winners else ""
        row = [name + mark, format_cards(hand.cards, symbols=True), hand.category]
        if show_sets:
            row.append(hand.group or "")
        table.add_row(*row)
    console = Console(markup=False, highlight=False)
    console.print(table)
    if len(winners) == 1:
        console.print(f"{lead}Winner: {winners[0]}")
    else:
        console.print(f"{lead}Split between {', '.join(winners)}")


def register(app: typer.Typer) -> None:
    """Add `showdown` to the command line."""
    app.command("showdown", cls=OneLineErrors)(showdown_command)
