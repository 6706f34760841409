"""The table screen's keys: what each one means, and when it works.

A key works only while what it means is open: an action key while a person chooses and the
action bar offers that action, space while a bot takes its pause, u where take-backs are on,
l while someone may cash out; below the smallest size no action key works unseen. An action
key whose action is not open says so in one line and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual.binding import Binding, BindingType

from homegame.play.bet_choices import call_is_all_in
from homegame.play.driver import GameDriver
from homegame.tui.widgets.action_bar import ActionBar

__all__ = ["TABLE_KEYS", "KeyedTable", "key_works", "not_open"]

#: One binding per action a key can mean; the footer shows only those open now.
TABLE_KEYS: list[BindingType] = [
    Binding("f", "act('fold')", "Fold"),
    Binding("c", "act('check')", "Check"),
    Binding("c", "act('call')", "Call"),
    Binding("r", "act('bet')", "Bet"),
    Binding("r", "act('raise')", "Raise"),
    Binding("a", "act('all_in')", "All-in"),
    Binding("a", "act('shove')", "Confirm all-in"),
    Binding("escape", "disarm", "Back"),
    Binding("f", "not_open('fold')", show=False),
    Binding("a", "not_open('all_in')", show=False),
    Binding("c,r", "not_open", show=False),
    Binding("space", "hurry", "Hurry"),
    Binding("o", "odds", "Odds"),
    Binding("question_mark", "rules", "Rules"),
    Binding("u", "take_back", "Undo"),
    Binding("u", "take_back_off", show=False),
    Binding("l", "leave", "Cash out"),
]


class KeyedTable(Protocol):
    """What the keys read of the table screen."""

    @property
    def driver(self) -> GameDriver:
        """The game the table shows."""

    @property
    def action_bar(self) -> ActionBar:
        """The person's actions."""

    @property
    def choosing(self) -> bool:
        """A person is being asked for a betting action."""

    @property
    def bot_thinking(self) -> bool:
        """A bot takes its pause."""

    @property
    def too_small(self) -> bool:
        """The terminal is below the table's smallest size: only a notice shows."""


def key_works(table: KeyedTable, action: str, parameters: tuple[object, ...]) -> bool:
    """Whether the key bound to `action` works now: a person's open actions, hurry while a
    bot thinks, the odds for a solo player, undo where it is on, cash-out while it is open."""
    driver = table.driver
    choosing = table.choosing and not table.too_small
    betting = driver.variant.has_betting
    if action == "act":
        return choosing and betting and str(parameters[0]) in table.action_bar.available()
    if action == "not_open":
        return choosing and betting
    if action == "disarm":
        return table.choosing and table.action_bar.armed
    if action == "hurry":
        return bool(driver.bots) and table.bot_thinking
    if action == "odds":
        return driver.solo_seat is not None
    if action in ("take_back", "take_back_off"):
        return driver.can_take_back == (action == "take_back") and not table.too_small
    if action == "leave":
        return bool(driver.may_leave())
    return True


def not_open(bar: ActionBar, what: str, say: Callable[[str], None]) -> None:
    """An action key whose action is not open now: one line, nothing changes; `f` when
    checking is free says so (a fold then gives up a free card), and `a` when the call is
    all-in calls."""
    if bar.amount_open:
        return
    if what == "fold" and bar.legal is not None and bar.legal.can_check:
        say("Checking is free: c checks (f folds only facing a bet).")
        return
    if what == "all_in" and bar.legal is not None and call_is_all_in(bar.legal):
        bar.choose("call")  # the call is the whole stack: `a` means it as well as `c`
        return
    say("That action is not open now.")
