"""Tournament standings (RULES.md §6, §7), pure: the tables' sheet lines in, the ranked list out, by a Wertung
of the registry (scoring/wertung.py) — its score of each table, its ties, its lot.

A round is a list of tables; a table maps each player who sat there to his sheet line (points, games won and
lost as declarer), or to None while the table has no result yet. Nothing here knows the database or a rule set.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from schreiber.scoring import wertung as wertungen
from schreiber.scoring.wertung import Wertung

# What breaks a tie after the Wertung's own ties, by what the game's standings count: Soli (RULES.md §6: more
# Soli, then the better best single round). Games won and lost break one only under a Wertung that names them
# (§7: Seeger-Fabian; `punkte` in Skat ranks by the Spielpunkte alone).
AFTER = {"soli": ("soli", "best")}

Table = Mapping[Hashable, "int | None"]


@dataclass(frozen=True)
class SeegerLine:
    """One player's sheet at one table: his points (Spielpunkte in Skat), games won and lost as declarer —
    what any Wertung scores a table from (named for Seeger-Fabian, the first to need all three)."""

    points: int
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Ranked:
    """One player's line under a Wertung: rank (shared, or drawn by lot: `by_lot`), score, the sums of his
    sheet lines, his Soli, and each round's figure (his score of it, or its points; None: not played)."""

    rank: int
    player: Hashable
    score: int | Fraction
    points: int
    soli: int
    won: int
    lost: int
    rounds: tuple[int | Fraction | None, ...]
    by_lot: bool = False


def after(counts: Sequence[str]) -> tuple[str, ...]:
    """The ties that follow a Wertung's own, from what the game's standings count (AFTER)."""
    return tuple(tie for count in counts for tie in AFTER.get(count, ()))


def compared(wertung: Wertung, counts: Sequence[str]) -> tuple[str, ...]:
    """The standings' columns the ranking compares, in order, of those shown (score, points and `counts`): a
    narrow screen keeps these and leaves out the rest."""
    shown = ("score", "points", *counts) if wertung.own_score else ("points", *counts)
    keys = ["score" if wertung.own_score else "points", *(t.lstrip("-") for t in (*wertung.ties, *after(counts)))]
    return tuple(dict.fromkeys(k for k in keys if k in shown))


def _whole(x: int | Fraction) -> int | Fraction:
    return int(x) if isinstance(x, Fraction) and x.denominator == 1 else x


def rank(
    wertung: Wertung,
    players: Sequence[Hashable],
    rounds: Sequence[Sequence[Mapping[Hashable, SeegerLine | None]]],
    soli: Mapping[Hashable, int] | None = None,
    seed: int | str = 0,
    ties: Sequence[str] = (),
) -> list[Ranked]:
    """Rank `players` over `rounds` by `wertung`: the sum of its score of each finished table, then its ties,
    then `ties` (the game's, `after`); a tie still standing is drawn by lot from `seed` (reproducibly) when the
    Wertung draws lots, else shared (1, 2, 2, 4). A table counts when every line of it is in."""
    soli = soli or {}
    figures: dict[Hashable, list[int | Fraction | None]] = {p: [None] * len(rounds) for p in players}
    played: dict[Hashable, list[int]] = {p: [] for p in players}
    score: dict[Hashable, int | Fraction] = dict.fromkeys(players, 0)
    points, won, lost = (dict.fromkeys(players, 0) for _ in range(3))
    for r, tables in enumerate(rounds):
        for table in tables:
            if any(line is None for line in table.values()):
                continue  # unfinished: counts when its sheet is in
            lines = {p: line for p, line in table.items() if line is not None}
            scored = wertung.scored(lines)
            for p, line in lines.items():
                if p not in figures:
                    continue
                figures[p][r] = line.points if wertung.round_points else _whole(scored[p])
                played[p].append(line.points)
                score[p] += scored[p]
                points[p] += line.points
                won[p] += line.won
                lost[p] += line.lost

    def values(p: Hashable) -> dict[str, Any]:
        best = max(played[p]) if played[p] else float("-inf")  # the better best single round
        own = {wertung.column: score[p]} if wertung.own_score else {}
        return {"points": points[p], "won": won[p], "lost": lost[p], "soli": soli.get(p, 0), "best": best, **own}

    def key(p: Hashable) -> tuple[Any, ...]:
        mine = values(p)
        return (*wertung.key(mine), *(wertungen.tie(mine, t) for t in ties))

    keys = {p: key(p) for p in players}
    lot = random.Random(f"schreiber-lot:{seed}")
    ordered = sorted(players, key=keys.__getitem__, reverse=True)
    out: list[Ranked] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and keys[ordered[j + 1]] == keys[ordered[i]]:
            j += 1
        group = ordered[i : j + 1]
        by_lot = wertung.lot and len(group) > 1
        if by_lot:
            group = sorted(group, key=repr)  # the lot is drawn over a fixed order, whatever came in
            lot.shuffle(group)
        for k, p in enumerate(group):
            out.append(
                Ranked(
                    i + 1 + (k if by_lot else 0),
                    p,
                    _whole(score[p]),
                    points[p],
                    soli.get(p, 0),
                    won[p],
                    lost[p],
                    tuple(figures[p]),
                    by_lot,
                )
            )
        i = j + 1
    return out


# -- the worked examples' forms: §6 over round results, §7 over Skat's sheets ------------------------


@dataclass(frozen=True)
class Standing:
    """One player's line: his rank (shared when tied), score, points, Soli and each round's result."""

    rank: int
    player: Hashable
    score: int | Fraction
    points: int
    soli: int
    rounds: tuple[int | None, ...]


def standings(
    players: Sequence[Hashable],
    rounds: Sequence[Sequence[Table]],
    soli: Mapping[Hashable, int] | None = None,
    wertung: str = wertungen.PUNKTE.name,
) -> list[Standing]:
    """Rank `players` over `rounds` of round results (RULES.md §6): by score, then (platz) points, then more
    Soli, then the better best single round; players still tied share the rank and the next skips (1, 2, 2, 4)."""
    by = wertungen.get(wertung, wertungen.TOURNAMENT)
    lines = [[{p: None if x is None else SeegerLine(x) for p, x in t.items()} for t in tables] for tables in rounds]
    return [
        Standing(x.rank, x.player, x.score, x.points, x.soli, x.rounds)  # type: ignore[arg-type]
        for x in rank(by, players, lines, soli, ties=after(("soli",)))
    ]


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
    wertung: str = wertungen.SEEGER.name,
) -> list[SeegerStanding]:
    """Rank `players` over `rounds` of Skat sheets (RULES.md §7) by Seeger-Fabian score, then more games won,
    then fewer games lost, then by lot drawn from `seed` (reproducibly; the lines say `by_lot`).
    `wertung` punkte ranks by Spielpunkte alone, ties shared (1, 2, 2, 4)."""
    by = wertungen.get(wertung, wertungen.TOURNAMENT)
    return [
        SeegerStanding(x.rank, x.player, x.score, x.points, x.won, x.lost, x.rounds, x.by_lot)  # type: ignore[arg-type]
        for x in rank(by, players, rounds, seed=seed)
    ]


__all__ = [
    "AFTER",
    "Ranked",
    "SeegerLine",
    "SeegerStanding",
    "Standing",
    "after",
    "compared",
    "rank",
    "seeger_standings",
    "standings",
]
