"""The equity engine: exact enumeration checked against references, Monte Carlo against exact."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import NoReturn

import pytest
from every_game import ALL

from homegame.bots.equity import Method, equity, hand_value, keep_choices
from homegame.bots.ranges import Range, combo_key
from homegame.cards import ALL_CARDS, Card, parse_cards
from homegame.ranking import best_hand
from homegame.showdown import parse_board, showdown
from homegame.variants import HOLDEM, KRG, YUKON, Variant

eval7 = pytest.importorskip("eval7")


def _eval7_tally(hands: list[str], board: str) -> tuple[Counter[tuple[int, ...]], int]:
    """Reference: walk every board with eval7's evaluator in a plain loop; (winner tally, total)."""
    holes = [[eval7.Card(c) for c in h.split()] for h in hands]
    known = [eval7.Card(c) for c in board.split()]
    used = {str(c) for h in holes for c in h} | {str(c) for c in known}
    deck = [eval7.Card(str(c)) for c in ALL_CARDS if str(c) not in used]
    tally: Counter[tuple[int, ...]] = Counter()
    total = 0
    for rest in combinations(deck, 5 - len(known)):
        values = [eval7.evaluate([*h, *known, *rest]) for h in holes]
        top = max(values)
        tally[tuple(i for i, v in enumerate(values) if v == top)] += 1
        total += 1
    return tally, total


def _shares(tally: Counter[tuple[int, ...]], total: int, players: int) -> list[float]:
    share = [0.0] * players
    for who, n in tally.items():
        for i in who:
            share[i] += n / len(who)
    return [s / total for s in share]


def _board(variant: Variant, text: str) -> dict[str, Card]:
    """Any slots in dealing order (equity takes boards that are not whole dealing rounds)."""
    return dict(zip(variant.slots, parse_cards(text), strict=False))


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["Ah Kh", "Qs Qd"], "2h 7h Qc"),
        (["Ah Kh", "Qs Qd"], "2h 7h"),
        (["Ah Kh", "Qs Qd", "9s 8s"], "Ts 2d"),
        (["7c 6c", "Ac Kd", "5h 5s"], "4c"),
    ],
)
def test_exact_equity_matches_eval7_reference(hands: list[str], board: str) -> None:
    tally, total = _eval7_tally(hands, board)
    result = equity(HOLDEM, _board(HOLDEM, board), [parse_cards(h) for h in hands], exact=True)
    assert result.method is Method.EXACT
    assert result.samples == total
    for got, want in zip(result.equity, _shares(tally, total, len(hands)), strict=True):
        assert got == pytest.approx(want, abs=1e-12)
    for i in range(len(hands)):
        assert result.win[i] == pytest.approx(tally[(i,)] / total, abs=1e-12)


def test_rank_multiset_path_agrees_with_plain_enumeration_on_random_deals() -> None:
    """Flush-heavy random deals with three cards to come: both exact paths give one answer."""
    rng = random.Random(11)
    for _ in range(6):
        cards = rng.sample(ALL_CARDS, 6)
        hands = [cards[0:2], cards[2:4]]
        board = _board(HOLDEM, " ".join(map(str, cards[4:6])))
        fast = equity(HOLDEM, board, hands, exact=True)
        slow = equity(HOLDEM, board, [Range.of({combo_key(h): 1.0}) for h in hands])
        assert fast.equity == pytest.approx(slow.equity, abs=1e-12)
        assert fast.tie == pytest.approx(slow.tie, abs=1e-12)


