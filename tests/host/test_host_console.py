"""The host console without a screen: each thing a host tripped over (issue 10), as a test."""

from __future__ import annotations

import random
from typing import Any

import pytest
from host_lines import ok_lines as _ok
from host_lines import refused_line as _refused

from homegame.config import (
    CashGameSettings,
    FreezeoutSettings,
    GameConfig,
    PlayerSetting,
    SeriesSettings,
)
from homegame.host.commands import CommandError, Verb, parse
from homegame.host.console import HostConsole

NAMES = ("Ann", "Bob", "Cy")


def _console(game: str = "holdem", names: tuple[str, ...] = NAMES, **kw: Any) -> HostConsole:
    config = GameConfig(game, players=tuple(PlayerSetting(n) for n in names), **kw)
    return HostConsole(config, random.Random(7), button=0)


def _stacks(console: HostConsole) -> tuple[int, ...]:
    assert console.tournament is not None
    return console.tournament.stacks


def test_nothing_is_dealt_until_the_host_says_n() -> None:
    console = _console()
    assert console.view() is None
    assert console.prompt().startswith("n deals the first hand")
    assert "no hand is being played" in _refused(console, "f")
    _ok(console, "n")
    assert console.prompt().startswith("Ann to act")


def test_an_action_may_name_its_player_and_the_wrong_player_is_refused() -> None:
    console = _console()
    _ok(console, "n")
    assert _refused(console, "Bob f") == "it is Ann's turn, not Bob's"
    _ok(console, "Ann r 60", "Bob f")
    assert _refused(console, "ann c") == "it is Cy's turn, not Ann's"
    lines = _ok(console, "cy c")
    assert "Cy calls 40" in lines


def test_named_forms_raise_and_show_cards() -> None:
    console = _console()
    _ok(console, "n", "Ann f", "Bob c", "Cy k")
    _ok(console, "b Ah Kd 7c", "Bob k", "Cy r 100", "Bob c", "b 2s", "c", "c", "b 3h", "c", "c")
    _ok(console, "Bob s Qs Qd")
    lines = _ok(console, "s Cy Kh Kc")
    assert any(line.startswith("Cy wins") for line in lines)


def test_a_misspelled_name_says_so_not_bad_card() -> None:
    console = _console(names=("Ann", "Bob", "Cy"))
    _ok(console, "n")
    assert _refused(console, "Bobb f") == "no player called 'Bobb' at this table: did you mean Bob?"
    _ok(console, "c", "c", "k")
    message = _refused(console, "s Bobb Ah Kd")
    assert message.startswith("no player called 'Bobb'")
    assert "bad card" not in message


def test_k_and_x_never_call_a_bet() -> None:
    console = _console()
    _ok(console, "n")
    for word in ("k", "x", "check"):
        assert _refused(console, word) == "Ann can't check: 20 to call (c calls, f folds)"
    assert _ok(console, "c") == ["Ann calls 20"]


@pytest.mark.parametrize("raise_to", [100, 500])
def test_a_is_allowed_when_the_player_can_only_call_all_in(raise_to: int) -> None:
    console = _console()
    _ok(console, "n", "Ann f", "Bob f", "set Ann 100")  # Cy wins the blinds
    _ok(console, "n")  # button Bob, Cy small blind, Ann big blind 20 of her 100
    _ok(console, f"Bob r {raise_to}", "Cy f")
    assert "a all-in" in console.prompt()
    lines = _ok(console, "Ann a")
    assert "Ann calls 80 and is all-in" in lines


def test_fold_refused_when_checking_is_free() -> None:
    console = _console()
    _ok(console, "n", "c", "c")
    assert "can't fold" in _refused(console, "Cy f")


def test_the_pot_to_name_reads_as_a_pot_not_an_amount() -> None:
    console = _console()
    _ok(console, "n", "f", "f", "set Ann 300", "n")
    _ok(console, "a", "c", "a")  # Bob all-in 1,510, Cy calls, Ann all-in 300
    _ok(console, "s", "s", "s")  # every hand shown, no card typed: the host names the winners
    prompt = console.prompt()
    assert "(0)" not in prompt
    assert "w NAME.. for the main pot" in prompt and "w 1 NAME.. for side pot 1" in prompt
    _ok(console, "w Ann")
    assert _refused(console, "w 0 Cy").startswith("the main pot is not waiting")
    _ok(console, "w 1 Cy")
    assert _stacks(console) == (900, 0, 2400)


def test_winners_by_name_refuse_a_folded_player() -> None:
    console = _console()
    _ok(console, "n", "f", "r 1500", "a")
    assert _refused(console, "w Ann") == "Ann has folded: they can't win a pot"
    _ok(console, "w Bob")
    assert _stacks(console) == (1500, 3000, 0)


