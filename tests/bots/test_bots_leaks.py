"""The hard bot's leaks of issue 35, each on a crafted spot: multiway all-ins valued as one
deal against every range (not a product of heads-up equities), re-raises counted from the
history, opponent stats from every action seen, and river reads of their own."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from homegame.bots.base import Facts
from homegame.bots.hard import HardBot
from homegame.bots.opponents import Profile
from homegame.bots.preflop import all_in_equity, spot
from homegame.cards import ALL_CARDS, parse_cards
from homegame.engine.actions import Action, AllIn, BetRaise, Call, Check, Fold
from homegame.engine.hand import Hand, view_for
from homegame.variants import HOLDEM


def _six_max(
    hero_seat: int,
    hero: str,
    actions: Sequence[Action] = (),
    stacks: Sequence[int] = (2000,) * 6,
) -> Hand:
    """A six-handed hand (button seat 0, blinds 1 and 2, seat 3 under the gun) after `actions`."""
    mine = parse_cards(hero)
    deck = iter(c for c in ALL_CARDS if c not in mine)
    holes = [mine if seat == hero_seat else [next(deck), next(deck)] for seat in range(6)]
    hand = Hand(HOLDEM, list(stacks), 0, 10, 20, hole_cards=holes, rng=random.Random(0))
    for action in actions:
        hand.act(action)
    return hand


#: Seen shoving every hand it played, 200 of them.
SHOVER = Profile(hands=200, vpip=200, pfr=200, shoves=200, shove_chances=200)


def _facing_five_shoves(hero: str) -> tuple[HardBot, Hand]:
    """The big blind (seat 2) with `hero`, after all five others shoved 100 BB."""
    bot = HardBot(random.Random(0))
    for seat in (0, 1, 3, 4, 5):
        bot.reads.profiles[seat] = SHOVER
    return bot, _six_max(2, hero, [AllIn()] * 5)


def test_aks_against_five_wide_shoves_has_its_multiway_equity_not_a_product() -> None:
    """AKs against five random hands wins about 31% of the pot (the product of its heads-up
    equities, 0.67 to the fifth, says 13%): against five players seen shoving everything,
    calling 99 BB to win a pot of 600 needs 16.5%, so it calls; 7-2 offsuit still folds."""
    bot, hand = _facing_five_shoves("Ah Kh")
    view = view_for(hand, 2)
    facts = Facts.of(view)
    profiles = bot.reads.profiles
    eq = all_in_equity(view, facts, spot(view, facts), {}, profiles, random.Random(0))
    assert 0.27 <= eq <= 0.35
    assert isinstance(bot.decide(view), Call)
    bot, hand = _facing_five_shoves("7c 2d")
    assert isinstance(bot.decide(view_for(hand, 2)), Fold)


#: Under the gun opens, the hijack 3-bets, under the gun 4-bets, the hijack 5-bets to 50 BB.
FIVE_BET: list[Action] = [
    BetRaise(50),
    BetRaise(150),
    Fold(),
    Fold(),
    Fold(),
    Fold(),
    BetRaise(400),
    BetRaise(1000),
]


def test_a_5_bet_counts_as_four_raises_though_two_bets_stand_on_the_table() -> None:
    """Only the 4-bet and the 5-bet stand on the table; the history shows all four raises."""
    view = view_for(_six_max(3, "As Qd", FIVE_BET), 3)
    assert spot(view, Facts.of(view)).raises == 4


def test_facing_a_5_bet_hard_folds_ace_queen_and_ace_nine_and_keeps_the_top() -> None:
    """Read as a 3-bet, a 5-bet got AQo all-in and A9o called; against a 5-bet's range (the
    very top) they fold, and kings go on."""
    for hero in ("As Qd", "Ah 9d"):
        assert isinstance(
            HardBot(random.Random(0)).decide(view_for(_six_max(3, hero, FIVE_BET), 3)), Fold
        )
    kings = HardBot(random.Random(0)).decide(view_for(_six_max(3, "Ks Kd", FIVE_BET), 3))
    assert isinstance(kings, AllIn | Call)


def _reads_after(kind: str, players: int, hands: int) -> HardBot:
    """A hard bot after `hands` hands against `players - 1` bots of `outside_bots.py`'s `kind`."""
    from pathlib import Path

    from homegame.bots import make_bot
    from homegame.bots.match import play_hand

    outside = Path(__file__).resolve().parents[2] / "benchmarks" / "outside_bots.py"
    hard = HardBot(random.Random(1))
    others = [make_bot(f"{outside}:{kind}", random.Random(i)) for i in range(players - 1)]
    deals = random.Random(7)
    for number in range(hands):
        seed = deals.getrandbits(64)
        hand = Hand(HOLDEM, [2000] * players, number % players, 10, 20, rng=random.Random(seed))
        play_hand(hand, [hard, *others])
    return hard


