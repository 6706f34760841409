"""Saved games played at random through an attached session, for tests that read them back."""

from __future__ import annotations

import random

from nights import random_inputs

from homegame.config import GameConfig, PlayerSetting
from homegame.store.journal import Journal
from homegame.store.owner import release
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import build_session


def played(journal: Journal, game: str = "holdem", inputs: int = 60, seed: int = 2) -> int:
    """A new pass-and-play game of `game` in `journal`, `inputs` random inputs into it, and no
    owner left (so another process may resume it); returns its id."""
    players = tuple(PlayerSetting(n) for n in ("Ann", "Bob", "Cy"))
    log = GameLog.new(journal, GameConfig(game, players=players, seed=5), PASS_AND_PLAY)
    random_inputs(log.attach(build_session(log)), random.Random(seed), inputs)
    release(journal.folder, log.game_id)
    return log.game_id
