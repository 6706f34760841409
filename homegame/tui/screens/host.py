"""Host mode: a live table with real cards; the app runs chips, blinds, pots and settles them.

The host types what happens at the table into one command line (see `HELP`): each player's
action, optionally the board cards as they are dealt, and at the showdown the shown hands,
a muck, or the winners of each pot the cards did not settle. Every rule is the engine's
(cards `Entered` by the host): no hole card is ever dealt or shown by the app. Bad input gets one
inline line and changes nothing.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input, Static

from homegame.cards import Card, format_cards, parse_cards
from homegame.config import GameConfig
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event
from homegame.engine.hand import Phase
from homegame.engine.session import FreezeoutSession, KrgSession
from homegame.engine.views import HandView
from homegame.setup import session_for
from homegame.tui.widgets.hand_log import HandLog
from homegame.tui.widgets.pot import PotView
from homegame.tui.widgets.seat import Seat, SeatInfo
from homegame.variants import Variant, get_variant

#: Keys that act at once while someone must bet (no Enter): fold, check/call, check, all-in.
QUICK_KEYS = ("f", "c", "k", "a")

HELP = (
    "f fold · c check/call · r N raise to N · a all-in · b CARDS board · "
    "s [NAME] CARDS show · m muck · w [POT] NAME.. winners · n next hand · "
    "set NAME N.. correct stacks"
)


class HostError(ValueError):
    """A host command that cannot be carried out; its text is the one inline line."""


class HostScreen(Screen[None]):
    """The host console: seats, pots, board, the prompt line and the hand log."""

    CSS_PATH = "host.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "app.quit", "Quit", show=False),
    ]

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random,
        *,
        button: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.config = config
        self.variant: Variant = get_variant(config.game)
        self.names = tuple(p.name for p in config.players)
        self._clock = clock
        self._began = self._now()
        self.session = session_for(config, self.names, rng, button=button, cards=Entered())
        self.freezeout = self.session if isinstance(self.session, FreezeoutSession) else None
        self.krg = self.session if isinstance(self.session, KrgSession) else None
        self.hand_number = 0
        #: Every event of the game in order, corrections included (HOUSE_RULES: final authority).
        self.history: list[Event] = []

    def _now(self) -> float:
        return float(self._clock())

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="host-header")
        if self.variant.betting:
            yield Static("  Player     Pos     Stack    Bet  Shown", id="host-columns")
        for seat, name in enumerate(self.names):
            yield Seat(SeatInfo(name), id=f"host-seat-{seat}")
        yield PotView(id="host-pots")
        yield Static(id="host-board")
        yield Static(id="host-prompt")
        yield Static(id="host-error")
        yield Input(placeholder="type a command, Enter (? for help)", id="host-input")
        yield HandLog(id="host-log")

    def on_mount(self) -> None:
        self.query_one("#host-log", HandLog).border_title = "Hand log"
        if self.freezeout is not None and self.config.freezeout.minutes_per_level is not None:
            self.set_interval(1.0, self._tick)
        self._start_next()
        self.query_one("#host-input", Input).focus()

    # -- what the screen shows ---------------------------------------------------------------

    @property
    def error(self) -> str:
        """The inline error line now showing ('' when none)."""
        return str(self.query_one("#host-error", Static).content)

    @property
    def prompt(self) -> str:
        """The prompt line now showing: whose turn it is and what the host may type."""
        return str(self.query_one("#host-prompt", Static).content)

    @property
    def log_lines(self) -> list[str]:
        """Every line written to the hand log."""
        return list(self.query_one("#host-log", HandLog).entries)

    def seat_info(self, seat: int) -> SeatInfo | None:
        """What seat `seat` shows now."""
        return self.query_one(f"#host-seat-{seat}", Seat).info

    def _view(self) -> HandView | None:
        if self.session.hand is None:
            return None
        return self.session.view_for(None)

    def _refresh(self) -> None:
        view = self._view()
        in_hand = self.session.in_hand
        self.query_one("#host-header", Static).update(self._header())
        shown: dict[int, SeatInfo] = {}
        if view is not None:
            for sv in view.seats:
                shown[sv.seat] = SeatInfo(
                    name=sv.name,
                    stack=sv.stack if self.variant.betting else None,
                    bet=sv.bet,
                    button=sv.is_button,
                    small_blind=sv.is_small_blind,
                    big_blind=sv.is_big_blind,
                    folded=sv.folded,
                    all_in=sv.all_in,
                    to_act=sv.seat == view.to_act,
                    cards=_entered(sv.cards) if sv.shown else (),
                    note="mucked" if sv.mucked else "",
                )
        for seat, name in enumerate(self.names):
            info = shown.get(seat)
            if info is None or (not in_hand and self.freezeout is not None):
                stack = None if self.freezeout is None else self.freezeout.stacks[seat]
                out = self._is_out(seat)
                info = SeatInfo(name, stack=stack, busted=out, cards=info.cards if info else ())
            self.query_one(f"#host-seat-{seat}", Seat).info = info
        pots = self.query_one("#host-pots", PotView)
        board = self.query_one("#host-board", Static)
        if view is None:
            pots.show([])
            board.update("Board: -")
        else:
            pots.show(
                [(p.amount, [self.names[e] for e in p.eligible]) for p in view.pots],
                sum(s.bet for s in view.seats) if in_hand else 0,
            )
            board.update(self._board_text(view))
        self.query_one("#host-prompt", Static).update(self._prompt_text())

    def _tick(self) -> None:
        """The blind clock runs in minutes: redraw the time to the next level."""
        self.query_one("#host-header", Static).update(self._header())

    def _sync_time(self) -> None:
        """Tell the session how much time has passed since the game began."""
        passed = self._now() - self._began - self.session.elapsed
        self.session.advance_time(max(0.0, passed), turn_clock=False)

    def _is_out(self, seat: int) -> bool:
        if self.freezeout is not None:
            return self.freezeout.table.stacks[seat] == 0
        assert self.krg is not None
        return not self.krg.series.in_series[seat]

    def _header(self) -> str:
        head = f"HOST · {self.variant.name} · hand {self.hand_number}"
        self._sync_time()
        board = self.session.scoreboard()
        if board.level is not None:
            head += f" · Level {board.level.number}: blinds {board.level}"
            left = board.hands_to_next_level
            if left is not None:
                head += f" · {left} hands to next level"
            else:
                seconds = board.seconds_to_next_level
                if seconds is not None:
                    whole = math.ceil(seconds)
                    head += f" · next level in {whole // 60}:{whole % 60:02d}"
        if board.series is not None:
            head += " · " + " ".join(f"{r.name} {r.wins}" for r in board.series.rows)
            head += f" (to {board.series.target})"
        return head

    def _board_text(self, view: HandView) -> Text:
        known = dict(view.board)
        variant = self.variant
        parts: list[tuple[str, tuple[str, ...]]] = [("", variant.slots)]
        if len(variant.groups) > 1:  # Yukon: each set's own cards, then the shared river
            parts = [(f"{g.name}:", variant.own_slots(g)) for g in variant.groups]
            parts.append(("", variant.shared_slots))
        out = Text("Board:")
        for label, slots in parts:
            dealt = [slot for slot in slots if slot in view.dealt_slots]
            if not dealt:
                continue
            if label:
                out.append(f"  {label}", style="#7fb3d5")
            for slot in dealt:
                card = known.get(slot)
                out.append(" ")
                if card is None:
                    out.append("??", style="#7a7a7a")
                else:
                    out.append(card.symbol, style="bold red" if card.is_red else "bold")
        if not view.dealt_slots:
            out.append(" -")
        return out

    def _prompt_text(self) -> str:
        session = self.session
        if session.is_over:
            return "The game is over. ctrl+q quits."
        if self.krg is not None and self.krg.awaiting_winners:
            return "Deal over: w NAME [NAME..] names who won it"
        if not session.in_hand:
            return "Between hands: n deals the next hand · set NAME N.. corrects stacks"
        hand = session.hand
        assert hand is not None
        seat = session.to_act
        if seat is None:
            pending = session.pending_awards()
            if pending:
                which = ", ".join(_pot_label(i, len(hand.pots)) for i in pending)
                return f"Name the winners: w [POT] NAME [NAME..] ({which} waiting)"
            return "Waiting: enter the board with b CARDS"
        name = self.names[seat]
        if hand.phase is Phase.BETTING:
            legal = session.legal_actions()
            parts = ["f fold"] if legal.can_fold else []
            if legal.can_check:
                parts.append("c check")
            elif legal.call_amount:
                parts.append(f"c call {legal.call_amount:,}")
            if legal.min_raise_to is not None:
                verb = "bet" if legal.can_check and not any(hand.bets) else "raise to"
                parts.append(f"r {legal.min_raise_to:,}..{legal.max_raise_to:,} {verb}")
            if legal.can_all_in:
                parts.append(f"a all-in {legal.all_in_to:,}")
            return f"{name} to act: " + " · ".join(parts)
        if hand.phase is Phase.DISCARD:
            return f"{name} discards: d when done"
        muck = " · m muck" if session.legal_actions().can_muck else ""
        return f"Showdown, {name}: s CARDS shows{muck} · s alone: no cards · w NAME wins"

    # -- the command line --------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        """f, c, k or a alone acts at once for the player to bet, as a key press at the table."""
        key = event.value.lower()
        hand = self.session.hand
        betting = hand is not None and hand.phase is Phase.BETTING
        if key in QUICK_KEYS and betting and self.session.to_act is not None:
            event.input.value = ""
            self.run_command(key)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        self.run_command(text)

    def run_command(self, text: str) -> None:
        """Carry out one host command; on bad input show one line and change nothing."""
        error = self.query_one("#host-error", Static)
        if text.lower() in ("?", "help"):
            error.update(HELP)
            return
        try:
            events = self._command(text)
        except (HostError, IllegalAction, ValueError) as exc:
            error.update(f"! {exc}")
            self._refresh()
            return
        error.update("")
        self._log(events)
        self._refresh()

    def _command(self, text: str) -> list[Event]:
        if not text:
            return []
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("n", "next"):
            return self._start_next()
        if word == "set":
            return self._set_stacks(rest)
        if word == "w":
            return self._winners(rest)
        if word == "b":
            return self._board(rest)
        if word == "s":
            return self._show(rest)
        if not self.session.in_hand:
            raise HostError(f"no hand is being played: n deals the next one, not {text!r}")
        if word in ("f", "c", "k", "x", "a", "r", "m", "d"):
            return self._act(word, rest)
        raise HostError(f"unknown command {text!r}: ? for help")

    def _start_next(self) -> list[Event]:
        if self.session.is_over:
            raise HostError("the game is over")
        if self.krg is not None and self.krg.awaiting_winners:
            raise HostError("name the last deal's winners first: w NAME")
        if self.session.in_hand:
            raise HostError("the current hand is not finished")
        self._sync_time()
        events = self.session.start_deal()
        self.hand_number += 1
        log = self.query_one("#host-log", HandLog)
        log.border_title = f"Hand {self.hand_number}"
        log.add(f"== Hand {self.hand_number} ==")
        self._log(events)
        self._refresh()
        return []

    def _act(self, word: str, rest: str) -> list[Event]:
        seat = self.session.to_act
        if seat is None:
            raise HostError("nobody is to act: " + self._prompt_text())
        legal = self.session.legal_actions()
        action: Action
        if word == "f":
            action = Fold()
        elif word in ("c", "k", "x"):
            action = Check() if legal.can_check else Call()
        elif word == "a":
            action = AllIn()
        elif word == "r":
            action = BetRaise(_amount(rest))
        elif word == "m":
            action = Muck()
        else:
            action = Discard(count=legal.discard_count)
        return self.session.act(action, seat)

    def _board(self, rest: str) -> list[Event]:
        hand = self.session.hand
        if hand is None or not self.session.in_hand:
            raise HostError("no hand is being played")
        cards = _cards(rest)
        open_slots = [
            s for s in self.variant.slots if s in hand.dealt_slots and s not in hand.board
        ]
        if not open_slots:
            raise HostError("no board card is waiting to be entered")
        if len(cards) > len(open_slots):
            raise HostError(f"only {len(open_slots)} board card(s) dealt so far, not {len(cards)}")
        seen = [*hand.board.values()]
        for shown in hand.shown.values():
            seen.extend(c for c in shown if c is not None)
        for card in cards:
            if card in seen:
                raise HostError(f"card {card} is already on the table")
        events: list[Event] = []
        for slot, card in zip(open_slots, cards, strict=False):
            events += self.session.reveal_board(slot, card)
        return events

    def _show(self, rest: str) -> list[Event]:
        if not self.session.in_hand:
            raise HostError("no hand is being played")
        if not rest and self.session.to_act is not None:
            return self.session.act(Show(), self.session.to_act)  # shown, cards not entered
        first, _, tail = rest.partition(" ")
        seat = _find_name(self.names, first)
        if seat is None:
            seat = self.session.to_act
            cards_text = rest
            if seat is None:
                raise HostError("say whose hand: s NAME CARDS")
        else:
            cards_text = tail
        return self.session.show(seat, _cards(cards_text))

    def _winners(self, rest: str) -> list[Event]:
        words = rest.replace(",", " ").split()
        if self.krg is not None and self.krg.awaiting_winners:
            return self.session.award(0, _seats(self.names, words))
        events: list[Event] = []
        hand = self.session.hand
        if hand is not None and hand.phase is Phase.SHOWDOWN and words:
            # Winners named without cards: the hands still to show are shown, cards not entered.
            for seat in _seats(self.names, [w for w in words if not w.isdigit()]):
                if hand.folded[self.session.hand_seat(seat)]:
                    raise HostError(f"{self.names[seat]} has folded: they can't win a pot")
            while self.session.to_act is not None and self.session.in_hand:
                events += self.session.act(Show(), self.session.to_act)
        if self.krg is not None and self.krg.awaiting_winners:
            return events + self.session.award(0, _seats(self.names, words))
        pending = self.session.pending_awards()
        if not pending and events:
            return events
        if not pending:
            raise HostError("no pot is waiting for its winners")
        pot = pending[0]
        if words and words[0].isdigit():
            pot = int(words.pop(0))
            if pot not in pending:
                raise HostError(f"pot {pot} is not waiting for winners")
        return events + self.session.award(pot, _seats(self.names, words))

    def _set_stacks(self, rest: str) -> list[Event]:
        if self.freezeout is None:
            raise HostError("there are no stacks to correct in KRG")
        words = rest.replace(",", " ").split()
        if not words or len(words) % 2:
            raise HostError("set needs NAME AMOUNT pairs, e.g. set Ann 1450 Bob 1550")
        changes: dict[int, int] = {}
        for name, amount in zip(words[::2], words[1::2], strict=True):
            changes[_seats(self.names, [name])[0]] = _amount(amount)
        return self.freezeout.correct_stacks(changes)

    def _log(self, events: Sequence[Event]) -> None:
        self.history.extend(events)
        log = self.query_one("#host-log", HandLog)
        for event in events:
            log.add(event.public().describe(self.names))


def _entered(cards: Sequence[Card | None] | None) -> tuple[Card, ...]:
    """A shown hand's cards when the host entered them; none for a hand shown unentered."""
    if not cards or None in cards:
        return ()
    return tuple(c for c in cards if c is not None)


