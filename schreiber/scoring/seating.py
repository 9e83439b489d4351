"""The seat draw of a tournament round (RULES.md §6), pure: players in, tables out, no database.

Round 1 is a shuffle. A later round starts from a shuffle and then swaps players between tables,
keeping a swap that does not add repeated pairs (two players who already sat at one table), until
no pair repeats or the budget of swaps is spent; the best draw seen is kept. When more rounds
follow, the draw looks one round ahead (see `draw`). Everything random comes from the seed, so a
seed gives the same draw again.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from schreiber.i18n import _
from schreiber.rules.model import SettingsError


@dataclass(frozen=True)
class Draw:
    """The tables of one round in table order, each in seat order (seat 1 deals first), and how many
    pairs at them had already met."""

    tables: tuple[tuple[Hashable, ...], ...]
    repeats: int


# The tables a round seats: of 4, and of 5 where the count needs them (Schafkopf, Doppelkopf).
FOUR_AND_FIVE = (4, 5)
# Of 4, and of 3 where the count needs them (Skat: a rule set's TournamentPlay.table_sizes).
FOUR_AND_THREE = (4, 3)


def table_sizes(count: int, sizes: tuple[int, ...] = FOUR_AND_FIVE) -> tuple[int, ...]:
    """N = 4t + r players: r tables of 5 first, then t − r of 4; refused when that cannot be.
    With `sizes` (4, 3): N = 4a + 3b with as few tables of 3 as can be, the tables of 4 first."""
    if tuple(sizes) == FOUR_AND_THREE:
        threes = -count % 4
        if count < 3 or 3 * threes > count:
            raise SettingsError(
                _(
                    "a tournament round seats 4 or 3 players at each table; {count} players cannot be seated so "
                    "(fewer than 3, and 5, cannot)."
                ).format(count=count)
            )
        return (4,) * ((count - 3 * threes) // 4) + (3,) * threes
    if tuple(sizes) != FOUR_AND_FIVE:
        raise ValueError(f"table sizes {sizes!r}")
    tables, rest = divmod(count, 4)
    if count < 4 or rest > tables:
        raise SettingsError(
            _(
                "a tournament round seats 4 or 5 players at each table; {count} players cannot be seated so "
                "(fewer than 4, 6, 7 and 11 cannot)."
            ).format(count=count)
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


# Lookahead: at most this many candidate draws of a round, and this many swaps over all of them.
CANDIDATES = 12
LOOKAHEAD_SWAPS = 120_000


def draw(
    players: Sequence[Hashable],
    met: Iterable[frozenset] = (),
    seed: int | str = 0,
    budget: int | None = None,
    ahead: int = 0,
    sizes: tuple[int, ...] = FOUR_AND_FIVE,
    apart: Mapping[str, Iterable[Hashable]] | None = None,
    round_: int = 0,
) -> Draw:
    """Seat `players` at tables of 4 (and 5), with as few pairs out of `met` together as the search finds.

    `apart`: teams (name -> members) whose members present sit at different tables (TEAMS.md §10.1 rule 5,
    `getrennt`): the draw first keeps every team apart, then minimises repeated pairs; a team with more
    members present than round `round_` has tables is refused, naming it.

    `budget`: how many swaps to try (default grows with the field); the draw stops early at 0 repeats.
    `ahead`: how many rounds are still to be drawn after this one. Then the draw looks one round
    ahead: a draw that leaves the next round no draw without repeats (16 players: three rounds
    can be seated so that a fourth must repeat, though five rounds without a repeat exist) is
    put aside for another candidate of as few repeats whose next round the search seats without
    one; the first candidate is the draw without lookahead, so a field where that works is
    seated as before. `sizes`: the tables of 4 and 5 (FOUR_AND_FIVE), or of 4 and 3 (FOUR_AND_THREE,
    a game's TournamentPlay.table_sizes); see `table_sizes`.
    """
    met = set(met)
    groups = teams_apart(players, apart or {}, sizes, round_)
    first = _search(players, met, seed, budget, sizes, groups)
    if ahead <= 0:
        return first
    n = len(players)
    swaps = budget if budget is not None else 4000 + 300 * n
    # A next round without repeats is found in a few swaps where one exists: its search gets a quarter.
    tries = max(1, min(CANDIDATES, LOOKAHEAD_SWAPS // (swaps + swaps // 4)))
    best, score = first, None
    for k in range(tries):
        candidate = first if k == 0 else _search(players, met, f"{seed}:candidate-{k}", budget, sizes, groups)
        if score is not None and candidate.repeats > score[0]:
            continue
        following = _search(players, met | pairs_of(candidate.tables), f"{seed}:ahead-{k}", swaps // 4, sizes, groups)
        if score is None or (candidate.repeats, following.repeats) < score:
            best, score = candidate, (candidate.repeats, following.repeats)
        if following.repeats == 0:
            break
    return best


def teams_apart(
    players: Sequence[Hashable], apart: Mapping[str, Iterable[Hashable]], sizes: tuple[int, ...], round_: int = 0
) -> tuple[frozenset, ...]:
    """The teams of `apart` as the members present among `players` (those of 2 or more); a team with more
    members present than the round has tables is refused in one sentence naming it."""
    present = set(players)
    tables = len(table_sizes(len(players), sizes))
    out = []
    for name, members in apart.items():
        here = frozenset(m for m in members if m in present)
        if len(here) > tables:
            raise SettingsError(
                _("team {team} has {count} players present but round {round} has {tables} tables").format(
                    team=name, count=len(here), round=round_, tables=tables
                )
            )
        if len(here) > 1:
            out.append(here)
    return tuple(out)


def _dealt(order: Sequence[Hashable], sizes: Sequence[int], groups: Sequence[frozenset]) -> list[list[int]]:
    """Positions of `order` at tables of `sizes` (largest first) with the members of each group at different
    tables: the groups, largest first, then everyone else, dealt seat row by seat row across the tables — a
    group of no more members than tables never meets itself, since only the last row is short."""
    of = {p: i for i, p in enumerate(order)}
    grouped = sorted((sorted(of[p] for p in g) for g in groups), key=len, reverse=True)
    seen = {i for g in grouped for i in g}
    dealing = [i for g in grouped for i in g] + [i for i in range(len(order)) if i not in seen]
    members: list[list[int]] = [[] for _ in sizes]
    k = 0
    for row in range(max(sizes)):
        for t, size in enumerate(sizes):
            if row < size:
                members[t].append(dealing[k])
                k += 1
    return members


def _search(
    players: Sequence[Hashable],
    met: set[frozenset],
    seed: int | str,
    budget: int | None,
    seats: tuple[int, ...] = FOUR_AND_FIVE,
    groups: Sequence[frozenset] = (),
) -> Draw:
    """One round's draw: a shuffle, then swaps between tables that add no repeated pair (see the module).
    With `groups` (teams kept apart) the shuffle is dealt so that no two members of a group share a table,
    and no swap seats two of them together."""
    sizes = table_sizes(len(players), seats)
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
    # mates[i] = the members of i's group kept apart from him, by position.
    mates: list[set[int]] = [set() for _ in range(n)]
    for group in groups:
        for p in group:
            mates[index[p]] |= {index[q] for q in group if q != p}
    if groups:
        tables_in = list(range(len(sizes)))
        rng.shuffle(tables_in)
        order_of = sorted(tables_in, key=lambda t: -sizes[t])
        shuffled = list(groups)
        rng.shuffle(shuffled)
        dealt = _dealt(order, [sizes[t] for t in order_of], shuffled)
        for t, people in zip(order_of, dealt, strict=True):
            members[t] = people
    table = [0] * n
    for t, people in enumerate(members):
        for p in people:
            table[p] = t

    # clash[p][t]: how many players p met before sit at table t. Kept up to date through every swap, so a swap
    # is weighed by a few lookups where counting the tables' members again made the search most of a draw's time.
    clash = [[0] * len(members) for _ in range(n)]
    for p in range(n):
        for q in known[p]:
            clash[p][table[q]] += 1
    repeats = sum(clash[p][table[p]] for p in range(n)) // 2
    if repeats and len(members) > 1:
        if budget is None:
            budget = 4000 + 300 * n
        best = repeats
        best_members = [list(m) for m in members]
        # random.randrange(n) is this after checking its arguments: the same numbers, so a seed's draw stays.
        below = rng._randbelow
        for _step in range(budget):
            # A player with a clash, and anyone at another table.
            a = below(n)
            if not clash[a][table[a]]:
                a = below(n)
            b = below(n)
            ta, tb = table[a], table[b]
            if ta == tb:
                continue
            if groups and (
                any(q in mates[a] for q in members[tb] if q != b) or any(q in mates[b] for q in members[ta] if q != a)
            ):
                continue  # a swap never seats team mates together
            met_ab = b in known[a]
            delta = (clash[a][tb] - met_ab - clash[a][ta]) + (clash[b][ta] - met_ab - clash[b][tb])
            # Sideways moves keep the search walking; a worse one now and then gets it out of a corner.
            if delta > 0 and rng.random() > 0.02:
                continue
            members[ta][members[ta].index(a)] = b
            members[tb][members[tb].index(b)] = a
            table[a], table[b] = tb, ta
            for q in known[a]:
                clash[q][ta] -= 1
                clash[q][tb] += 1
            for q in known[b]:
                clash[q][tb] -= 1
                clash[q][ta] += 1
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


__all__ = [
    "FOUR_AND_FIVE",
    "FOUR_AND_THREE",
    "Draw",
    "count_repeats",
    "draw",
    "met_pairs",
    "pairs_of",
    "table_sizes",
    "teams_apart",
]
