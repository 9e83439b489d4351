"""Tournament standings (RULES.md §6), pure: the round results in, the ranked list out.

A round is a list of tables; a table maps each player who sat there to his round result, or to
None while the table has no result yet. Nothing here knows the database or a rule set.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

# Seeger-Fabian's arithmetic and the Wertungen are the rules' (scoring/wertung.py), shared with the club
# evening; its names stay importable from here.
from schreiber.scoring.wertung import SEEGER_GAME, SEEGER_OTHERS, seeger_hands, seeger_sheet  # noqa: F401
from schreiber.scoring.wertung import get as wertung_of

PUNKTE, PLATZ, SEEGER = "punkte", "platz", "seeger"
WERTUNGEN = (PUNKTE, PLATZ)  # what `standings` ranks by; SEEGER is `seeger_standings`
# The Wertungen whose score is not the sum of the round results: the standings show it beside the points.
OWN_SCORE = frozenset({PLATZ, SEEGER})
# What each Wertung compares to place players, in order (RULES.md §6, §7), of the columns a game's standings
# have: a narrow screen keeps these and leaves out the rest (Skat under `punkte` compares the points alone).
RANKED_BY = {PUNKTE: ("points", "soli"), PLATZ: ("score", "points", "soli"), SEEGER: ("score", "won", "lost")}
# Placement points are written with their sign (+3, −1), as a balance; a Seeger-Fabian sum is not.
SIGNED_SCORE = frozenset({PLATZ})

# Placement points at a table of 4 and of 5, best place first.
PLACES = {4: (3, 1, -1, -3), 5: (4, 2, 0, -2, -4)}

Table = Mapping[Hashable, "int | None"]


@dataclass(frozen=True)
class Standing:
    """One player's line: his rank (shared when tied), score, points, Soli and each round's result."""

    rank: int
    player: Hashable
    score: int | Fraction
    points: int
    soli: int
    rounds: tuple[int | None, ...]


def placements(table: Table) -> dict[Hashable, Fraction]:
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


def standings(
    players: Sequence[Hashable],
    rounds: Sequence[Sequence[Table]],
    soli: Mapping[Hashable, int] | None = None,
    wertung: str = PUNKTE,
) -> list[Standing]:
    """Rank `players` over `rounds`: by score, then (platz only) points, then more Soli, then the better
    best single round; players still tied share the rank and the next rank skips (1, 2, 2, 4)."""
    if wertung not in WERTUNGEN:
        raise ValueError(f"wertung {wertung!r}")
    soli = soli or {}
    result: dict[Hashable, list[int | None]] = {p: [None] * len(rounds) for p in players}
    placed: dict[Hashable, Fraction] = {p: Fraction(0) for p in players}
    for r, tables in enumerate(rounds):
        for table in tables:
            for p, points in table.items():
                if p in result:
                    result[p][r] = points
            if wertung == PLATZ:
                for p, share in placements(table).items():
                    if p in placed:
                        placed[p] += share

    def points_of(p: Hashable) -> int:
        return sum(x for x in result[p] if x is not None)

    def best_round(p: Hashable) -> int | float:
        played = [x for x in result[p] if x is not None]
        return max(played) if played else float("-inf")

    def key(p: Hashable) -> tuple:
        score = placed[p] if wertung == PLATZ else points_of(p)
        return (score, points_of(p) if wertung == PLATZ else 0, soli.get(p, 0), best_round(p))

    ordered = sorted(players, key=key, reverse=True)
    out: list[Standing] = []
    for i, p in enumerate(ordered):
        rank = out[-1].rank if out and key(ordered[i - 1]) == key(p) else i + 1
        score = placed[p] if wertung == PLATZ else points_of(p)
        if isinstance(score, Fraction) and score.denominator == 1:
            score = int(score)
        out.append(Standing(rank, p, score, points_of(p), soli.get(p, 0), tuple(result[p])))
    return out


# -- Seeger-Fabian (RULES.md §7, SkWO): the Skat tournament's Wertung ------------------------------


@dataclass(frozen=True)
class SeegerLine:
    """One player's sheet at one table: Spielpunkte, games won and lost as declarer."""

    points: int
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class SeegerStanding:
    """One line of Seeger-Fabian standings: `by_lot` when a tie of score, games won and games lost
    was broken by lot (SkWO); `rounds` is each round's Seeger-Fabian score (None: not played)."""

    rank: int
    player: Hashable
    score: int
    points: int
    won: int
    lost: int
    rounds: tuple[int | None, ...]
    by_lot: bool = False


def seeger_standings(
    players: Sequence[Hashable],
    rounds: Sequence[Sequence[Mapping[Hashable, SeegerLine | None]]],
    seed: int | str = 0,
    wertung: str = SEEGER,
) -> list[SeegerStanding]:
    """Rank `players` over `rounds` (each a list of tables, a table mapping each player seated to his
    SeegerLine, or None while the table has no result) by Seeger-Fabian score, then more games won,
    then fewer games lost, then by lot drawn from `seed` (reproducibly; the lines say `by_lot`).
    `wertung` punkte ranks by Spielpunkte alone, ties shared (1, 2, 2, 4)."""
    by = wertung_of(wertung)  # a ValueError for another (platz ranks in `standings`)
    per_round: dict[Hashable, list[int | None]] = {p: [None] * len(rounds) for p in players}
    points = dict.fromkeys(players, 0)
    won = dict.fromkeys(players, 0)
    lost = dict.fromkeys(players, 0)
    for r, tables in enumerate(rounds):
        for table in tables:
            if any(line is None for line in table.values()):
                continue  # unfinished: counts when its sheet is in
            lines = {p: line for p, line in table.items() if line is not None}
            scored = seeger_sheet(
                {p: x.points for p, x in lines.items()},
                {p: x.won for p, x in lines.items()},
                {p: x.lost for p, x in lines.items()},
            )
            for p, line in lines.items():
                if p not in per_round:
                    continue
                per_round[p][r] = by.score({"points": line.points, "seeger": scored[p]})
                points[p] += line.points
                won[p] += line.won
                lost[p] += line.lost

    def score_of(p: Hashable) -> int:
        return sum(x for x in per_round[p] if x is not None)

    def values(p: Hashable) -> dict[str, int]:
        return {"points": points[p], "seeger": score_of(p), "won": won[p], "lost": lost[p]}

    def key(p: Hashable) -> tuple[int, ...]:
        return by.key(values(p))

    lot = random.Random(f"schreiber-lot:{seed}")
    ordered = sorted(players, key=key, reverse=True)
    out: list[SeegerStanding] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and key(ordered[j + 1]) == key(ordered[i]):
            j += 1
        group = ordered[i : j + 1]
        by_lot = by.lot and len(group) > 1
        if by_lot:
            group = sorted(group, key=repr)  # the lot is drawn over a fixed order, whatever came in
            lot.shuffle(group)
        for k, p in enumerate(group):
            rank = i + 1 + (k if by_lot else 0)
            out.append(
                SeegerStanding(
                    rank,
                    p,
                    by.score(values(p)),
                    points[p],
                    won[p],
                    lost[p],
                    tuple(per_round[p]),
                    by_lot,
                )
            )
        i = j + 1
    return out
