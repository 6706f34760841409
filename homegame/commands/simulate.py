"""`homegame simulate`: play many hands with seat policies, count the chips, time the engine."""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from homegame.commands._errors import fail
from homegame.commands._journal import DataDir, journal_or_fail
from homegame.commands._specs import OneLineErrors, variant_or_fail
from homegame.defaults import BOT_LEVELS, MAX_SIMULATED_HANDS, is_bot_file
from homegame.text import counted
from homegame.variants import KEYS_TEXT, Variant

if TYPE_CHECKING:
    from homegame.bots.base import Bot
    from homegame.commands._worker_bots import WorkerBot
    from homegame.engine.session_interface import Session
    from homegame.engine.simulation import Policy, SimulationResult


def _random_seat(rng: random.Random) -> Policy:
    """The random legal policy (imported here so `homegame --help` stays fast)."""
    from homegame.engine.random_policy import RandomPolicy

    return RandomPolicy(rng)


def _bot_seat(level: str) -> Callable[[random.Random], Policy]:
    """A factory for a bot of `level`, imported only when a seat needs one."""

    def make(rng: random.Random) -> Policy:
        from homegame.bots import SIMULATION_KINDS

        return SIMULATION_KINDS[level](rng)

    return make


#: Seat kinds for --seats: name -> factory taking the seat's own random source.
SEAT_KINDS: dict[str, Callable[[random.Random], Policy]] = {
    "random": _random_seat,
    **{level: _bot_seat(level) for level in BOT_LEVELS if level != "random"},
}
#: Makes a user's bot in a worker process of its own (`homegame.commands._worker_bots`).
BotMaker = Callable[[str, random.Random], "WorkerBot"]
DEFAULT_PLAYERS = 6
PROGRESS_EVERY = 64
#: Most worker processes --workers may ask for.
MAX_WORKERS = 64


def simulate_command(
    variant: Annotated[str, typer.Argument(help=KEYS_TEXT)],
    hands: Annotated[
        int,
        typer.Option(
            "--hands",
            help=f"How many hands (KRG: deals) to play, at most {MAX_SIMULATED_HANDS:,}.",
        ),
    ],
    players: Annotated[
        int | None, typer.Option("--players", help="Players at the table (default 6).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for a repeatable run (default: random).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Who plays each seat: random, easy, medium, hard or path/to/file.py:ClassName, "
            'e.g. "hard,random,random".',
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    cash: Annotated[
        bool,
        typer.Option("--cash", help="Every hand from fresh 100 BB stacks; report BB per 100."),
    ] = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate", help="With --cash: replay every deal once per rotation of the seats."
        ),
    ] = False,
    save: Annotated[
        bool, typer.Option("--save", help="Journal every game (homegame games lists them).")
    ] = False,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help="With --cash: share the deals out to N processes (the same results for any N).",
        ),
    ] = 1,
    data_dir: DataDir = None,
) -> None:
    """Play N hands (random legal policy, or bots by --seats), count chips after each, time it."""
    game = variant_or_fail(variant)
    if hands < 1:
        fail(f"--hands must be at least 1, not {hands}")
    if hands > MAX_SIMULATED_HANDS:
        fail(f"--hands: at most {MAX_SIMULATED_HANDS:,} in one run, not {hands:,}")
    if duplicate and not cash:
        fail("--duplicate replays cash hands: add --cash")
    kinds = _seat_kinds(seats, players)
    _check_workers(workers, cash, kinds)
    count = len(kinds) if kinds is not None else players if players is not None else DEFAULT_PLAYERS
    _check_players(game, count)
    if seed is None:
        seed = secrets.randbelow(2**32)
    kinds = kinds or ["random"] * count
    from homegame.commands._worker_bots import worker_bots

    with worker_bots() as in_worker:  # a user's bot plays from a process of its own
        if cash:
            _cash(game, kinds, hands, seed, duplicate, as_json, in_worker, workers)
        else:
            _simulate(game, kinds, count, hands, seed, as_json, save, data_dir, in_worker)


def _simulate(
    game: Variant,
    kinds: list[str],
    count: int,
    hands: int,
    seed: int,
    as_json: bool,
    save: bool,
    data_dir: Path | None,
    in_worker: BotMaker,
) -> None:
    """Play `hands` hands of `game` with a policy per seat of `kinds`, and report."""
    from homegame.engine.simulation import simulate

    master = random.Random(seed)
    policies = [_policy(kind, random.Random(master.getrandbits(64)), in_worker) for kind in kinds]
    rng = random.Random(master.getrandbits(64))
    # Only a saved run passes the hook, so the plain simulation's call is as it always was.
    extra = {"on_game": _journal_games(game, kinds, data_dir)} if save else {}

    def new_game() -> Session:
        from homegame.setup import default_session

        return default_session(game.key, count, rng)

    start = time.perf_counter()
    if as_json:
        result = simulate(new_game, hands, policies, **extra)
    else:
        result = _with_progress(game, hands, policies, new_game, extra)
    seconds = time.perf_counter() - start
    rate = result.hands / max(seconds, 1e-9)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "variant": game.key,
                    "hands": result.hands,
                    "seconds": round(seconds, 4),
                    "hands_per_second": round(rate, 1),
                    "chips_conserved": result.chips_conserved,
                    "seats": _seats_json(game, result, kinds),
                }
            )
        )
    else:
        _report(game, result, count, seed, seconds, rate)
        _seat_table(game, result, kinds)
    if not result.chips_conserved:
        raise typer.Exit(1)


