"""HOUSE_RULES 22, the cash game: fixed blinds, buy-ins and top-ups up to the maximum, cash-outs.

The session keeps the money moves and their ledger lines; the host console types them (`buy`,
`topup`, `cashout`, `end`), each refused line being one line that changes nothing; a busted
player stays seated until they top up or leave; the game ends when the host ends it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from homegame.config import CashGameSettings, GameConfig, PlayerSetting, config_from_dict
from homegame.engine import Call, Check, IllegalAction, Muck, Show
from homegame.engine.capabilities import CashGame
from homegame.engine.cash_session import CashGameEnded, CashMoved, CashSession
from homegame.engine.events import HandStarted
from homegame.host.commands import CommandError, parse
from homegame.host.console import HostConsole
from homegame.host.room import room_view
from homegame.money.ledger import totals
from homegame.money.night import night
from homegame.setup import session_for

NAMES = ("Ann", "Bob", "Cy")


def _session(**kw: Any) -> CashSession:
    return CashSession("holdem", NAMES, rng=random.Random(2), button=0, **kw)


def _play_checked_down(session: CashSession) -> None:
    """Everyone calls and checks a hand down."""
    session.start_deal()
    while session.in_hand:
        legal = session.legal_actions()
        if legal.can_show:
            session.act(Muck() if legal.can_muck else Show())
        else:
            session.act(Check() if legal.can_check else Call())


def test_house_rule_22_the_blinds_never_go_up() -> None:
    session = _session()
    for _ in range(25):
        _play_checked_down(session)
    assert session.level.number == 1 and (session.level.small_blind, session.level.big_blind) == (
        10,
        20,
    )
    assert session.scoreboard().hands_to_next_level is None


def test_house_rule_22_buy_in_up_to_the_maximum_of_100_big_blinds() -> None:
    session = _session(buy_ins=[2000, 1000, 500])
    assert session.cash.max_buy_in == 2000
    with pytest.raises(IllegalAction, match="at most 2,000 chips"):
        session.top_up(1, 1001)
    before = (session.stacks, list(session.moves))
    with pytest.raises(IllegalAction, match="more than 0"):
        session.top_up(1, 0)
    assert (session.stacks, list(session.moves)) == before
    events = session.top_up(1, 1000)
    assert events == [CashMoved(1, "top-up", 1000, 1000)]
    assert session.stacks[1] == 2000
    with pytest.raises(ValueError, match="at most 2,000"):
        CashSession("holdem", NAMES, rng=random.Random(1), buy_ins=[2001, 100, 100])


def test_house_rule_22_money_moves_only_between_hands() -> None:
    session = _session()
    session.start_deal()
    calls: tuple[Callable[[], object], ...] = (
        lambda: session.top_up(0, 10),
        lambda: session.cash_out(0),
        session.end,
    )
    for call in calls:
        with pytest.raises(IllegalAction, match="between hands"):
            call()
    with pytest.raises(IllegalAction, match="between hands"):
        session.buy_in("Dee")


def test_house_rule_22_a_cash_out_takes_the_chips_on_the_table_and_leaves() -> None:
    session = _session()
    _play_checked_down(session)
    stack = session.stacks[2]
    with pytest.raises(IllegalAction, match=f"has {stack:,} chips on the table, not {stack + 1:,}"):
        session.cash_out(2, stack + 1)
    events = session.cash_out(2, stack)
    assert events == [CashMoved(2, "cash-out", stack, stack)]
    assert session.is_out(2) and not session.seated(2)
    assert session.stacks[2] == 0
    with pytest.raises(IllegalAction, match="has left the table"):
        session.top_up(2, 100)
    started = next(e for e in session.start_deal() if isinstance(e, HandStarted))
    assert started.stacks[2] == 0 and session.in_deal(2) is False


def test_house_rule_22_a_busted_player_stays_seated_until_they_top_up_or_leave() -> None:
    session = _session(buy_ins=[2000, 2000, 40])
    session.correct_stacks({0: 2040, 2: 0})  # Cy lost it all to Ann
    assert not session.is_over and not session.is_out(2) and session.seated(2)
    assert session.winners == ()
    session.start_deal()
    assert not session.in_deal(2)
    while session.in_hand:
        legal = session.legal_actions()
        session.act(Check() if legal.can_check else Call())
    session.top_up(2, 500)
    session.start_deal()
    assert session.in_deal(2)


def test_a_cash_game_has_no_late_entry_rebuy_add_on_or_chop() -> None:
    """Once inherited from the freezeout: `join("Dee", 500)` seated Dee for no money, and the
    game's end paid out 500 more than came in."""
    session = _session()
    assert session.cash_game() is session and session.tournament() is None
    assert session.cube() is None and session.host_entry() is session
    for verb in ("join", "rebuy", "add_on", "chop", "money", "set_clock"):
        with pytest.raises(AttributeError):
            getattr(session, verb)
    session.buy_in("Dee", 500)  # a newcomer buys in, and the money is in the ledger
    session.end()
    lines = session.ledger_lines("cash")
    assert sum(line.cents_in for line in lines) == sum(line.cents_out for line in lines) == 6500


