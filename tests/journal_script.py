"""A scripted game played through the journal, to the end, resuming whatever is unfinished.

Run as `python tests/journal_script.py DATA_DIR GAME SEED [--host]`. Every choice is a function
of the seed and the number of inputs already saved, so a run killed at any point and started
again plays on exactly as an uninterrupted run would. Before each input it prints
`INPUT n what` (flushed), so a test can kill it at a chosen point; at the end it prints `DONE`.
Host games enter cards from a "real table" deck drawn from the seed and the hand number.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from homegame.cards import ALL_CARDS
from homegame.config import (
    CashGameSettings,
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    RulesSettings,
    SeriesSettings,
)
from homegame.defaults import AnteKind
from homegame.engine.hand import Phase
from homegame.engine.random_policy import random_action
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, PASS_AND_PLAY, GameLog, hands_of
from homegame.store.resume import build_session

NAMES = ("Ann", "Bob", "Cy", "Dee")


#: The home-game options a GAME may name after a colon ("holdem:bb-ante"): the rules they set.
OPTIONS: dict[str, dict[str, Any]] = {
    "ante": {"ante": AnteKind.EVERY_PLAYER},
    "bb-ante": {"ante": AnteKind.BIG_BLIND},
    "bomb": {"bomb_pot_every": 4},
    "twice": {"run_it_twice": True},
}
#: The cash-game options a GAME may name ("holdem:straddle"): a cash game, ended after
#: CASH_HANDS hands, with these [cash] settings.
CASH_OPTIONS: dict[str, dict[str, Any]] = {
    "straddle": {"straddle": True},
    "seven-deuce": {"seven_deuce_bounty": 50},
}
CASH_HANDS = 12


def script_config(game: str, seed: int) -> GameConfig:
    """A short game: small stacks, quick blinds; KRG with the cube and side bets on; the
    options named after the game's key ("holdem:bb-ante") on."""
    key, *options = game.split(":")
    rules: dict[str, Any] = {}
    cash: dict[str, Any] | None = None
    for option in options:
        if option in CASH_OPTIONS:
            cash = (cash or {}) | CASH_OPTIONS[option]
        else:
            rules |= OPTIONS[option]
    return GameConfig(
        key,
        players=tuple(PlayerSetting(n) for n in NAMES),
        seed=seed,
        freezeout=FreezeoutSettings(starting_stack=300, hands_per_level=3),
        series=SeriesSettings(wins=4, doubling_cube=True, side_bets=True),
        rules=RulesSettings(**rules),
        cash=None if cash is None else CashGameSettings(big_blind=20, **cash),
    )


def open_log(folder: Path, game: str, seed: int, host: bool) -> tuple[GameLog, Any]:
    """The unfinished game in `folder` rebuilt and attached, or a new one."""
    journal = Journal(folder)
    pending = journal.latest_unfinished()
    if pending is None:
        log = GameLog.new(journal, script_config(game, seed), HOST if host else PASS_AND_PLAY)
    else:
        log = GameLog(journal, pending.id)
    if host:
        from host_lines import Hosting

        return log, Hosting(log.config, log)
    session = build_session(log)
    return log, log.attach(session)


def table_deck(seed: int, hand: int) -> list[Any]:
    """The host's real cards for hand `hand`."""
    return random.Random(f"{seed}:table:{hand}").sample(ALL_CARDS, 52)


def next_input(log: GameLog, session: Any, seed: int) -> tuple[str, Any]:
    """What the script does next: (what, a call doing it)."""
    n = log.count() + 1
    rng = random.Random(f"{seed}:{n}")
    krg = getattr(session, "series", None)
    if krg is not None and getattr(session, "awaiting_winners", False):
        seats = [s for s in range(len(session.names)) if krg.in_series[s]]
        return "winners", lambda: session.award(0, [rng.choice(seats)])
    if not session.in_hand:
        if krg is not None and krg.pending:
            seat = krg.pending[0]
            return "cube answer", lambda: session.answer_cube(seat, rng.random() < 0.7)
        if krg is not None and session.deals and rng.random() < 0.3:
            turners = [s for s in range(len(session.names)) if krg.can_turn_cube(s) is None]
            if turners:
                seat = rng.choice(turners)
                return "cube turn", lambda: session.turn_cube(seat)
        cash = session.cash_game()
        if cash is not None:
            if session.deals >= CASH_HANDS:
                return "end", cash.end
            busted = [s for s in range(len(session.names)) if cash.stacks[s] == 0]
            if busted:
                most = cash.cash.max_buy_in
                return "top-up", lambda: cash.top_up(busted[0], most)
            seat = cash.straddler()
            if seat is not None and cash.straddling is None and rng.random() < 0.5:
                return "straddle", lambda: cash.straddle(seat)
        bombs = getattr(session, "bomb_pot_every", 0)
        if bombs and session.deals and rng.random() < 0.4 and not session.next_is_bomb_pot:
            return "bomb call", session.call_bomb_pot
        start = session.start_deal
        return "deal", start
    seat = session.to_act
    legal = session.legal_actions()
    hole = [c for c in session.hole_cards(seat) if c is not None]
    action = random_action(legal, rng, hole)
    what = "discard" if legal.discard_count else "run twice" if legal.can_run_twice else "bet"
    return what, lambda: session.act(action, seat)


