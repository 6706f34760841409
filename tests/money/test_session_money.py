"""The freezeout's money through the Session: buy-ins, late entry, rebuys, add-on, chop, journal.

Each money move is a journalled input that is checked before it is done: a refused one raises
IllegalAction with one line and leaves the session as it was (HOUSE_RULES 18-20, 23, 24).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from homegame.config import FreezeoutSettings, GameConfig, PlayerSetting
from homegame.defaults import Break
from homegame.engine.actions import AllIn, Call, Check, Fold
from homegame.engine.capabilities import ChipTable
from homegame.engine.errors import IllegalAction
from homegame.engine.schedule import BlindSchedule
from homegame.engine.session import FreezeoutSession
from homegame.engine.session_events import Chopped, MoneyIn
from homegame.money.chop import ChopKind
from homegame.money.entries import EntryKind
from homegame.money.ledger import HOUSE
from homegame.money.night import night
from homegame.money.settings import AddOn, HouseFee, MoneySettings
from homegame.store.journal import Journal
from homegame.store.recorder import PASS_AND_PLAY, GameLog
from homegame.store.resume import build_session, fresh_session

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
REBUY_NIGHT = MoneySettings(
    buy_in=1000, rebuys=True, rebuy_until_level=2, add_on=AddOn(chips=1500, price=500)
)


def session(settings: MoneySettings | None = REBUY_NIGHT, **kw: object) -> FreezeoutSession:
    kw.setdefault("schedule", BlindSchedule.by_hands(None, 3))
    return FreezeoutSession(
        "holdem",
        NAMES,
        rng=random.Random(7),
        money=settings,
        button=0,
        **kw,  # type: ignore[arg-type]
    )


def shove(game: ChipTable, caller: int | None = None) -> None:
    """Play one hand: the first to act moves all in, `caller` calls (or everyone if None),
    every other seat folds or checks."""
    game.start_deal()
    while game.in_hand:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        if legal.can_all_in and legal.current_bet <= game.level.big_blind:
            game.act(AllIn(), seat)
        elif legal.can_call and (caller is None or seat == caller):
            game.act(Call(), seat)
        else:
            game.act(Check() if legal.can_check else Fold(), seat)


def snapshot(game: FreezeoutSession) -> object:
    return (
        copy.deepcopy(game.entries),
        game.stacks,
        game.names,
        game.total_chips,
        dict(game.places),
        game.money(),
    )


@contextmanager
def refused(game: FreezeoutSession, line: str) -> Iterator[None]:
    """The block is refused with exactly `line` and the session is left as it was."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        yield
    assert str(caught.value) == line
    assert snapshot(game) == before


def test_every_starting_player_buys_in_before_the_first_hand() -> None:
    game = session()
    money = game.money()
    assert money is not None
    assert [(e.player, e.kind, e.cents, e.hand) for e in money.entries] == [
        (n, EntryKind.BUY_IN, 1000, 0) for n in NAMES
    ]
    assert (money.money_in, money.pool, money.payouts) == (6000, 6000, (3900, 2100))


def test_a_game_for_chips_only_refuses_money_moves() -> None:
    game = session(None)
    assert game.money() is None and game.ledger_lines("g") == ()
    with refused(game, "this game is not played for money"):
        game.rebuy(0)


def test_house_rule_20_a_late_entry_is_seated_paid_and_dealt_in_next_hand() -> None:
    game = session()
    game.start_deal()
    with refused(game, "buy in between hands"):
        game.buy_in("Gus")
    while game.in_hand:
        game.act(Fold() if not game.legal_actions().can_check else Check())
    events = game.buy_in("Gus")
    assert events[-1] == MoneyIn(6, "late entry", 1000, 1500)
    assert "Gus enters late for 10.00 (1,500 chips)" in [e.describe(game.names) for e in events]
    assert game.names[-1] == "Gus" and game.stacks[-1] == 1500
    money = game.money()
    assert money is not None and money.entries[-1].kind is EntryKind.LATE_ENTRY
    assert money.entries[-1].hand == 1


def test_house_rule_20_late_entry_ends_with_its_level_and_changes_nothing() -> None:
    game = session(late_entry_until_level=1)
    for _ in range(3):  # level 1 is three hands
        game.start_deal()
        while game.in_hand:
            game.act(Fold() if not game.legal_actions().can_check else Check())
    with refused(game, "late entry ended with level 1"):
        game.buy_in("Gus")