def _pot_label(index: int, count: int) -> str:
    if count == 1:
        return "the pot"
    return "main pot (0)" if index == 0 else f"side pot {index}"


def _amount(text: str) -> int:
    cleaned = text.replace(",", "").strip()
    if not cleaned.isdigit():
        raise HostError(f"expected an amount in chips, got {text.strip() or 'nothing'!r}")
    return int(cleaned)


def _cards(text: str) -> list[Card]:
    if not text.strip():
        raise HostError("type the cards, e.g. Ah Kd 7c")
    try:
        cards = parse_cards(text)
    except ValueError as exc:
        raise HostError(str(exc)) from None
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise HostError(f"card {card} is typed twice in {format_cards(cards)}")
        seen.add(card)
    return cards


def _find_name(names: Sequence[str], word: str) -> int | None:
    folded = word.casefold()
    for seat, name in enumerate(names):
        if name.casefold() == folded:
            return seat
    if word.isdigit() and 1 <= int(word) <= len(names):
        return int(word) - 1
    return None


def _seats(names: Sequence[str], words: Sequence[str]) -> list[int]:
    if not words:
        raise HostError("name at least one player")
    seats = []
    for word in words:
        seat = _find_name(names, word)
        if seat is None:
            raise HostError(f"no player called {word!r} at this table")
        seats.append(seat)
    return seats


class HostApp(App[None]):
    """The app for `homegame host`: one host console."""

    TITLE = "homegame host"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None = None,
        button: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.config = config
        self.rng = rng or random.Random(config.seed)
        self.button = button
        self.clock = clock

    def on_mount(self) -> None:
        self.push_screen(HostScreen(self.config, self.rng, button=self.button, clock=self.clock))
