"""The pure money module: amounts, entries, payouts (HOUSE_RULES 18-20), chops, cash, the ledger."""

from __future__ import annotations

from fractions import Fraction

import pytest

from homegame.money.amounts import MAX_CENTS, check_cents, format_cents, parse_amount
from homegame.money.cash import (
    CashKind,
    CashMove,
    CashSettings,
    cash_ledger,
    why_not_buy,
    why_not_cash_out,
)
from homegame.money.chop import ChopKind, chop, whole_cents
from homegame.money.entries import (
    Entry,
    EntryKind,
    entry_count,
    why_not_add_on,
    why_not_buy_in,
    why_not_late_entry,
    why_not_rebuy,
)
from homegame.money.errors import MoneyError
from homegame.money.freezeout import Chop, freezeout_money, make_chop, ordinal
from homegame.money.icm import icm_equities
from homegame.money.ledger import HOUSE, LedgerLine
from homegame.money.night import CSV_COLUMNS, ledger_csv, night
from homegame.money.payouts import default_structure, payouts, pool_after_fee, structure_problem
from homegame.money.settings import AddOn, HouseFee, MoneySettings
from homegame.money.settlement import (
    EXACT_LIMIT,
    Transfer,
    greedy_settle,
    settle,
    zero_sum_groups,
)


def entry(player: str, kind: EntryKind = EntryKind.BUY_IN, cents: int = 1000) -> Entry:
    return Entry(player, kind, cents, 1500, 1, 0.0)


# amounts


@pytest.mark.parametrize(
    ("text", "cents"), [("12.50", 1250), ("12", 1200), ("12.5", 1250), (".05", 5), ("0.01", 1)]
)
def test_parse_amount_reads_cents(text: str, cents: int) -> None:
    assert parse_amount(text) == cents


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("12.505", "more than two decimals"),
        ("-5", "negative"),
        ("0", "zero"),
        ("0.00", "zero"),
        ("1000000.01", "too large"),
        ("99999999999999", "too large"),
        ("12,50", "not an amount"),
        ("ten", "not an amount"),
        ("", "not an amount"),
    ],
)
def test_a_bad_amount_is_one_clear_line(text: str, says: str) -> None:
    with pytest.raises(MoneyError, match=says) as caught:
        parse_amount(text)
    assert "\n" not in str(caught.value)


def test_zero_is_an_amount_only_where_allowed() -> None:
    assert parse_amount("0", allow_zero=True) == 0
    assert check_cents(MAX_CENTS) == MAX_CENTS
    with pytest.raises(MoneyError, match="whole number"):
        check_cents(True)


@pytest.mark.parametrize(
    ("cents", "text"), [(1250, "12.50"), (5, "0.05"), (-5, "-0.05"), (0, "0.00")]
)
def test_format_cents(cents: int, text: str) -> None:
    assert format_cents(cents) == text


# entries: HOUSE_RULES 19 and 20

REBUYS = MoneySettings(buy_in=1000, rebuys=True, add_on=AddOn(chips=2000, price=500))


def test_house_rule_19_rebuy_while_at_or_below_the_starting_stack_until_level_4() -> None:
    assert why_not_rebuy(REBUYS, "Bob", level=4, stack=0, starting_stack=1500) is None
    assert why_not_rebuy(REBUYS, "Bob", level=1, stack=1500, starting_stack=1500) is None
    assert why_not_rebuy(REBUYS, "Bob", level=2, stack=2400, starting_stack=1500) == (
        "Bob has 2,400, above the starting stack 1,500"
    )
    assert why_not_rebuy(REBUYS, "Bob", level=5, stack=0, starting_stack=1500) == (
        "rebuys ended with level 4"
    )


def test_house_rule_19_rebuys_are_off_by_default() -> None:
    off = MoneySettings(buy_in=1000)
    assert why_not_rebuy(off, "Bob", level=1, stack=0, starting_stack=1500) == (
        "this game has no rebuys"
    )
    assert why_not_add_on(off, "Bob", [], at_first_break=True) == "this game has no add-on"


def test_house_rule_19_one_add_on_per_player_at_the_first_break() -> None:
    assert why_not_add_on(REBUYS, "Cy", [], at_first_break=True) is None
    assert why_not_add_on(REBUYS, "Cy", [], at_first_break=False) == (
        "the add-on is bought at the first break"
    )
    taken = [entry("Cy"), entry("Cy", EntryKind.ADD_ON, 500)]
    assert why_not_add_on(REBUYS, "Cy", taken, at_first_break=True) == (
        "Cy has already taken the add-on"
    )