def test_a_player_who_shoves_every_hand_reads_as_shoving_every_hand() -> None:
    """Hands the bot folded before the shover acted, and all-ins that only called another's,
    are no chance to shove: counted as chances, a 100% shover read as 70% heads-up and 21%
    six-max. Counted over the chances seen, every one is a shove."""
    heads_up = _reads_after("Maniac", 2, 150).reads.profile(1)
    assert heads_up.shoves == heads_up.shove_chances >= 100
    assert heads_up.shove_rate > 0.9
    six_max = _reads_after("Maniac", 6, 60).reads
    for seat in range(1, 6):
        profile = six_max.profile(seat)
        assert profile.shoves == profile.shove_chances >= 5, seat


def test_told_each_hand_at_its_end_hard_reads_a_tight_shover_at_its_true_rate() -> None:
    """A 10% shover's folds on the button win the big blind without asking it, so seen only
    at its own decisions, the shover's shoves are all seen and many folds are not (read as
    20%). `match.play_hand` shows each bot its own view of the finished hand (`hand_over`):
    every action is counted."""
    profile = _reads_after("TopTenShover", 2, 150).reads.profile(1)
    assert profile.shove_chances >= 140
    assert 0.05 <= profile.shove_rate <= 0.15


#: Seen folding 70% of bets after the flop, and never a river bet after calling one before.
FOLDS_FLOPS_NEVER_RIVERS = Profile(
    hands=200,
    vpip=80,
    faced_bet=130,
    folded_bet=90,
    faced_big_bet=60,
    folded_big_bet=40,
    faced_river_after_call=30,
    folded_river_after_call=0,
)
RIVER_BOARD = dict(
    zip(("flop 1", "flop 2", "flop 3", "turn", "river"), parse_cards("Kd 8s 4c 2h 9d"), strict=True)
)


def _heads_up(hero: str) -> Hand:
    """Heads-up at 100 BB, hard on the button with `hero` against Q-J, the board K 8 4 2 9."""
    return Hand(
        HOLDEM,
        [2000, 2000],
        0,
        10,
        20,
        hole_cards=[parse_cards(hero), parse_cards("Qs Jc")],
        board=RIVER_BOARD,
        rng=random.Random(0),
    )


def _on_the_river(hero: str, profile: Profile, flop: Sequence[Action]) -> Action:
    """Heads-up, limped, the flop played as `flop`, the turn checked through, the big blind
    checks the river to the button: the action of hard, on the button with `hero`."""
    hand = _heads_up(hero)
    for action in [Call(), Check(), *flop, Check(), Check(), Check()]:
        hand.act(action)
    assert hand.street == "river" and hand.to_act == 0
    bot = HardBot(random.Random(0))
    bot.reads.profiles[1] = profile
    return bot.decide(view_for(hand, 0))


def _river_after_a_called_flop_bet(profile: Profile) -> Action:
    """Hard, seven-high, bet the flop and was called, then both checked the turn."""
    return _on_the_river("7h 6h", profile, [Check(), BetRaise(20), Call()])


def _checked_river(hero: str, profile: Profile) -> Action:
    """Checked all the way to the button (hard) on the river."""
    return _on_the_river(hero, profile, [Check(), Check()])


