"""HOUSE_RULES 8: a player who would lose may muck instead of showing; the engine asks them.

The choice is an input (journalled, the same in solo, pass-and-play and host mode): a dealt hand
that would lose is asked to show or muck, except in an all-in run-out or when everyone shows,
and a hand that could win is never asked. In pass-and-play the person decides after the
pass-to screen; a shown loser's cards then appear in the result and the log, a mucked one's
nowhere (screen, log, journal exports).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine
from pathlib import Path
from typing import TypedDict, TypeVar, Unpack

import pytest
from textual.pilot import Pilot
from tui_driver import everything_text, settle, shows_card, table_of, visible_text

from homegame.cards import Card, parse_cards
from homegame.config import GameConfig, PlayerSetting, TimingSettings
from homegame.engine import Action, AllIn, BetRaise, Call, Check, Hand, IllegalAction, Muck, Show
from homegame.engine.events import CardsShown, HandStarted, Mucked
from homegame.store.export import export_game
from homegame.store.journal import Journal
from homegame.store.recorder import GameLog
from homegame.tui.app import HomegameApp
from homegame.tui.screens.handoff import HandoffScreen
from homegame.tui.screens.show_muck import ShowOrMuckScreen
from homegame.tui.screens.showdown import ShowdownScreen
from homegame.tui.screens.table import TableScreen
from homegame.tui.widgets.hand_log import HandLog
from homegame.variants import get_variant

HOLDEM = get_variant("holdem")
NAMES = ("Ann", "Bob", "Cy")
FAST = TimingSettings(turn_timer=0, bot_pause=0.0)
T = TypeVar("T")
#: Button 0 of three before the flop: the button and the small blind limp, the big blind checks.
LIMPS: list[tuple[int, Action]] = [(0, Call()), (1, Call()), (2, Check())]


class Rules(TypedDict, total=False):
    """The table rules a test may set on its hand."""

    muck_losers: bool


def _hand(
    holes: list[str],
    board: str = "2h 7s 9h Jd 3c",
    stacks: tuple[int, ...] = (1000, 1000, 1000),
    **kw: Unpack[Rules],
) -> Hand:
    return Hand(
        HOLDEM,
        list(stacks),
        button=0,
        small_blind=10,
        big_blind=20,
        hole_cards=[tuple(parse_cards(h)) for h in holes],
        board=dict(zip(HOLDEM.slots, parse_cards(board), strict=True)),
        burn_cards=False,
        names=NAMES[: len(stacks)],
        ask_losers=True,
        **kw,
    )


def _check_down(hand: Hand) -> None:
    """Button 0 of three: everyone limps, checks to the river, seat 0 bets it and is called."""
    for seat, action in LIMPS:
        hand.act(action, seat)
    for _ in range(2):
        for seat in (1, 2, 0):
            hand.act(Check(), seat)
    river: list[tuple[int, Action]] = [
        (1, Check()),
        (2, Check()),
        (0, BetRaise(20)),
        (1, Call()),
        (2, Call()),
    ]
    for seat, action in river:
        hand.act(action, seat)


def test_house_rule_8_the_engine_asks_a_losing_hand_to_show_or_muck() -> None:
    """Ann bets the river and shows a set; Bob's A-K loses, so Bob is asked; Cy's jacks win."""
    hand = _hand(["9c 9d", "Ah Kd", "Jc Js"])
    _check_down(hand)
    assert hand.to_act == 1 and hand.phase.value == "showdown"
    legal = hand.legal_actions()
    assert legal.can_show and legal.can_muck and not legal.can_call
    with pytest.raises(IllegalAction, match="show or muck"):
        hand.act(Check())
    with pytest.raises(IllegalAction, match="cards you were dealt"):
        hand.act(Show(tuple(parse_cards("Qc Qd"))))
    assert hand.to_act == 1
    hand.act(Muck())
    assert hand.mucked == {1} and hand.is_over and hand.winners == (2,)
    assert [e.seat for e in hand.events if isinstance(e, CardsShown)] == [0, 2]


def test_house_rule_8_a_losing_hand_may_be_shown_by_choice() -> None:
    hand = _hand(["9c 9d", "Ah Kd", "Jc Js"])
    _check_down(hand)
    events = hand.act(Show(), 1)
    assert any(isinstance(e, CardsShown) and e.seat == 1 for e in events)
    assert hand.mucked == set() and hand.winners == (2,)
    public = {s.seat: s for s in hand.public_view().seats}
    assert public[1].cards == tuple(parse_cards("Ah Kd"))


def test_house_rule_8_a_hand_that_could_win_is_never_asked() -> None:
    """The winner (and the first hand shown) turn up by themselves; only the loser is asked."""
    hand = _hand(["9c 9d", "Jc Js", "Ah Kd"])
    _check_down(hand)
    assert hand.to_act == 2  # Cy's A-K loses to both; Bob's jacks beat the nines, shown unasked
    assert 1 in hand.shown and 0 in hand.shown


def test_house_rule_8_nobody_is_asked_when_everyone_shows() -> None:
    hand = _hand(["9c 9d", "Ah Kd", "Jc Js"], muck_losers=False)
    _check_down(hand)
    assert hand.is_over and sorted(hand.shown) == [0, 1, 2] and hand.mucked == set()


def test_house_rule_8_nobody_is_asked_in_an_all_in_run_out() -> None:
    """All-in before the flop: every live hand is turned face up, the losers' too."""
    hand = _hand(["9c 9d", "Ah Kd", "Jc Js"], stacks=(1000, 300, 1000))
    hand.act(Call(), 0)
    hand.act(AllIn(), 1)
    hand.act(Call(), 2)
    hand.act(Call(), 0)
    for _ in range(3):
        hand.act(Check(), 2)
        hand.act(Check(), 0)
    assert hand.is_over and sorted(hand.shown) == [0, 1, 2] and hand.mucked == set()