def test_a_turn_card_is_not_stored_in_a_gap_of_the_flop() -> None:
    console = _console()
    _ok(console, "n", "c", "c", "k")
    refused = console.run("b Ah Kd 7x")
    assert not refused.ok
    _ok(console, "k", "k", "k")  # the turn is dealt; the flop was never entered
    message = _refused(console, "b 2s")
    assert message.startswith("the flop still has 3 card(s) to enter")
    lines = _ok(console, "b turn 2s")
    assert lines == ["The turn is 2♠"]
    _ok(console, "b Ah Kd 7c")


def test_board_card_already_on_the_table_is_refused() -> None:
    console = _console()
    _ok(console, "n", "c", "c", "k", "b Ah Kd 7c", "k", "k", "k")
    assert _refused(console, "b turn Kd") == "card Kd is already on the table"


def test_yukon_flops_in_any_order_and_the_slash_form() -> None:
    console = _console("yukon")
    _ok(console, "n", "c", "c", "k")
    _ok(console, "b B 7c 2s")
    view = console.view()
    assert view is not None
    assert [(label, [str(c) for c in cards]) for label, cards in console.board_rows(view)] == [
        ("A", ["None", "None"]),
        ("B", ["7c", "2s"]),
    ]
    _ok(console, "b A Ah Kd")
    _ok(console, "k", "k", "k")
    _ok(console, "b Qs / 3d")
    _ok(console, "k", "k", "k", "b 9h")
    view = console.view()
    assert view is not None
    rows = [(label, [str(c) for c in cards]) for label, cards in console.board_rows(view)]
    # The river is its own row, not a fourth card of set B.
    assert rows == [("A", ["Ah", "Kd", "Qs"]), ("B", ["7c", "2s", "3d"]), ("river", ["9h"])]


def test_yukon_slash_form_fills_each_set_at_once() -> None:
    console = _console("yukon")
    _ok(console, "n", "c", "c", "k", "b Ah Kd / 7c 2s")
    view = console.view()
    assert view is not None and len(view.board) == 4
    assert dict(view.board)["flop B1"].__str__() == "7c"


def test_yukon_result_says_which_set_won() -> None:
    console = _console("yukon")
    _ok(console, "n", "c", "c", "k", "b Ah Kd / 7c 2s")
    _ok(console, "k", "k", "k", "b Qs / 3d", "k", "k", "k", "b 9h", "k", "k", "k")
    _ok(console, "s Bob 7h 7d", "s Cy Ac Ad")
    lines = _ok(console, "s Ann 4c 5d")
    won = [line for line in lines if "wins" in line]
    # Cy's aces play set A (A K Q + the 9 river); Bob's sevens play set B.
    assert won == ["Cy wins the main pot (60) with three of a kind, set A"], lines


def test_help_lists_every_command_with_its_arguments() -> None:
    console = _console()
    assert console.run("?").help
    text = "\n".join(console.help_lines())
    for shown in ("[NAME] f", "[NAME] r AMOUNT", "s [NAME] [CARDS]", "w [POT] NAME", "set NAME"):
        assert shown in text
    krg = "\n".join(_console("krg").help_lines())
    assert "d all" in krg and "[NAME] d" in krg and "cube NAME" in krg
    assert "r AMOUNT" not in krg


def test_krg_one_entry_for_a_whole_discard_stage_and_winner_by_name() -> None:
    console = _console("krg", names=("Ann", "Bob", "Cy", "Dee"))
    _ok(console, "n")
    assert "discards 2" in console.prompt()
    _ok(console, "d all")
    assert "discards 1" in console.prompt()
    _ok(console, "d all", "d all")
    assert console.prompt().startswith("Showdown")
    lines = _ok(console, "w Cy")
    assert any("Cy" in line for line in lines)
    series = console.session.scoreboard().series
    assert series is not None
    wins = {row.name: row.wins for row in series.rows}
    assert wins == {"Ann": 0, "Bob": 0, "Cy": 1, "Dee": 0}


def test_krg_a_named_discard_for_the_wrong_player_is_refused() -> None:
    console = _console("krg")
    _ok(console, "n")
    seat = console.session.to_act
    assert seat is not None
    other = NAMES[(seat + 1) % 3]
    assert _refused(console, f"{other} d") == f"it is {NAMES[seat]}'s turn, not {other}'s"
    _ok(console, f"{NAMES[seat]} d")


