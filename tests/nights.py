"""Whole games played at random through the journal, for the stats and league tests."""

from __future__ import annotations

import random
from typing import Any

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, SeriesSettings
from homegame.engine.random_policy import random_action
from homegame.money.settings import MoneySettings
from homegame.stats.collect import keep_figures
from homegame.store.journal import Journal
from homegame.store.owner import release
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import build_session


def play_game(
    journal: Journal,
    names: tuple[str, ...],
    seed: int,
    *,
    game: str = "holdem",
    buy_in: int | None = 2000,
    bots: tuple[str, ...] = (),
    inputs: int = 20_000,
) -> int:
    """A seeded game of `names` played at random to its end (or `inputs` inputs); `buy_in`
    cents a seat (None: for chips). Returns its id."""
    players = tuple(PlayerSetting(n, "easy" if n in bots else None) for n in names)
    config = GameConfig(
        game,
        players=players,
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=200, hands_per_level=2),
        series=SeriesSettings(wins=3),
        money=MoneySettings(buy_in=buy_in) if buy_in is not None and game != "krg" else None,
    )
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    log.keep_figures_by(keep_figures)  # as the table screens do
    random_inputs(log.attach(build_session(log)), random.Random(seed), inputs)
    assert log.figures is not None
    log.figures.wait()  # the stats row kept at the game's end, before a test reads it
    release(journal.folder, log.game_id)
    return log.game_id


def random_inputs(session: Any, rng: random.Random, inputs: int) -> None:
    """Up to `inputs` random legal inputs into `session` (deals, actions), until it is over."""
    for _ in range(inputs):
        if session.is_over:
            break
        if not session.in_hand:
            session.start_deal()
            continue
        seat = session.to_act
        if seat is None:
            break
        hole = [c for c in session.hole_cards(seat) if c is not None]
        session.act(random_action(session.legal_actions(), rng, hole), seat)