def _policy(kind: str, rng: random.Random, in_worker: BotMaker) -> Policy:
    """The seat's policy: a registered kind, or a user's bot file played from its worker."""
    if kind in SEAT_KINDS:
        return SEAT_KINDS[kind](rng)
    from homegame.bots import TurnPolicy

    try:
        return TurnPolicy(in_worker(kind, rng))
    except ValueError as error:
        fail(f"--seats: {error}")


def _match_bot(in_worker: BotMaker) -> Callable[[str, random.Random], Bot]:
    """The cash match's bot of a kind: a user's bot file plays from its worker."""
    from homegame.bots import make_bot

    def make(kind: str, rng: random.Random) -> Bot:
        return in_worker(kind, rng) if is_bot_file(kind) else make_bot(kind, rng)

    return make


def _journal_games(game: Variant, kinds: list[str], data_dir: Path | None) -> Callable[[Any], None]:
    """Attach each simulated game to a new saved game (mode simulation)."""
    from homegame.config import GameConfig, PlayerSetting
    from homegame.store.journal import SIMULATION
    from homegame.store.recorder import GameLog

    journal = journal_or_fail(data_dir, write=True)
    players = tuple(PlayerSetting(f"Seat {i + 1}", kind) for i, kind in enumerate(kinds))

    def attach(session: Any) -> None:
        GameLog.new(journal, GameConfig(game.key, players=players), SIMULATION).attach(session)

    return attach


def _seat_kinds(seats: str | None, players: int | None) -> list[str] | None:
    """The --seats list checked against the known kinds and --players, or None.

    A seat may name a user's bot, "path/to/file.py:ClassName"; it is loaded here, so a missing
    file or class is one error line before any hand is played.
    """
    if seats is None:
        return None
    kinds = [kind.strip() for kind in seats.split(",")]
    kinds = [kind if is_bot_file(kind) else kind.lower() for kind in kinds]
    for seat, kind in enumerate(kinds, start=1):
        if not kind:
            fail(
                f"--seats: seat {seat} is empty; expected kinds separated by commas, "
                'e.g. "hard,random"'
            )
        if is_bot_file(kind):
            from homegame.bots.interface import load_bot_class

            try:
                load_bot_class(kind)
            except ValueError as error:
                fail(f"--seats: seat {seat}: {error}")
        elif kind not in SEAT_KINDS:
            known = ", ".join(SEAT_KINDS)
            fail(
                f"unknown seat kind {kind!r} in --seats: choose from {known}, "
                "or path/to/file.py:ClassName"
            )
    if players is not None and players != len(kinds):
        fail(f"--seats names {counted(len(kinds), 'seat')} but --players is {players}")
    return kinds


def _cash(
    game: Variant,
    kinds: list[str],
    hands: int,
    seed: int,
    duplicate: bool,
    as_json: bool,
    in_worker: BotMaker,
    workers: int = 1,
) -> None:
    """Cash hands from fresh 100 BB stacks (duplicate: each deal once per seat rotation), in
    shards of `SHARD_DEALS` deals played by `workers` processes (user's bots: by this one)."""
    from homegame.bots.match import SHARD_DEALS, play_match

    start = time.perf_counter()
    # Registered bots are made afresh in each worker; only a user's bot needs the factory.
    factory = _match_bot(in_worker) if any(is_bot_file(kind) for kind in kinds) else None
    try:
        scores = play_match(
            game,
            kinds,
            hands,
            seed,
            factory=factory,
            duplicate=duplicate,
            shard_deals=SHARD_DEALS,
            workers=workers,
        )
    except ValueError as error:
        fail(str(error))
    seconds = time.perf_counter() - start
    played = hands * (len(kinds) if duplicate else 1)
    key = "bb_per_100" if game.has_chips else "deal_share"
    rows = [
        {
            "seat": i + 1,
            "kind": score.kind,
            key: round(score.mean, 4),
            "ci95": [round(score.low, 4), round(score.high, 4)],
        }
        for i, score in enumerate(scores)
    ]
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "variant": game.key,
                    "mode": "duplicate" if duplicate else "cash",
                    "deals": hands,
                    "hands": played,
                    "seed": seed,
                    "seconds": round(seconds, 4),
                    "seats": rows,
                }
            )
        )
        return
    from rich.console import Console
    from rich.table import Table

    unit = game.deal_word
    how = f", each replayed {counted(len(kinds), 'time')}" if duplicate else ""
    console = Console()
    console.print(
        f"{game.name} cash: {counted(hands, unit)}{how}, fresh 100 BB stacks, seed {seed}, "
        f"{seconds:.1f} s"
    )
    table = Table(title="Big blinds won per 100 hands" if game.has_chips else "Share of deals won")
    table.add_column("seat", justify="right")
    table.add_column("plays")
    table.add_column("result", justify="right")
    table.add_column("95% interval", justify="right")
    for row, score in zip(rows, scores, strict=True):
        if game.has_chips:
            cells = (f"{score.mean:+.1f}", f"[{score.low:+.1f}, {score.high:+.1f}]")
        else:
            cells = (f"{score.mean:.1%}", f"[{score.low:.1%}, {score.high:.1%}]")
        table.add_row(str(row["seat"]), score.kind, *cells)
    console.print(table)


