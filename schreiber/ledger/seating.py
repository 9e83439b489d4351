"""The seat draw of a tournament round (RULES.md §6), pure: players in, tables out, no database.

Round 1 is a shuffle. A later round starts from a shuffle and then swaps players between tables,
keeping a swap that does not add repeated pairs (two players who already sat at one table), until
no pair repeats or the budget of swaps is spent; the best draw seen is kept. Everything random
comes from one `random.Random(seed)`, so a seed gives the same draw again.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from schreiber.i18n import _
from schreiber.rules.model import SettingsError


@dataclass(frozen=True)
class Draw:
    """The tables of one round in table order, each in seat order (seat 1 deals first), and how many
    pairs at them had already met."""

    tables: tuple[tuple[Hashable, ...], ...]
    repeats: int


def table_sizes(count: int) -> tuple[int, ...]:
    """N = 4t + r players: r tables of 5 first, then t − r of 4; refused when that cannot be."""
    tables, rest = divmod(count, 4)
    if count < 4 or rest > tables:
        raise SettingsError(
            _("a tournament round seats 4 or 5 players at each table; {count} players cannot be seated so "
              "(fewer than 4, 6, 7 and 11 cannot).").format(count=count)
        )
    return (5,) * rest + (4,) * (tables - rest)


def pairs_of(tables: Iterable[Sequence[Hashable]]) -> set[frozenset]:
    """Every pair of players who sit at one table."""
    out: set[frozenset] = set()
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                out.add(frozenset((a, b)))
    return out


def count_repeats(tables: Iterable[Sequence[Hashable]], met: Iterable[frozenset]) -> int:
    """How many pairs at these tables had met before."""
    seen = set(met)
    return sum(1 for pair in pairs_of(tables) if pair in seen)


def draw(players: Sequence[Hashable], met: Iterable[frozenset] = (), seed: int | str = 0, budget: int | None = None) -> Draw:
    """Seat `players` at tables of 4 (and 5), with as few pairs out of `met` together as the search finds.

    `budget`: how many swaps to try (default grows with the field); the draw stops early at 0 repeats.
    """
    sizes = table_sizes(len(players))
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    rng = random.Random(f"schreiber-draw:{seed}")
    order = list(players)
    rng.shuffle(order)
    index = {p: i for i, p in enumerate(order)}
    n = len(order)
    # Who met whom, by position in `order`: a list of sets keeps the inner loop cheap.
    known: list[set[int]] = [set() for _ in range(n)]
    for pair in met:
        a, b = tuple(pair)
        if a in index and b in index:
            known[index[a]].add(index[b])
            known[index[b]].add(index[a])
    # table[i] = the table of player i; members[t] = its players (positions in `order`).
    members: list[list[int]] = []
    start = 0
    for size in sizes:
        members.append(list(range(start, start + size)))
        start += size
    table = [0] * n
    for t, people in enumerate(members):
        for p in people:
            table[p] = t

    def clashes(p: int, t: int, without: int = -1) -> int:
        k = known[p]
        return sum(1 for q in members[t] if q != p and q != without and q in k)

    repeats = sum(clashes(p, table[p]) for p in range(n)) // 2
    if repeats and len(members) > 1:
        if budget is None:
            budget = 4000 + 300 * n
        best = repeats
        best_members = [list(m) for m in members]
        for _step in range(budget):
            # A player with a clash, and anyone at another table.
            a = rng.randrange(n)
            if not clashes(a, table[a]):
                a = rng.randrange(n)
            b = rng.randrange(n)
            ta, tb = table[a], table[b]
            if ta == tb:
                continue
            delta = (clashes(a, tb, b) - clashes(a, ta)) + (clashes(b, ta, a) - clashes(b, tb))
            # Sideways moves keep the search walking; a worse one now and then gets it out of a corner.
            if delta > 0 and rng.random() > 0.02:
                continue
            members[ta][members[ta].index(a)] = b
            members[tb][members[tb].index(b)] = a
            table[a], table[b] = tb, ta
            repeats += delta
            if repeats < best:
                best = repeats
                best_members = [list(m) for m in members]
                if best == 0:
                    break
        members = best_members
        repeats = best
    tables = tuple(tuple(order[p] for p in people) for people in members)
    return Draw(tables, repeats)


def met_pairs(rounds: Iterable[Iterable[Sequence[Hashable]]]) -> set[frozenset]:
    """The pairs who sat at one table in any of these rounds (each round a list of tables)."""
    out: set[frozenset] = set()
    for tables in rounds:
        out |= pairs_of(tables)
    return out


__all__ = ["Draw", "count_repeats", "draw", "met_pairs", "pairs_of", "table_sizes"]