def test_monte_carlo_is_close_to_exact_and_repeatable() -> None:
    hands = [parse_cards("Ah Kh"), parse_cards("Qs Qd")]
    exact = equity(HOLDEM, {}, hands, exact=True)
    first = equity(HOLDEM, {}, hands, samples=20_000, exact=False, rng=random.Random(5))
    again = equity(HOLDEM, {}, hands, samples=20_000, exact=False, rng=random.Random(5))
    assert first.method is Method.MONTE_CARLO and first.samples == 20_000
    assert first == again
    se = (exact.equity[0] * (1 - exact.equity[0]) / 20_000) ** 0.5
    assert abs(first.equity[0] - exact.equity[0]) < 4 * se


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize(("aces", "kings"), [("As Ad", "Kh Kc"), ("As Ad", "Ks Kc")])
def test_exact_preflop_equity_agrees_with_eval7_monte_carlo(aces: str, kings: str) -> None:
    """All 1,712,304 boards by rank multisets and flush boards, v eval7's compiled sampler."""
    result = equity(HOLDEM, {}, [parse_cards(aces), parse_cards(kings)])
    assert result.method is Method.EXACT and result.samples == 1_712_304
    hero = [eval7.Card(c) for c in aces.split()]
    reference = eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange(kings), [], 2_000_000)
    assert result.equity[0] == pytest.approx(reference, abs=0.0015)


@pytest.mark.slow
def test_exact_preflop_equity_matches_eval7_loop_exactly() -> None:
    """Every preflop board against eval7 in a plain loop (3.4 million evaluations, about 8 s);
    the default suite checks the same path against eval7's sampler and plain enumeration."""
    tally, total = _eval7_tally(["Ah Kh", "Qs Qd"], "")
    result = equity(HOLDEM, {}, [parse_cards("Ah Kh"), parse_cards("Qs Qd")], exact=True)
    assert result.samples == total
    assert list(result.equity) == pytest.approx(_shares(tally, total, 2), abs=1e-12)


def test_yukon_equity_uses_each_players_best_set() -> None:
    """With only the river to come, exact equity counts rivers won through the showdown rules."""
    board = parse_board(YUKON, "Ad 5c 5h / 9s 9c Kd / ", partial=True)
    players = {"P1": parse_cards("Ah 9d"), "P2": parse_cards("Kh Ks")}
    result = equity(YUKON, board, list(players.values()))
    used = {*board.values(), *players["P1"], *players["P2"]}
    wins: Counter[tuple[str, ...]] = Counter()
    for river in (c for c in ALL_CARDS if c not in used):
        winners = showdown(YUKON, {**board, "river": river}, players).winners
        wins[winners] += 1
    total = sum(wins.values())
    assert result.method is Method.EXACT and result.samples == total == 52 - 10
    assert result.win[0] == pytest.approx(wins[("P1",)] / total)
    assert result.win[1] == pytest.approx(wins[("P2",)] / total)


def test_yukon_exact_and_monte_carlo_agree_on_the_flop() -> None:
    board = parse_board(YUKON, "Ad 5c / 9s 9c / ", partial=True)
    hands = [parse_cards("Ah 9d"), parse_cards("5s 5d")]
    exact = equity(YUKON, board, hands, exact=True)
    assert exact.samples == 44 * 43 * 42
    mc = equity(YUKON, board, hands, samples=4000, exact=False, rng=random.Random(2))
    assert abs(mc.equity[0] - exact.equity[0]) < 4 * (0.25 / 4000) ** 0.5


def test_hand_value_is_the_showdown_value() -> None:
    rng = random.Random(4)
    for variant in ALL:
        held = variant.kept_cards
        for _ in range(50):
            cards = rng.sample(ALL_CARDS, held + len(variant.slots))
            hole = cards[:held]
            board = dict(zip(variant.slots, cards[held:], strict=True))
            assert hand_value(variant, hole, board) == best_hand(variant, hole, board).value


def test_unknown_opponent_on_the_river_is_every_combo_equally() -> None:
    board = _board(HOLDEM, "Qh 9c 9d 4s 2h")
    hero = parse_cards("Kh Ks")
    result = equity(HOLDEM, board, [hero, None])
    assert result.method is Method.EXACT and result.samples == 990
    used = {*board.values(), *hero}
    rest = [c for c in ALL_CARDS if c not in used]
    mine = hand_value(HOLDEM, hero, board)
    beaten = sum(1 for combo in combinations(rest, 2) if hand_value(HOLDEM, combo, board) < mine)
    assert result.win[0] == pytest.approx(beaten / 990)


