"""HOUSE_RULES 29, the seven-deuce bounty in cash games, pinned rule by rule: who collects,
who pays and how much, in the history, the result and the ledger lines; config and host mode."""

from __future__ import annotations

import random

import pytest

from homegame.cards import Card, parse_cards
from homegame.config import (
    CashGameSettings,
    ConfigError,
    GameConfig,
    PlayerSetting,
    parse_config,
)
from homegame.engine import BetRaise, Call, Check, Fold
from homegame.engine.card_sources import Dealt
from homegame.engine.cash_session import CashSession, SevenDeuceBounty
from homegame.engine.events import Event
from homegame.host.console import HostConsole
from homegame.money.ledger import mismatches
from homegame.play.driver import RESULT_EVENTS
from homegame.setup import session_for

NAMES = ["Ann", "Bob", "Cy", "Dee"]


class Stacked(Dealt):
    """A deck whose first cards are given (then the rest of a seeded deck)."""

    def __init__(self, first: str) -> None:
        super().__init__(random.Random(0))
        self.first = list(parse_cards(first))

    def deal(self, count: int) -> tuple[Card | None, ...]:
        out: list[Card | None] = []
        for _ in range(count):
            out.append(self.first.pop(0) if self.first else super().deal(1)[0])
        return tuple(out)

    def burn(self) -> Card | None:
        return None


def _game(deck: str, bounty: int = 50, buy_ins: list[int] | None = None) -> CashSession:
    """Ann has the button; the deck deals Bob, Cy, Dee, Ann their two cards, then the board."""
    return CashSession(
        "holdem",
        NAMES,
        rng=random.Random(1),
        button=0,
        seven_deuce_bounty=bounty,
        buy_ins=buy_ins,
        burn_cards=False,
        cards=Stacked(deck),
    )


def _check_down(game: CashSession) -> list[Event]:
    events: list[Event] = []
    while game.in_hand:
        legal = game.legal_actions()
        events += game.act(Check() if legal.can_check else Call())
    return events


#: Bob 7-2 (wins with two pair), Cy, Dee and Ann nothing better.
SEVEN_DEUCE_WINS = "7h 2d  Kc Qd  9c 8d  Qs 3h  7c 2s Jh 5d Ad"


def test_house_rule_29_a_pot_won_with_seven_deuce_shown_collects_from_everyone_dealt_in() -> None:
    game = _game(SEVEN_DEUCE_WINS)
    game.start_deal()
    events = _check_down(game)
    (bounty,) = [e for e in events if isinstance(e, SevenDeuceBounty)]
    assert bounty == SevenDeuceBounty(1, (0, 2, 3), (50, 50, 50))
    assert bounty.describe(game.names) == (
        "Bob won with 7-2: the 7-2 bounty, 150 chips (Ann 50, Cy 50, Dee 50)"
    )
    assert game.stacks == (2000 - 20 - 50, 2000 + 60 + 150, 2000 - 20 - 50, 2000 - 20 - 50)
    assert game.audit() is None and SevenDeuceBounty in RESULT_EVENTS
    (line,) = [ln for ln in game.ledger_lines("cash") if ln.item.startswith("7-2 bounty")]
    assert line.party == "Bob" and line.cents_in == line.cents_out == 0
    assert line.item == "7-2 bounty: 150 chips (1.50) at the table"
    game.end()
    assert mismatches(game.ledger_lines("cash")) == ()  # chips between players: no money


def test_house_rule_29_a_player_with_less_pays_what_they_have() -> None:
    game = _game(SEVEN_DEUCE_WINS, buy_ins=[2000, 2000, 2000, 50])
    game.start_deal()
    events = _check_down(game)
    (bounty,) = [e for e in events if isinstance(e, SevenDeuceBounty)]
    assert dict(zip(bounty.payers, bounty.chips, strict=True)) == {0: 50, 2: 50, 3: 30}
    assert game.stacks[3] == 0 and game.audit() is None


def test_house_rule_29_no_bounty_when_seven_deuce_loses_or_is_not_shown() -> None:
    loses = _game("7h 2d  Kc Kd  9c 8d  4s 3h  Qc Js Th 5d 6d")
    loses.start_deal()
    assert not any(isinstance(e, SevenDeuceBounty) for e in _check_down(loses))
    folded_to = _game(SEVEN_DEUCE_WINS)
    folded_to.start_deal()
    events = []  # Dee and Ann fold, Bob raises, Cy folds: HOUSE_RULES 6, no cards are shown
    for action in (Fold(), Fold(), BetRaise(100), Fold()):
        events += folded_to.act(action)
    assert not folded_to.in_hand
    assert not any(isinstance(e, SevenDeuceBounty) for e in events)


def test_house_rule_29_off_by_default_and_only_for_two_hole_cards() -> None:
    game = _game(SEVEN_DEUCE_WINS, bounty=0)
    game.start_deal()
    assert not any(isinstance(e, SevenDeuceBounty) for e in _check_down(game))
    config = parse_config('game = "yukon"\n[cash]\nseven_deuce_bounty = 25\n')
    cash = session_for(config, NAMES, random.Random(1)).cash_game()
    assert cash is not None and cash.seven_deuce_bounty == 25  # type: ignore[attr-defined]
    with pytest.raises(ConfigError) as caught:
        parse_config('game = "omaha"\n[cash]\nseven_deuce_bounty = 25\n')
    assert caught.value.problems == [
        'cash.seven_deuce_bounty: only for games of two hole cards (game is "omaha")'
    ]
    with pytest.raises(ValueError, match="two hole cards"):
        CashSession("omaha", NAMES, rng=random.Random(1), seven_deuce_bounty=5)


def test_house_rule_29_host_mode_pays_the_bounty_on_a_hand_shown_as_typed() -> None:
    players = tuple(PlayerSetting(n) for n in NAMES[:3])
    config = GameConfig("holdem", players=players, cash=CashGameSettings(seven_deuce_bounty=20))
    console = HostConsole(config, button=0)
    for line in ("n", "Ann c", "Bob c", "Cy k", "flop 7c 2s Jh"):
        assert console.run(line).ok, line
    for _ in range(3):
        assert console.run("c").ok
    assert console.run("turn 5d").ok
    for _ in range(3):
        assert console.run("c").ok
    assert console.run("river Ad").ok
    for _ in range(3):
        assert console.run("c").ok
    shown = [console.run(line) for line in ("s Bob 7h 2d", "s Cy Kc Qd", "s Ann Qs 3h")]
    assert all(o.ok for o in shown), [o.message for o in shown]
    lines = [ln for o in shown for ln in o.lines]
    assert any(ln.startswith("Bob won with 7-2: the 7-2 bounty, 40 chips") for ln in lines)
