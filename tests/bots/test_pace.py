"""The equity loops give way to the caller's hook now and then (homegame.pace), and the hook
changes nothing they compute: a bot's decision or the odds in a worker thread let the event
loop have the interpreter lock (issue 15)."""

from __future__ import annotations

import random
import sys
import threading
from types import FrameType
from typing import TypedDict

import pytest
from every_game import ALL, new_hand, variant_id

from homegame.bots import make_bot
from homegame.bots.equity import equity, keep_choices
from homegame.bots.match import play_hand
from homegame.bots.pushfold import load
from homegame.cards import parse_cards
from homegame.engine.actions import Action
from homegame.engine.views import HandView
from homegame.pace import give_way, giving_way
from homegame.variants import HOLDEM, KRG, YUKON, Variant


def test_give_way_calls_the_hook_only_inside_the_block_and_only_on_its_thread() -> None:
    calls: list[str] = []
    give_way()
    with giving_way(lambda: calls.append(threading.current_thread().name)):
        give_way()
        other = threading.Thread(target=give_way, name="other")
        other.start()
        other.join()
    give_way()
    assert calls == [threading.current_thread().name]


class Options(TypedDict, total=False):
    """The equity options a case sets over the test's own."""

    exact: bool
    samples: int


CASES: list[tuple[str, Variant, str, list[str | None], Options]] = [
    ("exact, every hand known", HOLDEM, "As Kd 7c", ["Ah Ac", "Qs Qh"], {}),
    ("exact by ranks, preflop", HOLDEM, "", ["Ah Ac", "Qs Qh"], {}),
    ("Monte Carlo, random rivals", YUKON, "As Kd 7c 2h", ["Ah Ac", None, None], {}),
    ("Monte Carlo, random rival", HOLDEM, "Ks 7d 2c", ["Ah Ac", None], {"exact": False}),
    ("boards in batches", HOLDEM, "", ["Ah Ac", "Qs Qh"], {"exact": False, "samples": 20_000}),
]


@pytest.mark.parametrize(("name", "variant", "board", "hands", "options"), CASES)
def test_equity_gives_way_and_the_hook_changes_nothing(
    name: str, variant: Variant, board: str, hands: list[str | None], options: Options
) -> None:
    cards = dict(zip(variant.slots, parse_cards(board), strict=False))
    holdings = [None if h is None else tuple(parse_cards(h)) for h in hands]

    def run() -> object:
        settings: Options = {"samples": 3000, **options}
        return equity(variant, cards, holdings, rng=random.Random(7), max_exact=2000, **settings)

    calls: list[None] = []
    with giving_way(lambda: calls.append(None)):
        paced = run()
    assert len(calls) > 3, name
    assert paced == run(), name


def test_the_krg_keep_choices_give_way_too() -> None:
    hole = tuple(parse_cards("As Ad Kc Qh 7s 2d"))
    calls: list[None] = []
    with giving_way(lambda: calls.append(None)):
        paced = keep_choices(KRG, {}, hole, [None], 4, rng=random.Random(3), samples=800)
    assert len(calls) >= 800, "a KRG deal scores 15 ways to keep: each one gives way"
    assert paced == keep_choices(KRG, {}, hole, [None], 4, rng=random.Random(3), samples=800)


#: Python calls a bot may make without giving way: a few milliseconds of work on this machine.
#: A worker that holds the lock longer keeps the event loop waiting for the interpreter's
#: switch interval (`homegame.tui.background`), and the screen stalls.
MOST_CALLS = 10_000


class Metered:
    """A bot whose decisions count the Python calls made between two `give_way()`s."""

    def __init__(self, kind: str, seed: int) -> None:
        self.bot = make_bot(kind, random.Random(seed))
        self.longest = self._calls = 0

    def _count(self, frame: FrameType, event: str, arg: object) -> None:
        if event in ("call", "c_call"):
            self._calls += 1

    def _rest(self) -> None:
        self.longest, self._calls = max(self.longest, self._calls), 0

    def decide(self, view: HandView) -> Action:
        self._calls = 0
        sys.setprofile(self._count)
        try:
            with giving_way(self._rest):
                action = self.bot.decide(view)
        finally:
            sys.setprofile(None)
        self._rest()
        return action


@pytest.mark.parametrize("kind", ["hard", "medium", "easy"])
@pytest.mark.parametrize("variant", ALL, ids=variant_id)
def test_a_bot_gives_way_every_few_thousand_calls_from_its_first_decision_on(
    variant: Variant, kind: str
) -> None:
    """Counted in calls, not timed: the same on any machine. The first decision reads the
    preflop charts (cleared here so it does), later ones narrow ranges and value the river."""
    load.cache_clear()
    bots = [Metered(kind, seat) for seat in range(3)]
    for number in range(4):
        play_hand(new_hand(variant, 3, number % 3, random.Random(number)), bots)
        if max(bot.longest for bot in bots) > MOST_CALLS:
            break  # already too long: the hands left would only take time
    longest = max(bot.longest for bot in bots)
    assert 0 < longest <= MOST_CALLS, f"{longest:,} calls in one stretch"