def test_house_rule_8_without_asking_a_loser_is_mucked_for_it() -> None:
    """The simulator's hands (ask_losers off) keep mucking losers by themselves."""
    hand = Hand(
        HOLDEM,
        [1000] * 3,
        button=0,
        small_blind=10,
        big_blind=20,
        hole_cards=[tuple(parse_cards(h)) for h in ["9c 9d", "Ah Kd", "Jc Js"]],
        board=dict(zip(HOLDEM.slots, parse_cards("2h 7s 9h Jd 3c"), strict=True)),
        burn_cards=False,
    )
    _check_down(hand)
    assert hand.is_over and hand.mucked == {1}


def test_house_rule_8_a_seat_sitting_out_is_not_asked() -> None:
    """Bob's nines show first (nobody bet the river); Cy, sitting out, loses: mucked for him."""
    hand = _hand(["Jc Js", "9c 9d", "Ah Kd"])
    for seat, action in LIMPS:
        hand.act(action, seat)
    hand.sit_out(2)  # checks along from here
    for _ in range(3):
        hand.act(Check(), 1)
        hand.act(Check(), 0)
    assert hand.is_over and hand.mucked == {2} and hand.winners == (0,)


# -- the table: pass-and-play ------------------------------------------------------------------


def _run(coro: Coroutine[object, object, T]) -> T:
    return asyncio.run(coro)


