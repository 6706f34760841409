"""Opponent models read from the action history, and the preflop play that uses them: opens
against players who fold too much, calls against all-ins given the players still behind."""

from __future__ import annotations

import random
from collections.abc import Sequence

from homegame.bots import make_bot
from homegame.bots.hard import HardBot
from homegame.bots.opponents import Profile, Reads, read_hand
from homegame.bots.preflop import place
from homegame.bots.pushfold import CLASSES, INDEX, combos_of
from homegame.cards import ALL_CARDS, parse_cards
from homegame.engine.actions import Action, ActionKind, AllIn, BetRaise, Call, Check, Fold, Show
from homegame.engine.hand import Hand, view_for
from homegame.variants import HOLDEM


def _six_max(
    hero_seat: int,
    hero: str,
    actions: Sequence[Action] = (),
    others: dict[int, str] | None = None,
) -> Hand:
    """A six-handed hand (button seat 0, blinds 1 and 2, seat 3 under the gun) after `actions`."""
    fixed = {hero_seat: parse_cards(hero)} | {s: parse_cards(c) for s, c in (others or {}).items()}
    used = {c for cards in fixed.values() for c in cards}
    deck = iter(c for c in ALL_CARDS if c not in used)
    holes = [fixed.get(seat) or [next(deck), next(deck)] for seat in range(6)]
    hand = Hand(HOLDEM, [2000] * 6, 0, 10, 20, hole_cards=holes, rng=random.Random(0))
    for action in actions:
        hand.act(action)
    return hand


def test_a_scripted_history_reads_as_vpip_pfr_answers_and_shown_hands() -> None:
    """UTG opens, the button calls, the blinds fold; the flop is bet and called; the river shown."""
    hand = _six_max(3, "As Ad", others={0: "7h 6h"})
    preflop: list[Action] = [BetRaise(60), Fold(), Fold(), Call(), Fold(), Fold()]
    to_the_river: list[Action] = [BetRaise(80), Call(), Check(), Check(), Check(), Check()]
    for action in [*preflop, *to_the_river]:
        hand.act(action)
    while not hand.is_over:
        hand.act(Show())
    record = read_hand(view_for(hand, 3).history)
    utg, button = record.moves[3], record.moves[0]
    assert [m.kind for m in utg] == [
        ActionKind.RAISE,
        ActionKind.BET,
        ActionKind.CHECK,
        ActionKind.CHECK,
    ]
    assert button[0].kind is ActionKind.CALL and button[0].facing == 1
    assert button[1].facing == 1 and button[1].street == "flop"
    assert record.folded == {1, 2, 4, 5}
    assert record.shown[0] == tuple(parse_cards("7h 6h"))

    reads = Reads(rank_hand=place)
    reads.see(hand.hand_id, 3, view_for(hand, 3).history)
    reads.flush()
    caller = reads.profile(0)
    assert (caller.hands, caller.vpip, caller.pfr) == (1, 1, 0)
    assert (caller.faced_open, caller.called_open, caller.folded_open) == (1, 1, 0)
    assert (caller.calls, caller.faced_bet, caller.folded_bet) == (1, 1, 0)
    assert caller.shown_places == [place(parse_cards("7h 6h"))]
    big_blind = reads.profile(2)
    assert (big_blind.vpip, big_blind.faced_open, big_blind.folded_open) == (0, 1, 1)
    assert 3 not in reads.profiles  # never a profile of itself


def test_an_open_nobody_answered_counts_as_everyone_folding_to_it() -> None:
    """The bot is not asked again once all fold to its raise, so it never sees the folds; its
    reads infer them (else only the re-raises it had to answer would be counted)."""
    bot = make_bot("hard", random.Random(0))
    assert isinstance(bot, HardBot)
    hand = _six_max(3, "As Ad")
    assert isinstance(bot.decide(view_for(hand, 3)), BetRaise)
    hand.act(BetRaise(50))
    for _ in range(5):
        hand.act(Fold())
    assert hand.is_over
    bot.decide(view_for(_six_max(4, "7c 2d", [Fold()]), 4))  # the next hand
    for seat in (0, 1, 2, 4, 5):
        profile = bot.reads.profile(seat)
        assert (profile.faced_open, profile.folded_open) == (1, 1), seat


def test_reads_start_from_priors_and_follow_what_is_seen() -> None:
    blank = Profile()
    fold, call, reraise = blank.open_answers()
    assert abs(fold + call + reraise - 1) < 1e-9 and 0.7 < fold < 0.8
    folder = Profile(hands=300, faced_open=200, folded_open=190, raised_open=10)
    assert folder.open_answers()[0] > 0.9
    station = Profile(hands=300, vpip=250, calls=200, raises=10)
    assert station.station and not blank.station


def _steal(profiles: dict[int, Profile] | None) -> object:
    """The button's first-in action with 7-2 offsuit, the blinds read as `profiles`."""
    bot = make_bot("hard", random.Random(0))
    assert isinstance(bot, HardBot)
    bot.reads.profiles.update(profiles or {})
    return bot.decide(view_for(_six_max(0, "7c 2d", [Fold(), Fold(), Fold()]), 0))