def test_house_rule_20_late_entry_until_the_end_of_level_4() -> None:
    assert why_not_late_entry("Dee", [], level=4, until_level=4) is None
    assert why_not_late_entry("Dee", [], level=5, until_level=4) == "late entry ended with level 4"
    assert why_not_late_entry("Dee", [entry("Dee")], level=2, until_level=4) == (
        "Dee has already bought in"
    )
    assert why_not_late_entry("Dee", [], level=1, until_level=0) == (
        "this game takes no late entries"
    )
    assert why_not_buy_in("Ann", [entry("Ann", EntryKind.REBUY)]) is None


def test_house_rule_18_rebuys_and_add_ons_are_not_entries() -> None:
    kinds = [EntryKind.BUY_IN, EntryKind.LATE_ENTRY, EntryKind.REBUY, EntryKind.ADD_ON]
    assert entry_count(entry(name, k) for name, k in zip("ABCD", kinds, strict=True)) == 2


def test_house_rule_18_a_player_is_one_entry_so_no_place_is_paid_that_nobody_can_win() -> None:
    """Six buy-in records of one player (an entry typed twice, a replayed import) are one entry:
    the winner takes all, and the ledger pays out every cent put in."""
    entries = [entry("Ann") for _ in range(6)]
    assert entry_count(entries) == 1
    money = freezeout_money(MoneySettings(buy_in=1000, rounding=1), entries, {1: "Ann"})
    assert [(p.place, p.player) for p in money.prizes] == [(1, "Ann")]
    assert money.prizes[0].cents == money.pool


# payouts: HOUSE_RULES 18


@pytest.mark.parametrize(
    ("entries", "shares"),
    [
        (2, (10000,)),
        (5, (10000,)),
        (6, (6500, 3500)),
        (8, (6500, 3500)),
        (9, (5000, 3000, 2000)),
        (10, (5000, 3000, 2000)),
        (11, (4000, 2500, 2000, 1500)),
        (40, (4000, 2500, 2000, 1500)),
    ],
)
def test_house_rule_18_default_payouts_by_number_of_entries(
    entries: int, shares: tuple[int, ...]
) -> None:
    assert default_structure(entries) == shares


def test_house_rule_18_prizes_rounded_down_remainder_to_first() -> None:
    # 9 entries at 10.00 plus 3 rebuys: 120.00 -> 50/30/20 = 60/36/24 exactly
    assert payouts(12000, 9) == (6000, 3600, 2400)
    # 9 entries of 13.37: 120.33 -> 30% = 36.099 -> 36.00, 20% = 24.066 -> 24.00, first the rest
    assert payouts(12033, 9) == (6033, 3600, 2400)
    # rounding to 5.00: 36.099 -> 35.00, 24.066 -> 20.00
    assert payouts(12033, 9, rounding=500) == (6533, 3500, 2000)


def test_house_rule_18_custom_structure_must_sum_to_100() -> None:
    assert structure_problem((6000, 3000)) == "must sum to 100 (they sum to 90)"
    assert structure_problem((5000, 3000, 2000)) is None
    assert structure_problem((3000, 7000)) == "a place may not get more than the place above it"
    with pytest.raises(MoneyError, match="payouts: must sum to 100"):
        payouts(10000, 9, (6000, 3000))


def test_custom_structure_pays_no_more_places_than_entries() -> None:
    # 2 entries, three places: 30% and 20% of 30.00 are 9.00 and (unpaid) 6.00: first gets 21.00
    assert payouts(3000, 2, (5000, 3000, 2000)) == (2100, 900)


def test_house_fee_fixed_or_percent() -> None:
    assert pool_after_fee(10000, HouseFee()) == (10000, 0)
    assert pool_after_fee(10000, HouseFee(cents=500)) == (9500, 500)
    assert pool_after_fee(300, HouseFee(cents=500)) == (0, 300)
    assert pool_after_fee(10001, HouseFee(basis_points=500)) == (9501, 500)
    assert str(HouseFee(basis_points=1250)) == "12.5%"
    with pytest.raises(MoneyError, match="not both"):
        HouseFee(cents=100, basis_points=100)


def test_ordinal_names_places() -> None:
    assert [ordinal(p) for p in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th",
    ]  # fmt: skip


# chop and ICM


def test_chop_equal_odd_cents_one_each_in_the_order_given() -> None:
    assert chop(ChopKind.EQUAL, [7001, 3000], [100, 900]) == (5001, 5000)
    assert chop(ChopKind.EQUAL, [100, 0, 0], [5, 5, 5]) == (34, 33, 33)


