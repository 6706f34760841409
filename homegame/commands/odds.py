"""`homegame odds`: each player's chance to win or tie from a partial board, for any game."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, NotRequired, TypedDict

import typer

from homegame.commands._errors import fail
from homegame.commands._specs import OneLineErrors
from homegame.variants import KEYS_TEXT, DealBoard, DealHole, Discard, Variant

if TYPE_CHECKING:
    from homegame.bots.equity import Equity
    from homegame.cards import Card

#: The most Monte Carlo deals one command may ask for (about a minute of work).
MAX_SAMPLES = 100_000_000
#: A player spec whose cards are this is dealt random cards (an opponent nobody can see).
UNKNOWN = "?"
#: KRG column headers: equity holding every card until the end, and after keeping the best now.
KEEP_ALL_HEADER = "equity % (all cards)"
KEEP_NOW_HEADER = "equity % (kept)"
KEEP_NOTE = (
    "equity % (all cards): a hand of more than two cards kept whole, its best two picked for the "
    "final board. keep now: the best cards to keep at this discard; equity % (kept): after "
    "throwing the rest away, so it can be lower."
)


class OddsRow(TypedDict):
    """One player's odds in percent, as printed and as `--json` gives them; `keep` (the cards
    to keep at this discard) and `keep_equity` only for a hand the game will discard from."""

    name: str
    win: float
    tie: float
    equity: float
    keep: NotRequired[list[str]]
    keep_equity: NotRequired[float]


def odds_command(
    variant: Annotated[str, typer.Argument(help=KEYS_TEXT)],
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help='NAME=CARDS, e.g. Ann="Ah Kd"; NAME=? for unknown cards. Omaha: four cards. '
            "KRG: up to six cards (more than two: the best cards to keep are shown).",
        ),
    ] = None,
    board: Annotated[
        str,
        typer.Option(
            "--board",
            help='The cards dealt so far, maybe none: "Qh 9c 9d"; Yukon: "SET_A / SET_B / '
            'RIVER", each set its flop then its turn, sets maybe part dealt ("Ad 5c / 9s 9c /"); '
            'Double Board: "BOARD_1 / BOARD_2" ("Ah Kd 7c / Qs Qd 3c").',
        ),
    ] = "",
    exact: Annotated[bool, typer.Option("--exact", help="Enumerate every case.")] = False,
    samples: Annotated[
        int | None, typer.Option("--samples", help="Monte Carlo with N random deals.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for Monte Carlo.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Win, tie and equity for each player over the cards still to come."""
    import random

    from homegame.bots.equity import equity, keep_choices
    from homegame.commands._specs import (
        board_or_fail,
        names_differ_or_fail,
        no_duplicates_or_fail,
        players_or_fail,
        variant_or_fail,
    )

    game = variant_or_fail(variant)
    player = player or []
    if len(player) < 2:
        fail("give at least two --player NAME=CARDS (NAME=? for unknown cards)")
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        fail(f"--samples: expected 1 to {MAX_SAMPLES:,} random deals, got {samples:,}")
    if exact and samples is not None:
        fail("give --exact or --samples, not both")
    dealt = board_or_fail(game, _with_shared_part(game, board), partial=True)
    counts = _hole_counts(game, len(dealt))
    names_differ_or_fail(s.partition("=")[0].strip() for s in player)
    unknown = [
        s.partition("=")[0].strip() for s in player if s.partition("=")[2].strip() == UNKNOWN
    ]
    known = players_or_fail(
        [s for s in player if s.partition("=")[0].strip() not in unknown], counts, required=False
    )
    for name in unknown:
        if not name or name in known or unknown.count(name) > 1:
            fail(f"player {name!r} is named twice" if name else "a player needs a name")
    names = [s.partition("=")[0].strip() for s in player]
    problem = game.players_problem(len(names))
    if problem is not None:
        fail(problem)
    no_duplicates_or_fail(dealt, known)
    hands = [known.get(n) for n in names]
    rng = random.Random(seed)
    options = {"exact": True} if exact else {"exact": False, "samples": samples} if samples else {}
    try:
        result = equity(game, dealt, hands, rng=rng, **options)
        keeps = {}
        for i, (name, hand) in enumerate(zip(names, hands, strict=True)):
            if hand is not None and len(hand) > game.kept_cards:
                others = hands[:i] + hands[i + 1 :]
                keep = _keep_count(game, len(hand))
                best = keep_choices(game, dealt, hand, others, keep, rng=rng, **options)[0]
                keeps[name] = best
    except ValueError as err:
        fail(str(err))
    rows: list[OddsRow] = [
        {
            "name": name,
            "win": round(100 * result.win[i], 4),
            "tie": round(100 * result.tie[i], 4),
            "equity": round(100 * result.equity[i], 4),
        }
        for i, name in enumerate(names)
    ]
    for name, row in zip(names, rows, strict=True):
        choice = keeps.get(name)
        if choice is not None:
            row["keep"] = [str(c) for c in choice.cards]
            row["keep_equity"] = round(100 * choice.equity, 4)
    if as_json:
        out = {"players": rows, "method": result.method.value, "samples": result.samples}
        typer.echo(json.dumps(out, indent=2))
    else:
        _print_table(game.name, hands, rows, result, seed)