def test_a_cash_game_correction_moves_chips_it_never_makes_them() -> None:
    session = _session(buy_ins=[2000, 1000, 500])
    with pytest.raises(IllegalAction, match="must add up to 3,500, not 4,000"):
        session.correct_stacks({2: 1000})
    assert (session.stacks, session.total_chips) == ((2000, 1000, 500), 3500)
    session.cash_out(2)
    with pytest.raises(IllegalAction, match="Cy has left the table"):
        session.correct_stacks({0: 1700, 2: 300})  # chips there would never be cashed out
    assert (session.stacks, session.total_chips) == ((2000, 1000, 0), 3000)
    events = session.correct_stacks({0: 1700, 1: 1300}, "a pot pushed to the wrong player")
    assert session.stacks == (1700, 1300, 0) and session.total_chips == 3000
    assert len(events) == 1 and session.audit() is None


def test_house_rule_22_a_hand_needs_two_players_with_chips() -> None:
    session = _session()
    session.cash_out(1)
    session.cash_out(2)
    with pytest.raises(IllegalAction, match="two players with chips"):
        session.start_deal()
    session.buy_in("Bob", 800)  # back at the seat he left
    assert session.seated(1) and session.stacks[1] == 800
    session.start_deal()


def test_house_rule_22_the_game_ends_when_the_host_ends_it_and_the_ledger_balances() -> None:
    session = _session(cents_per_chip=5)  # a chip is worth 0.05
    session.buy_in("Dee", 1200)
    for _ in range(4):
        _play_checked_down(session)
    if session.stacks[0] < 2000:
        session.top_up(0, 2000 - session.stacks[0])
    events = session.end()
    assert isinstance(events[-1], CashGameEnded) and session.is_over
    assert sum(1 for e in events if isinstance(e, CashMoved)) == 4
    lines = session.ledger_lines("cash")
    result = night(lines)
    assert result.balanced
    nets = {t.party: t.net for t in totals(lines)}
    assert sum(nets.values()) == 0
    assert nets["Dee"] == (session.moves[-1].chips - 1200) * 5
    with pytest.raises(IllegalAction, match="over"):
        session.start_deal()


def test_cash_config_table_and_its_problems() -> None:
    config = config_from_dict(
        {"game": "holdem", "cash": {"small_blind": 25, "big_blind": 50, "chip_value": 0.05}}
    )
    assert config.cash == CashGameSettings(25, 50, 5, 100)
    session = session_for(config, NAMES, random.Random(1), button=0)
    assert isinstance(session, CashSession) and session.stacks == (5000, 5000, 5000)
    from homegame.config import ConfigError

    with pytest.raises(ConfigError) as info:
        config_from_dict({"game": "holdem", "cash": {"chip_value": 0.005, "max_buy_in": 0}})
    assert any(p.startswith("cash.chip_value") for p in info.value.problems)
    assert any(p.startswith("cash.max_buy_in") for p in info.value.problems)
    with pytest.raises(ConfigError, match="cash: only for games with betting"):
        config_from_dict({"game": "krg", "cash": {}})


# -- host mode ---------------------------------------------------------------------------------