async def _to_a_loser(app: HomegameApp, pilot: Pilot[None]) -> ShowOrMuckScreen | None:
    """Check and call until the engine asks a person to show or muck (None: the game ended)."""
    for _ in range(600):
        await settle(pilot, app, max_wait=30)
        screen = app.screen
        if isinstance(screen, ShowOrMuckScreen):
            return screen
        if isinstance(screen, HandoffScreen | ShowdownScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen._choice is not None:
            await pilot.press("c")
        else:
            return None
    return None


#: What a person's choice showed: their name, their cards, the result screens' text and the log.
Choice = tuple[str, tuple[Card, ...], str, str]


def _played_to_a_choice(tmp_path: Path, key: str) -> tuple[*Choice, Path]:
    """Pass-and-play, Ann and Bob: the first seed where one of them is asked; returns what the
    screens showed before and after pressing `key`, the loser's cards and the journal."""
    players = (PlayerSetting("Ann"), PlayerSetting("Bob"))
    for seed in range(30):
        folder = tmp_path / f"seed{seed}"
        config = GameConfig("holdem", players=players, timing=FAST)
        app = HomegameApp(config, rng=random.Random(seed), journal=Journal(folder))

        async def scenario(app: HomegameApp = app) -> Choice | None:
            async with app.run_test(size=(100, 30)) as pilot:
                screen = await _to_a_loser(app, pilot)
                if screen is None:
                    return None
                table = table_of(app)
                assert table is not None
                seat = table.game.to_act
                assert (
                    table.driver.viewer == seat and table.handoffs >= 1
                )  # after the pass-to screen
                cards = screen.cards
                asking = visible_text(app)
                assert all(shows_card(asking, c) for c in cards)
                await pilot.press(key)
                await settle(pilot, app, max_wait=30)
                while not isinstance(app.screen, ShowdownScreen):
                    assert isinstance(app.screen, HandoffScreen | TableScreen)
                    await pilot.press("enter")
                    await settle(pilot, app, max_wait=30)
                result = everything_text(app)
                log = "\n".join(table.query_one("#log", HandLog).entries)
                return screen.player, cards, result, log

        found = _run(scenario())
        if found is not None:
            return (*found, folder)
    raise AssertionError("no seed gave a person a losing hand at a showdown")


def _exports(folder: Path) -> str:
    """The last hand dealt (the one with the choice) in each export format: earlier hands may
    show the same cards, dealt to another player or on the board."""
    journal = Journal(folder)
    record = journal.games()[0]
    log = GameLog(journal, record.id)
    events = log.events()
    last = max(i for i, e in enumerate(events) if isinstance(e, HandStarted))
    hand = events[last:]
    texts = [export_game(log.record, hand, fmt) for fmt in ("phh", "pokerstars", "json")]
    return "\n".join(texts)


def test_house_rule_8_pass_and_play_a_person_may_show_a_losing_hand(tmp_path: Path) -> None:
    name, cards, result, log, folder = _played_to_a_choice(tmp_path, "s")
    assert all(shows_card(result, c) for c in cards), result
    assert f"{name} shows" in log and f"{name} mucks" not in result
    journal = Journal(folder)
    inputs = journal.inputs(journal.games()[0].id)
    assert any(c.get("action") == {"kind": "show", "cards": None} for r in inputs for c in r.calls)


def test_house_rule_8_pass_and_play_a_mucked_hand_shows_nowhere(tmp_path: Path) -> None:
    name, cards, result, log, folder = _played_to_a_choice(tmp_path, "m")
    assert f"{name} mucks" in result and f"{name} mucks" in log
    exports = _exports(folder)
    for card in cards:
        assert not shows_card(result, card) and not shows_card(log, card)
        assert not shows_card(exports, card), card
    events = GameLog(Journal(folder), Journal(folder).games()[0].id).events()
    assert any(isinstance(e, Mucked) for e in events)


def test_house_rule_8_a_showdown_of_typed_and_known_hands_still_runs_in_turn() -> None:
    """A replayed history knows one hand and not the other (cards Entered): the known hand
    shows when asked and the unknown one mucks, with no ranking of the unknown cards."""
    from homegame.engine.card_sources import Entered

    hand = Hand(
        HOLDEM,
        [1000, 1000],
        button=1,
        small_blind=10,
        big_blind=20,
        hole_cards=[tuple(parse_cards("Jc 9c")), None],
        board=dict(zip(HOLDEM.slots, parse_cards("Jh 9h 6d Ad 2h"), strict=True)),
        burn_cards=False,
        cards=Entered(),
        ask_losers=True,
    )
    hand.act(Call(), 1)
    hand.act(Check(), 0)
    for _ in range(3):
        hand.act(Check(), 0)
        hand.act(Check(), 1)
    assert hand.to_act == 0
    hand.act(Show(tuple(parse_cards("Jc 9c"))), 0)
    hand.act(Muck(), 1)
    assert hand.is_over and hand.winners == (0,)
