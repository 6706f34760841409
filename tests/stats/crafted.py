"""Crafted hands for the stats tests: three hands of four-handed Hold'em (blinds 10/20)
whose every figure is counted by hand in `test_figures`, and small builders for more."""

from __future__ import annotations

from homegame.cards import parse_cards
from homegame.engine.actions import ActionKind
from homegame.engine.events import (
    Acted,
    BlindPosted,
    BoardDealt,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    HoleDealt,
    PotAwarded,
    StreetStarted,
    UncalledReturned,
)

FOLD, CHECK, CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
BET, RAISE, ALL_IN = ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN
#: Each seat's cards in every crafted hand (a folded hand's are there, and never read).
HOLE = {0: "AsKs", 1: "7c2d", 2: "QhQd", 3: "9s9h"}


def start(button: int, small: int, big: int, seats: int = 4, stack: int = 2000) -> list[Event]:
    """A hand's start: the button, the blinds 10/20 posted, every seat dealt, preflop."""
    return [
        HandStarted("holdem", button, small, big, (stack,) * seats),
        BlindPosted(small, "small", 10),
        BlindPosted(big, "big", 20),
        *(HoleDealt(s, 2, tuple(parse_cards(HOLE[s]))) for s in range(seats)),
        StreetStarted("preflop"),
    ]


def act(seat: int, kind: ActionKind, amount: int = 0, to: int = 0, all_in: bool = False) -> Acted:
    """One action."""
    return Acted(seat, kind, amount, to, all_in)


def board(street: str, cards: str) -> BoardDealt:
    """Board cards dealt on `street`."""
    dealt = tuple(parse_cards(cards))
    return BoardDealt(street, tuple(f"{street} {i + 1}" for i in range(len(dealt))), dealt)


def end(net: tuple[int, ...], stack: int = 2000) -> HandEnded:
    """The hand's end with each seat's net."""
    return HandEnded(tuple(stack + n for n in net), net)


def hand_one() -> list[Event]:
    """UTG (3) opens to 60, the button (0) 3-bets to 180, the blinds fold, UTG calls; the
    button c-bets 200 and UTG calls; turn checked; UTG bets 400 on the river, the button calls
    and wins at showdown 1,590: nets +810, -10, -20, -780."""
    return [
        *start(0, 1, 2),
        act(3, RAISE, 60, 60),
        act(0, RAISE, 180, 180),
        act(1, FOLD),
        act(2, FOLD),
        act(3, CALL, 120, 180),
        board("flop", "2h7h9c"),
        StreetStarted("flop"),
        act(3, CHECK),
        act(0, BET, 200, 200),
        act(3, CALL, 200, 200),
        board("turn", "Jd"),
        StreetStarted("turn"),
        act(3, CHECK),
        act(0, CHECK),
        board("river", "3c"),
        StreetStarted("river"),
        act(3, BET, 400, 400),
        act(0, CALL, 400, 400),
        CardsShown(3, tuple(parse_cards(HOLE[3]))),
        CardsShown(0, tuple(parse_cards(HOLE[0]))),
        PotAwarded(0, 1590, (0,), (1590,)),
        end((810, -10, -20, -780)),
    ]


def hand_two() -> list[Event]:
    """Everyone folds to the big blind (3): a walk. Nets 0, 0, -10, +10."""
    return [
        *start(1, 2, 3),
        act(0, FOLD),
        act(1, FOLD),
        act(2, FOLD),
        UncalledReturned(3, 10),
        PotAwarded(0, 20, (3,), (20,)),
        end((0, 0, -10, 10)),
    ]


def hand_three() -> list[Event]:
    """Seat 1 limps, the button (2) raises to 80, the small blind (3) calls, the big blind (0)
    folds; the limper shoves 500 (a 3-bet), the button folds, the small blind calls all-in for
    300. The board runs out; seat 3 wins 700, seat 1 gets 200 back. Nets -20, -300, -80, +400."""
    return [
        *start(2, 3, 0, stack=2000),
        act(1, CALL, 20, 20),
        act(2, RAISE, 80, 80),
        act(3, CALL, 70, 80),
        act(0, FOLD),
        act(1, ALL_IN, 480, 500, all_in=True),
        act(2, FOLD),
        act(3, ALL_IN, 220, 300, all_in=True),
        UncalledReturned(1, 200),
        CardsShown(1, tuple(parse_cards(HOLE[1]))),
        CardsShown(3, tuple(parse_cards(HOLE[3]))),
        board("flop", "2h7h9c"),
        board("turn", "Jd"),
        board("river", "3c"),
        PotAwarded(0, 700, (3,), (700,)),
        end((-20, -300, -80, 400)),
    ]


def three_hands() -> list[Event]:
    """The three crafted hands in order."""
    return [*hand_one(), *hand_two(), *hand_three()]


def krg_deal() -> list[Event]:
    """One KRG deal, two players. Seat 0 is dealt As Ah Kd 7c 2s 3h and keeps the aces; on the
    final board Qd 5c 4h 6s Tc its 7c 3h would have made a straight, so its discards did not
    keep the best hand. Seat 1 keeps Qs Qh from Qs Qh Jd Jc 9s 8s: three queens, the best it
    could make. Seat 1 wins the deal and, with it, the series."""
    from homegame.engine.events import DealWon, Discarded
    from homegame.engine.session_events import DealScored, SeriesWon

    dealt = {0: "AsAhKd7c2s3h", 1: "QsQhJdJc9s8s"}
    thrown = {0: ("7c2s", "3h", "Kd"), 1: ("9s8s", "Jd", "Jc")}
    boards = (board("flop", "Qd5c4h"), board("turn", "6s"), board("river", "Tc"))
    events: list[Event] = [HandStarted("krg", 0, None, None, (0, 0))]
    events += [HoleDealt(s, 6, tuple(parse_cards(dealt[s]))) for s in (0, 1)]
    events.append(StreetStarted("preflop"))
    for stage in range(3):
        for seat in (0, 1):
            cards = tuple(parse_cards(thrown[seat][stage]))
            events.append(Discarded(seat, len(cards), cards))
        events.append(boards[stage])
    events += [
        CardsShown(0, tuple(parse_cards("AsAh"))),
        CardsShown(1, tuple(parse_cards("QsQh"))),
        DealWon((1,), "three of a kind"),
        HandEnded((0, 0), (0, 0)),
        DealScored(1, (1,), (1,)),
        SeriesWon((1,), (2000,), 2000),
    ]
    return events