def _console(names: tuple[str, ...] = NAMES) -> HostConsole:
    config = GameConfig(
        "holdem", players=tuple(PlayerSetting(n) for n in names), cash=CashGameSettings()
    )
    return HostConsole(config, random.Random(7), button=0)


def _cash(console: HostConsole) -> CashGame:
    """The console's cash game: every console here plays one."""
    assert console.cash is not None
    return console.cash


def _refused(console: HostConsole, line: str) -> str:
    before = (console.prompt(), console.view(), list(console.history), _cash(console).stacks)
    outcome = console.run(line)
    assert not outcome.ok, f"{line!r} was accepted"
    assert "\n" not in outcome.message
    after = (console.prompt(), console.view(), list(console.history), _cash(console).stacks)
    assert after == before
    return outcome.message


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("topup Ann 12.505", "two decimals"),
        ("topup Ann 0", "more than 0"),
        ("topup Ann -5", "negative"),
        ("topup Ann", "say how many chips"),
        ("cashout Ann 2001", "has 2,000 chips on the table, not 2,001"),
        ("cashout Zed", "no player called 'Zed'"),
        ("buy Ann", "Ann is at the table: top up instead"),
        ("rebuy Ann", "rebuy is not for a cash game: it is for a freezeout played for money"),
        ("addon Ann", "addon is not for a cash game"),
        ("chop equal", "chop is not for a cash game"),
        ("set Ann 2500", "the stacks must add up to 6,000, not 6,500"),
        ("join Dee", "buys in"),
        ("topup Ann 0.015", "two decimals"),
    ],
)
def test_host_cash_commands_refused_with_one_line_and_nothing_changed(line: str, why: str) -> None:
    console = _console()
    console.run("topup Ann 0")  # refused
    assert why in _refused(console, line)


def test_host_cash_amounts_as_chips_or_money() -> None:
    assert parse("topup Ann 500", NAMES).amount == 500
    assert parse("topup Ann 5.00", NAMES).cents == 500
    assert parse("cashout Ann", NAMES).amount is None
    with pytest.raises(CommandError, match="two decimals"):
        parse("cashout Ann 1.234", NAMES)


def test_host_cash_game_buy_top_up_cash_out_and_end() -> None:
    console = _console()
    assert "cash 10/20" in console.header(0.0)
    assert any(line.startswith("topup NAME CHIPS") for line in console.help_lines())
    assert not any(line.startswith("join") for line in console.help_lines())
    lines = console.run("buy Dee 1500").lines
    assert "Dee buys in for 1,500 chips (15.00)" in lines
    assert console.names[-1] == "Dee"
    console.run("n")
    assert "between hands" in _refused(console, "topup Dee 100")
    while console.session.in_hand:
        view = console.view()
        assert view is not None
        line = "w Ann" if view.phase in ("showdown", "award") else "c"
        assert console.run(line).ok, console.prompt()
    room = room_view(console, 0.0)
    assert room.headline == "Blinds 10/20 (fixed)" and "4 seated" in room.field_line
    assert "On the table 75.00" in room.money_line
    stack = _cash(console).stacks[1]
    assert f"Bob cashes out {stack:,} chips" in console.run(f"cashout Bob {stack}").lines[0]
    assert "3 seated" in room_view(console, 0.0).field_line
    assert room_view(console, 0.0).headline == "Blinds 10/20 (fixed)"
    out = console.run("end")
    assert out.ok and "The cash game is over after 1 hand" in out.lines
    assert console.over and console.winner_names() == []
    assert room_view(console, 0.0).headline == "The cash game is over"
    result = night(_cash(console).ledger_lines("cash"))
    assert result.balanced and sum(t.net for t in result.totals) == 0


def test_house_rule_22_a_newcomer_heads_up_is_dealt_in_and_posts() -> None:
    """After a hand, two leave and a new player buys in: with one other player left, the
    newcomer must post a blind for the hand to be dealt at all."""
    session = _session()
    _play_checked_down(session)
    session.cash_out(1)
    session.cash_out(2)
    session.buy_in("Dee", 1000)
    started = next(e for e in session.start_deal() if isinstance(e, HandStarted))
    assert session.in_deal(3) and session.in_deal(0)
    assert {started.small_blind_seat, started.big_blind_seat} == {0, 3}
