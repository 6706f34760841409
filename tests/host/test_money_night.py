"""Issue 11's "done when": a night of money through host mode, checked to the cent.

A rebuy freezeout (8 entries, 3 rebuys, 1 add-on) and then a cash game (5 players, top-ups,
cash-outs), each typed line by line into the host console as the host screen journals it. The
payouts, every player's ledger total, the zero-sum check and the settlement are checked to the
cent with money-core's ledger functions (`homegame ledger` reads the same journal).
"""

from __future__ import annotations

import random
from pathlib import Path

from host_lines import Hosting

from homegame.commands.ledger import game_lines
from homegame.config import CashGameSettings, FreezeoutSettings, GameConfig, PlayerSetting
from homegame.engine.chip_game import ChipGame
from homegame.host.console import HostConsole
from homegame.host.room import room_view
from homegame.money.night import night
from homegame.money.settings import AddOn, MoneySettings
from homegame.store.journal import Journal
from homegame.store.recorder import HOST, GameLog

FREEZEOUT = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
CASH = ("Ann", "Bob", "Cy", "Dee", "Eve")


class Host:
    """The host at the keyboard of one journalled game: every line must be taken."""

    def __init__(self, journal: Journal, config: GameConfig) -> None:
        self.log = GameLog.new(journal, config, HOST)
        self.host = Hosting(config, self.log, rng=random.Random(3))
        self.lines: list[str] = []

    @property
    def console(self) -> HostConsole:
        return self.host.console

    def type(self, *lines: str) -> None:
        for line in lines:
            outcome = self.host.run(line)
            assert outcome.ok, f"{line!r}: {outcome.message}"
            self.lines += outcome.lines

    def refused(self, line: str) -> str:
        session = self.console.session
        assert isinstance(session, ChipGame)  # a night for money plays for chips
        before = (session.stacks, self.console.money_lines(), len(self.log.inputs()))
        outcome = self.host.run(line)
        assert not outcome.ok and "\n" not in outcome.message, line
        assert (session.stacks, self.console.money_lines(), len(self.log.inputs())) == before
        return outcome.message

    def all_in(self, winner: str, loser: str) -> None:
        """A hand: `winner` and `loser` all-in (the rest fold), `winner` named the winner."""
        console = self.console
        session = console.session
        names = console.names
        self.type("n")
        while session.in_hand:
            view = console.view()
            assert view is not None
            seat = session.to_act
            if view.phase in ("showdown", "award") or seat is None:
                self.type(f"w {winner}")
                continue
            name = names[seat]
            if name not in (winner, loser):
                self.type(f"{name} f")
                continue
            legal = session.legal_actions()
            self.type(f"{name} a" if legal.can_all_in else f"{name} c")


def _money_config() -> GameConfig:
    return GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in FREEZEOUT),
        freezeout=FreezeoutSettings(hands_per_level=2),
        money=MoneySettings(
            buy_in=2000, rebuys=True, rebuy_until_level=2, add_on=AddOn(chips=1500, price=2000)
        ),
    )


def _freezeout(journal: Journal) -> Host:
    host = Host(journal, _money_config())
    assert host.console.money_lines() == [
        "Prize pool 160.00 · 8 entries",
        "Pays 1st 104.00 · 2nd 56.00",
    ]
    host.all_in("Ann", "Bob")  # hand 1, level 1: Bob busts and rebuys
    host.type("rebuy Bob")
    host.all_in("Cy", "Dee")
    host.type("rebuy Dee")
    host.all_in("Eve", "Fay")  # hand 3, level 2
    host.type("rebuy Fay")
    host.all_in("Gus", "Hal")  # Hal is out for good: 8th
    assert "rebuys ended" in host.refused("rebuy Hal")  # hand 5 is level 3: the period is over
    assert "no player called 'Zed'" in host.refused("addon Zed")
    host.type("addon Ann")  # level 3, the first level after the rebuys: the add-on
    host.refused("addon Ann")  # one add-on a player
    view = room_view(host.console, 0.0)
    assert "Prize pool 240.00 · 8 entries · 3 rebuys · 1 add-on" in view.money_line
    assert "Pays 1st 156.00 · 2nd 84.00" in view.money_line
    assert "7 of 8 players left" in view.field_line
    # Play down to the winner: Ann takes everyone on in turn.
    for loser in ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus"):
        while not host.console.is_out(FREEZEOUT.index(loser)):
            host.all_in("Ann", loser)
    assert host.console.over and host.console.winner_names() == ["Ann"]
    return host