def test_hard_opens_any_hand_against_blinds_seen_folding_to_opens_and_not_otherwise() -> None:
    """Stealing pays when the blinds fold more than an open risks: 2.5 BB to win 1.5 BB."""
    assert isinstance(_steal(None), Fold)
    folders = {s: Profile(hands=200, faced_open=60, folded_open=57, raised_open=3) for s in (1, 2)}
    assert isinstance(_steal(folders), BetRaise)
    callers = {s: Profile(hands=200, faced_open=60, folded_open=25, called_open=35) for s in (1, 2)}
    assert isinstance(_steal(callers), Fold)


def _callers(
    actions: Sequence[Action], hero_seat: int, profiles: dict[int, Profile] | None = None
) -> set[str]:
    """Every starting hand class hard calls an all-in with in the spot after `actions`."""
    calls: set[str] = set()
    for label in CLASSES:
        first = combos_of(INDEX[label])[0]
        bot = make_bot("hard", random.Random(0))
        assert isinstance(bot, HardBot)
        bot.reads.profiles.update(profiles or {})
        hand = _six_max(hero_seat, f"{first[0]} {first[1]}", actions)
        if not isinstance(bot.decide(view_for(hand, hero_seat)), Fold):
            calls.add(label)
    return calls


def test_calling_a_100_bb_shove_tightens_with_players_behind_and_with_two_all_ins() -> None:
    """Against a tight 100 BB shove the price needs about 50% equity; players who may wake up
    behind and a second all-in each take equity away, so each range sits inside the last.
    Against two tight all-ins the price is a third of the pot: JJ, with 35% against both at
    once (a product of heads-up equities said 27%), calls; TT, with 31%, folds."""
    three_behind = _callers([AllIn(), Fold()], 5)
    four_behind = _callers([AllIn()], 4)
    two_all_ins = _callers([AllIn(), AllIn()], 5)
    assert {"AA", "KK", "QQ"} <= two_all_ins < four_behind <= three_behind
    assert three_behind <= {"AA", "KK", "QQ", "JJ", "TT", "AKs", "AKo", "AQs"}
    assert "JJ" in two_all_ins and "TT" not in two_all_ins


RIVER = dict(
    zip(("flop 1", "flop 2", "flop 3", "turn", "river"), parse_cards("Kd 8s 4c 2h 9d"), strict=True)
)
#: Seen calling 95% of bets, big ones too (a player who calls too much).
CALLER = Profile(
    hands=200, vpip=120, faced_bet=100, folded_bet=5, faced_big_bet=50, folded_big_bet=2
)
#: Seen folding 75% of bets and 80% of big ones.
FOLDER = Profile(
    hands=200, vpip=60, faced_bet=100, folded_bet=75, faced_big_bet=50, folded_big_bet=40
)


def _river_bet(hero: str, profile: Profile | None) -> object:
    """Heads-up, checked to the button on the river of a limped pot (40 chips): its action."""
    hand = Hand(
        HOLDEM,
        [2000, 2000],
        0,
        10,
        20,
        hole_cards=[parse_cards(hero), parse_cards("Qs Jc")],
        board=RIVER,
        rng=random.Random(0),
    )
    to_the_river: list[Action] = [Call(), Check(), Check(), Check(), Check(), Check(), Check()]
    for action in to_the_river:
        hand.act(action)
    assert hand.street == "river" and hand.to_act == 0
    bot = make_bot("hard", random.Random(0))
    assert isinstance(bot, HardBot)
    if profile is not None:
        bot.reads.profiles[1] = profile
    return bot.decide(view_for(hand, 0))


def test_hard_bets_thin_value_bigger_against_a_player_seen_calling_too_much() -> None:
    """Top pair, weak kicker: against a caller the bet that wins most is over the pot (it calls
    big bets as often as small ones): all of the stack on the river (issue 35), bigger than
    against a player not yet read."""
    unread, against_caller = _river_bet("Kc 5h", None), _river_bet("Kc 5h", CALLER)
    assert isinstance(unread, BetRaise) and isinstance(against_caller, AllIn)


def test_hard_bluffs_a_player_seen_folding_and_never_a_caller() -> None:
    """Seven-high: a bet wins only when it folds, so it bets into the folder, checks the caller."""
    assert isinstance(_river_bet("7h 6h", FOLDER), BetRaise)
    assert isinstance(_river_bet("7h 6h", CALLER), Check)


def test_play_from_reads_replays_exactly_from_a_seed() -> None:
    """Reads change the play as hands go by (steals open up, bets resize), yet a seed replays a
    match deal for deal: they come from the histories alone, never from a clock."""
    from pathlib import Path

    from homegame.bots.match import match_results

    outside = Path(__file__).resolve().parents[2] / "benchmarks" / "outside_bots.py"
    for kinds in (["hard", *[f"{outside}:TopTenShover"] * 5], ["hard", f"{outside}:MinRaiser"]):
        first = match_results(HOLDEM, kinds, 24, seed=5, duplicate=True)
        assert first == match_results(HOLDEM, kinds, 24, seed=5, duplicate=True)
