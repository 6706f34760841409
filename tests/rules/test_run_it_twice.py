"""HOUSE_RULES 27, run it twice, pinned rule by rule on crafted hands checked by hand: the
question in an all-in run-out before the river, the halves of each pot (the odd chip to the
first run's half), a tie on one run shared by HOUSE_RULES 4, side pots, a no keeping one run,
out-of-turn and wrong answers refused, and every board game (Yukon, Double Board, Omaha)."""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

import pytest
from every_game import CHIP_GAMES
from host_lines import Hosting, ok_lines, refused_line
from pokerkit import HandHistory

from homegame.cards import Card, parse_cards
from homegame.config import (
    CashGameSettings,
    ConfigError,
    GameConfig,
    PlayerSetting,
    RulesSettings,
    parse_config,
)
from homegame.devices.messages import BadAnswer, Question, read_answer, seat_message
from homegame.devices.messages import Table as DeviceTable
from homegame.engine import AllIn, BetRaise, Call, Check, Fold, Hand, IllegalAction, Phase, RunTwice
from homegame.engine.actions import passive
from homegame.engine.card_sources import Replayed
from homegame.engine.events import (
    PotAwarded,
    RunTwiceAgreed,
    RunTwiceAnswered,
    RunTwiceOffered,
    SecondRunDealt,
)
from homegame.host.console import HostConsole
from homegame.house_options import option_lines
from homegame.phh import replay_text
from homegame.play.driver import GameDriver, Refused
from homegame.play.requests import AskAction, AskRunTwice, BotTurn, DealResult, GameOver
from homegame.setup import session_for
from homegame.store.export import export_game
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, PASS_AND_PLAY, GameLog
from homegame.store.resume import fresh_session
from homegame.variants import get_variant

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _stacked(text: str) -> Replayed:
    """A deck that deals exactly these cards in order (burns come from the rest)."""
    return Replayed([parse_cards(text)], random.Random(0))


def _hand(game: str, stacks: Sequence[int], deck: str | None = None, **kw: object) -> Hand:
    """Ann on the button; Bob posts 5, Cy 10 (heads-up: Ann 5, Bob 10)."""
    return Hand(
        get_variant(game),
        list(stacks),
        button=0,
        small_blind=5,
        big_blind=10,
        names=NAMES[: len(stacks)],
        cards=_stacked(deck) if deck is not None else None,
        rng=None if deck is not None else random.Random(7),
        run_twice=True,
        **kw,  # type: ignore[arg-type]
    )


def _awards(hand: Hand) -> list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]]:
    """(pot, run, board, winners, shares) of each award."""
    return [
        (e.pot, e.run, e.board, e.winners, e.amounts)
        for e in hand.events
        if isinstance(e, PotAwarded)
    ]


#: Three-handed, Bob folds his small blind: Bob 2c 3d, Cy Kh Kd, Ann Ah Ad; then run 1 and 2.
ODD_POT = "2c 3d Kh Kd Ah Ad"


def _all_in_odd_pot(deck: str) -> Hand:
    """Ann moves in for 1000, Bob folds his 5, Cy calls: a pot of 2005, then the question."""
    hand = _hand("holdem", [1000, 1000, 1000], deck)
    hand.act(AllIn(), 0)
    hand.act(Fold(), 1)
    hand.act(Call(), 2)
    return hand


def test_house_rule_27_the_question_comes_when_no_more_betting_is_possible() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h Kc 4s 5h Jd 2s")
    offered = [e for e in hand.events if isinstance(e, RunTwiceOffered)]
    assert offered == [RunTwiceOffered((2, 0))]  # every player in the hand, from the button's left
    assert hand.phase is Phase.RUN_TWICE
    assert hand.to_act == 2
    assert hand.legal_actions().can_run_twice
    assert hand.dealt_slots == []  # nothing of the rest is dealt before everyone answers
    assert all(seat in hand.shown for seat in (0, 2))  # the all-in hands are face up


