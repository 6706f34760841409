"""Push/fold by ICM in a freezeout that pays places (the project's one ICM, homegame.money)."""

from __future__ import annotations

import random

import pytest

from homegame.bots import make_bot
from homegame.bots.base import Bot, Facts
from homegame.bots.hard import HardBot
from homegame.bots.preflop import spot, winnable_pot
from homegame.bots.pushfold import CLASSES, INDEX, combos_of, load
from homegame.bots.tournament import call_gain
from homegame.cards import ALL_CARDS, parse_cards
from homegame.engine.actions import AllIn, Fold
from homegame.engine.hand import Hand, view_for
from homegame.variants import HOLDEM

pytest.importorskip("homegame.money.icm")

#: Four left, three paid: the bubble. The chip leader under the gun has 40 big blinds.
STACKS = [1500, 1500, 1500, 4000]


def _bubble(hero: str) -> Hand:
    """Seat 3 (40 BB) shoves, the button and small blind fold: the big blind (15 BB) decides."""
    mine = parse_cards(hero)
    deck = iter(c for c in ALL_CARDS if c not in mine)
    holes = [mine if seat == 2 else [next(deck), next(deck)] for seat in range(4)]
    hand = Hand(HOLDEM, STACKS, 0, 50, 100, hole_cards=holes, rng=random.Random(0))
    for action in (AllIn(), Fold(), Fold()):
        hand.act(action)
    assert hand.to_act == 2
    return hand


def _calls(prizes: tuple[int, ...]) -> set[str]:
    calls: set[str] = set()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        bot = make_bot("hard", random.Random(0))
        assert isinstance(bot, HardBot)
        bot.prizes = prizes
        if not isinstance(bot.decide(view_for(_bubble(f"{first[0]} {first[1]}"), 2)), Fold):
            calls.add(label)
    return calls


def test_on_the_bubble_icm_calls_a_big_stacks_shove_with_fewer_hands_than_chips_would() -> None:
    """Busting on the bubble loses the 20% every other player is sure of: a call needs more
    equity than the chips' price."""
    by_chips, by_icm = _calls(()), _calls((50, 30, 20))
    assert {"AA", "KK", "QQ"} <= by_icm < by_chips
    assert len(by_chips) - len(by_icm) >= 5


def test_winner_takes_all_icm_is_chip_ev() -> None:
    """With one prize a stack is worth its share of the chips: ICM's call is the chips' call
    (equity against the range beats the price) for every hand."""
    assert winnable_pot(Facts.of(view_for(_bubble("As Ad"), 2))) == 2 * 1500 + 50
    data = load()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        view = view_for(_bubble(f"{first[0]} {first[1]}"), 2)
        facts = Facts.of(view)
        shover = max(facts.opponents, key=lambda s: s.bet)
        eq = data.equity_against(INDEX[label], [0.3] * len(CLASSES))
        by_chips = eq * winnable_pot(facts) - facts.to_call
        gain = call_gain(view, facts, shover, eq, (100,))
        assert (gain > 1e-9) == (by_chips > 1e-9), label
    assert spot(view, facts).behind == 0


def _shoves(prizes: tuple[int, ...]) -> set[str]:
    """Every class hard shoves first in on the button, four left with 10 big blinds each."""
    shoves: set[str] = set()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        mine = [first[0], first[1]]
        deck = iter(c for c in ALL_CARDS if c not in mine)
        holes = [mine if seat == 0 else [next(deck), next(deck)] for seat in range(4)]
        hand = Hand(HOLDEM, [1000] * 4, 0, 50, 100, hole_cards=holes, rng=random.Random(0))
        hand.act(Fold())  # under the gun folds to the button
        bot = make_bot("hard", random.Random(0))
        assert isinstance(bot, HardBot)
        bot.prizes = prizes
        if isinstance(bot.decide(view_for(hand, 0)), AllIn):
            shoves.add(label)
    return shoves


def test_on_the_bubble_icm_shoves_fewer_hands_than_the_chip_chart() -> None:
    """Equal stacks of 10 big blinds, three of four paid: a lost all-in busts, so the button's
    shoving range is a part of the chart's (whose callers call as for chips)."""
    chart, by_icm = _shoves(()), _shoves((50, 30, 20))
    assert {"AA", "KK", "AKs"} <= by_icm < chart
    assert len(by_icm) <= 0.75 * len(chart)


def test_a_hard_bot_in_a_solo_freezeout_for_money_knows_what_the_places_pay() -> None:
    """At the app's table the hard bots are told the payouts before they act (65/35 of 60.00
    for six entries of 10.00), so their all-ins follow ICM; a chop leaves chips as chips."""
    import asyncio

    from textual.app import App
    from tui_driver import Record, drive, table_of

    from homegame.bots import table_prizes
    from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting, TimingSettings
    from homegame.money.settings import MoneySettings
    from homegame.play.seats import LaterBot
    from homegame.tui.app import HomegameApp
    from homegame.tui.screens.table import TableScreen

    players = (PlayerSetting("Ann"), *(PlayerSetting(f"Bot {i}", "hard") for i in range(1, 6)))
    config = GameConfig(
        "holdem",
        players=players,
        timing=TimingSettings(turn_timer=0, bot_pause=0.0),
        freezeout=FreezeoutSettings(starting_stack=2000),
        money=MoneySettings(buy_in=1000),
    )
    app = HomegameApp(config, rng=random.Random(3))

    def have_acted(table: TableScreen) -> list[LaterBot]:
        """The bots that acted so far (a seat's bot is built when it first acts, in the table's
        worker process, which hands back what it is after each decision)."""
        return [b for b in table.driver.bots.values() if b.packed() is not None]

    def built(table: TableScreen) -> list[Bot]:
        return [b.built() for b in have_acted(table)]

    def acted(app: App[None], record: Record) -> bool:
        table = table_of(app)
        return table is not None and bool(have_acted(table))

    async def scenario() -> tuple[tuple[int, ...], ...]:
        async with app.run_test(size=(100, 34)) as pilot:
            await drive(app, pilot, stop=acted, max_wait=60)
            table = table_of(app)
            assert table is not None
            hard = built(table)
            assert all(isinstance(b, HardBot) for b in hard)
            return tuple(b.prizes for b in hard if isinstance(b, HardBot))

    told = asyncio.run(scenario())
    assert told and all(prizes == (3900, 2100) for prizes in told)
    assert table_prizes(None) == ()


def test_after_a_chop_the_table_prizes_are_none() -> None:
    """A chop settles what the places pay: from then on a hard bot plays for chips."""
    from homegame.bots import table_prizes
    from homegame.money.chop import ChopKind
    from homegame.money.entries import Entry, EntryKind
    from homegame.money.freezeout import freezeout_money, make_chop
    from homegame.money.settings import MoneySettings

    settings = MoneySettings(buy_in=1000)
    entries = [Entry(f"P{i}", EntryKind.BUY_IN, 1000, 200, 0, 0.0) for i in range(6)]
    money = freezeout_money(settings, entries, {})
    assert table_prizes(money) == (3900, 2100)
    cut = make_chop(money, ChopKind.EQUAL, ["P0", "P1"], [600, 600], 30, 0.0)
    assert table_prizes(freezeout_money(settings, entries, {}, cut)) == ()
