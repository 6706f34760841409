"""The money at the end of a game: each player's in, out and net, and who pays whom.

Drawn from the game's ledger lines by `homegame.money.night` (the one place the totals and the
fewest transfers are worked out); the screen only writes them down. Enter goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen

from homegame.money.amounts import money_text
from homegame.money.ledger import LedgerLine
from homegame.money.night import Night, night
from homegame.text import counted
from homegame.tui.game_app import QUIT_KEY
from homegame.tui.mount_styles import MountStyled
from homegame.tui.widgets.plain import Plain


def settlement_lines(result: Night, currency: str = "") -> list[str]:
    """The night in plain lines: a row per player (in, out, net), the check, the transfers;
    every amount in the config's `currency`."""
    width = max([cell_len(t.party) for t in result.totals] + [6])  # cells: emoji take two
    rows = [
        (
            total.party,
            *(money_text(c, currency) for c in (total.cents_in, total.cents_out, total.net)),
        )
        for total in sorted(result.totals, key=lambda t: (-t.net, t.party))
    ]
    cell = max([9] + [len(amount) for row in rows for amount in row[1:]])
    out = [f"{'Player'.ljust(width)}  {'in':>{cell}}  {'out':>{cell}}  {'net':>{cell}}"]
    for party, *amounts in rows:
        out.append("  ".join([set_cell_size(party, width), *(a.rjust(cell) for a in amounts)]))
    for wrong in result.mismatches:
        out.append(
            f"MISMATCH {wrong.game}: in {money_text(wrong.cents_in, currency)}, "
            f"out {money_text(wrong.cents_out, currency)}, "
            f"off by {money_text(wrong.cents, currency)}"
        )
    if result.balanced:
        out.append(f"Check: the nets sum to {money_text(0, currency)}")
        if result.transfers:
            out.append(f"Settlement ({counted(len(result.transfers), 'transfer')}):")
            out += [f"  {t.said(currency)}" for t in result.transfers]
        else:
            out.append("Settlement: nobody owes anything")
    return out


class SettlementScreen(MountStyled, ModalScreen[None]):
    """A game's result in money: `heading` lines (places and prizes), then the settlement."""

    CSS_PATH = "settlement.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,escape", "close", "Go on"), QUIT_KEY]

    def __init__(
        self,
        title: str,
        lines: Sequence[LedgerLine],
        heading: Sequence[str] = (),
        currency: str = "",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.heading = tuple(heading)
        self.result = night(lines)
        self.currency = currency

    @property
    def text(self) -> str:
        """Everything the screen says, as plain text."""
        money = settlement_lines(self.result, self.currency)
        return "\n".join([self.title_text, *self.heading, *money])

    def compose(self) -> ComposeResult:
        with Vertical(id="money-box"):
            yield Plain(self.title_text, id="money-title")
            with VerticalScroll(id="money-lines"):
                money = settlement_lines(self.result, self.currency)
                yield Plain("\n".join([*self.heading, *money]))
            yield Plain("Enter: go on", id="money-help")

    def action_close(self) -> None:
        self.dismiss(None)


class _OutOfChipsScreen(MountStyled, ModalScreen[bool]):
    """A player with no chips left chooses: buy more (True) or go (False), one key each."""

    CSS_PATH = "settlement.tcss"

    def __init__(self, name: str, chips: int, cents: int, currency: str = "") -> None:
        super().__init__()
        self.player = name
        self.chips = chips
        self.cents = cents
        self.currency = currency

    def heading(self) -> str:
        """The box's first line."""
        raise NotImplementedError

    def choices(self) -> str:
        """The two keys and what each does."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="money-box"):
            yield Plain(self.heading(), id="money-title")
            yield Plain(self.choices(), id="money-lines")

    def action_answer(self, more: bool) -> None:
        self.dismiss(more)


class TopUpScreen(_OutOfChipsScreen):
    """A cash-game player with no chips left: t tops up to the maximum, l leaves the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "answer(True)", "Top up"),
        Binding("l", "answer(False)", "Leave the table"),
        QUIT_KEY,
    ]

    def heading(self) -> str:
        return f"{self.player} has no chips left"

    def choices(self) -> str:
        return (
            f"t: top up to {self.chips:,} chips ({money_text(self.cents, self.currency)})\n"
            "l: leave the table (cash out)"
        )


class RebuyScreen(_OutOfChipsScreen):
    """A freezeout player busted in the rebuy period (HOUSE_RULES 19): r buys the starting
    stack again, n leaves the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer(True)", "Rebuy"),
        Binding("n", "answer(False)", "No rebuy"),
        QUIT_KEY,
    ]

    def heading(self) -> str:
        return f"{self.player} is out of chips"

    def choices(self) -> str:
        return (
            f"r: rebuy {self.chips:,} chips for {money_text(self.cents, self.currency)}\n"
            "n: no rebuy (out of the game)"
        )


class StraddleScreen(_OutOfChipsScreen):
    """HOUSE_RULES 26, before the cards: the player left of the big blind may straddle; s
    straddles, n (or Enter) deals without one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "answer(True)", "Straddle"),
        Binding("n", "answer(False)", "No straddle"),
        Binding("enter", "answer(False)", "No straddle", show=False),
        QUIT_KEY,
    ]

    def heading(self) -> str:
        return f"{self.player} is left of the big blind"

    def choices(self) -> str:
        return (
            f"s: straddle {self.chips:,} (two big blinds, posted before the cards; acts last)\n"
            "n: no straddle this hand"
        )


class RunTwiceScreen(_OutOfChipsScreen):
    """HOUSE_RULES 27, an all-in run-out before the river: y agrees to run the rest of the
    board twice, n (or Enter) keeps one run. At the foot of the table: the hands, face up,
    stay in sight."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Run it twice"),
        Binding("n", "answer(False)", "One run"),
        Binding("enter", "answer(False)", "One run", show=False),
        QUIT_KEY,
    ]

    def __init__(self, name: str, others: Sequence[str]) -> None:
        super().__init__(name, 0, 0)
        self.others = tuple(others)

    def heading(self) -> str:
        return f"{self.player}: run it twice?"

    def choices(self) -> str:
        asked = ", ".join(self.others)
        return (
            "y: deal the rest of the board twice, each pot split half per run\n"
            f"n: one run (one no keeps one run; asked: {asked})"
        )


class LeaveScreen(MountStyled, ModalScreen[int | None]):
    """A cash game: who gets up and cashes out with their chips when this hand is over
    (HOUSE_RULES 22); a number names them, Escape or Enter plays on with nobody leaving."""

    CSS_PATH = "settlement.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
        Binding("escape", "pick(0)", "Nobody leaves"),
        Binding("enter", "pick(0)", "Nobody leaves", show=False),
        QUIT_KEY,
    ]

    def __init__(self, choices: Sequence[tuple[int, str, int, int]], currency: str = "") -> None:
        """`choices`: (seat, name, chips, cents) of each person who may leave."""
        super().__init__()
        self.choices = list(choices)
        self.currency = currency

    def compose(self) -> ComposeResult:
        lines = [
            f"{n}: {name} leaves with {chips:,} chips ({money_text(cents, self.currency)})"
            for n, (_seat, name, chips, cents) in enumerate(self.choices, start=1)
        ]
        with Vertical(id="money-box"):
            yield Plain("Who cashes out after this hand?", id="money-title")
            yield Plain("\n".join(lines), id="money-lines")
            yield Plain("Escape: nobody leaves", id="money-help")

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.dismiss(self.choices[number - 1][0])
        elif number == 0:
            self.dismiss(None)
