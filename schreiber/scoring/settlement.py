"""Money: points into cents, plus-point tables measured against their average, and who pays whom."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

Key = TypeVar("Key")


def cents_for(rules: Any, points: Mapping[Key, int], tariff: int) -> dict[Key, int]:
    """A table's money from its players' points: the rule set's own money (`OwnMoney`, Skat's
    "everyone pays everyone the difference"), else points × tariff in a zero-sum game, else each
    player's distance from the table's average."""
    if _own_money(rules.name):
        return rules.money(points, tariff)
    if rules.zero_sum:
        return {p: v * tariff for p, v in points.items()}
    return against_average(points, tariff)


@cache
def _own_money(name: str) -> bool:
    # Asked once per rule set: a runtime Protocol's isinstance costs about 0.3 ms a table.
    from schreiber.rules import registry
    from schreiber.rules.table import OwnMoney

    return isinstance(registry.get(name), OwnMoney)


def against_average(points: Mapping[Key, int], tariff: int) -> dict[Key, int]:
    """Cents per player when only winners score: each pays or gets his distance from the table's average.

    The cents add up to zero; the few cents the average leaves over go to the players nearest to
    their exact share, largest remainder first, so nobody is rounded twice.
    """
    n = len(points)
    if n == 0:
        return {}
    total = sum(points.values())
    # exact share in 1/n cents: (points * n - total) * tariff / n
    exact = {p: (v * n - total) * tariff for p, v in points.items()}
    cents = {p: e // n for p, e in exact.items()}
    leftover = -sum(cents.values())
    by_remainder = sorted(points, key=lambda p: (-(exact[p] % n), list(points).index(p)))
    for p in by_remainder[:leftover]:
        cents[p] += 1
    return cents


def transfers(cents: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Who pays whom: the biggest debtor pays the biggest creditor until everyone is square."""
    debtors = sorted(((-v, p) for p, v in cents.items() if v < 0), reverse=True)
    creditors = sorted(((v, p) for p, v in cents.items() if v > 0), reverse=True)
    debts = [[amount, who] for amount, who in debtors]
    credits = [[amount, who] for amount, who in creditors]
    out: list[tuple[str, str, int]] = []
    i = j = 0
    while i < len(debts) and j < len(credits):
        amount = min(debts[i][0], credits[j][0])
        out.append((debts[i][1], credits[j][1], amount))
        debts[i][0] -= amount
        credits[j][0] -= amount
        if debts[i][0] == 0:
            i += 1
        if credits[j][0] == 0:
            j += 1
    return out