def test_a_player_who_never_folds_the_river_after_calling_is_not_bluffed_there() -> None:
    """Its folds to flop bets made the river bluff look good (70% folds); but after calling a
    bet it has folded no river bet in 30: seven-high checks. The same player without that
    river record is still bluffed."""
    assert isinstance(_river_after_a_called_flop_bet(FOLDS_FLOPS_NEVER_RIVERS), Check)
    unknown = replace(FOLDS_FLOPS_NEVER_RIVERS, faced_river_after_call=0)
    assert isinstance(_river_after_a_called_flop_bet(unknown), BetRaise)


def test_a_river_fold_after_calling_the_flop_is_counted_on_its_own() -> None:
    """The big blind calls a flop bet and folds to the river bet: one river bet faced after
    calling, one folded, beside the two bets it faced after the flop."""
    from homegame.bots.opponents import Reads

    hand = Hand(HOLDEM, [2000, 2000], 0, 10, 20, board=RIVER_BOARD, rng=random.Random(0))
    script: list[Action] = [Call(), Check(), Check(), BetRaise(20), Call(), Check(), Check()]
    for action in [*script, Check(), BetRaise(40), Fold()]:
        hand.act(action)
    reads = Reads()
    reads.see(hand.hand_id, 0, view_for(hand, 0).history)
    reads.flush()
    caller = reads.profile(1)
    assert (caller.faced_bet, caller.folded_bet) == (2, 1)
    assert (caller.faced_river_after_call, caller.folded_river_after_call) == (1, 1)


#: Seen calling 96% of bets after the flop, big ones too (a calling station).
STATION = Profile(
    hands=200, vpip=150, calls=120, faced_bet=100, folded_bet=4, faced_big_bet=50, folded_big_bet=2
)


def test_against_a_station_the_river_value_bet_is_the_size_it_calls_an_all_in() -> None:
    """Top set against a player seen calling big bets 96% of the time: it calls any size, so
    the bet that wins most is the whole stack, not 1.4 pots. Top pair against the same player
    seen folding every overbet (it calls them only with better) is bet 1.4 pots at most."""
    assert isinstance(_checked_river("Kc Kh", STATION), AllIn)
    wary = replace(STATION, faced_overbet=60, folded_overbet=60)
    smaller = _checked_river("Kc 5h", wary)
    assert isinstance(smaller, BetRaise) and smaller.to <= 56


def _three_barrels(hero: str, preflop: list[int], after_flop: list[int]) -> Action:
    """Heads-up at 100 BB: hard opens the button, the big blind 3-bets and bets 2/3 pot on the
    flop, 0.9 pot on the turn, 0.6 pot on the river (K 8 4 2 9), hard calling: its answer to
    the river bet. The big blind's raising habits, [streets raised, streets seen]: `preflop`
    over all streets, `after_flop` over the streets after the flop."""
    hand = _heads_up(hero)
    bot = HardBot(random.Random(0))
    bot.tendencies[1] = list(preflop)
    bot.post_tendencies[1] = list(after_flop)
    script: list[Action] = [BetRaise(40), BetRaise(120), Call()]
    for action in [*script, BetRaise(160), Call(), BetRaise(500), Call(), BetRaise(900)]:
        if hand.to_act == 0:  # hard sees each of its turns, and plays the script's action
            bot.decide(view_for(hand, 0))
        hand.act(action)
    assert hand.street == "river" and hand.to_act == 0
    return bot.decide(view_for(hand, 0))


def test_one_pair_does_not_pay_off_three_big_barrels_from_a_frequent_3_bettor() -> None:
    """A player who re-raises often before the flop but rarely bets after it: three big bets
    into a 3-bet pot are a strong range, each street narrower than the last. Top pair, weak
    kicker, folds the river; a set calls. Against a player who bets most streets after the
    flop (a maniac's barrels say little) top pair still calls."""
    frequent_3_bettor = ([45, 100], [8, 100])
    assert isinstance(_three_barrels("Kc 5h", *frequent_3_bettor), Fold)
    assert isinstance(_three_barrels("8c 8h", *frequent_3_bettor), Call | AllIn)
    assert isinstance(_three_barrels("Kc 5h", [45, 100], [70, 100]), Call | AllIn)