def test_chop_by_chips_is_proportional() -> None:
    assert chop(ChopKind.CHIPS, [6000, 4000], [3000, 1500]) == (6667, 3333)


def test_icm_two_players_matches_the_closed_form() -> None:
    # P(1st) = share of chips, so equity = 2nd + share * (1st - 2nd)
    assert icm_equities([3000, 1000], [6000, 4000]) == (
        Fraction(4000) + Fraction(3, 4) * 2000,
        Fraction(4000) + Fraction(1, 4) * 2000,
    )


def test_icm_three_players_by_hand() -> None:
    stacks, prizes = [50, 30, 20], [50, 30, 20]
    equity = icm_equities(stacks, prizes)
    # player 0 first 1/2; second: 30/100*50/70 + 20/100*50/80
    p0_second = Fraction(3, 10) * Fraction(5, 7) + Fraction(2, 10) * Fraction(5, 8)
    p0_third = 1 - Fraction(1, 2) - p0_second
    assert equity[0] == 50 * Fraction(1, 2) + 30 * p0_second + 20 * p0_third
    assert sum(equity) == 100


def test_chop_by_icm_sums_exactly() -> None:
    cents = chop(ChopKind.ICM, [5000, 3000, 2000], [7000, 2000, 1000])
    assert sum(cents) == 10000 and cents[0] > cents[1] > cents[2] >= 2000


@pytest.mark.parametrize(
    ("stacks", "says"), [([1000], "at least two"), ([1000, 0], "still have chips")]
)
def test_a_bad_chop_is_refused(stacks: list[int], says: str) -> None:
    with pytest.raises(MoneyError, match=says):
        chop(ChopKind.EQUAL, [100, 50], stacks)


def test_whole_cents_refuses_shares_that_do_not_add_up() -> None:
    with pytest.raises(MoneyError):
        whole_cents([Fraction(10), Fraction(10)], 5)


# cash game: HOUSE_RULES 22


def test_house_rule_22_buy_in_and_top_up_up_to_100_big_blinds() -> None:
    cash = CashSettings(big_blind=20)
    assert cash.max_buy_in == 2000
    assert why_not_buy(cash, "Ann", 2000, 0) is None
    assert why_not_buy(cash, "Ann", 600, 1500) == (
        "Ann may have at most 2,000 chips (100 big blinds): buy at most 500 more"
    )
    assert why_not_buy(cash, "Ann", 0, 0) == "a buy-in is more than 0 chips, not 0"


def test_house_rule_22_cash_out_no_more_than_the_chips_on_the_table() -> None:
    assert why_not_cash_out("Dee", 1840, 1840) is None
    assert why_not_cash_out("Dee", 1841, 1840) == "Dee has 1,840 chips on the table, not 1,841"
    assert why_not_cash_out("Dee", 0, 1840) is not None


def test_cash_rate_converts_both_ways() -> None:
    cash = CashSettings(big_blind=10, cents_per_chip=5)
    assert cash.cents(200) == 1000
    assert cash.chips_for(1000) == 200
    with pytest.raises(MoneyError, match="whole number of chips"):
        cash.chips_for(1002)
    with pytest.raises(MoneyError):
        CashSettings(big_blind=0)


def test_house_rule_22_a_cash_night_ledger_balances_once_everyone_has_cashed_out() -> None:
    cash = CashSettings(big_blind=10, cents_per_chip=1)
    moves = [
        CashMove("Ann", CashKind.BUY_IN, 1000, cash.cents(1000), 0, 0.0),
        CashMove("Bob", CashKind.BUY_IN, 1000, cash.cents(1000), 0, 0.0),
        CashMove("Bob", CashKind.TOP_UP, 500, cash.cents(500), 12, 900.0),
        CashMove("Ann", CashKind.CASH_OUT, 1840, cash.cents(1840), 30, 2400.0),
    ]
    running = night(cash_ledger("c", moves))
    assert [(m.game, m.cents) for m in running.mismatches] == [("c", -660)]
    done = night(
        cash_ledger("c", [*moves, CashMove("Bob", CashKind.CASH_OUT, 660, 660, 30, 2400.0)])
    )
    assert done.balanced
    assert [str(t) for t in done.transfers] == ["Bob pays Ann 8.40"]


# freezeout money, ledger, settlement


def test_freezeout_money_pays_places_and_the_ledger_balances() -> None:
    settings = MoneySettings(buy_in=1000, house_fee=HouseFee(cents=400))
    entries = [entry(p) for p in "ABCDEF"]
    money = freezeout_money(settings, entries, {1: "C", 2: "A", 3: "F"})
    assert (money.money_in, money.house_fee, money.pool) == (6000, 400, 5600)
    assert money.payouts == (3700, 1900)  # 65% of 56.00 = 36.40, 35% = 19.60 -> 19.00
    result = night(money.ledger("g1"))
    assert result.balanced
    assert {t.party: t.net for t in result.totals}[HOUSE] == 400
    assert {t.party: t.net for t in result.totals}["C"] == 2700