def _check_workers(workers: int, cash: bool, kinds: list[str] | None) -> None:
    """--workers is a count this machine can run, for cash deals of the registered bots."""
    if not 1 <= workers <= MAX_WORKERS:
        fail(f"--workers must be from 1 to {MAX_WORKERS}, not {workers}")
    if workers == 1:
        return
    if not cash:
        fail("--workers shares out cash deals, each from fresh stacks: add --cash")
    if kinds is not None and any(is_bot_file(kind) for kind in kinds):
        fail("--workers: a user's bot plays from one process; leave --workers at 1")


def _check_players(game: Variant, count: int) -> None:
    problem = game.players_problem(count)
    if problem is not None:
        fail(problem)


def _with_progress(
    game: Variant,
    hands: int,
    policies: list[Policy],
    new_game: Callable[[], Session],
    extra: dict[str, Any] | None = None,
) -> SimulationResult:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    from homegame.engine.simulation import simulate

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
    ) as progress:
        task = progress.add_task(f"{game.name}", total=hands)

        def on_hand(played: int) -> None:
            if played % PROGRESS_EVERY == 0 or played == hands:
                progress.update(task, completed=played)

        return simulate(new_game, hands, policies, on_hand, **(extra or {}))


def _report(
    game: Variant, result: SimulationResult, count: int, seed: int, seconds: float, rate: float
) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(markup=False, highlight=False)
    unit = game.deal_word
    console.print(
        f"{game.name}: {counted(result.hands, unit)}, {counted(count, 'player')}, seed {seed}, "
        f"{counted(result.games, 'game')} finished"
    )
    # The console reads no markup (a name could hold brackets): the bold is a style of its own.
    rate_text = Text.assemble(f"{seconds:.2f} s, ", (f"{rate:,.0f} {unit}s per second", "bold"))
    console.print(rate_text)
    # KRG has no chips: its check is the pool against what was paid in and paid out.
    kept = "Chips" if game.has_chips else "Pool"
    if result.chips_conserved:
        console.print(f"{kept} conserved after every {unit}: yes")
    else:
        console.print(Text.assemble((f"{kept} NOT conserved:", "red"), f" {result.problem}"))


def _seats_json(
    game: Variant, result: SimulationResult, kinds: list[str]
) -> list[dict[str, object]]:
    """Per seat: chips won per 100 hands (KRG: the share of deals won), with a 95% CI."""
    key = "chips_per_100_hands" if game.has_chips else "deal_share"
    scale = 100 if game.has_chips else 1
    return [
        {
            "seat": seat.seat + 1,
            "kind": kinds[seat.seat],
            key: round(seat.mean * scale, 4),
            "ci95": round(seat.ci95 * scale, 4),
        }
        for seat in result.seats
    ]


def _seat_table(game: Variant, result: SimulationResult, kinds: list[str]) -> None:
    from rich.console import Console
    from rich.table import Table

    if game.has_chips:
        table = Table(title="Chips won per 100 hands")
    else:
        table = Table(title="Share of deals won")
    table.add_column("seat", justify="right")
    table.add_column("plays")
    table.add_column("result", justify="right")
    table.add_column("± 95% CI", justify="right")
    for seat in result.seats:
        if game.has_chips:
            value, margin = f"{seat.mean * 100:+,.0f}", f"{seat.ci95 * 100:,.0f}"
        else:
            value, margin = f"{seat.mean:.1%}", f"{seat.ci95:.1%}"
        table.add_row(str(seat.seat + 1), kinds[seat.seat], value, margin)
    Console(markup=False, highlight=False).print(table)


def register(app: typer.Typer) -> None:
    """Add `simulate` to the command line."""
    app.command("simulate", cls=OneLineErrors)(simulate_command)
