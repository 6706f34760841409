"""VPIP, PFR and 3-bet worked out a second way: from the PHH export of simulated hands, read as
plain TOML with its own small reckoning here, agree exactly with `tally`'s counts: 500 hands in
the default suite, the issue's 2,000 under -m slow (about 7 s on a loaded machine)."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.random_policy import RandomPolicy
from homegame.engine.simulation import play_hand
from homegame.stats.tally import GameTally
from homegame.store.export import export_game
from homegame.store.journal import SIMULATION, Journal
from homegame.store.recorder import GameLog, hands_of
from homegame.store.resume import fresh_session

#: The hands of the full cross-check (-m slow) and of the default suite's.
HANDS, FAST_HANDS = 2000, 500
NAMES = tuple(f"P{i}" for i in range(6))


def _simulated(journal: Journal, hands: int) -> list[int]:
    """Journalled freezeouts of six random players until `hands` hands are played."""
    games: list[int] = []
    played = 0
    seed = 0
    while played < hands:
        seed += 1
        config = GameConfig(
            "holdem",
            players=tuple(PlayerSetting(n) for n in NAMES),
            seed=seed,
            freezeout=FreezeoutSettings(starting_stack=3000, hands_per_level=15),
        )
        log = GameLog.new(journal, config, SIMULATION)
        session = log.attach(fresh_session(log))
        policies = [RandomPolicy(random.Random(seed * 10 + s)) for s in range(len(NAMES))]
        while not session.is_over and played + hands_of(session) < hands:
            session.start_deal()
            play_hand(session, policies)
        played += hands_of(session)
        games.append(log.game_id)
    return games


def _from_phh(text: str) -> Counter[tuple[str, str]]:
    """(player, count) -> number, read from a PHH document alone: the blinds are the first
    bets (heads-up reversed, as pokerkit reads them), `cbr` raises to its amount, `cc` calls
    (a check when nothing is owed), `f` folds."""
    out: Counter[tuple[str, str]] = Counter()
    for hand in tomllib.loads(text).values():
        names = hand["players"]
        bets = list(hand["blinds_or_straddles"])
        if len(names) == 2:  # pokerkit's heads-up rule: p1 posts the second blind (the big)
            bets.reverse()
        big = bets.index(max(bets))
        raises = 0
        opener = None
        acted: set[int] = set()
        folded: set[int] = set()
        chance: set[int] = set()
        vpip: set[int] = set()
        pfr: set[int] = set()
        for action in hand["actions"]:
            words = action.split()
            if words[0] == "d":
                if words[1] == "db":
                    break
                continue
            if words[1] == "sm":
                continue
            who = int(words[0][1:]) - 1
            if raises == 1 and opener != who and who not in chance:
                chance.add(who)
                out[(names[who], "three_bet_chances")] += 1
                out[(names[who], "three_bets")] += words[1] == "cbr"
            acted.add(who)
            if words[1] == "f":
                folded.add(who)
            elif words[1] == "cc":
                if bets[who] < max(bets):
                    vpip.add(who)
                bets[who] = max(bets)
            elif words[1] == "cbr":
                vpip.add(who)
                pfr.add(who)
                raises += 1
                opener = who if raises == 1 else opener
                bets[who] = int(words[2])
        walk = big not in acted and len(folded) == len(names) - 1
        for seat, name in enumerate(names):
            out[(name, "hands")] += 1
            out[(name, "walks")] += walk and seat == big
            out[(name, "vpip")] += seat in vpip
            out[(name, "pfr")] += seat in pfr
    return out


def _cross_check(folder: Path, hands: int) -> None:
    """`hands` simulated hands counted both ways agree exactly."""
    journal = Journal(folder)
    games = _simulated(journal, hands)
    from_phh: Counter[tuple[str, str]] = Counter()
    from_tally: Counter[tuple[str, str]] = Counter()
    for game in games:
        record = journal.game(game)
        events = [e for r in journal.inputs(game) for e in r.events]
        from_phh += _from_phh(export_game(record, events, "phh"))
        for seat, counts in GameTally().feed_all(events).by_seat.items():
            for key in ("hands", "walks", "vpip", "pfr", "three_bet_chances", "three_bets"):
                from_tally[(NAMES[seat], key)] += getattr(counts, key)
    journal.close()
    assert sum(from_tally[(n, "hands")] for n in NAMES) >= hands * 2  # every seat's hands
    assert sum(v for (_, k), v in from_tally.items() if k == "three_bets") > hands // 40
    assert from_phh == from_tally


def test_vpip_pfr_and_3_bet_agree_with_a_reckoning_from_the_phh_export(tmp_path: Path) -> None:
    _cross_check(tmp_path, FAST_HANDS)


@pytest.mark.slow
def test_the_same_over_2000_simulated_hands(tmp_path: Path) -> None:
    _cross_check(tmp_path, HANDS)