def test_krg_shows_its_pool_cube_and_side_pool_from_the_config() -> None:
    series = SeriesSettings(buy_in=5, doubling_cube=True, side_bets=True)
    console = _console("krg", series=series)
    line = console.krg_line()
    assert line.startswith("Pool ") and "cube 1" in line and "side pool" in line
    _ok(console, "cube Ann")
    assert "double NAME or drop NAME" in console.prompt()
    assert "cube waits" in _refused(console, "n")
    _ok(console, "double Bob", "drop Cy")
    assert "cube 2 (Ann)" in console.krg_line()
    _ok(console, "n", "d all", "d all", "d all")
    _ok(console, "w Bob quads Bob")
    score = console.session.scoreboard().series
    assert score is not None
    assert score.side_pool == 0


def test_krg_series_ends_with_its_winner() -> None:
    console = _console("krg")
    for _ in range(3):
        _ok(console, "n", "d all", "d all", "d all", "w Ann")
    assert console.over
    assert console.winner_names() == ["Ann"]
    assert "game is over" in console.prompt()


def test_sit_out_is_blinded_and_folded_in_turn_until_back() -> None:
    console = _console(names=("Ann", "Bob", "Cy", "Dee"))
    _ok(console, "out Bob")
    assert console.sitting_out(1)
    lines = _ok(console, "n")  # Bob posts the small blind
    assert "Bob posts the small blind 10" in lines
    lines = _ok(console, "Dee c", "Ann c")
    assert "Bob folds" in lines
    assert console.prompt().startswith("Cy to act")
    _ok(console, "Bob back")
    assert not console.sitting_out(1)


def test_a_refused_line_names_the_reason_and_a_bad_amount_is_refused() -> None:
    console = _console()
    _ok(console, "n")
    assert _refused(console, "r lots") == "expected an amount in chips, got 'lots'"
    assert "more than any table" in _refused(console, "r " + "9" * 40)
    assert _refused(console, "zap").startswith("unknown command 'zap'")


def test_markup_in_a_line_is_plain_text() -> None:
    console = _console()
    message = _refused(console, "[/] f")
    assert "[/]" in message


def test_clock_commands_need_a_minutes_clock() -> None:
    console = _console()
    assert "--minutes" in _refused(console, "p")


def _clocked(minutes: int = 15) -> HostConsole:
    return _console(freezeout=FreezeoutSettings(minutes_per_level=minutes))


def test_the_clock_does_not_run_before_the_first_deal() -> None:
    console = _clocked()
    assert console.clock is not None
    assert console.clock_line(3600.0).endswith("starts with n")
    assert console.run("n", now=1000.0).ok
    assert console.tournament is not None and console.tournament.level.number == 1
    assert "15:00 to 15/25" in console.clock_line(1000.0)
    assert "14:00 to 15/25" in console.clock_line(1060.0)


def test_pause_and_resume_stop_the_clock() -> None:
    console = _clocked()
    console.run("n", now=0.0)
    pause = console.run("p", now=60.0)
    assert pause.ok and pause.message == "Clock paused at 14:00"
    assert "paused 14:00" in console.clock_line(900.0)
    assert console.run("p", now=900.0).message == "Clock running (14:00 left)"
    assert "13:00" in console.clock_line(960.0)


def test_level_change_alerts_once_and_the_next_hand_has_the_new_blinds() -> None:
    console = _clocked()
    console.run("n", now=0.0)
    assert console.tick(899.0) == []
    alerts = console.tick(901.0)
    assert [a.describe() for a in alerts] == ["Level 2: blinds 15/25 from the next hand"]
    assert console.tick(902.0) == []
    for line in ("f", "f"):
        console.run(line, now=903.0)
    lines = console.run("n", now=904.0).lines
    assert "Cy posts the small blind 15" in lines or any("25" in ln for ln in lines)
    assert console.tournament is not None and console.tournament.level.number == 2


def test_level_moves_and_time_left() -> None:
    console = _clocked()
    console.run("n", now=0.0)
    moved = console.run("level +", now=10.0)
    assert moved.message == "Clock moved to the start of level 2 (15/25)"
    assert [a.segment.level.number for a in moved.alerts] == [2]
    assert console.run("level -", now=20.0).ok
    assert "15:00 to 15/25" in console.clock_line(20.0)
    assert console.run("time 2:30", now=20.0).message == "Clock set: 2:30 left"
    assert "2:20 to 15/25" in console.clock_line(30.0)


def test_parse_named_and_plain_forms() -> None:
    names = ("Ann", "Bob", "Mary Jo")
    assert parse("Bob r 1,500", names).amount == 1500
    assert parse("mary jo f", names).seat == 2
    assert parse("s Mary Jo Ah Kd", names).seat == 2
    assert parse("w 1 Ann, Bob", names).seats == (0, 1)
    assert parse("w main Bob", names).pot == 0
    assert parse("d all", names).everyone
    assert parse("out Bob", names).verb is Verb.SIT_OUT
    assert parse("Bob back", names).verb is Verb.BACK
    assert parse("time 12:30", names).seconds == 750
    with pytest.raises(CommandError):
        parse("b Ah / Kd", names)  # one board in Hold'em
    with pytest.raises(CommandError, match="typed twice"):
        parse("b Ah Ah 7c", names)


