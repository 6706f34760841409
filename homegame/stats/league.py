"""A season's league: points by finish over the season's freezeouts.

A league game is a finished freezeout (not a cash game, not a KRG series, not a simulation).
Each player scores by their finishing place: the points table's entry for that place (10, 7,
5, 3, 1 by default; nothing past its end), or, with points by entries, one point for each
entry they finished ahead of plus one (the winner of eight entries scores 8, the last 1).
A bot takes its place in the finish like anyone, so a person behind it scores that place's
points, but bots are left out of the table unless asked.

A season is named by its dates: a year (2026), a quarter (2026-Q4) or a month (2026-11).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from homegame.stats.collect import GameFigures

#: The points for 1st, 2nd, ... when none are given.
DEFAULT_POINTS = (10, 7, 5, 3, 1)
#: `--points entries`: points by the number of entries.
BY_ENTRIES = "entries"
_SEASON = re.compile(r"(\d{4})(?:-(?:Q([1-4])|(0[1-9]|1[0-2])))?")


class LeagueError(ValueError):
    """A season or points table that cannot be read; the message is the user's one line."""


def parse_points(text: str) -> tuple[int, ...] | None:
    """'10,7,5,3,1' as points for each place, or None for points by entries."""
    if text.strip().lower() == BY_ENTRIES:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isdigit() for p in parts):
        raise LeagueError(
            f'expected whole numbers for 1st, 2nd, ... like "10,7,5,3,1" (or entries), got {text!r}'
        )
    points = tuple(int(p) for p in parts)
    if any(a < b for a, b in pairwise(points)):
        raise LeagueError(f"a place cannot score more than the one before it: {text!r}")
    return points


def season_of(created: str) -> tuple[str, str, str]:
    """The year, quarter and month a game started in ('2026', '2026-Q4', '2026-11')."""
    year, month = created[:4], int(created[5:7])
    return year, f"{year}-Q{(month - 1) // 3 + 1}", f"{year}-{month:02d}"


def check_season(name: str) -> str:
    """The season's name as given, when it is a year, a quarter or a month."""
    clean = name.strip().upper()
    if not _SEASON.fullmatch(clean):
        raise LeagueError(
            f"a season is a year (2026), a quarter (2026-Q4) or a month (2026-11), not {name!r}"
        )
    return clean


def points_for(place: int, entries: int, points: tuple[int, ...] | None) -> int:
    """What finishing `place` of `entries` scores."""
    if points is None:
        return max(entries - place + 1, 0)
    return points[place - 1] if 0 < place <= len(points) else 0


@dataclass
class Standing:
    """One player's season: points, games, wins, cashes, net money, and their points after
    each of the season's games (0 first), for the chart."""

    player_id: int
    name: str
    bot: bool
    points: int = 0
    games: int = 0
    wins: int = 0
    cashes: int = 0
    net_cents: int = 0
    money_games: int = 0
    after: list[int] = field(default_factory=list)


@dataclass
class League:
    """The season's table, best first, and its games in order."""

    season: str
    games: list[int]
    standings: list[Standing]


def league_games(games: Sequence[GameFigures], season: str | None) -> list[GameFigures]:
    """The season's league games, oldest first (`season` None: every season)."""
    return [
        g
        for g in games
        if g.freezeout
        and g.finished
        and g.places
        and (season is None or season in season_of(g.created))
    ]


def latest_season(games: Sequence[GameFigures]) -> str | None:
    """The year of the latest league game, or None with none."""
    found = league_games(games, None)
    return season_of(found[-1].created)[0] if found else None


def league_table(
    games: Sequence[GameFigures],
    links: dict[tuple[int, int], int],
    names: dict[int, tuple[str, bool]],
    *,
    season: str,
    points: tuple[int, ...] | None = DEFAULT_POINTS,
    bots: bool = False,
) -> League:
    """The league of `season` from every game's figures; `links` ((game, seat) -> player)
    and `names` (player -> name, is a bot) as `collect.player_totals` takes them."""
    chosen = league_games(games, season)
    table: dict[int, Standing] = {}
    for number, game in enumerate(chosen):
        entries = len(game.names)
        for seat, place in game.places.items():
            pid = links.get((game.game_id, seat))
            if pid is None or pid not in names:
                continue
            name, bot = names[pid]
            row = table.get(pid)
            if row is None:
                row = table[pid] = Standing(pid, name, bot, after=[0] * (number + 1))
            row.games += 1
            row.points += points_for(place, entries, points)
            row.wins += place == 1
            row.cashes += game.prizes.get(seat, 0) > 0
            if game.net_cents is not None and seat in game.net_cents:
                row.money_games += 1
                row.net_cents += game.net_cents[seat]
        for row in table.values():
            row.after += [row.points] * (number + 2 - len(row.after))
    shown = [r for r in table.values() if bots or not r.bot]
    shown.sort(key=lambda r: (-r.points, -r.wins, -r.net_cents, r.name.casefold()))
    return League(season, [g.game_id for g in chosen], shown)