def test_house_rule_19_rebuy_at_or_below_the_starting_stack_and_refusals_change_nothing() -> None:
    game = session()
    events = game.rebuy(1)
    assert events == [MoneyIn(1, "rebuy", 1000, 1500)]
    assert game.stacks[1] == 3000 and game.total_chips == 6 * 1500 + 1500
    with refused(game, "Bob has 3,000, above the starting stack 1,500"):
        game.rebuy(1)


def test_house_rule_19_rebuys_ended_with_level_n() -> None:
    game = session()
    for _ in range(6):  # levels 1 and 2, three hands each
        game.start_deal()
        while game.in_hand:
            game.act(Fold() if not game.legal_actions().can_check else Check())
    with refused(game, "rebuys ended with level 2"):
        game.rebuy(0)


def test_house_rule_19_a_busted_player_rebuys_and_plays_again() -> None:
    game = session()
    shove(game, caller=1)
    busted = [s for s in range(6) if game.is_out(s)]
    assert len(busted) == 1
    seat = busted[0]
    assert game.places[seat] == 6
    game.rebuy(seat)
    assert not game.is_out(seat) and seat not in game.places and game.stacks[seat] == 1500


def test_house_rule_19_one_add_on_at_the_first_break() -> None:
    schedule = BlindSchedule.by_minutes(None, 10, [Break(1, 5.0)])
    game = session(schedule=schedule)
    with refused(game, "the add-on is bought at the first break"):
        game.add_on(2)
    game.set_clock(11 * 60.0)
    assert game.at_first_break
    assert game.add_on(2) == [MoneyIn(2, "add-on", 500, 1500)]
    with refused(game, "Cy has already taken the add-on"):
        game.add_on(2)


def test_without_breaks_the_add_on_comes_in_the_level_after_the_rebuys() -> None:
    game = session()
    assert not game.at_first_break
    for _ in range(6):
        game.start_deal()
        while game.in_hand:
            game.act(Fold() if not game.legal_actions().can_check else Check())
    assert game.level_now == 3 and game.at_first_break


def test_house_rule_18_chop_among_the_players_still_in() -> None:
    game = session(MoneySettings(buy_in=1000))
    with refused(game, "a chop is equal, chips or icm, not 'halves'"):
        game.chop("halves")
    events = game.chop("chips")
    assert isinstance(events[0], Chopped) and sum(events[0].cents) == 6000
    money = game.money()
    assert money is not None and money.chop is not None
    assert money.prizes == () and sum(money.won_by(n) for n in NAMES) == 6000
    assert night(game.ledger_lines("g")).balanced
    assert game.is_over and game.winners == tuple(range(len(NAMES)))  # nothing left to play
    with refused(game, "the prizes were chopped: the game is over"):
        game.chop("equal")
    with refused(game, "the prizes were chopped: the game is over"):
        game.buy_in("Gus")


def test_house_rule_18_odd_cents_of_a_chop_start_left_of_the_button() -> None:
    # 60.00 less a 0.01 fee: 59.99 among six is 9.99 each and 5 odd cents
    game = session(MoneySettings(buy_in=1000, house_fee=HouseFee(cents=1), rounding=1))
    game.start_deal()
    while game.in_hand:
        game.act(Fold() if not game.legal_actions().can_check else Check())
    assert game.positions is not None
    button = game.positions.button
    (chopped,) = game.chop(ChopKind.EQUAL)
    assert isinstance(chopped, Chopped)
    assert chopped.seats == tuple((button + i) % 6 for i in range(1, 7))
    assert chopped.cents == (1000, 1000, 1000, 1000, 1000, 999)


def _config(money: MoneySettings) -> GameConfig:
    players = tuple(PlayerSetting(n) for n in NAMES)
    freezeout = FreezeoutSettings(hands_per_level=3)
    return GameConfig("holdem", players=players, seed=5, freezeout=freezeout, money=money)