def test_level_back_deals_the_next_hand_at_the_lower_blinds() -> None:
    console = _clocked()
    console.run("n", now=0.0)
    console.run("level +", now=1.0)
    _ok(console, "f", "f")
    console.run("n", now=2.0)
    assert console.tournament is not None and console.tournament.level.number == 2
    _ok(console, "f", "f")
    console.run("level -", now=3.0)
    lines = console.run("n", now=4.0).lines
    assert console.tournament.level.number == 1
    assert any(line.endswith("big blind 20") for line in lines), lines


def test_house_rule_20_late_entry_joins_between_hands_and_posts_no_blind_first() -> None:
    console = _console(names=("Ann", "Bob", "Cy"))
    _ok(console, "n", "f", "f")  # button Ann, Bob SB, Cy BB
    lines = _ok(console, "join Dee 1200")
    assert lines == ["Dee joins with 1,200 chips, dealt in from the next hand"]
    assert console.names == ("Ann", "Bob", "Cy", "Dee")
    lines = _ok(console, "n")
    # Dee (seat 4, left of Cy) is dealt in, but the blinds skip her this hand.
    assert "Dee is dealt 2 cards" in lines
    assert not any(line.startswith("Dee posts") for line in lines)
    assert "Ann posts the big blind 20" in lines
    _ok(console, "Bob f", "Cy f", "Dee f")
    lines = _ok(console, "n")
    # From her second hand she is a player like any other: the big blind moves on to Bob.
    assert "Bob posts the big blind 20" in lines and "Dee is dealt 2 cards" in lines


def test_late_entry_is_refused_mid_hand_after_its_level_and_for_a_taken_name() -> None:
    console = _console()
    _ok(console, "n")
    assert _refused(console, "join Dee") == "a late player joins between hands"
    _ok(console, "f", "f")
    assert _refused(console, "join bob") == "bob is already at the table"
    late = _console(freezeout=FreezeoutSettings(minutes_per_level=10, late_entry_until_level=1))
    late.run("n", now=0.0)
    late.run("f", now=1.0)
    late.run("f", now=1.0)
    assert late.run("join Dee", now=601.0).message.startswith("late entry ended with level 1")


def test_krg_river_can_be_typed_after_the_hands_are_shown() -> None:
    console = _console("krg", names=("Ann", "Bob"))
    _ok(console, "n", "d all", "d all", "d all", "b Qh 9c 9d", "b 4s")
    _ok(console, "s Ann Kh Ks", "s Bob 4d 4c")
    assert console.prompt().startswith("Deal shown")
    lines = _ok(console, "b river 2h")
    # Bob's full house (4s full of 9s) beats Ann's two pair: the cards decide the deal.
    assert any(line.startswith("Bob wins") for line in lines), lines
    series = console.session.scoreboard().series
    assert series is not None
    assert [r.wins for r in series.rows] == [0, 1]


def test_header_shows_the_new_level_as_soon_as_time_runs_out() -> None:
    console = _clocked()
    console.run("n", now=0.0)
    assert "→" not in console.header(899.0)
    assert console.header(901.0).endswith("L1 10/20 → L2 15/25 next · 3 left")
    _ok(console, "f", "f")
    console.run("n", now=902.0)
    assert "L2 15/25 · 3 left" in console.header(903.0)


def test_all_in_after_a_player_busted_reads_the_right_seat() -> None:
    """The view holds only the seats dealt in: `a` for a seat past a busted one used to index
    the view by table seat and crash the console."""
    console = _console(names=("Ann", "Bob", "Cy", "Dee"))
    _ok(console, "set Bob 0", "n")
    _ok(console, "Ann c", "Cy c")  # Bob is out: Ann has the button, Cy and Dee the blinds
    assert "Dee to act" in console.prompt() and "a all-in 1,500" in console.prompt()
    lines = _ok(console, "Dee a")
    assert any("Dee" in line and "all-in" in line for line in lines)


def test_a_command_another_kind_of_game_has_is_refused_in_the_sessions_words() -> None:
    """The console asks the session; the session says why its game has no such thing."""
    holdem = _console()
    assert "no doubling cube" in _refused(holdem, "cube Ann")
    cash = _console(cash=CashGameSettings(10, 20))
    assert "no doubling cube" in _refused(cash, "cube Ann")
    krg = _console("krg")
    assert "the doubling cube is not in play in this series" in _refused(krg, "cube Ann")
    assert "nobody sits out in KRG" in _refused(krg, "out Bob")
    assert "no chip stacks to correct" in _refused(krg, "set Ann 100")
