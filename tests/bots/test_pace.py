"""The equity loops give way to the caller's hook now and then (homegame.pace), and the hook
changes nothing they compute: a bot's decision or the odds in a worker thread let the event
loop have the interpreter lock (issue 15)."""

from __future__ import annotations

import random
import threading

import pytest

from homegame.bots.equity import equity, keep_choices
from homegame.cards import parse_cards
from homegame.pace import give_way, giving_way
from homegame.variants import HOLDEM, KRG, YUKON


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


CASES = [
    ("exact, every hand known", HOLDEM, "As Kd 7c", ["Ah Ac", "Qs Qh"], {}),
    ("exact by ranks, preflop", HOLDEM, "", ["Ah Ac", "Qs Qh"], {}),
    ("Monte Carlo, random rivals", YUKON, "As Kd 7c 2h", ["Ah Ac", None, None], {}),
    ("Monte Carlo, random rival", HOLDEM, "Ks 7d 2c", ["Ah Ac", None], {"exact": False}),
    ("boards in batches", HOLDEM, "", ["Ah Ac", "Qs Qh"], {"exact": False, "samples": 20_000}),
]


@pytest.mark.parametrize(("name", "variant", "board", "hands", "options"), CASES)
def test_equity_gives_way_and_the_hook_changes_nothing(name, variant, board, hands, options):
    cards = dict(zip(variant.slots, parse_cards(board), strict=False))
    holdings = [None if h is None else tuple(parse_cards(h)) for h in hands]

    def run() -> object:
        settings = {"samples": 3000, **options}
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
    assert len(calls) > 10
    assert paced == keep_choices(KRG, {}, hole, [None], 4, rng=random.Random(3), samples=800)