def test_house_rule_24_money_moves_are_journalled_resumed_and_undone(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "money")
    log = GameLog.new(journal, _config(REBUY_NIGHT), PASS_AND_PLAY)
    game = log.attach(fresh_session(log)).tournament()
    assert game is not None
    shove(game, caller=2)
    game.buy_in("Gus")
    out = next(s for s in range(6) if game.is_out(s))
    game.rebuy(out)
    resumed = build_session(GameLog(Journal(tmp_path / "money"), log.game_id)).tournament()
    assert resumed is not None
    assert resumed.money() == game.money()
    assert resumed.stacks == game.stacks and resumed.names == game.names
    # undo the rebuy: the player is out again and the money is as before it
    log.undo()
    undone = build_session(GameLog(Journal(tmp_path / "money"), log.game_id)).tournament()
    assert undone is not None
    money = undone.money()
    assert money is not None and [e.kind for e in money.entries].count(EntryKind.REBUY) == 0
    assert undone.is_out(out) and money.money_in == 7000  # six and Gus


def test_house_rule_23_a_rebuy_freezeout_night_to_the_cent() -> None:
    """8 entries (6 + a buy-in before the first hand + a late entry), 3 rebuys, 1 add-on."""
    schedule = BlindSchedule.by_minutes(None, 10, [Break(2, 5.0)])
    settings = MoneySettings(
        buy_in=2000,
        house_fee=HouseFee(basis_points=500),
        rebuys=True,
        rebuy_until_level=2,
        add_on=AddOn(chips=3000, price=1000),
    )
    game = session(settings, schedule=schedule, late_entry_until_level=2)
    game.buy_in("Gus")  # before the first hand: a buy-in
    shove(game, caller=1)
    game.buy_in("Hal")  # a late entry
    rebuys = 0
    while rebuys < 3 and not game.is_over:
        out = [s for s in range(len(game.names)) if game.is_out(s)]
        for seat in out[: 3 - rebuys]:
            game.rebuy(seat)
            rebuys += 1
        if rebuys < 3:
            shove(game)
    assert rebuys == 3
    game.set_clock(21 * 60.0)  # the first break, after level 2
    seat = next(s for s in range(len(game.names)) if not game.is_out(s))
    game.add_on(seat)
    with refused(game, "rebuys ended with level 2"):
        game.rebuy(next(s for s in range(len(game.names)) if game.stacks[s] <= 3000))
    while not game.is_over:
        shove(game)
    money = game.money()
    assert money is not None
    assert money.entry_count == 8
    assert [e.kind for e in money.entries].count(EntryKind.REBUY) == 3
    assert money.money_in == 8 * 2000 + 3 * 2000 + 1000 == 23000
    assert (money.house_fee, money.pool) == (1150, 21850)  # 5% for the snacks
    # 6-8 entries pay 65/35: 35% of 218.50 = 76.475 -> 76.00; first gets the rest, 142.50
    assert money.payouts == (14250, 7600)
    first, second = (
        next(n for s, n in enumerate(game.names) if game.places[s] == p) for p in (1, 2)
    )
    assert [(p.place, p.cents, p.player) for p in money.prizes] == [
        (1, 14250, first),
        (2, 7600, second),
    ]
    result = night(game.ledger_lines("night"))
    assert result.balanced and sum(t.net for t in result.totals) == 0
    nets = {t.party: t.net for t in result.totals}
    paid = {n: sum(e.cents for e in money.entries if e.player == n) for n in game.names}
    assert nets[first] == 14250 - paid[first] and nets[second] == 7600 - paid[second]
    assert nets[HOUSE] == 1150
    assert all(nets[n] == -paid[n] for n in game.names if n not in (first, second))
    received: dict[str, int] = {}
    for t in result.transfers:
        received[t.payee] = received.get(t.payee, 0) + t.cents
        received[t.payer] = received.get(t.payer, 0) - t.cents
    assert {p: c for p, c in received.items() if c} == {p: n for p, n in nets.items() if n}


def test_money_for_people_to_read_has_thousands_separators() -> None:
    """Issue 27: the prize pool read "Prize pool 8000.00"; the CSV keeps plain amounts."""
    from homegame.money.amounts import format_cents, money_text
    from homegame.prize_text import pool_line

    game = session(MoneySettings(buy_in=200_000))
    money = game.money()
    assert money is not None
    assert pool_line(money).startswith("Prize pool 12,000.00")
    assert money_text(-123_456_78) == "-123,456.78" and format_cents(800_000) == "8000.00"