def _with_shared_part(game: Variant, text: str) -> str:
    """Yukon's board with no river part yet ("Ad 5c / 9s 9c") gets its empty part added."""
    groups = len(game.groups)
    if groups > 1 and game.shared_slots and text.count("/") == groups - 1:
        return text + " /"
    return text


def _hole_counts(game: Variant, board_cards: int) -> list[int]:
    """Hole-card counts a player may hold with this many board cards, from the game's script."""
    hole, board, states = 0, 0, set()
    for step in game.script:
        if isinstance(step, DealHole):
            hole += step.count
        elif isinstance(step, Discard):
            hole -= step.count
        elif isinstance(step, DealBoard):
            board += len(step.slots)
        states.add((hole, board))
    return sorted({h for h, b in states if b == board_cards and h} | {game.kept_cards})


def _keep_count(game: Variant, holding: int) -> int:
    """How many of `holding` cards the game's next discard keeps (KRG: 6 -> 4 -> 3 -> 2)."""
    hole = 0
    for step in game.script:
        if isinstance(step, DealHole):
            hole += step.count
        elif isinstance(step, Discard):
            if hole == holding:
                return hole - step.count
            hole -= step.count
    return game.kept_cards


def _print_table(
    title: str,
    hands: list[list[Card] | None],
    rows: list[OddsRow],
    result: Equity,
    seed: int | None,
) -> None:
    """The odds as a Rich table, then how they were found."""
    from rich.console import Console
    from rich.table import Table

    from homegame.cards import format_cards, parse_cards
    from homegame.text import counted

    table = Table(title=f"{title} odds")
    table.add_column("player")
    table.add_column("cards")
    with_keep = any("keep" in row for row in rows)
    table.add_column("win %", justify="right")
    table.add_column("tie %", justify="right")
    table.add_column(KEEP_ALL_HEADER if with_keep else "equity %", justify="right")
    if with_keep:
        table.add_column("keep now")
        table.add_column(KEEP_NOW_HEADER, justify="right")
    for hand, row in zip(hands, rows, strict=True):
        cells = [
            row["name"],
            format_cards(hand, symbols=True) if hand is not None else UNKNOWN,
            f"{row['win']:.2f}",
            f"{row['tie']:.2f}",
            f"{row['equity']:.2f}",
        ]
        if with_keep:
            keep = row.get("keep")
            # In the table's own card words (A♥ beside A♥, not Ah): --json writes them as Ah.
            cells.append(format_cards(parse_cards(keep), symbols=True) if keep else "")
            cells.append(f"{row['keep_equity']:.2f}" if keep else "")
        table.add_row(*cells)
    console = Console(markup=False, highlight=False)
    console.print(table)
    if result.method.value == "exact":
        console.print(f"Exact: {counted(result.samples, 'case')}.")
    else:
        seeded = f", seed {seed}" if seed is not None else ""
        console.print(f"Monte Carlo: {counted(result.samples, 'sample')}{seeded}.")
    if with_keep:
        console.print(KEEP_NOTE)


def register(app: typer.Typer) -> None:
    """Add `odds` to the command line."""
    app.command("odds", cls=OneLineErrors)(odds_command)
