"""Engine speed: six-handed no-limit Hold'em hands through homegame, pokerkit and texasholdem.

Every engine plays the same random legal policy: at each decision the engine's own options are
turned into a homegame `LegalActions` and `random_action` picks the move, which is then made
through the engine's API. Each hand starts fresh (six stacks of 2,000, blinds 10/20, the button
moving round), so hands stay six-handed. Each engine plays for a fixed time budget, all in one
process; the output gives hands per second, actions per hand (the policy's hands must be alike
for the speeds to compare) and how many times faster homegame is. Target: >= 5,000 hands/s.
Run: `python benchmarks/bench_engine.py [--seconds S] [--seed N] [--profile] [--json]`.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.metadata
import io
import json
import platform
import pstats
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass

from homegame.engine.actions import AllIn, BetRaise, Call, Check, Fold, LegalActions
from homegame.engine.hand import Hand
from homegame.engine.random_policy import random_action
from homegame.variants import HOLDEM

PLAYERS = 6
STACK = 2000
SMALL_BLIND, BIG_BLIND = 10, 20
TARGET = 5000


@dataclass(frozen=True)
class Result:
    """One engine's run: hands played, seconds, actions taken."""

    engine: str
    version: str
    hands: int
    seconds: float
    cpu_seconds: float
    actions: int

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def hands_per_cpu_second(self) -> float:
        """Hands per second of this process's CPU time: fairer on a shared, busy machine."""
        return self.hands / self.cpu_seconds

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands


def _timed(play_hand: Callable[[int], int], seconds: float) -> tuple[int, float, float, int]:
    """Play hands until `seconds` have passed; return hands, wall and CPU seconds, actions."""
    hands = actions = 0
    cpu = time.process_time()
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += play_hand(hands)
        hands += 1
        if hands % 16 == 0 and time.perf_counter() >= deadline:
            break
    return hands, time.perf_counter() - start, time.process_time() - cpu, actions


def homegame_hand(rng: random.Random) -> Callable[[int], int]:
    """One six-handed hand through homegame's `Hand` with the random legal policy."""
    stacks = (STACK,) * PLAYERS

    def play(number: int) -> int:
        hand = Hand(
            HOLDEM, stacks, button=number % PLAYERS, small_blind=SMALL_BLIND,
            big_blind=BIG_BLIND, rng=rng,
        )  # fmt: skip
        actions = 0
        while not hand.is_over:
            hand.act(random_action(hand.legal_actions(), rng))
            actions += 1
        return actions

    return play


