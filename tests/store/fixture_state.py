"""What a resumed saved game must show, as plain JSON: the fixture journals' snapshots.

`game_state` rebuilds one saved game the way the app does (`build_session`, or `HostNight`
for a host game) and reads what a player or the host would see of it: deals, the seat to act
and their legal actions, the standings, the public board and pots, money lines, winners, the
live input count and every saved event's log line. The fixture generators write this for each
game; `test_fixture_journals.py` rebuilds it from the saved file and compares.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

from homegame.cards import Card
from homegame.host.night import HostNight
from homegame.store.journal import GameRecord, Journal
from homegame.store.recorder import HOST, GameLog
from homegame.store.resume import build_session


def _plain(value: Any) -> Any:
    """Cards as text, enums as their values, sequences as lists."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Sequence):
        return [_plain(v) for v in value]
    raise TypeError(f"no plain form for {value!r}")


def _pick(obj: Any, *names: str) -> dict[str, Any]:
    return {name: _plain(getattr(obj, name)) for name in names}


def _view(session: Any) -> dict[str, Any] | None:
    if getattr(session, "hand", None) is None:
        return None
    view = session.view_for(None)
    out = _pick(view, "street", "phase", "board", "dealt_slots", "pot_total", "button", "to_act")
    out.update(_pick(view, "is_over", "winners", "hand_id", "discarded"))
    out["pots"] = [_pick(p, "amount", "eligible", "winners", "shares") for p in view.pots]
    out["seats"] = [
        _pick(s, "seat", "name", "stack", "bet", "folded", "all_in", "cards", "shown", "mucked")
        for s in view.seats
    ]
    return out


def _legal(session: Any) -> dict[str, Any] | None:
    if not session.in_hand or session.to_act is None:
        return None
    legal = session.legal_actions()
    return _pick(
        legal,
        "seat",
        "can_fold",
        "can_check",
        "call_amount",
        "min_raise_to",
        "max_raise_to",
        "can_all_in",
        "all_in_to",
        "discard_count",
        "can_show",
        "can_muck",
    )


def _standings(session: Any) -> dict[str, Any]:
    board = session.scoreboard()
    out: dict[str, Any] = {
        "deals": board.deals,
        "players": [
            _pick(p, "seat", "name", "out", "sitting_out", "stack", "place") for p in board.players
        ],
        "level": None
        if board.level is None
        else _pick(board.level, "number", "small_blind", "big_blind"),
        "hands_to_next_level": board.hands_to_next_level,
    }
    series = board.series
    if series is not None:
        out["series"] = {
            "rows": [_pick(r, "name", "wins", "in_series", "paid") for r in series.rows],
            **_pick(series, "pool", "cube", "cube_owner", "side_pool", "target"),
        }
    return out


def _money(session: Any) -> dict[str, Any] | None:
    tournament = session.tournament()
    money = None if tournament is None else tournament.money()
    if money is None:
        return None
    return {
        **_pick(money, "money_in", "pool", "house_fee", "payouts"),
        "prizes": [_pick(p, "place", "player", "cents") for p in money.prizes],
        "chop": None if money.chop is None else _pick(money.chop, "players", "cents"),
    }


def session_state(session: Any) -> dict[str, Any]:
    """What anyone at the table sees of `session` now, plus the seat to act's own cards."""
    to_act = session.to_act if session.in_hand else None
    return {
        "names": list(session.names),
        "deals": session.deals,
        "in_hand": session.in_hand,
        "to_act": to_act,
        "to_act_cards": None if to_act is None else _plain(session.hole_cards(to_act)),
        "legal": _legal(session),
        "view": _view(session),
        "standings": _standings(session),
        "stacks": _plain(getattr(session, "stacks", None)),
        "sitting_out": sorted(session.sitting_out),
        "elapsed": session.elapsed,
        "is_over": session.is_over,
        "winners": list(session.winners),
        "money": _money(session),
        "ledger": [
            _pick(line, "party", "item", "cents_in", "cents_out", "hand")
            for line in session.ledger_lines("fixture")
        ],
    }


def record_state(record: GameRecord) -> dict[str, Any]:
    """A saved game as the list of games shows it."""
    return {
        "id": record.id,
        "game": record.game,
        "mode": record.mode,
        "players": list(record.players),
        "setup": record.setup,
        "state": record.state,
        "winner": record.winner,
        "hands": record.hands,
        "clock": record.clock,
    }


def game_state(journal: Journal, game_id: int) -> dict[str, Any]:
    """Saved game `game_id` rebuilt as the app rebuilds it, and what it shows."""
    log = GameLog(journal, game_id)
    names = [p.name for p in log.config.players]
    out: dict[str, Any] = {
        "record": record_state(log.record),
        "live_inputs": log.count(),
        "events": [e.describe(names) for e in log.events()],
    }
    if log.record.mode == HOST:
        now = log.resume_time()
        night = HostNight(log.config, clock=lambda: now, journal=log)
        console, lines = night.console, night.replayed_lines
        out["session"] = session_state(console.session)
        out["host"] = {
            "now": now,
            "prompt": console.prompt(),
            "header": console.header(now),
            "clock": console.clock_line(now),
            "hand_number": console.hand_number,
            "names": list(console.names),
            "money_lines": console.money_lines(),
            "history": [e.describe(console.names) for e in console.history],
            "lines": lines,
        }
    else:
        out["session"] = session_state(build_session(log))
    return out


def journal_state(journal: Journal) -> dict[str, Any]:
    """Every saved game in `journal`: the list of games and each game's state."""
    return {
        "games": [record_state(r) for r in journal.games()],
        "unfinished": [r.id for r in journal.unfinished()],
        "states": {str(r.id): game_state(journal, r.id) for r in journal.games()},
    }
