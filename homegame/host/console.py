"""The host console without a screen: run one typed line against the game, say what happened.

`HostConsole.run(text, now)` parses the line (`homegame.host.commands`), carries it out on the
engine session and returns an `Outcome`: the log lines it caused, or the one line saying why it
was refused (nothing changed). The console also says what the host may type next (`prompt`),
lists every command (`help_lines`) and runs the tournament clock with the time passed in. Every
rule is the engine's; no hole card is dealt or shown by the app.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from homegame.cards import Card
from homegame.config import GameConfig
from homegame.defaults import MAX_NAME_LENGTH
from homegame.engine import RunTwice
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Discard, Fold, Muck, Show
from homegame.engine.capabilities import CashGame, DoublingCube, HostEntry, Tournament
from homegame.engine.card_sources import Entered
from homegame.engine.errors import IllegalAction
from homegame.engine.events import Event, PotAwarded
from homegame.engine.schedule import Clock
from homegame.engine.seat_draw import SeatDraw
from homegame.engine.views import HandView, SeatView
from homegame.host.clock import ClockAlert, TournamentClock, minutes_text, mm_ss
from homegame.host.commands import (
    ACTION_WORDS,
    OTHER_WORDS,
    STREET_WORDS,
    BoardPart,
    Command,
    CommandError,
    Verb,
    parse,
)
from homegame.house_options import option_lines
from homegame.setup import session_for
from homegame.variants import Variant, get_variant

#: The commands, their arguments and what they do, for `?` (plain text: never markup).
HELP_BETTING: tuple[tuple[str, str], ...] = (
    ("[NAME] f", "fold"),
    ("[NAME] c", "check, or call when there is a bet"),
    ("[NAME] k", "check (refused when there is a bet)"),
    ("[NAME] r AMOUNT", "bet or raise to AMOUNT in all"),
    ("[NAME] a", "all-in (a call all-in too)"),
    ("b CARDS", "board cards: b Ah Kd 7c · b turn 2s · b river 9h"),
    ("flop/turn/river CARDS", "a street's cards: flop Ah Kd 7c · turn 2s"),
    ("s [NAME] [CARDS]", "show a hand (s alone: shown, cards not typed)"),
    ("[NAME] m", "muck at the showdown"),
    ("w [POT] NAME [NAME..]", "winners: w Ann · w Ann Bob · w 1 Bob (side pot 1)"),
    ("n", "deal the next hand (the first starts the clock)"),
    ("set NAME AMOUNT [..]", "correct stacks between hands"),
    ("out NAME / back NAME", "sit a player out (blinded, folded in turn) and back"),
    ("join NAME [CHIPS]", "a late player joins between hands (no blind)"),
)
HELP_YUKON: tuple[tuple[str, str], ...] = (
    ("b A CARDS / b B CARDS", "one set's cards, in any order: b B 7c 2s"),
    ("b SET A / SET B / RIVER", "by set: b Ah Kd / 7c 2s · b Qs / 3d · b 9h"),
)
HELP_DOUBLE_BOARD: tuple[tuple[str, str], ...] = (
    ("flop CARDS / CARDS", "both flops: flop Ah Kd 7c / Qs Qd 3c"),
    ("turn C / C", "both turns (the rivers alike): turn 2s / 9h"),
    ("b 1 CARDS / b 2 CARDS", "one board's cards: b 2 Qs Qd 3c"),
    ("w NAME / NAME", "each board's winners, board 1 first: w Ann / Bob"),
)
HELP_CLOCK: tuple[tuple[str, str], ...] = (
    ("p", "pause or resume the clock"),
    ("level + / level -", "next level (or break) / back to the previous level"),
    ("time MM:SS", "time left in this level: time 12:30"),
)
HELP_KRG: tuple[tuple[str, str], ...] = (
    ("[NAME] d", "one player discards (face down)"),
    ("d all", "everyone left in this stage has discarded"),
    ("b CARDS", "board cards as dealt (optional)"),
    ("s [NAME] CARDS", "a kept hand shown (optional)"),
    ("w NAME [NAME..]", "who won the deal (several: a tie)"),
    ("w NAME quads NAME", "... and who made four of a kind (side bet)"),
    ("cube NAME", "NAME turns the doubling cube between deals"),
    ("double NAME / drop NAME", "answer the cube"),
    ("n", "deal the next deal"),
)
HELP_BOMB: tuple[tuple[str, str], ...] = (
    ("bomb", "the next hand is a bomb pot: all ante, no blinds, betting from the flop"),
)
HELP_TWICE: tuple[tuple[str, str], ...] = (
    ("twice / once", "all-in: everyone agrees to run it twice / one run"),
    ("b CARDS (run 2)", "run 1 typed, b types run 2's board: b Qs 4d 7h"),
)
HELP_STRADDLE: tuple[tuple[str, str], ...] = (
    ("straddle NAME", "NAME, left of the next big blind, straddles 2 big blinds"),
)
HELP_CASH: tuple[tuple[str, str], ...] = (
    ("buy NAME [CHIPS]", "a player buys in between hands (default the maximum)"),
    ("topup NAME CHIPS", "a seated player adds chips, up to the maximum buy-in"),
    ("cashout NAME [CHIPS]", "a player leaves with the chips in front of them"),
    ("end", "end the cash game: everyone still seated cashes out"),
)
HELP_MONEY: tuple[tuple[str, str], ...] = (
    ("buy NAME", "an entry (before the first hand) or a late entry"),
    ("rebuy NAME", "a rebuy of the starting stack (busted, or at or below it)"),
    ("addon NAME", "the add-on at the first break (one a player)"),
    ("chop equal|chips|icm", "the players still in split the prizes left"),
)
HELP_COMMON: tuple[tuple[str, str], ...] = (
    ("v", "switch to the players' big view and back"),
    ("u", "undo the last entry"),
    ("?", "this help"),
    ("ctrl+q", "quit (asks first)"),
)


@dataclass(frozen=True)
class Outcome:
    """What one line did: `ok` with its log lines, or refused with `message` (nothing changed)."""

    ok: bool
    message: str = ""
    lines: tuple[str, ...] = ()
    alerts: tuple[ClockAlert, ...] = ()
    help: bool = False
    toggle_view: bool = False
    undo: bool = False
    new_hand: bool = False


@dataclass
class _Run:
    """Lines gathered while one command runs."""

    lines: list[str] = field(default_factory=list)
    new_hand: bool = False


class HostConsole:
    """One live game run from typed lines: the session, the clock, the hand count, the history."""

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random | None = None,
        *,
        button: int | None = None,
        seat_draw: bool | SeatDraw = False,
    ) -> None:
        self.config = config
        self.variant: Variant = get_variant(config.game)
        self.names: tuple[str, ...] = tuple(p.name for p in config.players)
        rng = rng or random.Random(config.seed)
        game = session_for(
            config, self.names, rng, button=button, cards=Entered(), seat_draw=seat_draw
        )
        session = game.host_entry()
        if session is None:
            raise ValueError(f"a game of {self.variant.name} cannot be hosted")
        #: The game, with what it has beyond the core: each capability, or None without it.
        self.session: HostEntry = session
        self.tournament: Tournament | None = session.tournament()
        self.cash: CashGame | None = session.cash_game()
        self.cube: DoublingCube | None = session.cube()
        self.clock: TournamentClock | None = None
        if self.tournament is not None and self.tournament.schedule.clock is Clock.MINUTES:
            self.clock = TournamentClock(self.tournament.schedule)
        self.hand_number = 0
        #: Every event of the game in order, corrections included (HOUSE_RULES: final authority).
        self.history: list[Event] = []

    # -- running a line -----------------------------------------------------------------------

    def run(self, text: str, now: float = 0.0) -> Outcome:
        """Carry out one typed line at time `now`; a refused line changes nothing."""
        groups = [label for label, _ in self.board_layout()] if self._sets else []
        layout = [self._part_name(label).removeprefix("the ") for label in groups]
        try:
            command = parse(text, self.names, [g for g in groups if g != "river"], layout)
            if command.verb is Verb.HELP:
                return Outcome(True, help=True)
            if command.verb is Verb.DISPLAY:
                return Outcome(True, toggle_view=True)
            if command.verb is Verb.UNDO:
                return Outcome(True, undo=True)
            run = _Run()
            was_over = self.session.is_over
            message = self._execute(command, now, run)
        except (CommandError, IllegalAction, ValueError) as exc:
            return Outcome(False, message=str(exc))
        if self.session.is_over and not was_over:
            run.lines.append("The game is over")
        alerts = tuple(self.tick(now))
        return Outcome(True, message, tuple(run.lines), alerts=alerts, new_hand=run.new_hand)

    def tick(self, now: float) -> list[ClockAlert]:
        """Clock alerts since the last look (a level change, a break): for the bell and the log."""
        if self.clock is None or not self.clock.started:
            return []
        alerts = self.clock.alerts(now)
        return alerts

    def _execute(self, command: Command, now: float, run: _Run) -> str:
        verb = command.verb
        if verb is Verb.NEXT:
            self._next(now, run)
            return ""
        if verb is Verb.SET:
            self._log(self.session.correct_stacks(dict(command.stacks)), run)
            return ""
        if verb in (Verb.PAUSE, Verb.LEVEL, Verb.TIME):
            return self._clock_command(command, now, run)
        if verb in (Verb.SIT_OUT, Verb.BACK):
            return self._seat_command(command, run)
        if verb in (Verb.CUBE, Verb.DOUBLE, Verb.DROP):
            return self._cube(command, run)
        if verb is Verb.BOMB:  # HOUSE_RULES 28: the next hand is a bomb pot
            table = self.tournament or self.cash
            if table is None:
                raise CommandError("a bomb pot is for a game with betting")
            self._log(table.call_bomb_pot(), run)
            return ""
        if verb is Verb.STRADDLE:  # HOUSE_RULES 26, before the next hand's cards
            if self.cash is None:
                raise CommandError("a straddle is for a cash game (homegame host --cash)")
            assert command.seat is not None
            self._log(self.cash.straddle(command.seat), run)
            return ""
        if verb is Verb.JOIN:
            if self.cash is not None:
                raise CommandError("in a cash game a new player buys in: buy NAME [CHIPS]")
            self._join(command, now, run)
            return ""
        if verb in (Verb.TOP_UP, Verb.CASH_OUT, Verb.END) or (verb is Verb.BUY and self.cash):
            if self.cash is None:
                raise CommandError(f"{verb.value} is for a cash game (homegame host --cash)")
            self._cash_command(command, run)
            return ""
        if verb in (Verb.BUY, Verb.REBUY, Verb.ADD_ON, Verb.CHOP):
            self._entry_command(command, now, run)
            return ""
        if verb is Verb.WINNERS:
            self._winners(command, run)
            return ""
        if not self.session.in_hand:
            raise CommandError(
                f"no hand is being played: n deals the next one, not {command.text!r}"
            )
        if verb is Verb.BOARD:
            self._board(command.parts, run)
            return ""
        if verb is Verb.TWICE:
            self._run_twice(command.amount == 2, run)
            return ""
        if verb is Verb.SHOW:
            self._show(command, run)
            return ""
        self._act(command, run)
        return ""

    # -- hands --------------------------------------------------------------------------------

    def _next(self, now: float, run: _Run) -> None:
        session = self.session
        if session.is_over:
            raise CommandError("the game is over")
        if session.in_hand:
            waiting = self.prompt_line()
            raise CommandError(f"the current {self.deal_word} is not finished: {waiting}")
        if self.cube is not None and self.cube.cube_pending():
            waiting = ", ".join(self.names[s] for s in self.cube.cube_pending())
            raise CommandError(f"the cube waits for {waiting}: double NAME or drop NAME")
        tournament = self.tournament
        if tournament is not None and tournament.waiting_for_rebuy:  # n: nobody rebuys
            self._log(tournament.no_rebuys(), run)
            return
        started = False
        if self.clock is not None and self.clock.started:
            status = self.clock.status(now)
            if status.on_break is not None:  # nobody deals while the break clock runs
                raise CommandError(
                    f"on break ({mm_ss(status.seconds_left)} left): level + ends the break"
                )
        if self.clock is not None:  # a minutes clock runs a freezeout's blinds
            assert self.tournament is not None
            started = self.clock.start(now)
            self.clock.alerts(now)  # the stretch the clock starts in is not news
            self.tournament.set_clock(self.clock.position(now))  # the host may have moved it
        events = session.start_deal()
        if started:
            run.lines.append("The clock is running")
        self.hand_number += 1
        run.new_hand = True
        run.lines.append(f"== {self.deal_word.capitalize()} {self.hand_number} ==")
        self._log(events, run)

    def _turn(self, command: Command) -> int:
        """The seat to act, checked against the player the command names."""
        seat = self.session.to_act
        if seat is None:
            raise CommandError("nobody is to act: " + self.prompt_line())
        if command.seat is not None and command.seat != seat:
            return self._wrong_turn(command.seat, seat)
        return seat

    def _wrong_turn(self, named: int, seat: int) -> int:
        raise CommandError(f"it is {self.names[seat]}'s turn, not {self.names[named]}'s")

    def _act(self, command: Command, run: _Run) -> None:
        verb = command.verb
        view = self.view()
        assert view is not None
        if verb is Verb.DISCARD and command.everyone:
            self._discard_all(view, run)
            return
        seat = self._turn(command)
        name = self.names[seat]
        phase = view.phase
        betting_verbs = (Verb.FOLD, Verb.CALL, Verb.CHECK, Verb.RAISE, Verb.ALL_IN)
        if verb in betting_verbs and phase != "betting":
            raise CommandError(f"{verb.value} is for a betting round; now: {self.prompt_line()}")
        if verb is Verb.DISCARD and phase != "discard":
            raise CommandError(f"nobody is discarding now: {self.prompt_line()}")
        if verb is Verb.MUCK and phase != "showdown":
            raise CommandError(f"a hand is mucked at the showdown; now: {self.prompt_line()}")
        legal = self.session.legal_actions()
        action: Action
        if verb is Verb.FOLD:
            if not legal.can_fold:
                raise CommandError(f"{name} can't fold: nothing to call (c or k checks)")
            action = Fold()
        elif verb is Verb.CHECK:
            if not legal.can_check:
                raise CommandError(
                    f"{name} can't check: {legal.call_amount:,} to call (c calls, f folds)"
                )
            action = Check()
        elif verb is Verb.CALL:
            action = Check() if legal.can_check else Call()
        elif verb is Verb.RAISE:
            assert command.amount is not None
            action = BetRaise(command.amount)
        elif verb is Verb.ALL_IN:
            # With no raise open (a call all-in, or covering everyone left all-in), "all-in"
            # at a live table means the call; it is logged as the call it was.
            action = Call() if not legal.can_all_in and legal.call_amount > 0 else AllIn()
        elif verb is Verb.DISCARD:
            action = Discard(count=legal.discard_count)
        else:
            action = Muck()
        self._log(self.session.act(action, seat), run)

    def _run_twice(self, agree: bool, run: _Run) -> None:
        """HOUSE_RULES 27: the players in the all-in hand all agree to run it twice (`twice`:
        each one's yes in turn), or keep one run (`once`: the first asked says no)."""
        view = self.view()
        assert view is not None
        if view.phase != "run twice":
            if not self.config.rules.run_it_twice:
                raise CommandError("run it twice is off (homegame host --run-it-twice)")
            raise CommandError(f"nobody is asked to run it twice now: {self.prompt_line()}")
        events: list[Event] = []
        session = self.session
        while (seat := session.to_act) is not None and session.legal_actions().can_run_twice:
            events += session.act(RunTwice(agree), seat)
        self._log(events, run)

    def _discard_all(self, view: HandView, run: _Run) -> None:
        """Everyone left in this discard stage has thrown their cards: one entry for them all."""
        if view.phase != "discard":
            raise CommandError(f"nobody is discarding now: {self.prompt_line()}")
        stage = len(view.dealt_slots)
        events: list[Event] = []
        while self.session.to_act is not None:
            now_view = self.view()
            if (
                now_view is None
                or now_view.phase != "discard"
                or len(now_view.dealt_slots) != stage
            ):
                break
            seat = self.session.to_act
            count = self.session.legal_actions().discard_count
            events += self.session.act(Discard(count=count), seat)
        self._log(events, run)

    def _show(self, command: Command, run: _Run) -> None:
        session = self.session
        seat = command.seat
        if seat is None:
            seat = session.to_act
            if seat is None:
                raise CommandError("say whose hand: s NAME CARDS")
        if command.cards is None:
            if seat != session.to_act:
                raise CommandError(f"type {self.names[seat]}'s cards: s {self.names[seat]} CARDS")
            self._log(session.act(Show(), seat), run)
            return
        self._log(session.show(seat, command.cards), run)

    def _board(self, parts: Sequence[BoardPart], run: _Run) -> None:
        view = self.view()
        assert view is not None
        second = self._typing_second_run(view)
        placed = self.place_board(parts)
        events: list[Event] = []
        for slot, card in placed:
            events += self.session.reveal_board(slot, card, 2 if second else 1)
        self._log(events, run)

    @staticmethod
    def _typing_second_run(view: HandView) -> bool:
        """HOUSE_RULES 27: run 1's board is all typed and run 2's cards wait: `b` types them."""
        if not view.second_slots:
            return False
        known = dict(view.board)
        return all(s in known for s in view.dealt_slots) and len(view.second_run) < len(
            view.second_slots
        )

    def place_board(self, parts: Sequence[BoardPart]) -> list[tuple[str, Card]]:
        """Which dealt slot each typed card goes to (once run 1 is typed, run 2's slots: HOUSE_RULES
        27); CommandError when they do not fit."""
        view = self.view()
        assert view is not None
        known = dict(view.board)
        open_slots = [s for s in self.variant.slots if s in view.dealt_slots and s not in known]
        if self._typing_second_run(view):
            known = view.second_board()
            again = view.second_slots
            open_slots = [s for s in self.variant.slots if s in again and s not in known]
        if not open_slots:
            raise CommandError("no board card is waiting to be entered")
        on_table = {*known.values(), *dict(view.board).values(), *dict(view.second_run).values()}
        for seat_view in view.seats:
            on_table.update(c for c in seat_view.cards or () if c is not None)
        for part in parts:
            for card in part.cards:
                if card in on_table:
                    raise CommandError(f"card {card} is already on the table")
        if len(parts) > 1:
            return self._place_by_set(parts, open_slots)
        part = parts[0]
        if part.labels:
            targets = [s for s in open_slots if all(self._slot_has(s, lab) for lab in part.labels)]
            what = " ".join(part.labels)
            if not targets:
                raise CommandError(f"no {what} card is waiting to be entered")
            if len(part.cards) > len(targets):
                raise CommandError(
                    f"only {len(targets)} {what} card(s) to enter, not {len(part.cards)}"
                )
            return list(zip(targets, part.cards, strict=False))
        if len(part.cards) > len(open_slots):
            raise CommandError(
                f"only {len(open_slots)} board card(s) dealt so far, not {len(part.cards)}"
            )
        # Cards typed without a label fill the earliest round first; a card that would land in an
        # earlier round than the host may think (a turn card into a gap in the flop) is refused.
        for round_slots in self.variant.board_rounds:
            gaps = [s for s in round_slots if s in open_slots]
            later = [s for s in open_slots if s not in round_slots]
            if gaps and later and len(part.cards) < len(gaps):
                word = _street(round_slots[0])
                raise CommandError(
                    f"the {word} still has {len(gaps)} card(s) to enter: type them first, "
                    f"or name the street ({_street(later[0])} CARDS)"
                )
            if gaps:
                break
        return list(zip(open_slots, part.cards, strict=False))

    def _place_by_set(
        self, parts: Sequence[BoardPart], open_slots: Sequence[str]
    ) -> list[tuple[str, Card]]:
        """Cards typed part by part ('/' between: Yukon's sets and river, Double Board's
        boards), each part into its own open slots (of the street named, if one was)."""
        placed: list[tuple[str, Card]] = []
        for part, (label, own) in zip(parts, self.board_layout(), strict=False):
            targets = [
                s
                for s in own
                if s in open_slots and all(self._slot_has(s, lab) for lab in part.labels)
            ]
            if part.cards and not targets:
                what = " ".join((*part.labels, "card"))
                raise CommandError(
                    f"no {what} is waiting to be entered on {self._part_name(label)}"
                )
            if len(part.cards) > len(targets):
                where = " ".join((self._part_name(label), *part.labels))
                raise CommandError(
                    f"{where} has {len(targets)} card(s) to enter, not {len(part.cards)}"
                )
            placed += list(zip(targets, part.cards, strict=False))
        return placed

    def _slot_has(self, slot: str, label: str) -> bool:
        """Does a board slot answer to a label the host typed: a group ('A', '2') or a street?"""
        for group in self.variant.groups:
            if group.name and group.name.casefold() == label:
                return slot in self.variant.own_slots(group)
        return label in slot.casefold().split()

    def board_layout(self) -> list[tuple[str, tuple[str, ...]]]:
        """The board in the parts the host types between '/', each with its label and slots:
        Hold'em one part, Yukon set A, set B and the river, Double Board board 1 and board 2."""
        variant = self.variant
        if not self._sets:
            return [("", variant.slots)]
        parts = [(g.name or "", variant.own_slots(g)) for g in variant.groups]
        if variant.shared_slots:
            parts.append(("river", variant.shared_slots))
        return parts

    def part_title(self, label: str) -> str:
        """A board part's heading on the players' display: 'Board', 'Board 2', 'Set A', 'River';
        a board run twice 'Run 1', 'Run 2, set A' (HOUSE_RULES 27)."""
        if label.startswith("run "):
            run, _, rest = label.partition(" ")[2].partition(" ")
            return f"Run {run}" + (f", {self.part_title(rest).lower()}" if rest else "")
        name = self._part_name(label).removeprefix("the ") if label else "board"
        return name[0].upper() + name[1:]

    def _part_name(self, label: str) -> str:
        """A part of the board as the messages name it: 'set A', 'board 2', 'the river'."""
        if label == "river":
            return "the river"
        return f"board {label}" if len(self.variant.boards) > 1 else f"set {label}"

    def _winners(self, command: Command, run: _Run) -> None:
        """w: the pot (KRG: the deal) goes to the seats named; hands not yet shown at the
        showdown are shown first, their cards not typed."""
        session = self.session
        seats = list(command.seats)
        word = "pot" if self.variant.has_chips else "deal"
        if command.quads and not self.variant.has_series:
            raise CommandError("quads is for KRG's side bet")
        if not session.in_hand:
            raise CommandError(f"no {word} is waiting for its winners")
        view = self.view()
        assert view is not None
        boards = len(self.variant.boards)
        if view.second_slots:  # HOUSE_RULES 27: each run's winners (of each board), run 1 first
            if command.boards and len(command.boards) != 2 * boards:
                shape = " / ".join(["NAME"] * 2 * boards)
                raise CommandError(f"name each run's winners, run 1 first: w {shape}")
        elif command.boards and len(command.boards) != boards:
            if boards == 1:
                raise CommandError("'/' separates each board's winners; this game has one board")
            raise CommandError(f"name the winners of each of the {boards} boards: w NAME / NAME")
        folded = {sv.seat: sv.folded for sv in view.seats}  # only the seats dealt in
        for seat in seats:
            if seat not in folded:
                raise CommandError(f"{self.names[seat]} is not in this {self.deal_word}")
            if folded[seat]:
                raise CommandError(f"{self.names[seat]} has folded: they can't win a pot")
        pending = session.pending_awards()
        if not pending and view.phase != "showdown":
            if self.variant.has_chips:
                raise CommandError("no pot is waiting for its winners")
            raise CommandError(f"the deal is not at its showdown yet: {self.prompt_line()}")
        events: list[Event] = []
        while view.phase == "showdown" and session.to_act is not None and session.in_hand:
            events += session.act(Show(), session.to_act)
        pending = session.pending_awards()
        if not pending:  # the cards shown settled it
            self._log(events, run)
            return
        pot = pending[0] if command.pot is None else command.pot
        if pot not in pending:
            waiting = ", ".join(_pot_label(i, len(view.pots)) for i in pending)
            raise CommandError(f"{_pot_label(pot, len(view.pots))} is not waiting ({waiting} is)")
        self._log(events + session.award(pot, seats, command.quads, command.boards), run)

    # -- seats, cube, clock -------------------------------------------------------------------

    def _tournament(self, what: str) -> Tournament:
        if self.tournament is None:
            raise CommandError(f"there are no stacks to {what} in KRG")
        return self.tournament

    def _seat_command(self, command: Command, run: _Run) -> str:
        session = self.session
        assert command.seat is not None
        if command.verb is Verb.BACK:
            self._log(session.come_back(command.seat), run)
        else:
            self._log(session.sit_out(command.seat), run)
        return ""

    def _join(self, command: Command, now: float, run: _Run) -> None:
        """HOUSE_RULES 20: a late player joins between hands, until the configured level (the
        session checks the level, at the host's clock as it stands now)."""
        session = self._tournament("join with")
        if session.money() is not None:  # chips for no money would unbalance the pool
            raise CommandError("a game played for money takes late players with: buy NAME")
        name = command.name.strip()
        self._check_new_name(name)
        stack = command.amount
        if stack is None:
            stack = self.config.freezeout.starting_stack
        with self._clock_now(session, now):
            self._log(session.join(name, stack), run)
        self.names = session.names

    def _entry_command(self, command: Command, now: float, run: _Run) -> None:
        """HOUSE_RULES 18-20: entries, late entries, rebuys, add-ons and a chop, in a freezeout
        played for money; the session checks each (one line, nothing changed) against the
        host's clock as it stands now (the level, the first break), not as at the last deal."""
        session = self.tournament
        if session is None or session.money() is None:
            cash = "is not for a cash game: it " if self.cash is not None else ""
            raise CommandError(
                f"{command.verb.value} {cash}is for a freezeout played for money (a [money] table)"
            )
        with self._clock_now(session, now):
            self._entry(session, command, run)

    @contextmanager
    def _clock_now(self, session: Tournament, now: float) -> Iterator[None]:
        """Between hands the session's clock stands at the last deal: bring it to the host's
        clock for a check that reads the level or the break; a refused line puts it back."""
        before = (session.elapsed, session.level)
        if self.clock is not None and self.clock.started:
            session.set_clock(self.clock.position(now))
        try:
            yield
        except (CommandError, IllegalAction, ValueError):
            session.elapsed, session.level = before  # a refused line changes nothing
            raise

    def _entry(self, session: Tournament, command: Command, run: _Run) -> None:
        """Carry out one entry command on the money freezeout `session`."""
        verb = command.verb
        if verb is Verb.BUY:
            if command.amount is not None or command.cents is not None:
                raise CommandError("a freezeout entry buys the starting stack: buy NAME")
            self._check_new_name(command.name)
            events = session.buy_in(command.name)
            self.names = session.names
            self._log(events, run)
        elif verb is Verb.REBUY:
            assert command.seat is not None
            self._log(session.rebuy(command.seat), run)
        elif verb is Verb.ADD_ON:
            assert command.seat is not None
            self._log(session.add_on(command.seat), run)
        else:
            self._log(session.chop(command.name), run)

    def _check_new_name(self, text: str) -> None:
        """A new player's name: printable, not too long, not a command word."""
        name = text.strip()
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise CommandError(f"a name is 1 to {MAX_NAME_LENGTH} printable characters")
        if name.casefold() in {*ACTION_WORDS, *OTHER_WORDS, *STREET_WORDS}:
            raise CommandError(f"{name!r} is a command word: choose another name")

    def _chips(self, command: Command) -> int | None:
        """The chips a money command names: typed as chips, or as money at the game's rate."""
        assert self.cash is not None
        if command.cents is None:
            return command.amount
        from homegame.money.errors import MoneyError

        try:
            return self.cash.cash.chips_for(command.cents)
        except MoneyError as exc:
            raise CommandError(str(exc)) from None

    def _cash_command(self, command: Command, run: _Run) -> None:
        """HOUSE_RULES 22: buy-ins, top-ups and cash-outs between hands, and the game's end."""
        cash = self.cash
        assert cash is not None
        verb = command.verb
        chips = self._chips(command)
        if verb is Verb.BUY:
            self._check_new_name(command.name)
            events = cash.buy_in(command.name, chips)
            self.names = cash.names
            self._log(events, run)
        elif verb is Verb.TOP_UP:
            assert command.seat is not None and chips is not None
            self._log(cash.top_up(command.seat, chips), run)
        elif verb is Verb.CASH_OUT:
            assert command.seat is not None
            self._log(cash.cash_out(command.seat, chips), run)
        else:
            self._log(cash.end(), run)

    def _cube(self, command: Command, run: _Run) -> str:
        assert command.seat is not None
        cube = self.cube
        if cube is None:
            raise CommandError(
                "this game has no doubling cube (KRG has one)"
                if not self.variant.has_series
                else "the doubling cube is not in play in this series"
            )
        if command.verb is Verb.CUBE:
            self._log(cube.turn_cube(command.seat), run)
        else:
            self._log(cube.answer_cube(command.seat, command.verb is Verb.DOUBLE), run)
        return ""

    def _clock_command(self, command: Command, now: float, run: _Run) -> str:
        clock = self.clock
        if clock is None:
            raise CommandError(
                "the blinds go up by hands in this game: host with --minutes N for a clock"
            )
        if command.verb is Verb.PAUSE:
            running = clock.toggle(now)
            left = mm_ss(clock.status(now).seconds_left)
            line = f"Clock running ({left} left)" if running else f"Clock paused at {left}"
            run.lines.append(line)
            return line
        if command.verb is Verb.LEVEL:
            segment = clock.move(now, command.step)
            what = (
                f"break ({minutes_text(segment.seconds)})"
                if segment.on_break
                else f"level {segment.level.number} ({segment.level})"
            )
            line = f"Clock moved to the start of {what}"
            run.lines.append(line)
            return line
        assert command.seconds is not None
        clock.set_left(now, command.seconds)
        line = f"Clock set: {mm_ss(clock.status(now).seconds_left)} left"
        run.lines.append(line)
        return line

    # -- what the host sees -------------------------------------------------------------------

    @property
    def deal_word(self) -> str:
        """What one deal is called: 'hand' in the chip games, 'deal' in a series (KRG)."""
        return self.variant.deal_word

    @property
    def _sets(self) -> bool:
        return len(self.variant.groups) > 1

    def view(self) -> HandView | None:
        """What everyone at the table may see of the current (or last) hand; None before one."""
        if self.session.deals == 0:
            return None
        return self.session.view_for(None)

    def is_out(self, seat: int) -> bool:
        """True when the seat's player is out of the game (busted, out of the series, or gone
        from a cash game: a busted cash player stays seated)."""
        return self.session.is_out(seat)

    def sitting_out(self, seat: int) -> bool:
        """True while the seat's player sits out (blinded and folded in turn)."""
        return seat in self.session.sitting_out

    def board_rows(self, view: HandView) -> list[tuple[str, list[Card | None]]]:
        """The board as labelled rows of dealt cards (Yukon: set A, set B, then the river;
        Double Board: board 1, board 2)."""
        known = dict(view.board)
        rows = []
        twice = bool(view.second_slots)  # HOUSE_RULES 27: run 1's rows, then run 2's own
        for label, slots in self.board_layout():
            dealt = [known.get(slot) for slot in slots if slot in view.dealt_slots]
            if dealt:
                rows.append((f"run 1 {label}".strip() if twice else label, dealt))
        again = dict(view.second_run)
        for label, slots in self.board_layout() if twice else ():
            dealt = [again.get(slot) for slot in slots if slot in view.second_slots]
            if dealt:
                rows.append((f"run 2 {label}".strip(), dealt))
        return rows

    def header(self, now: float) -> str:
        """The top line: game, hand number, blinds or the series score."""
        head = f"HOST · {self.variant.name} · {self.deal_word} {self.hand_number}"
        if self.cash is not None:
            return head + " · " + self.cash_line()
        standings = self.session.scoreboard()
        level = standings.level
        if level is not None:
            head += f" · L{level.number} {level.small_blind:,}/{level.big_blind:,}"
            if level.ante:  # HOUSE_RULES 25
                head += f" a{level.ante:,}"
            if self.clock is not None and self.clock.started:
                coming = self.clock.status(now).level
                if coming.number != level.number:  # time ran out: the next hand is dealt at it
                    head += f" → L{coming.number} {coming.small_blind:,}/{coming.big_blind:,} next"
            left = standings.hands_to_next_level
            if left is not None:
                head += f" · L{level.number + 1} in {left} hand{'s' if left != 1 else ''}"
            head += f" · {sum(1 for p in standings.players if not p.out)} left"
        series = standings.series
        if series is not None:
            head += " · " + " ".join(f"{r.name} {r.wins}" for r in series.rows)
            head += f" (to {series.target})"
        return head

    def clock_line(self, now: float) -> str:
        """'12:04 to L3 40/80', 'BREAK 9:58', 'paused 12:04', or 'clock starts with n'."""
        if self.clock is None:
            return ""
        status = self.clock.status(now)
        if not status.started:
            return f"{mm_ss(status.seconds_left)} a level · starts with n"
        left = mm_ss(status.seconds_left)
        nxt = status.next_level
        if status.on_break is not None:
            text = f"BREAK {left} · then {nxt.small_blind:,}/{nxt.big_blind:,}"
            if status.on_break.note:
                text += f" · {status.on_break.note}"
        else:
            text = f"{left} to {nxt.small_blind:,}/{nxt.big_blind:,}"
            if status.seconds_to_break is not None:
                text += f" · break in {mm_ss(status.seconds_to_break)}"
        return f"paused {text} · p resumes" if status.paused else text

    def cash_line(self) -> str:
        """The cash game at a glance: the fixed blinds, who is seated, the money on the table."""
        from homegame.money.amounts import money_text

        cash = self.cash
        assert cash is not None
        level = cash.level
        seated = sum(1 for s in range(len(self.names)) if cash.seated(s))
        return (
            f"cash {level.small_blind:,}/{level.big_blind:,} · {seated} seated"
            f" · {money_text(cash.money_on_table(), self.config.currency)} on the table"
        )

    def money_lines(self) -> list[str]:
        """What a freezeout is played for, for the host screen and the room: the prize pool
        and the payouts (none when played for chips; a cash game's money is in its header)."""
        money = None if self.tournament is None else self.tournament.money()
        if money is None:
            return []
        from homegame.prize_text import payout_line, pool_line

        currency = self.config.currency
        return [pool_line(money, currency), payout_line(money, currency)]

    def krg_line(self) -> str:
        """KRG's money: the pool, the cube and the side pool."""
        from homegame.engine.session_events import money

        board = self.session.scoreboard().series
        assert board is not None, "a KRG series has a score"
        currency = self.config.currency
        line = f"Pool {money(board.pool, currency)}"
        if self.config.series.doubling_cube:
            owner = "" if board.cube_owner is None else f" ({self.names[board.cube_owner]})"
            line += f" · cube {board.cube}{owner}"
        if self.config.series.side_bets:
            line += f" · side pool {money(board.side_pool, currency)} (first four of a kind)"
        return line

    def prompt(self) -> str:
        """Whose turn it is and what the host may type now."""
        session = self.session
        names = self.names
        if session.is_over:
            return "The game is over. ctrl+q quits."
        if session.pending_awards() and self.variant.has_series:
            return "Deal shown: w NAME [NAME..] names who won it, or b/s type the rest"
        if self.cube is not None and self.cube.cube_pending():
            waiting = ", ".join(names[s] for s in self.cube.cube_pending())
            return f"Cube turned: double NAME or drop NAME ({waiting} to answer)"
        if self.tournament is not None and self.tournament.waiting_for_rebuy:
            busted = " · ".join(f"rebuy {names[s]}" for s in self.tournament.rebuys_open())
            (leader,) = (names[s] for s, chips in enumerate(self.tournament.stacks) if chips > 0)
            rebuy = f"{busted} · " if busted else ""
            return f"Last bust in the rebuy period: {rebuy}n: no rebuy, {leader} wins"
        if not session.in_hand:
            if self.hand_number == 0:
                start = " and starts the clock" if self.clock is not None else ""
                return f"n deals the first {self.deal_word}{start} · ? lists every command"
            if self.variant.has_series:
                cube = " · cube NAME turns the cube" if self.config.series.doubling_cube else ""
                return f"Between deals: n deals the next one{cube}"
            if self.cash is not None:
                return "Between hands: n deals · topup NAME CHIPS · cashout NAME · buy NAME · end"
            return "Between hands: n deals the next hand · set NAME N.. corrects stacks"
        view = self.view()
        assert view is not None
        seat = session.to_act
        if seat is None:
            pending = session.pending_awards()
            if pending and view.second_slots:  # HOUSE_RULES 27: the runs' cards, or who won
                hint = self.board_hint(view)
                runs = " / ".join(["NAME.."] * 2 * len(self.variant.boards))
                named = f"w {runs} names each run's winners (run 1 first)"
                return f"{hint}\nor {named}" if hint else f"Name the winners: {named}"
            if pending:
                first = pending[0]
                who = "NAME.. / NAME.." if len(self.variant.boards) > 1 else "NAME.."
                parts = [
                    f"w {who} for {_pot_label(first, len(view.pots))}"
                    if i == first
                    else f"w {i} {who} for {_pot_label(i, len(view.pots))}"
                    for i in pending
                ]
                boards = self.variant.boards
                each = f" ({' / '.join(f'board {b}' for b in boards)})" if len(boards) > 1 else ""
                return "Name the winners: " + " · ".join(parts) + each
            return self.board_hint(view) or "Waiting: enter the board with b CARDS"
        hint = self.board_hint(view) if self.variant.has_betting else ""
        if hint:  # the street is dealt: its cards first, then the action goes on
            return hint + "\n" + self._turn_prompt(view, seat)
        return self._turn_prompt(view, seat)

    def prompt_line(self) -> str:
        """The prompt in one line, for a refusal that says what fits now (a refusal is one
        line; the prompt is two while a street's cards wait to be typed)."""
        return "; ".join(self.prompt().splitlines())

    def _turn_prompt(self, view: HandView, seat: int) -> str:
        """What the seat to act may do, as the host types it."""
        session = self.session
        name = self.names[seat]
        if view.phase == "betting":
            legal = session.legal_actions()
            parts = ["f fold"] if legal.can_fold else []
            if legal.can_check:
                parts.append("c/k check")
            elif legal.call_amount:
                parts.append(f"c call {legal.call_amount:,}")
            if legal.min_raise_to is not None:
                verb = (
                    "bet" if legal.can_check and not any(s.bet for s in view.seats) else "raise to"
                )
                parts.append(f"r {legal.min_raise_to:,}..{legal.max_raise_to:,} {verb}")
            if legal.can_all_in:
                parts.append(f"a all-in {legal.all_in_to:,}")
            elif legal.call_amount >= _seat_view(view, seat).stack > 0:
                parts.append("a all-in (calls)")
            return f"{name} to act: " + " · ".join(parts)
        if view.phase == "discard":
            count = session.legal_actions().discard_count
            return f"{name} discards {count}: d · d all when everyone has"
        if view.phase == "run twice":  # HOUSE_RULES 27
            return "All-in before the river: twice (everyone agrees to run it twice) · once"
        muck = " · m muck" if session.legal_actions().can_muck else ""
        who = "NAME / NAME" if len(self.variant.boards) > 1 else "NAME"
        return f"Showdown, {name}: s CARDS shows{muck} · s alone: no cards · w {who} wins"

    def board_hint(self, view: HandView) -> str:
        """What to type for board cards dealt and not entered yet ('' when none wait), the
        earliest street first: 'Flop dealt: flop C C C', Double Board 'Flops dealt: flop C C C
        / C C C (board 1 / board 2)', one board or set left 'Turn dealt: b 2 C'; run 2's once
        run 1 is typed (HOUSE_RULES 27): 'Run 2: flop dealt: flop C C C'."""
        if self._typing_second_run(view):
            again = dict(view.second_run)
            waiting = [s for s in view.second_slots if s not in again]
            hint = self._hint_for(waiting)
            return f"Run 2: {hint[0].lower()}{hint[1:]}" if hint else ""
        known = dict(view.board)
        return self._hint_for([s for s in view.dealt_slots if s not in known])

    def _hint_for(self, waiting: Sequence[str]) -> str:
        """The board hint for the slots `waiting` to be typed, the earliest street first."""
        now = next((r for r in self.variant.board_rounds if set(r) & set(waiting)), ())
        slots = [s for s in now if s in waiting]
        if not slots:
            return ""
        street = _street(slots[0])
        parts = [
            (label, " ".join("C" for s in own if s in slots))
            for label, own in self.board_layout()
            if set(own) & set(slots)
        ]
        many = len(self.board_layout()) > 1
        if len(parts) == 1:
            label, cards = parts[0]
            typed = f"b {label} {cards}" if many and label != "river" else f"{street} {cards}"
            return f"{street.capitalize()} dealt: {typed}"
        legend = " / ".join(self._part_name(label) for label, _ in parts)
        plural = "s" if len(self.variant.boards) > 1 else ""
        typed = " / ".join(cards for _, cards in parts)
        return f"{street.capitalize()}{plural} dealt: {street} {typed} ({legend})"

    def help_lines(self) -> list[str]:
        """Every command with its arguments, for this game (plain text)."""
        rows: list[tuple[str, str]] = []
        if self.variant.has_betting:
            rows += HELP_BETTING
            if len(self.variant.boards) > 1:
                rows += HELP_DOUBLE_BOARD
            elif self._sets:
                rows += HELP_YUKON
            rows += HELP_BOMB
            if self.config.rules.run_it_twice:
                rows += HELP_TWICE
            if self.clock is not None:
                rows += HELP_CLOCK
            if self.cash is not None:  # a newcomer buys in instead of joining
                rows = [r for r in rows if not r[0].startswith("join")] + list(HELP_CASH)
                if self.cash.straddles:
                    rows += HELP_STRADDLE
            elif self.tournament is not None and self.tournament.money() is not None:
                rows += HELP_MONEY
        else:
            rows += HELP_KRG
        rows += HELP_COMMON
        width = max(len(cmd) for cmd, _ in rows)
        lines = [f"{cmd.ljust(width)}  {what}" for cmd, what in rows]
        lines.append("NAME is optional: without it, the player to act; with it, it must be them.")
        lines += option_lines(self.config)  # the home-game options in force (HOUSE_RULES 25-30)
        return lines

    @property
    def over(self) -> bool:
        """True once the game has its winner."""
        return self.session.is_over

    def winner_names(self) -> list[str]:
        """Who won the table or the series (nobody wins a cash game)."""
        return [self.names[s] for s in self.session.winners]

    # -- the log ------------------------------------------------------------------------------

    def _log(self, events: Sequence[Event], run: _Run) -> None:
        self.history.extend(events)
        for event in events:
            line = event.public().describe_in(self.config.currency, self.names)
            if isinstance(event, PotAwarded) and event.groups:  # Yukon: the set it played
                line += ", set " + " and ".join(event.groups)
            run.lines.append(line)


def _seat_view(view: HandView, seat: int) -> SeatView:
    """Table seat `seat` in a view (its seats are only those dealt in, so not indexed by seat)."""
    return next(sv for sv in view.seats if sv.seat == seat)


def _pot_label(index: int, count: int) -> str:
    if count <= 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def _street(slot: str) -> str:
    """The street a slot belongs to, as the host says it ('flop', 'turn', 'river')."""
    return next(w for w in slot.casefold().split() if w in STREET_WORDS)