def _cash(journal: Journal) -> tuple[Host, dict[str, int], dict[str, int]]:
    """The cash game at 0.05 a chip; returns the host, the chips each bought and took home."""
    config = GameConfig(
        "holdem",
        players=tuple(PlayerSetting(n) for n in CASH),
        cash=CashGameSettings(small_blind=10, big_blind=20, cents_per_chip=5),
    )
    host = Host(journal, config)  # everyone bought in for the maximum, 2,000 chips = 100.00
    cash = host.console.cash
    assert cash is not None
    bought = dict.fromkeys(CASH, 2000)
    host.all_in("Ann", "Bob")  # equal stacks: Bob loses his 2,000 and stays seated, busted
    assert cash.stacks[1] == 0 and not host.console.is_out(1)
    assert "at most 2,000 chips" in host.refused("topup Bob 2001")
    assert "two decimals" in host.refused("topup Bob 10.005")
    assert "more than 0" in host.refused("topup Bob 0")
    host.type("topup Bob 50.00")  # 50.00 at 0.05 a chip: 1,000 chips
    bought["Bob"] += 1000
    host.all_in("Cy", "Dee")
    cy, dee = cash.stacks[2], cash.stacks[3]
    assert f"has {cy:,} chips on the table, not {cy + 1:,}" in host.refused(f"cashout Cy {cy + 1}")
    host.type(f"cashout Cy {cy}")  # Cy goes home
    took = {"Cy": cy}
    assert "has left the table" in host.refused("topup Cy 100")
    host.type(f"topup Dee {2000 - dee}", "buy Fay 1500")
    bought["Dee"] += 2000 - dee
    bought["Fay"] = 1500
    host.all_in("Dee", "Eve")
    for seat, name in enumerate(host.console.names):
        if name not in took:
            took[name] = cash.stacks[seat]
    host.type("end")
    assert "The cash game is over after 3 hands" in host.lines
    return host, bought, took


def test_issue_11_a_money_night_through_host_mode_settles_to_the_cent(tmp_path: Path) -> None:
    journal = Journal(tmp_path)
    fz = _freezeout(journal)
    tournament = fz.console.tournament
    assert tournament is not None
    money = tournament.money()
    assert money is not None
    assert (money.money_in, money.pool, money.entry_count) == (24000, 24000, 8)
    assert money.payouts == (15600, 8400)
    assert money.won_by("Ann") == 15600 and money.won_by("Gus") == 8400

    cash, bought, took = _cash(journal)
    assert cash.console.over
    assert sum(took.values()) == sum(bought.values())  # no chip made or lost at the table

    records = journal.games()
    lines = [line for record in records for line in game_lines(journal, record)]
    result = night(lines)
    assert result.balanced
    nets = {t.party: t.net for t in result.totals}
    # The freezeout: 20.00 an entry, a rebuy or the add-on; Ann won 156.00, Gus 84.00.
    freezeout = {
        "Ann": 15600 - 4000,
        "Bob": -4000,
        "Cy": -2000,
        "Dee": -4000,
        "Eve": -2000,
        "Fay": -4000,
        "Gus": 8400 - 2000,
        "Hal": -2000,
    }
    for name in set(freezeout) | set(took):
        want = freezeout.get(name, 0) + 5 * (took.get(name, 0) - bought.get(name, 0))
        assert nets[name] == want, (name, nets[name], want)
    assert sum(nets.values()) == 0
    paid: dict[str, int] = dict.fromkeys(nets, 0)
    for transfer in result.transfers:
        paid[transfer.payer] -= transfer.cents
        paid[transfer.payee] += transfer.cents
    assert {k: v for k, v in paid.items() if v} == {k: v for k, v in nets.items() if v}
    assert len(result.transfers) <= len([n for n in nets.values() if n]) - 1


def test_issue_11_the_night_survives_a_resume_of_each_game(tmp_path: Path) -> None:
    """The money is journalled like every input: each game replayed has the same ledger."""
    journal = Journal(tmp_path)
    games = [_freezeout(journal), _cash(journal)[0]]
    for host in games:
        again = Hosting(host.log.config, GameLog(journal, host.log.game_id)).console
        assert again.session.ledger_lines("g") == host.console.session.ledger_lines("g")
