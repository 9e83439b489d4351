"""Who pays whom, in cents: properties that hold for every table (issue 40)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from schreiber.scoring.settlement import against_average, transfers

NAMES = ["Anna", "Berta", "Carl", "Dora", "Emil", "Franz"]

points_of_a_table = st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=6).map(
    lambda values: dict(zip(NAMES, values))
)
tariffs = st.integers(1, 500)


@given(points_of_a_table, tariffs)
def test_measured_against_the_average_the_cents_add_up_to_zero_and_each_is_within_a_cent_of_exact(points, tariff):
    cents = against_average(points, tariff)
    assert sum(cents.values()) == 0
    average = Fraction(sum(points.values()), len(points))
    for name, value in points.items():
        exact = (value - average) * tariff
        assert isinstance(cents[name], int)
        assert abs(cents[name] - exact) < 1, (name, cents[name], exact)


def _balances(draw_values: list[int]) -> dict[str, int]:
    balances = dict(zip(NAMES, draw_values))
    # the last player takes what makes the table square, as every settlement does
    balances[NAMES[len(draw_values)]] = -sum(draw_values)
    return balances


zero_sum_balances = st.lists(st.integers(-100_000, 100_000), min_size=0, max_size=5).map(_balances)


@given(zero_sum_balances)
def test_the_transfers_settle_every_balance_with_amounts_above_zero(balances):
    moves = transfers(balances)
    left = dict(balances)
    for payer, payee, amount in moves:
        assert amount > 0 and payer != payee
        assert balances[payer] < 0 < balances[payee]
        left[payer] += amount
        left[payee] -= amount
    assert all(value == 0 for value in left.values()), left
    # the greedy pairing never needs more transfers than players less one
    assert len(moves) <= max(0, sum(1 for v in balances.values() if v) - 1)


@given(points_of_a_table, tariffs)
def test_what_the_average_makes_is_settled_by_the_transfers(points, tariff):
    cents = against_average(points, tariff)
    moves = transfers(cents)
    paid = {name: 0 for name in cents}
    for payer, payee, amount in moves:
        paid[payer] -= amount
        paid[payee] += amount
    assert paid == cents
