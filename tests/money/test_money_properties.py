"""Money invariants (hypothesis): nothing created or lost, no negative prize, settlements exact."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from homegame.money.chop import ChopKind, chop
from homegame.money.entries import Entry, EntryKind
from homegame.money.freezeout import freezeout_money, make_chop
from homegame.money.icm import icm_equities
from homegame.money.night import night
from homegame.money.payouts import payouts
from homegame.money.settings import WHOLE, HouseFee, MoneySettings
from homegame.money.settlement import Transfer, greedy_settle, settle

NAMES = [f"P{i}" for i in range(12)]
cents = st.integers(min_value=1, max_value=50_000)


@st.composite
def nets(draw: st.DrawFn, most: int = 12) -> dict[str, int]:
    """Nets that sum to zero, some of them often equal and opposite."""
    n = draw(st.integers(min_value=0, max_value=most))
    values = draw(st.lists(st.integers(-5000, 5000), min_size=n, max_size=n))
    if values:
        values[-1] -= sum(values)
    return dict(zip(NAMES, values, strict=False))


def applied(transfers: tuple[Transfer, ...]) -> Counter[str]:
    paid: Counter[str] = Counter()
    for t in transfers:
        assert t.cents > 0 and t.payer != t.payee
        paid[t.payer] -= t.cents
        paid[t.payee] += t.cents
    return paid


@given(nets())
@settings(max_examples=200, deadline=None)
def test_house_rule_23_settlement_reproduces_every_net_exactly(values: dict[str, int]) -> None:
    transfers = settle(values)
    assert {p: n for p, n in applied(transfers).items() if n} == {
        p: n for p, n in values.items() if n
    }


@given(nets())
@settings(max_examples=200, deadline=None)
def test_house_rule_23_exact_settlement_never_uses_more_transfers_than_greedy(
    values: dict[str, int],
) -> None:
    greedy = greedy_settle(values)
    assert {p: n for p, n in applied(greedy).items() if n} == {p: n for p, n in values.items() if n}
    assert len(settle(values)) <= len(greedy)
    assert len(settle(values)) <= max(0, sum(1 for n in values.values() if n) - 1)


@given(
    pool=st.integers(0, 10_000_000),
    entries=st.integers(1, 60),
    rounding=st.sampled_from([1, 5, 25, 100, 500, 1000]),
)
def test_house_rule_18_payouts_sum_to_the_pool_and_none_is_negative(
    pool: int, entries: int, rounding: int
) -> None:
    prizes = payouts(pool, entries, (), rounding)
    assert sum(prizes) == pool
    assert all(p >= 0 for p in prizes)
    assert all(p % rounding == 0 for p in prizes[1:])
    assert list(prizes) == sorted(prizes, reverse=True)


@given(
    kind=st.sampled_from(list(ChopKind)),
    prizes=st.lists(st.integers(0, 100_000), min_size=1, max_size=6),
    stacks=st.lists(st.integers(1, 100_000), min_size=2, max_size=6),
)
@settings(deadline=None)
def test_a_chop_shares_exactly_what_is_chopped(
    kind: ChopKind, prizes: list[int], stacks: list[int]
) -> None:
    prizes.sort(reverse=True)
    shares = chop(kind, prizes, stacks)
    assert sum(shares) == sum(prizes[: len(stacks)])
    assert all(s >= 0 for s in shares)


@given(
    stacks=st.lists(st.integers(0, 10_000), min_size=1, max_size=6).filter(any),
    prizes=st.lists(st.integers(0, 10_000), min_size=1, max_size=6),
)
@settings(deadline=None)
def test_icm_equities_sum_to_the_prizes_that_can_be_won(
    stacks: list[int], prizes: list[int]
) -> None:
    equity = icm_equities(stacks, prizes)
    assert sum(equity) == sum(prizes[: len(stacks)])
    assert all(e >= 0 for e in equity)


moves = st.lists(
    st.tuples(st.sampled_from(NAMES[:10]), st.sampled_from(list(EntryKind)), cents),
    min_size=1,
    max_size=30,
)


@given(
    moves=moves,
    fee=st.one_of(
        st.builds(HouseFee, cents=st.integers(0, 5000)),
        st.builds(HouseFee, basis_points=st.integers(0, WHOLE - 1)),
    ),
    rounding=st.sampled_from([1, 100, 500]),
    chop_kind=st.one_of(st.none(), st.sampled_from(list(ChopKind))),
    data=st.data(),
)
@settings(max_examples=150, deadline=None)
def test_money_is_conserved_through_entries_payouts_chops_and_settlement(
    moves: list[tuple[str, EntryKind, int]],
    fee: HouseFee,
    rounding: int,
    chop_kind: ChopKind | None,
    data: st.DataObject,
) -> None:
    settings_ = MoneySettings(buy_in=1000, house_fee=fee, rounding=rounding)
    entries = [Entry(p, k, c, 1500, i, float(i)) for i, (p, k, c) in enumerate(moves)]
    if not any(e.kind.is_entry for e in entries):
        entries.append(Entry("P0", EntryKind.BUY_IN, 1000, 1500, 99, 99.0))
    players = sorted({e.player for e in entries})
    order = data.draw(st.permutations(players))
    places = {i + 1: name for i, name in enumerate(order)}
    agreed = None
    if chop_kind is not None and len(players) >= 2:
        left = order[: data.draw(st.integers(2, len(players)))]
        stacks = data.draw(st.lists(st.integers(1, 9000), min_size=len(left), max_size=len(left)))
        before = freezeout_money(settings_, entries, {})
        agreed = make_chop(before, chop_kind, left, stacks, 50, 500.0)
    money = freezeout_money(settings_, entries, places, agreed)
    assert (
        money.pool + money.house_fee
        == money.money_in
        == sum(c for _, _, c in moves) + (1000 if len(entries) > len(moves) else 0)
    )
    assert all(p.cents >= 0 for p in money.prizes)
    result = night(money.ledger("g"))
    assert result.balanced
    assert sum(t.net for t in result.totals) == 0
    assert {p: n for p, n in applied(result.transfers).items() if n} == {
        t.party: t.net for t in result.totals if t.net
    }