def next_line(log: GameLog, console: Any, seed: int) -> tuple[str, str]:
    """What the host types next: (what, the line)."""
    n = log.count() + 1
    rng = random.Random(f"{seed}:{n}")
    session = console.session
    names = session.names
    krg = getattr(session, "series", None)
    if krg is not None and session.awaiting_winners:
        seats = [s for s in range(len(names)) if krg.in_series[s]]
        return "winners", f"w {names[rng.choice(seats)]}"
    if not session.in_hand:
        if krg is not None and krg.pending:
            answer = "double" if rng.random() < 0.7 else "drop"
            return "cube answer", f"{answer} {names[krg.pending[0]]}"
        if krg is not None and session.deals and rng.random() < 0.3:
            turners = [s for s in range(len(names)) if krg.can_turn_cube(s) is None]
            if turners:
                return "cube turn", f"cube {names[rng.choice(turners)]}"
        cash = session.cash_game()
        if cash is not None:
            if session.deals >= CASH_HANDS:
                return "end", "end"
            busted = [s for s in range(len(names)) if cash.stacks[s] == 0]
            if busted:
                return "top-up", f"topup {names[busted[0]]} {cash.cash.max_buy_in}"
            seat = cash.straddler()
            if seat is not None and cash.straddling is None and rng.random() < 0.5:
                return "straddle", f"straddle {names[seat]}"
        bombs = console.config.rules.bomb_pot_every
        if bombs and session.deals and rng.random() < 0.4 and not session.next_is_bomb_pot:
            return "bomb call", "bomb"
        return "deal", "n"
    hand = session.hand
    deck = table_deck(seed, hands_of(session))
    waiting = [s for s in hand.dealt_slots if s not in hand.board]
    if not waiting:  # HOUSE_RULES 27: once run 1 is typed, run 2's cards
        waiting = [s for s in hand.second_slots if s not in hand.second_board]
    if waiting and (session.to_act is None or rng.random() < 0.5):
        used = {*hand.board.values(), *hand.second_board.values()}
        for cards in hand.shown.values():
            used.update(c for c in cards if c is not None)
        fresh = [c for c in deck[30:] if c not in used]
        return "board card", "b " + " ".join(str(c) for c in fresh[: len(waiting)])
    seat = session.to_act
    if seat is None:
        pending = session.pending_awards()
        pot = session.view_for(None).pots[pending[0]]
        return "award", f"w {pending[0]} {names[rng.choice(list(pot.eligible))]}"
    name = names[seat]
    legal = session.legal_actions()
    if legal.can_run_twice:
        return "run twice", "twice" if rng.random() < 0.7 else "once"
    if hand.phase is Phase.SHOWDOWN:
        if legal.can_muck and rng.random() < 0.3:
            return "muck", f"{name} m"
        if rng.random() < 0.2:
            return "show unentered", f"s {name}"
        size = hand.variant.hole_cards
        kept = len(session.hole_cards(seat))
        cards = " ".join(str(c) for c in deck[size * seat : size * seat + kept])
        return "show", f"s {name} {cards}"
    if legal.discard_count:
        return "discard", f"{name} d"
    action = random_action(legal, rng)
    word = {"Fold": "f", "Check": "k", "Call": "c", "AllIn": "a"}.get(type(action).__name__)
    if word is None:
        word = f"r {action.to}"  # type: ignore[union-attr]
    return "bet", f"{name} {word}"


def _say(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str], say: Callable[[str], None] = _say) -> None:
    """Play the game of `argv` to its end; `say` gets each line (by default printed, flushed,
    for the killer to read)."""
    folder, game, seed_text = argv[:3]
    host = "--host" in argv
    #: --step: wait for a line on stdin before each input, so the killer decides how far the
    #: game gets however loaded the machine is (the kill itself is still a real SIGKILL).
    step = "--step" in argv
    seed = int(seed_text)
    log, session = open_log(Path(folder), game, seed, host)
    if host:
        hosting = session
        while not hosting.console.session.is_over:
            what, line = next_line(log, hosting.console, seed)
            say(f"INPUT {log.count() + 1} {what}")
            if step:
                sys.stdin.readline()
            outcome = hosting.run(line, 7.0 * log.count())
            if not outcome.ok:
                raise RuntimeError(f"the console refused {line!r}: {outcome.message}")
        say("DONE")
        return
    while not session.is_over:
        what, call = next_input(log, session, seed)
        say(f"INPUT {log.count() + 1} {what}")
        if step:
            sys.stdin.readline()
        call()
    say("DONE")


if __name__ == "__main__":
    main(sys.argv[1:])