def pokerkit_hand(rng: random.Random) -> Callable[[int], int]:
    """One six-handed hand through pokerkit 0.7.7 with the same policy."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def play(number: int) -> int:
        state = NoLimitTexasHoldem.create_state(
            automations, True, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND, (STACK,) * PLAYERS, PLAYERS
        )
        actions = 0
        while state.status:
            seat = state.actor_index
            to_call = state.checking_or_calling_amount
            can_raise = state.can_complete_bet_or_raise_to()
            low = state.min_completion_betting_or_raising_to_amount if can_raise else None
            high = state.max_completion_betting_or_raising_to_amount if can_raise else None
            legal = LegalActions(
                seat=seat,
                can_fold=to_call > 0,
                can_check=to_call == 0,
                call_amount=to_call,
                min_raise_to=low,
                max_raise_to=high,
                can_all_in=can_raise,
                current_bet=max(state.bets),
            )
            action = random_action(legal, rng)
            kind = type(action)
            if kind is Fold:
                state.fold()
            elif kind is Check or kind is Call:
                state.check_or_call()
            elif kind is BetRaise:
                state.complete_bet_or_raise_to(action.to)
            else:
                state.complete_bet_or_raise_to(legal.max_raise_to)
            actions += 1
        return actions

    return play


def texasholdem_hand(rng: random.Random) -> Callable[[int], int]:
    """One six-handed hand through the `texasholdem` package with the same policy."""
    from texasholdem import ActionType, TexasHoldEm

    def play(number: int) -> int:
        game = TexasHoldEm(
            buyin=STACK, big_blind=BIG_BLIND, small_blind=SMALL_BLIND, max_players=PLAYERS
        )
        game.start_hand()
        actions = 0
        while game.is_hand_running():
            seat = game.current_player
            moves = game.get_available_moves()
            types = moves.action_types
            can_raise = ActionType.RAISE in types
            raise_range = moves.raise_range if can_raise else None
            facing = ActionType.CALL in types
            legal = LegalActions(
                seat=seat,
                can_fold=facing,
                can_check=ActionType.CHECK in types,
                call_amount=game.chips_to_call(seat) if facing else 0,
                min_raise_to=raise_range.start if can_raise else None,
                max_raise_to=raise_range.stop - 1 if can_raise else None,
                can_all_in=can_raise,
            )
            action = random_action(legal, rng)
            kind = type(action)
            if kind is Fold:
                game.take_action(ActionType.FOLD)
            elif kind is Check:
                game.take_action(ActionType.CHECK)
            elif kind is Call:
                game.take_action(ActionType.CALL)
            elif kind is BetRaise:
                game.take_action(ActionType.RAISE, total=action.to)
            elif kind is AllIn:
                game.take_action(ActionType.ALL_IN)
            actions += 1
        return actions

    return play


ENGINES: dict[str, tuple[str, Callable[[random.Random], Callable[[int], int]]]] = {
    "homegame": ("homegame", homegame_hand),
    "pokerkit": ("pokerkit", pokerkit_hand),
    "texasholdem": ("texasholdem", texasholdem_hand),
}


def run(engines: list[str], seconds: float, seed: int) -> list[Result]:
    """Time each engine in turn for `seconds` each."""
    results = []
    for name in engines:
        package, factory = ENGINES[name]
        random.seed(seed)  # texasholdem and pokerkit shuffle with the global random source
        play = factory(random.Random(seed))
        play(0)  # warm up imports and caches outside the timing
        hands, elapsed, cpu, actions = _timed(play, seconds)
        version = importlib.metadata.version(package)
        results.append(Result(name, version, hands, elapsed, cpu, actions))
    return results


def profile_homegame(hands: int, seed: int) -> str:
    """Where homegame's time goes: the top functions by own time over `hands` hands."""
    play = homegame_hand(random.Random(seed))
    profiler = cProfile.Profile()
    profiler.enable()
    for number in range(hands):
        play(number)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per engine")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated")
    parser.add_argument("--profile", action="store_true", help="profile homegame afterwards")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    results = run([e.strip() for e in args.engines.split(",")], args.seconds, args.seed)
    ours = next((r for r in results if r.engine == "homegame"), None)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        **asdict(r),
                        "hands_per_second": round(r.hands_per_second, 1),
                        "hands_per_cpu_second": round(r.hands_per_cpu_second, 1),
                        "actions_per_hand": round(r.actions_per_hand, 2),
                    }
                    for r in results
                ],
                indent=2,
            )
        )
    else:
        print(f"Six-handed no-limit Hold'em, random legal policy, {args.seconds:g} s per engine")
        print(f"Python {platform.python_version()} on {platform.machine()}")
        print(
            f"{'engine':<22}{'hands':>8}{'hands/s':>10}{'hands/cpu-s':>13}"
            f"{'actions/hand':>14}{'homegame is':>13}"
        )
        for r in results:
            ratio = f"{ours.hands_per_cpu_second / r.hands_per_cpu_second:.1f}x" if ours else "-"
            label = f"{r.engine} {r.version}"
            print(
                f"{label:<22}{r.hands:>8}{r.hands_per_second:>10,.0f}"
                f"{r.hands_per_cpu_second:>13,.0f}{r.actions_per_hand:>14.2f}{ratio:>13}"
            )
        if ours is not None:
            for label, rate in (
                ("wall-clock", ours.hands_per_second),
                ("per CPU-second", ours.hands_per_cpu_second),
            ):
                verdict = "meets" if rate >= TARGET else "misses"
                print(f"homegame {verdict} the target of {TARGET:,} hands/s {label}: {rate:,.0f}")
            print("(wall-clock rates drop when other processes share the CPU; ratios use CPU time)")
    if args.profile:
        print(profile_homegame(2000, args.seed))


if __name__ == "__main__":
    main()
