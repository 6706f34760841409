"""The action bar: only the legal actions, each with a key, and an amount box for bets and raises.

Amounts come from the engine's `LegalActions` (min and max "raise to"); the presets are sizes
(min, half pot, pot, all-in) clamped to that range. Only digits and thousands commas go in the
box; a preset key replaces the whole amount (cursor at the end) and works only while the box is
empty or holds a preset, so a letter typed mid-number is never a shortcut. An amount that is not
a whole number, or is outside the range, gets an inline message and nothing is sent. Going
all-in always takes a second, deliberate key: `a` then `a` again, or Enter twice on the
all-in amount.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input
from textual.widgets.button import ButtonVariant

from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Fold, LegalActions
from homegame.play.bet_choices import all_in_open, call_is_all_in, preset_amounts, raise_sized
from homegame.tui.widgets.plain import Plain

#: The action buttons in the order they show, with their look (Button variants).
BUTTONS: tuple[tuple[str, ButtonVariant], ...] = (
    ("fold", "error"),
    ("check", "default"),
    ("call", "default"),
    ("raise", "primary"),
    ("all_in", "warning"),
)

#: A whole number of chips: plain digits, or digits with commas between thousands ("1,000").
WHOLE_AMOUNT = re.compile(r"\d+|\d{1,3}(?:,\d{3})+")


def parse_amount(text: str) -> int | None:
    """The chip count typed in the amount box, or None when it is not a whole number."""
    text = text.strip()
    if not WHOLE_AMOUNT.fullmatch(text):
        return None
    return int(text.replace(",", ""))


class AmountInput(Input):
    """The amount box: digits and commas only; m, h, p and a fill in a preset, Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "preset('min')", "Min", priority=True),
        Binding("h", "preset('half pot')", "Half pot", priority=True),
        Binding("p", "preset('pot')", "Pot", priority=True),
        Binding("a", "preset('all-in')", "Max", priority=True),
        Binding("escape", "cancel", "Back", priority=True),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, compact=True, max_length=13, restrict=r"[0-9,]*")
        #: What a preset (or opening the box) last put in; anything else was typed.
        self.filled = ""

    @property
    def typed(self) -> bool:
        """True once the person has typed an amount of their own (presets are off then)."""
        return self.value not in ("", self.filled)

    def fill(self, value: str) -> None:
        """Replace the whole amount, cursor at the end."""
        self.filled = value
        self.value = value
        self.cursor_position = len(value)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Preset letters only on an empty box or a preset amount: mid-number they do nothing."""
        if action == "preset":
            return not self.typed
        return True

    def _bar(self) -> ActionBar | None:
        bar = self.parent
        while bar is not None and not isinstance(bar, ActionBar):
            bar = bar.parent
        return bar

    def action_preset(self, name: str) -> None:
        bar = self._bar()
        if bar is not None:
            bar.fill_preset(name)

    def action_cancel(self) -> None:
        bar = self._bar()
        if bar is not None:
            bar.close_amount()


class ActionBar(Widget):
    """Offers the legal actions of the seat to act and posts `ActionBar.Chosen`."""

    DEFAULT_CSS = """
    ActionBar {
        height: auto;
        width: 100%;
        background: $bar-back;
        padding: 0 1;
    }
    ActionBar #actions {
        height: 1;
        width: 100%;
    }
    ActionBar #actions Button {
        margin-right: 1;
        min-width: 8;
    }
    ActionBar #prompt {
        height: 1;
        width: 100%;
        color: $bar-text;
    }
    ActionBar #amount-row {
        height: 1;
        width: 100%;
        display: none;
    }
    ActionBar.-amount #amount-row {
        display: block;
    }
    ActionBar #amount-label {
        width: auto;
        padding-right: 1;
    }
    ActionBar #amount {
        width: 12;
    }
    ActionBar #amount-help {
        width: 1fr;
        padding-left: 1;
        color: $hint;
    }
    ActionBar #amount-msg {
        height: auto;
        width: 100%;
        color: $alarm;
    }
    """

    class Chosen(Message):
        """The person chose an action."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.legal: LegalActions | None = None
        self.pot = 0
        #: `a` was pressed once: the next `a` goes all-in (HOUSE_RULES: a shove is deliberate).
        self.armed = False
        #: The all-in amount Enter was pressed on once in the box; Enter again sends it.
        self._confirm_amount: int | None = None

    def compose(self) -> ComposeResult:
        yield Plain("", id="prompt")
        with Horizontal(id="actions"):
            for name, variant in BUTTONS:
                button = Button("", name=name, id=f"act-{name}", compact=True, variant=variant)
                button.display = False
                yield button
        with Horizontal(id="amount-row"):
            yield Plain("", id="amount-label")
            yield AmountInput(id="amount")
            yield Plain("", id="amount-help")
        yield Plain("", id="amount-msg")

    def set_prompt(self, text: str) -> None:
        """The line above the actions (whose turn, what happened)."""
        self.query_one("#prompt", Plain).say(text, layout=False)  # one row, always

    def offer(self, legal: LegalActions | None, pot: int = 0) -> None:
        """Show the actions `legal` allows (None: nothing to do here now)."""
        self.legal = legal
        self.pot = pot
        self.armed = False
        self.close_amount()
        self.query_one("#amount-msg", Plain).say("")
        self._draw_buttons()

    def _draw_buttons(self) -> None:
        """Show the open actions' buttons with their amounts and hide the rest: the buttons stay
        mounted, so a turn restyles and lays out no new widgets."""
        labels = {} if self.legal is None else self._labels(self.legal)
        for button in self.query_one("#actions", Horizontal).query(Button):
            label = labels.get(button.name or "")
            if label is not None and label.plain != str(button.label):
                button.label = label
                button.refresh(layout=True)  # a Button's label repaints, its width stays
            if button.display != (label is not None):
                button.display = label is not None
        self._bindings_changed()

    def _labels(self, legal: LegalActions) -> dict[str, Text]:
        """Each open action's button label, by button name."""
        labels = {}
        if legal.can_fold:
            labels["fold"] = Text("[f] Fold")
        if legal.can_check:
            labels["check"] = Text("[c] Check")
        if legal.can_call:
            whole = " (all-in)" if call_is_all_in(legal) else ""
            labels["call"] = Text(f"[c] Call {legal.call_amount:,}{whole}")
        if raise_sized(legal):
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            verb = "Bet" if legal.can_bet else "Raise to"
            labels["raise"] = Text(f"[r] {verb} {legal.min_raise_to:,}-{legal.max_raise_to:,}")
        if all_in_open(legal):
            word = "Confirm all-in" if self.armed else "All-in"
            labels["all_in"] = Text(f"[a] {word} {legal.all_in_to:,}")
        return labels

    def _bindings_changed(self) -> None:
        """The keys that work changed: the footer redraws from the screen's check_action."""
        if self.is_attached:
            self.screen.refresh_bindings()

    def available(self) -> frozenset[str]:
        """The actions open now: fold, check, call, bet or raise, all_in (none mid-amount)."""
        legal = self.legal
        if legal is None or self.amount_open:
            return frozenset()
        out = set()
        if legal.can_fold:
            out.add("fold")
        if legal.can_check:
            out.add("check")
        if legal.can_call:
            out.add("call")
        if raise_sized(legal):
            out.add("bet" if legal.can_bet else "raise")
        if all_in_open(legal):
            out.add("shove" if self.armed else "all_in")
        return frozenset(out)

    @property
    def amount_open(self) -> bool:
        """True while the amount box is shown."""
        return self.has_class("-amount")

    def choose(self, what: str) -> bool:
        """Act on one of `available()` (a key's action); False when it is not open now.

        `all_in` only arms the shove and says so; `shove` (the second `a`) sends it.
        """
        legal = self.legal
        if legal is None:
            return False
        if what == "all_in" and self.armed:
            what = "shove"
        if what not in self.available():
            return False
        if what == "all_in":
            self.armed = True
            self.query_one("#amount-msg", Plain).say(
                f"All-in for {legal.all_in_to:,}? Press a again to confirm, Esc to go back."
            )
            self._draw_buttons()
            return True
        self.disarm()
        if what == "fold":
            self.post_message(self.Chosen(Fold()))
        elif what == "check":
            self.post_message(self.Chosen(Check()))
        elif what == "call":
            self.post_message(self.Chosen(Call()))
        elif what in ("bet", "raise"):
            self.open_amount()
        elif what == "shove":
            self.post_message(self.Chosen(AllIn()))
        return True

    def disarm(self) -> None:
        """Take back a first `a`: the all-in is not confirmed."""
        if self.armed:
            self.armed = False
            self.query_one("#amount-msg", Plain).say("")
            self._draw_buttons()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = event.button.name
        if name == "raise" and self.legal is not None and self.legal.can_bet:
            name = "bet"
        if name:
            self.choose(name)

    def open_amount(self) -> None:
        """Show the amount box with the legal range and the presets."""
        legal = self.legal
        if legal is None or legal.min_raise_to is None or legal.max_raise_to is None:
            return
        verb = "Bet" if legal.can_bet else "Raise to"
        self.add_class("-amount")
        self._confirm_amount = None
        self.query_one("#amount-label", Plain).say(f"{verb}:")
        self.query_one("#amount-help", Plain).say(
            f"{legal.min_raise_to:,}-{legal.max_raise_to:,} · m min h ½pot p pot a max "
            "· Enter · Esc"
        )
        box = self.query_one("#amount", AmountInput)
        box.fill(str(legal.min_raise_to))
        box.focus()
        self._bindings_changed()

    def close_amount(self) -> None:
        """Hide the amount box and go back to the action keys."""
        was_open = self.amount_open
        self.remove_class("-amount")
        self._confirm_amount = None
        if self.is_mounted:
            self.query_one("#amount-msg", Plain).say("")
            if self.screen.focused is self.query_one("#amount", AmountInput):
                self.screen.set_focus(None)
            if was_open:
                self._bindings_changed()

    def fill_preset(self, name: str) -> None:
        """Put a preset amount in the box."""
        if self.legal is None:
            return
        amounts = preset_amounts(self.legal, self.pot)
        if name in amounts:
            self.query_one("#amount", AmountInput).fill(str(amounts[name]))

    def on_input_changed(self, event: Input.Changed) -> None:
        """A changed amount needs its own confirmation if it is the all-in."""
        event.stop()
        if self._confirm_amount is not None:
            self._confirm_amount = None
            self.query_one("#amount-msg", Plain).say("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit_amount(event.value)

    def submit_amount(self, text: str) -> bool:
        """Send a bet or raise to `text` chips if it is in range; otherwise say why inline."""
        legal = self.legal
        message = self.query_one("#amount-msg", Plain)
        if legal is None or legal.min_raise_to is None or legal.max_raise_to is None:
            return False
        low, high = legal.min_raise_to, legal.max_raise_to
        amount = parse_amount(text)
        if amount is None:
            message.say(
                f"{text.strip()!r} is not a whole number of chips: type one from {low:,} to "
                f"{high:,}."
            )
            return False
        if not low <= amount <= high:
            message.say(f"{amount:,} is out of range: choose from {low:,} to {high:,}.")
            return False
        shove = amount == high and legal.can_all_in and legal.all_in_to == high
        if shove and self._confirm_amount != amount:
            self._confirm_amount = amount
            message.say(f"{amount:,} is all-in: Enter again to confirm, Esc to go back.")
            return False
        self.close_amount()
        self.post_message(self.Chosen(AllIn() if shove else BetRaise(amount)))
        return True
