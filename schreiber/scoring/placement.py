"""Placement points (RULES.md §6, the Wertung `platz`): a table's round results ranked, each place worth its
points, ties sharing the mean of the places they cover. Pure; exact fractions."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction

# Placement points at a table of 4 and of 5, best place first: the sizes §6 defines them for.
PLACES = {4: (3, 1, -1, -3), 5: (4, 2, 0, -2, -4)}


def placements(table: Mapping[Hashable, int | None]) -> dict[Hashable, Fraction]:
    """Placement points at one table: ranked by round result; tied players share the mean of their places.

    Only players with a result are placed; a table of another size than 4 or 5 uses the same spacing
    (2 apart, centred on 0)."""
    results = {p: r for p, r in table.items() if r is not None}
    size = len(table)
    values = PLACES.get(size) or tuple(size - 1 - 2 * i for i in range(size))
    ordered = sorted(results, key=lambda p: -results[p])
    out: dict[Hashable, Fraction] = {}
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and results[ordered[j + 1]] == results[ordered[i]]:
            j += 1
        share = Fraction(sum(values[i : j + 1]), j - i + 1)
        for p in ordered[i : j + 1]:
            out[p] = share
        i = j + 1
    return out


__all__ = ["PLACES", "placements"]