def test_house_rule_27_each_half_to_its_run_and_the_odd_chip_to_the_first() -> None:
    # Run 1 As 7c 8d 9s 2h: Ann's aces; run 2 Kc 4s 5h Jd 2s: Cy's kings. 2005 = 1003 + 1002.
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h Kc 4s 5h Jd 2s")
    hand.act(RunTwice(True), 2)
    hand.act(RunTwice(True), 0)
    assert hand.is_over
    assert hand.runs == 2
    assert hand.board == dict(zip(hand.variant.slots, parse_cards("As 7c 8d 9s 2h"), strict=True))
    assert hand.second_board == dict(
        zip(hand.variant.slots, parse_cards("Kc 4s 5h Jd 2s"), strict=True)
    )
    assert _awards(hand) == [(0, 1, 0, (0,), (1003,)), (0, 2, 0, (2,), (1002,))]
    assert hand.stacks == (1003, 995, 1002)
    assert [type(e) for e in hand.events if isinstance(e, RunTwiceAnswered | RunTwiceAgreed)] == [
        RunTwiceAnswered,
        RunTwiceAnswered,
        RunTwiceAgreed,
    ]
    lines = [e.describe(NAMES) for e in hand.events if isinstance(e, PotAwarded)]
    assert lines == [
        "Run 1: Ann wins half of the main pot (1,003) with three of a kind",
        "Run 2: Cy wins half of the main pot (1,002) with three of a kind",
    ]


def test_house_rule_27_a_tie_on_one_run_is_shared_by_house_rule_4() -> None:
    # Run 1 is a straight flush on the board (both play it): its 1003 split, the odd chip to
    # Cy, the first tied seat left of the button; run 2 Kc 4s 5h Jd 2s is Cy's alone.
    hand = _all_in_odd_pot(f"{ODD_POT} 2s 3s 4s 5s 6s Kc 4h 5h Jd 2h")
    hand.act(RunTwice(True), 2)
    hand.act(RunTwice(True), 0)
    assert _awards(hand) == [(0, 1, 0, (0, 2), (501, 502)), (0, 2, 0, (2,), (1002,))]
    assert hand.stacks == (501, 995, 1504)


def test_house_rule_27_side_pots_split_each_into_two_halves() -> None:
    # Dee 1000 and Ann 500 all-in, Bob folds his 5, Cy calls all-in 1000: main 1505 (Ann, Cy,
    # Dee) = 753 + 752, side 1000 (Cy, Dee) = 500 + 500. Run 1 As 7c 8d 9s 2h: Ann's aces win
    # the main half, Cy's kings beat Dee's queens for the side; run 2 Qs 4s 5h Jd 2s: Dee's
    # queens win both halves.
    deck = "2c 3d Kh Kd Qh Qd Ah Ad As 7c 8d 9s 2h Qs 4s 5h Jd 2s"
    hand = _hand("holdem", [500, 2000, 1000, 1000], deck)
    hand.act(AllIn(), 3)
    hand.act(AllIn(), 0)
    hand.act(Fold(), 1)
    hand.act(Call(), 2)
    assert hand.to_act == 2  # Cy, Dee, Ann: from the button's left, Bob folded
    for seat in (2, 3, 0):
        hand.act(RunTwice(True), seat)
    assert _awards(hand) == [
        (0, 1, 0, (0,), (753,)),
        (0, 2, 0, (3,), (752,)),
        (1, 1, 0, (2,), (500,)),
        (1, 2, 0, (3,), (500,)),
    ]
    assert hand.stacks == (753, 1995, 500, 1252)
    assert sum(hand.stacks) == 4500


def test_house_rule_27_anyone_who_declines_keeps_one_run() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h Kc 4s 5h Jd 2s")
    hand.act(RunTwice(True), 2)
    hand.act(RunTwice(False), 0)
    assert hand.is_over
    assert hand.runs == 1
    assert hand.second_slots == [] and hand.second_board == {}
    assert not any(isinstance(e, SecondRunDealt | RunTwiceAgreed) for e in hand.events)
    assert _awards(hand) == [(0, 0, 0, (0,), (2005,))]


def test_house_rule_27_the_first_no_ends_the_question() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h")
    hand.act(RunTwice(False), 2)
    assert hand.is_over  # Ann is not asked: one run already
    assert [e.seat for e in hand.events if isinstance(e, RunTwiceAnswered)] == [2]


def test_house_rule_27_wrong_or_out_of_turn_answers_are_refused_and_change_nothing() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h")
    before = (len(hand.events), hand.to_act, hand.phase, hand.stacks)
    with pytest.raises(IllegalAction, match="not Ann's turn: Cy is to act"):
        hand.act(RunTwice(True), 0)
    with pytest.raises(IllegalAction, match="answer first: run it twice, or keep one run"):
        hand.act(Check(), 2)
    with pytest.raises(IllegalAction, match="not Bob's turn"):
        hand.act(RunTwice(True), 1)
    assert (len(hand.events), hand.to_act, hand.phase, hand.stacks) == before
    assert not hand.is_legal(Call())
    assert hand.is_legal(RunTwice(False))