def test_a_range_of_one_combo_is_the_same_as_knowing_the_cards() -> None:
    board = _board(HOLDEM, "2h 7h Qc")
    hero, villain = parse_cards("Ah Kh"), parse_cards("Qs Qd")
    known = equity(HOLDEM, board, [hero, villain])
    ranged = equity(HOLDEM, board, [hero, Range.of({(villain[0], villain[1]): 3.0})])
    assert ranged.equity == pytest.approx(known.equity)
    sampled = equity(
        HOLDEM, board, [hero, Range.of({(villain[0], villain[1]): 1.0})], samples=500, exact=False
    )
    assert sampled.method is Method.MONTE_CARLO
    assert abs(sampled.equity[0] - known.equity[0]) < 0.08


def test_range_weights_count_in_exact_equity() -> None:
    board = _board(HOLDEM, "2h 7h Qc 3d 9s")
    hero = parse_cards("Ah Kh")
    weak, strong = parse_cards("5d 4c"), parse_cards("Qs Qd")
    villain = Range.of({(weak[0], weak[1]): 3.0, (strong[0], strong[1]): 1.0})
    result = equity(HOLDEM, board, [hero, villain])
    assert result.equity[0] == pytest.approx(0.75)


def test_krg_hand_with_more_cards_than_kept_is_its_best_two() -> None:
    board = _board(KRG, "Qh 9c 9d 4s 2h")
    result = equity(KRG, board, [parse_cards("Kh Ks 4d 4c"), parse_cards("Qc Jc")])
    assert result.win == (1.0, 0.0)


def test_krg_keep_choices_cover_every_way_and_rank_by_equity() -> None:
    """15 ways to keep 4 of 6, 4 to keep 3 of 4, 3 to keep 2 of 3 (the KRG discard stages)."""
    rng = random.Random(1)
    six = parse_cards("Ah Ad 7c 2d 9s 3h")
    choices = keep_choices(KRG, {}, six, [None, None], 4, rng=rng, samples=300)
    assert len(choices) == 15 and len({c.cards for c in choices}) == 15
    assert [c.equity for c in choices] == sorted((c.equity for c in choices), reverse=True)
    assert set(parse_cards("Ah Ad")) <= set(choices[0].cards)
    flop = _board(KRG, "Ac 7h 2c")
    four = keep_choices(KRG, flop, parse_cards("Ah 9s 3h Kd"), [None], 3, rng=rng, samples=300)
    assert len(four) == 4
    turn = _board(KRG, "Ac 7h 2c 7s")
    three = keep_choices(KRG, turn, parse_cards("Ah 9s 3d"), [parse_cards("Kd Kc")], 2)
    assert len(three) == 3 and three[0].method is Method.EXACT
    assert set(three[0].cards) == set(parse_cards("Ah 9s")) or set(three[0].cards) == set(
        parse_cards("Ah 3d")
    )


def test_krg_final_keep_choice_equals_plain_equity_of_that_pair() -> None:
    turn = _board(KRG, "Ac 7h 2c 7s")
    villain = parse_cards("Kd Kc")
    choices = keep_choices(KRG, turn, parse_cards("Ah 9s 3d"), [villain], 2)
    hole = parse_cards("Ah 9s 3d")
    for choice in choices:
        thrown = [c for c in hole if c not in choice.cards]
        plain = equity(KRG, turn, [list(choice.cards), villain], dead=thrown)
        assert choice.equity == pytest.approx(plain.equity[0])


def test_bad_input_is_a_value_error() -> None:
    hero = parse_cards("Ah Kh")
    with pytest.raises(ValueError, match="twice"):
        equity(HOLDEM, _board(HOLDEM, "Ah 2c 3d"), [hero, None])
    with pytest.raises(ValueError, match="two players"):
        equity(HOLDEM, {}, [hero])
    with pytest.raises(ValueError, match="too many"):
        equity(YUKON, {}, [hero, None], exact=True)
    with pytest.raises(ValueError, match="cards"):
        equity(HOLDEM, {}, [parse_cards("Ah"), None])