def test_an_unfinished_freezeout_is_named_as_a_mismatch() -> None:
    settings = MoneySettings(buy_in=1000)
    money = freezeout_money(settings, [entry("A"), entry("B")], {})
    result = night(money.ledger("g7"))
    assert [(m.game, m.cents) for m in result.mismatches] == [("g7", -2000)]
    assert result.transfers == ()


def test_a_chop_replaces_the_top_places() -> None:
    settings = MoneySettings(buy_in=1000)
    entries = [entry(p) for p in "ABCDEFGHI"]
    before = freezeout_money(settings, entries, {3: "C"})
    agreed = make_chop(before, ChopKind.CHIPS, ("A", "B"), (9000, 4500), 40, 3600.0)
    assert agreed.cents == (4800, 2400)  # 45.00 + 27.00 by chips 2:1
    money = freezeout_money(settings, entries, {3: "C", 1: "B", 2: "A"}, agreed)
    assert [(p.place, p.cents, p.player) for p in money.prizes] == [(3, 1800, "C")]
    assert money.won_by("A") == 4800
    assert night(money.ledger("g")).balanced


def test_a_chop_that_does_not_add_up_is_refused() -> None:
    settings = MoneySettings(buy_in=1000)
    wrong = Chop(ChopKind.EQUAL, ("A", "B"), (2000, 1000), (1000, 900), 5, 0.0)
    with pytest.raises(MoneyError, match="chop"):
        freezeout_money(settings, [entry(p) for p in "ABC"], {}, wrong)


def test_house_rule_23_settlement_fewest_transfers() -> None:
    nets = {"Ann": 1250, "Bob": -1250, "Cy": 500, "Dee": -300, "Eve": -200}
    transfers = settle(nets)
    assert len(transfers) == 3
    assert Transfer("Bob", "Ann", 1250) in transfers
    assert str(Transfer("Bob", "Ann", 1250)) == "Bob pays Ann 12.50"


def test_house_rule_23_nets_that_do_not_sum_to_zero_are_named() -> None:
    with pytest.raises(MoneyError, match=r"0\.50 is unaccounted for"):
        settle({"Ann": 100, "Bob": -50})


def test_exact_settlement_beats_greedy_where_greedy_pairs_badly() -> None:
    # greedy takes -7 -> +6 first; the exact search finds {-7,+4,+3} and {-6,+6}... and more
    nets = {"a": 6, "b": 4, "c": 3, "d": -7, "e": -6}
    assert len(settle(nets)) == 3
    assert len(zero_sum_groups([6, 4, 3, -7, -6])) == 2
    assert len(greedy_settle({"a": 5, "b": 5, "c": -3, "d": -3, "e": -4})) >= 3


def test_beyond_the_exact_limit_the_settlement_is_greedy_and_still_exact() -> None:
    nets = {f"P{i:02d}": (i + 1) * 100 * (1 if i % 2 else -1) for i in range(EXACT_LIMIT + 4)}
    nets["P00"] -= sum(nets.values())
    transfers = settle(nets)
    assert transfers == greedy_settle(nets)
    paid: dict[str, int] = {}
    for t in transfers:
        paid[t.payer] = paid.get(t.payer, 0) - t.cents
        paid[t.payee] = paid.get(t.payee, 0) + t.cents
    assert paid == {p: n for p, n in nets.items() if n}
    assert len(transfers) <= len(nets) - 1


def test_csv_has_the_documented_columns() -> None:
    lines = [
        LedgerLine("g1", "Ann", "buy-in", 1000, 0, 1, 0.0),
        LedgerLine("g1", "Bob", "buy-in", 1000, 0, 1, 30.4292),
        LedgerLine("g1", "Ann", "prize 1st", 0, 2000),
    ]
    text = ledger_csv(night(lines))
    rows = text.splitlines()
    assert rows[0] == ",".join(CSV_COLUMNS)
    assert rows[1] == "line,g1,Ann,buy-in,1,0,10.00,0.00,,,"
    assert rows[2] == "line,g1,Bob,buy-in,1,30,10.00,0.00,,,"  # whole seconds (issue 27)
    assert "total,,Ann,,,,10.00,20.00,10.00,," in rows
    assert rows[-1] == "transfer,,Bob,,,,,,,Ann,10.00"