def test_house_rule_27_off_by_default_and_a_passive_answer_keeps_one_run() -> None:
    holdem = get_variant("holdem")
    hand = Hand(holdem, [100, 100], small_blind=5, big_blind=10, rng=random.Random(1))
    hand.act(AllIn())
    hand.act(Call())
    assert hand.is_over and hand.runs == 1
    assert not any(isinstance(e, RunTwiceOffered) for e in hand.events)
    asked = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h")
    assert passive(asked.legal_actions()) == RunTwice(False)


def test_house_rule_27_not_asked_on_the_river_nor_when_one_player_can_still_bet() -> None:
    hand = _hand("holdem", [1000, 1000])
    hand.act(Call())
    while hand.street != "river":
        hand.act(Check())
    hand.act(AllIn())
    hand.act(Call())
    assert hand.is_over
    assert not any(isinstance(e, RunTwiceOffered) for e in hand.events)
    # Bob all-in preflop, Cy and Ann still deep: betting goes on, nobody is asked yet.
    deep = _hand("holdem", [1000, 300, 1000])
    deep.act(Call(), 0)
    deep.act(AllIn(), 1)
    deep.act(Call(), 2)
    deep.act(Call(), 0)
    assert deep.phase is Phase.BETTING and deep.street == "flop"


def test_house_rule_27_all_but_one_all_in_who_has_matched() -> None:
    # Ann all-in for 300, Cy covers and calls: Cy still has chips but nobody to bet against.
    hand = _hand("holdem", [300, 1000, 1000])
    hand.act(AllIn(), 0)
    hand.act(Fold(), 1)
    hand.act(Call(), 2)
    assert hand.phase is Phase.RUN_TWICE
    assert hand.stacks[2] > 0


def test_house_rule_27_all_in_on_the_turn_reruns_only_the_river() -> None:
    hand = _hand("holdem", [1000, 1000])
    hand.act(Call(), 0)
    hand.act(Check(), 1)
    while hand.street != "turn":
        hand.act(Check())
    hand.act(AllIn())
    hand.act(Call())
    assert hand.phase is Phase.RUN_TWICE
    hand.act(RunTwice(True))
    hand.act(RunTwice(True))
    assert hand.second_slots == ["river"]
    run2 = hand.run_board(2)
    assert {s: run2[s] for s in hand.variant.slots[:4]} == {
        s: hand.board[s] for s in hand.variant.slots[:4]
    }
    assert run2["river"] != hand.board["river"]
    assert sum(hand.stacks) == 2000


def test_house_rule_27_yukon_reruns_what_is_not_dealt_sets_and_shared_river() -> None:
    preflop = _hand("yukon", [1000, 1000])
    preflop.act(AllIn())
    preflop.act(Call())
    preflop.act(RunTwice(True))
    preflop.act(RunTwice(True))
    assert preflop.second_slots == list(get_variant("yukon").slots)  # both flops, turns, river
    on_flop = _hand("yukon", [1000, 1000])
    on_flop.act(Call())
    on_flop.act(Check())
    on_flop.act(AllIn())
    on_flop.act(Call())
    on_flop.act(RunTwice(True))
    on_flop.act(RunTwice(True))
    assert on_flop.second_slots == ["turn A", "turn B", "river"]
    assert all(card not in on_flop.board.values() for card in on_flop.second_board.values())
    assert sum(on_flop.stacks) == 2000


def test_house_rule_27_double_board_each_run_half_splits_per_board() -> None:
    # Heads-up, all-in preflop for 1001 each side plus... a pot of 2000: 1000 per run, 500 per
    # board of each run.
    hand = _hand("double-board", [1000, 1000])
    hand.act(AllIn())
    hand.act(Call())
    hand.act(RunTwice(True))
    hand.act(RunTwice(True))
    assert len(hand.second_slots) == 10  # both boards, again
    awards = _awards(hand)
    assert [(run, board, sum(shares)) for _pot, run, board, _w, shares in awards] == [
        (1, 1, 500),
        (1, 2, 500),
        (2, 1, 500),
        (2, 2, 500),
    ]
    assert sum(hand.stacks) == 2000