def test_no_global_random_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the injected random.Random deals; the module-level functions are never touched."""

    def boom(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("global random used")

    for name in ("random", "sample", "choices", "shuffle", "randrange", "getrandbits"):
        monkeypatch.setattr(random, name, boom)
    rng = random.Random(9)
    result = equity(HOLDEM, {}, [parse_cards("Ah Kh"), None], samples=200, exact=False, rng=rng)
    assert result.samples == 200
    keep_choices(KRG, {}, parse_cards("Ah Ad 7c 2d 9s 3h"), [None], 4, rng=rng, samples=50)


def test_outs_on_the_flop_count_the_flush_draw_and_skip_bricks() -> None:
    from homegame.bots.equity import outs

    board = _board(HOLDEM, "2h 7h Kc")
    (found,) = outs(HOLDEM, board, parse_cards("9h 8h"))
    assert found.slot == "turn" and found.group is None
    hearts = {c for c in ALL_CARDS if c.suit == 2} - set(parse_cards("2h 7h 9h 8h"))
    assert hearts <= set(found.cards)
    assert not set(parse_cards("3c 4d Jc")) & set(found.cards)
    assert set(parse_cards("9c 8d")) <= set(found.cards)  # pairing a hole card is a step up
    assert not set(parse_cards("Kd 7c")) & set(found.cards)  # pairing the board is no out
    assert outs(HOLDEM, {}, parse_cards("9h 8h")) == []


def test_a_card_that_only_pairs_the_board_is_no_out() -> None:
    """Issue 28: J♣10♦ on 5♥ A♣ 9♠ has 6 outs (the jacks and tens), not 15: a 5, an ace or a
    9 pairs the board, which every player shares."""
    from homegame.bots.equity import outs

    board = _board(HOLDEM, "5h Ac 9s")
    (found,) = outs(HOLDEM, board, parse_cards("Jc Td"))
    assert sorted(found.cards) == sorted(parse_cards("Js Jh Jd Ts Th Tc"))


def test_an_out_must_beat_what_the_board_alone_makes() -> None:
    """A pair in the hand and a card that pairs the board: two pair, better than the board's
    pair, is an out; on a paired board a card that makes the board's trips is not."""
    from homegame.bots.equity import outs

    (found,) = outs(HOLDEM, _board(HOLDEM, "5h Ac 9s"), parse_cards("8c 8d"))
    assert parse_cards("5c")[0] in found.cards and parse_cards("8h")[0] in found.cards
    (found,) = outs(HOLDEM, _board(HOLDEM, "5h 5c 9s"), parse_cards("Kc Qd"))
    assert parse_cards("5d")[0] not in found.cards  # the board's trips: everyone has them
    assert parse_cards("Kh")[0] in found.cards  # two pair with a hole card


def test_yukon_outs_are_per_set() -> None:
    from homegame.bots.equity import outs

    board = parse_board(YUKON, "Qh 4h / 9c 2d / ", partial=True)
    set_a, set_b = outs(YUKON, board, parse_cards("Ah 5h"))
    assert (set_a.group, set_a.slot, set_b.group, set_b.slot) == ("A", "turn A", "B", "turn B")
    assert ALL_CARDS[4 * 0 + 2] in set_a.cards  # 2h: a flush with set A
    five = parse_cards("5c")[0]  # pairs a hole card: an out for both sets
    assert five in set_a.cards and five in set_b.cards
    assert parse_cards("Kh")[0] in set_a.cards and parse_cards("Kh")[0] not in set_b.cards


def test_the_garbage_collector_is_back_on_after_the_fast_paths() -> None:
    import gc

    hands = [parse_cards("Ah Kh"), parse_cards("Qs Qd")]
    equity(HOLDEM, {}, hands, exact=True)
    equity(HOLDEM, {}, hands, exact=False, samples=6_000, rng=random.Random(1))
    assert gc.isenabled()
