"""What the stats and league commands and screens show: the players' totals read from the
journal, and the tables they are drawn as (Rich renderables, for the terminal and the app)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.table import Table

    from homegame.stats.collect import PlayerLine
    from homegame.stats.league import League
    from homegame.store import Journal

#: The league CSV's columns, in order (README, "Players and statistics").
CSV_COLUMNS = ("rank", "player", "points", "games", "wins", "cashes", "net")


def player_lines(
    journal: Journal,
    *,
    player_id: int | None = None,
    since: date | None = None,
    game: str | None = None,
    bots: bool = False,
    names_only: set[int] | None = None,
) -> list[PlayerLine]:
    """The players' totals, most hands first: each player's over the betting games, then
    over KRG's; only `player_id` (or the ids of `names_only`) when given; bots only with
    `bots` (or when asked for by id)."""
    from homegame.stats.collect import all_figures, player_totals
    from homegame.store.players import all_players, seat_links

    names = {p.id: (p.name, p.bot) for p in all_players(journal.conn)}
    games = all_figures(journal)
    links = seat_links(journal.conn)
    lines: list[PlayerLine] = []
    for krg in (False, True):  # money a game is per kind: the betting games', KRG's
        totals = player_totals(games, links, names, since=since, game=game, krg=krg)
        found = [
            line
            for line in totals.values()
            if (player_id is None or line.player_id == player_id)
            and (names_only is None or line.player_id in names_only)
            and (bots or not line.bot or player_id is not None)
        ]
        lines += sorted(found, key=lambda t: (-t.counts.hands - t.counts.deals, t.name.casefold()))
    return lines


def game_players(journal: Journal, game_id: int) -> set[int]:
    """The ids of the players who sat in game `game_id`."""
    from homegame.store.players import seat_links

    return {pid for (gid, _seat), pid in seat_links(journal.conn).items() if gid == game_id}


def load_league(
    journal: Journal, *, season: str | None, points: tuple[int, ...] | None, bots: bool
) -> League | None:
    """The league of `season` (None: the latest game's year); None with no league game."""
    from homegame.stats.collect import all_figures
    from homegame.stats.league import latest_season, league_table
    from homegame.store.players import all_players, seat_links

    games = all_figures(journal)
    names = {p.id: (p.name, p.bot) for p in all_players(journal.conn)}
    chosen = season or latest_season(games)
    if chosen is None:
        return None
    links = seat_links(journal.conn)
    return league_table(games, links, names, season=chosen, points=points, bots=bots)


def _table(title: str) -> Table:
    """A table with no outer border and one space between columns: it fits 80 columns."""
    from rich import box
    from rich.table import Table

    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, collapse_padding=True)  # fmt: skip


def stats_tables(lines: list[PlayerLine], game: str | None) -> list[object]:
    """The Rich tables: the betting games' figures, and KRG's when KRG was played."""
    from homegame.stats.figures import BETTING, KRG, MONEY, shown
    from homegame.variants import get_variant

    out: list[object] = []
    series_only = game is not None and get_variant(game).has_series
    betting = [] if series_only else [t for t in lines if t.counts.hands]
    if betting:
        table = _table("Players: Hold'em, Omaha, Double Board, Yukon")
        table.add_column("player", max_width=10, no_wrap=True)
        table.add_column("hands", justify="right")
        for figure in (*BETTING, *MONEY):
            table.add_column(figure.heading, justify="right", min_width=len(figure.heading))
        for line in betting:
            row = [shown(f, line.counts) for f in (*BETTING, *MONEY)]
            table.add_row(line.name, f"{line.counts.hands:,}", *row)
        out.append(table)
    krg = [t for t in lines if t.counts.deals]
    if krg:
        table = _table("Players: KRG")
        table.add_column("player", max_width=10, no_wrap=True)
        table.add_column("deals", justify="right")
        table.add_column("won", justify="right")
        table.add_column("series", justify="right")
        table.add_column("won", justify="right")
        table.add_column("kept best", justify="right")
        table.add_column("$/game", justify="right")
        for line in krg:
            c = line.counts
            table.add_row(
                line.name, f"{c.deals:,}", f"{c.deals_won:,}", f"{c.series:,}",
                f"{c.series_won:,}",
                f"{shown(KRG[2], c)}% of {c.discards_judged:,}" if c.discards_judged else "-",
                shown(MONEY[0], c),
            )  # fmt: skip
        out.append(table)
    return out


def stats_json(lines: list[PlayerLine]) -> list[dict[str, Any]]:
    """The totals as JSON data: each player's counts and figures."""
    from homegame.stats.figures import as_json

    return [
        {"player": t.name, "bot": t.bot, "counts": t.counts.as_dict(), "figures": as_json(t.counts)}
        for t in lines
    ]


def ranks(league: League) -> list[int]:
    """Each standing's rank: equal points, wins and net share a rank."""
    out: list[int] = []
    for index, row in enumerate(league.standings):
        before = league.standings[index - 1] if index else None
        same = before is not None and (before.points, before.wins, before.net_cents) == (
            row.points, row.wins, row.net_cents)  # fmt: skip
        out.append(out[-1] if same else index + 1)
    return out


def _net(cents: int, games: int) -> str:
    """Net money as 12.50, or nothing when no game was played for money."""
    from homegame.money.amounts import format_cents

    return format_cents(cents) if games else ""


def league_rows(league: League) -> list[list[str]]:
    """The table's rows as text, in CSV_COLUMNS order."""
    return [
        [
            str(rank),
            r.name,
            str(r.points),
            str(r.games),
            str(r.wins),
            str(r.cashes),
            _net(r.net_cents, r.money_games),
        ]
        for rank, r in zip(ranks(league), league.standings, strict=True)
    ]


def league_csv(league: League) -> str:
    """The table as CSV text, a header row first."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(league_rows(league))
    return out.getvalue()


def league_view(league: League) -> Table:
    """The league as a Rich table, its title naming the season and its games."""
    word = "game" if len(league.games) == 1 else "games"
    table = _table(f"League {league.season}: {len(league.games)} {word}")
    for column in CSV_COLUMNS:
        table.add_column(column, justify="left" if column == "player" else "right")
    for row in league_rows(league):
        table.add_row(*row)
    return table


def league_chart(league: League) -> dict[str, list[int]]:
    """Each player's points after each of the season's games (0 first), for the chart."""
    return {row.name: row.after for row in league.standings}