@pytest.mark.parametrize("game", CHIP_GAMES)
def test_house_rule_27_every_board_game_runs_twice_and_keeps_every_chip(game: str) -> None:
    for seed in range(12):
        hand = Hand(
            get_variant(game),
            [400, 700, 1000],
            button=seed % 3,
            small_blind=5,
            big_blind=10,
            rng=random.Random(seed),
            run_twice=True,
        )
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_run_twice:
                hand.act(RunTwice(True))
            elif legal.can_all_in:
                hand.act(AllIn())
            elif legal.max_raise_to is not None:  # pot-limit: the pot, until someone is all-in
                hand.act(BetRaise(legal.max_raise_to))
            else:
                hand.act(Call() if legal.can_call else Check())
        assert hand.runs == 2, game
        assert sum(hand.stacks) == 2100
        assert all(card not in hand.board.values() for card in hand.second_board.values())
        runs = {e.run for e in hand.events if isinstance(e, PotAwarded)}
        assert runs == {1, 2}


def test_house_rule_27_not_offered_when_the_deck_cannot_hold_a_second_run() -> None:
    # Ten Omaha players hold 40 cards; a run with burns needs 8: a second one does not fit.
    hand = Hand(
        get_variant("omaha"),
        [100] * 10,
        small_blind=5,
        big_blind=10,
        rng=random.Random(3),
        run_twice=True,
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        assert not legal.can_run_twice
        if legal.max_raise_to:
            hand.act(BetRaise(legal.max_raise_to))
        else:
            hand.act(Call() if legal.can_call else Check())
    assert hand.runout  # an all-in run-out, run once
    assert hand.runs == 1


def test_house_rule_27_a_seat_sitting_out_keeps_one_run() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h")
    hand.sit_out(0)
    hand.act(RunTwice(True), 2)
    assert hand.is_over and hand.runs == 1
    assert [(e.seat, e.agree) for e in hand.events if isinstance(e, RunTwiceAnswered)] == [
        (2, True),
        (0, False),
    ]


def test_house_rule_27_the_second_run_is_dealt_after_the_first_from_the_same_deck() -> None:
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h Kc 4s 5h Jd 2s")
    hand.act(RunTwice(True), 2)
    hand.act(RunTwice(True), 0)
    kinds = [type(e).__name__ for e in hand.events if type(e).__name__.endswith("Dealt")]
    assert kinds[-6:] == ["BoardDealt"] * 3 + ["SecondRunDealt"] * 3
    every: list[Card] = [*hand.board.values(), *hand.second_board.values(), *hand.burned]
    every += [c for seat in (0, 1, 2) for c in hand.hole[seat] if c is not None]
    assert len(every) == len(set(every))
    assert len(hand.burned) == 6  # each run burns before each of its rounds


def test_house_rule_27_a_config_key_off_by_default_said_on_the_rules_card() -> None:
    assert not RulesSettings().run_it_twice
    config = parse_config('game = "yukon"\n[rules]\nrun_it_twice = true\n')
    assert config.rules.run_it_twice
    assert any(
        line.startswith("Run it twice: all-in before the river") for line in option_lines(config)
    )
    assert not option_lines(GameConfig("yukon"))
    with pytest.raises(ConfigError) as caught:
        parse_config('game = "krg"\n[rules]\nrun_it_twice = true\n')
    assert caught.value.problems == [
        'rules.run_it_twice: only for games with betting (game is "krg")'
    ]
    session = session_for(config, ("Ann", "Bob"), random.Random(1))
    assert getattr(session, "run_twice", False)


# -- host mode: the host types `twice` (or `once`) and both runs' cards ------------------------


def _hosted(game: str = "holdem") -> HostConsole:
    """Ann, Bob and Cy; Ann moves in, Bob folds his 10, Cy calls: the question is asked."""
    players = tuple(PlayerSetting(n) for n in NAMES[:3])
    config = GameConfig(game, players=players, rules=RulesSettings(run_it_twice=True))
    console = HostConsole(config, button=0)
    ok_lines(console, "n", "a", "f", "c")
    return console


def test_house_rule_27_the_host_types_twice_then_each_runs_cards() -> None:
    console = _hosted()
    assert console.prompt() == (
        "All-in before the river: twice (everyone agrees to run it twice) · once"
    )
    assert "twice / once" in "\n".join(console.help_lines())
    lines = ok_lines(console, "twice")
    assert lines[:3] == [
        "Cy agrees to run it twice",
        "Ann agrees to run it twice",
        "Everyone agrees: the rest of the board is dealt twice",
    ]
    assert "Run 2: the river is dealt" in lines
    ok_lines(console, "s Ann Ad Ac", "s Cy Kh Kd", "b As 7c 8d 9s 2h")
    assert console.prompt().startswith("Run 2: flop dealt: flop C C C")
    assert refused_line(console, "b 7c 3h 4h") == "card 7c is already on the table"
    last = ok_lines(console, "flop Kc 4s 5h", "b Jd", "b 2s")
    assert last[-3:] == [
        "Run 1: Ann wins half of the main pot (1,505) with three of a kind",
        "Run 2: Cy wins half of the main pot (1,505) with three of a kind",
        "The hand is over",
    ]
    view = console.view()
    assert view is not None
    assert console.board_rows(view) == [
        ("run 1", list(parse_cards("As 7c 8d 9s 2h"))),
        ("run 2", list(parse_cards("Kc 4s 5h Jd 2s"))),
    ]
    assert [p.stack for p in console.session.scoreboard().players] == [1505, 1490, 1505]


def test_house_rule_27_host_once_keeps_one_run_and_wrong_lines_change_nothing() -> None:
    console = _hosted()
    assert refused_line(console, "Cy c") == (
        "call is for a betting round; now: All-in before the river: twice (everyone agrees "
        "to run it twice) · once"
    )
    assert refused_line(console, "b Ah") == "no board card is waiting to be entered"
    assert refused_line(console, "twice now") == "unexpected 'now' in 'twice now'"
    lines = ok_lines(console, "once")
    assert lines[0] == "Cy keeps one run: the board is dealt once"
    assert refused_line(console, "twice").startswith("nobody is asked to run it twice now")
    view = console.view()
    assert view is not None and view.second_slots == ()
    off = HostConsole(GameConfig("holdem", players=(PlayerSetting("A"), PlayerSetting("B"))))
    ok_lines(off, "n")
    assert refused_line(off, "twice") == "run it twice is off (homegame host --run-it-twice)"


def test_house_rule_27_the_host_names_each_runs_winners_when_cards_are_not_typed() -> None:
    console = _hosted()
    ok_lines(console, "twice", "b As 7c 8d 9s 2h", "s Cy", "s Ann")
    assert "w NAME.. / NAME.. names each run's winners (run 1 first)" in console.prompt()
    assert refused_line(console, "w Ann / Cy / Bob").startswith("name each run's winners")
    lines = ok_lines(console, "w Ann / Cy")
    assert lines[:2] == [
        "Run 1: Ann wins half of the main pot (1,505)",
        "Run 2: Cy wins half of the main pot (1,505)",
    ]


def test_house_rule_27_undo_takes_back_twice_and_a_run_2_card(tmp_path: Path) -> None:
    players = tuple(PlayerSetting(n) for n in NAMES[:3])
    config = GameConfig("holdem", players=players, rules=RulesSettings(run_it_twice=True))
    log = GameLog.new(Journal(tmp_path), config, HOST)
    host = Hosting(config, log)
    for line in ("n", "a", "f", "c", "twice", "b As 7c 8d 9s 2h", "b Kc 4s 5h"):
        assert host.run(line).ok, line
    view = host.console.view()
    assert view is not None and len(view.second_run) == 3
    assert host.run("u").ok
    view = host.console.view()
    assert view is not None and view.second_run == () and len(view.second_slots) == 5
    assert host.run("u").ok and host.run("u").ok  # run 1's board, then `twice`
    view = host.console.view()
    assert view is not None and view.phase == "run twice" and view.second_slots == ()
    assert host.run("once").ok
    resumed = Hosting(config, GameLog(Journal(tmp_path), log.game_id))
    again = resumed.console.view()
    assert again is not None and again.second_slots == () and again.phase != "run twice"


# -- exports: PHH user-defined fields, PokerStars FIRST/SECOND boards, JSON both runs ----------


def _ran_twice(tmp_path: Path, game: str = "holdem") -> GameLog:
    """A seeded cash game of three, six hands, each all-in preflop, where everyone agrees to
    run it twice in two hands of three; a player out of chips tops up; then the game ends."""
    players = tuple(PlayerSetting(n) for n in NAMES[:3])
    config = GameConfig(
        game,
        players=players,
        seed=4,
        cash=CashGameSettings(),
        rules=RulesSettings(run_it_twice=True),
    )
    log = GameLog.new(Journal(tmp_path / game), config, PASS_AND_PLAY)
    session = log.attach(fresh_session(log))
    cash = session.cash_game()
    assert cash is not None
    while session.deals < 6:
        for seat in range(3):
            if cash.stacks[seat] == 0:
                cash.top_up(seat, cash.cash.max_buy_in)
        session.start_deal()
        while session.in_hand:
            legal = session.legal_actions()
            if legal.can_run_twice:
                session.act(RunTwice(session.deals % 3 != 0))
            else:
                session.act(AllIn() if legal.can_all_in else Call() if legal.can_call else Check())
    cash.end()
    return GameLog(log.journal, log.game_id)


def test_house_rule_27_phh_export_carries_the_second_run_homegame_replay_deals_both(
    tmp_path: Path,
) -> None:
    """PHH has no second run: `_run_count` and `_second_run`, user-defined fields, carry it and
    `finishing_stacks` are the split's; pokerkit 0.7.7 reads the file (ignoring them, one run)
    and `homegame replay` deals both runs to the file's stacks."""
    log = _ran_twice(tmp_path)
    text = export_game(log.record, log.events(), "phh", all_cards=True)
    data = tomllib.loads(text)
    twice = [t for t in data.values() if t.get("_run_count") == 2]
    assert twice and len(twice) < len(data)
    for table in twice:
        streets = table["_second_run"]
        assert [len(s) for s in streets] in ([6, 2, 2], [2, 2], [2])
        assert f"# hand {table['hand']} ran twice (HOUSE_RULES 27)" in text
    body = "\n".join(f"{k} = {json.dumps(v)}" for k, v in twice[0].items() if k not in ("hand",))
    assert HandHistory.loads(body).user_defined_fields["_run_count"] == 2
    results = replay_text(text, "export.phhs")
    assert all(r.match for r in results), [r.error for r in results if not r.match]


def test_house_rule_27_pokerstars_export_writes_first_and_second_boards(tmp_path: Path) -> None:
    log = _ran_twice(tmp_path)
    text = export_game(log.record, log.events(), "pokerstars", all_cards=True)
    hands = [h for h in text.split("\n\n\n") if h.strip()]
    twice = [h for h in hands if "Hand was run twice" in h]
    assert twice and len(twice) < len(hands)
    for hand in twice:
        lines = hand.splitlines()
        assert "*** FIRST FLOP ***" in hand and "*** SECOND FLOP ***" in hand
        assert "*** FIRST SHOW DOWN ***" in lines and "*** SECOND SHOW DOWN ***" in lines
        first = next(ln for ln in lines if ln.startswith("FIRST Board ["))
        second = next(ln for ln in lines if ln.startswith("SECOND Board ["))
        assert len(first.split()) == len(second.split()) == 7  # five cards each
        total = int(re.search(r"Total pot (\d+)", hand).group(1))  # type: ignore[union-attr]
        collected = sum(int(n) for n in re.findall(r"collected (\d+) from", hand))
        assert collected == total
    for hand in hands:
        if "Hand was run twice" not in hand:
            assert "FIRST" not in hand and "SECOND" not in hand


def test_house_rule_27_json_export_carries_both_runs_and_each_half(tmp_path: Path) -> None:
    log = _ran_twice(tmp_path, "double-board")
    data = json.loads(export_game(log.record, log.events(), "json"))
    twice = [h for h in data["hands"] if h.get("runs") == 2]
    assert twice
    for hand in twice:
        assert len(hand["second_run"]) == 10  # all-in preflop: both boards, again
        assert all(card is not None for card in hand["second_run"].values())
        assert set(hand["second_run"].values()).isdisjoint(hand["board"].values())
        by_run: dict[int, int] = {1: 0, 2: 0}
        for pot in hand["pots"]:
            by_run[pot["run"]] += pot["amount"]
        assert by_run[1] - by_run[2] in (0, 1)
    once = [h for h in data["hands"] if "runs" not in h]
    assert all("run" not in p for h in once for p in h["pots"])


def test_house_rule_27_a_phone_is_asked_yes_or_no_and_a_bad_answer_is_refused() -> None:
    request = AskRunTwice(2, (2, 0))
    question = Question(7, request)
    hand = _all_in_odd_pot(f"{ODD_POT} As 7c 8d 9s 2h Kc 4s 5h Jd 2s")
    table = DeviceTable(get_variant("holdem"), NAMES[:3])
    message = seat_message(2, hand.view_for(2), table, question)
    assert message["ask"] == {"id": 7, "refusal": "", "kind": "run_twice", "asked": ["Cy", "Ann"]}
    assert read_answer(request, {"answer": {"yes": True}}) is True
    assert read_answer(request, {"answer": {"yes": False}}) is False
    with pytest.raises(BadAnswer, match="Yes or no"):
        read_answer(request, {"answer": {"yes": "maybe"}})
    hand.act(RunTwice(True), 2)
    hand.act(RunTwice(True), 0)
    rows = seat_message(1, hand.view_for(None), table, None)["board"]
    assert [(r["name"], r["cards"]) for r in rows] == [
        ("Run 1", ["A♠", "7♣", "8♦", "9♠", "2♥"]),
        ("Run 2", [c.symbol for c in parse_cards("Kc 4s 5h Jd 2s")]),
    ]


# -- the driver: people asked, bots keep one run, a killed game resumes at the question --------


def _driver_config(*bots: str | None) -> GameConfig:
    names = ("Ann", "Bob", "Cy")
    players = tuple(PlayerSetting(n, bot) for n, bot in zip(names, bots, strict=False))
    return GameConfig("holdem", players=players, seed=3, rules=RulesSettings(run_it_twice=True))


def _to_question(driver: GameDriver) -> AskRunTwice:
    """Everyone moves in (or calls) until the driver asks a person to run it twice."""
    driver.start()
    for _ in range(60):
        request = driver.request
        if isinstance(request, AskRunTwice):
            return request
        if isinstance(request, AskAction):
            legal = request.legal
            driver.answer(AllIn() if legal.can_all_in else Call() if legal.can_call else Check())
        else:
            driver.answer(None if not isinstance(request, DealResult) else False)
    raise AssertionError("no run-it-twice question")


def test_house_rule_27_a_game_killed_at_the_question_resumes_at_it(tmp_path: Path) -> None:
    config = _driver_config(None, None, None)
    journal = Journal(tmp_path)
    log = GameLog.new(journal, config, PASS_AND_PLAY)
    driver = GameDriver(config, random.Random(3), log)
    first = _to_question(driver)
    with pytest.raises(Refused, match="Run it twice is a yes or a no"):
        driver.answer("yes")
    assert driver.request == first
    driver.answer(True)
    second = driver.request
    assert isinstance(second, AskRunTwice) and second.seat != first.seat
    resumed = GameDriver(config, None, GameLog(journal, log.game_id))
    resumed.start()
    assert resumed.request == second  # the same question, to the one still to answer
    events = []
    while isinstance(resumed.request, AskRunTwice):
        events += resumed.answer(True)
    assert any(isinstance(e, RunTwiceAgreed) for e in events)
    assert resumed.game.view_for(None).second_slots


def _with_bots(driver: GameDriver, request: object) -> object:
    """Ann moves in every hand and says yes to two runs; the bots play their own game."""
    if isinstance(request, BotTurn):
        return request.bot.decide(request.view)
    if isinstance(request, AskAction):
        return AllIn() if request.legal.can_all_in else Call()
    if isinstance(request, AskRunTwice):
        return True
    return False if isinstance(request, DealResult) else None


def test_house_rule_27_a_bot_keeps_one_run_the_same_every_time() -> None:
    seen = []
    for _ in range(2):
        driver = GameDriver(_driver_config(None, "easy", "easy"), random.Random(3))
        driver.start()
        answers: list[tuple[int, bool]] = []
        for _ in range(300):
            request = driver.request
            if isinstance(request, GameOver) or request is None:
                break
            events = driver.answer(_with_bots(driver, request))
            answers += [(e.seat, e.agree) for e in events if isinstance(e, RunTwiceAnswered)]
        bots = [agree for seat, agree in answers if seat != 0]
        assert bots and not any(bots)
        assert not any(isinstance(e, RunTwiceAgreed) for e in driver.hand_events)
        seen.append(answers)
    assert seen[0] == seen[1]
