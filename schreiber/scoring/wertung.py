"""Wertungen (RULES.md §6–§8): how a competition ranks its players, each a value in one registry — as beancount
registers its booking methods — found by its kind and its name. A list's Wertung (`Wertung`) ranks the players
of a club evening's `report` or of a tournament's standings; a season's (`SeasonWertung`) ranks players by what
each tournament gave them, a different value because its inputs differ. A team's or a league's Wertung will be
a kind of its own in the same registry. Whatever shows or ranks standings (terminal, CSV, JSON, PDF, page) reads
the declaration, never the name. Pure: no database, no rule set asked by name.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from schreiber.i18n import N_
from schreiber.scoring.placement import placements
from schreiber.rules.seeger import seeger_sheet

H = Hashable

# The kinds of Wertung: what it ranks. A Wertung may serve several (the list's points rank an evening and a
# tournament alike); it is registered under each.
EVENING, TOURNAMENT, SEASON = "evening", "tournament", "season"

# What a game's standings must count for a Wertung that needs the games won and lost as declarer.
GAMES = ("won", "lost")


def tie(values: Mapping[str, Any], name: str) -> Any:
    """One value of a ranking's key: "won" (more is better) as it is, "-lost" (fewer is better) negated."""
    return -values.get(name[1:], 0) if name.startswith("-") else values.get(name, 0)


@dataclass(frozen=True)
class Wertung:
    """A way to rank the players of a list, at a club evening or a tournament.

    `column`: the value it scores by, a key of a player's values ("points" the list's own, "seeger"
    Seeger-Fabian …); a tournament sums its score of each table, `table` (a table's sheet lines, each with
    `points`, `won`, `lost`, to each player's score; by default the line's `column`). `ties`: the values
    that break a tie of the score, in order (a leading "-": fewer is better); a tie still standing is drawn
    by lot at a tournament when `lot` (SkWO), else shared (1, 2, 2, 4); at an evening it is shared when
    `shared`, else the tied players are listed by name, one place each.

    What its forms show: an evening's report has `columns` beside the name, its score first, those of
    `signed` with their sign (+30); the standings show its score apart from the points when `own_score`,
    headed `score_word`, with its sign when `signed_score` (placement points: +3), and each round's score
    unless `round_points` (then each round's points). `words`: how a page names it.

    What it needs: a paper sheet gives every player's games won and lost (`needs_games`; a game's standings
    must count them), its table score is defined at the table sizes `sizes` (none: any), and an evening
    counts `tallies` per player beyond the list's points (rules/skat_evening.py).
    """

    name: str
    words: str  # N_: translated where it is shown
    column: str
    table: Callable[[Mapping[H, Any]], Mapping[H, int | Fraction]] | None = None
    ties: tuple[str, ...] = ()
    lot: bool = False
    shared: bool = False
    columns: tuple[str, ...] = ()
    signed: tuple[str, ...] = ()
    score_word: str = N_("score")
    signed_score: bool = False
    round_points: bool = False
    needs_games: bool = False
    sizes: tuple[int, ...] = ()
    tallies: tuple[str, ...] = ()
    said: str = ""  # N_: how a report says what it ranks by; nothing for the list's points
    kinds: frozenset[str] = frozenset({TOURNAMENT})

    @property
    def own_score(self) -> bool:
        """Its score is not the points: the standings show it in a column of its own."""
        return self.column != "points"

    def score(self, values: Mapping[str, Any]) -> Any:
        """The player's score under this Wertung, from his values (points, seeger, won, lost …)."""
        return values.get(self.column, 0)

    def key(self, values: Mapping[str, Any]) -> tuple[Any, ...]:
        """What the ranking sorts by, best first when sorted in reverse: the score, then its ties."""
        return (self.score(values), *(tie(values, t) for t in self.ties))

    def scored(self, lines: Mapping[H, Any]) -> Mapping[H, int | Fraction]:
        """Each player's score at one finished table of a tournament, from its sheet lines."""
        if self.table is not None:
            return self.table(lines)
        return {p: getattr(line, self.column) for p, line in lines.items()}

    def fits(self, sizes: Sequence[int], counts: Sequence[str]) -> bool:
        """Whether a tournament of a game that seats tables of `sizes` and whose standings count `counts`
        can rank by it."""
        return (not self.sizes or set(sizes) <= set(self.sizes)) and (not self.needs_games or set(GAMES) <= set(counts))


@dataclass(frozen=True)
class SeasonWertung:
    """A way to rank a season's players from each tournament's results (RULES.md §8): `score` makes a
    player's season score from his results (objects with `score`, `rank`, `field`, `rounds`) and K, None
    when he has nothing to average. `lower`: a lower score is better. Ties: more starts, then the better best
    single tournament score, or the better best rank when `best_rank`. `min_starts` counts his rounds when
    `counts_rounds`, else his starts. `takes_count`: written NAME:K (K a whole number of 1 or more). `unit`: what
    its score counts, after the number on the picture to share ("340 points", "2.00 avg. rank")."""

    name: str
    score: Callable[[Sequence[Any], int | None], int | Fraction | None]
    lower: bool = False
    best_rank: bool = False
    counts_rounds: bool = False
    takes_count: bool = False
    unit: str = N_("points")  # N_: translated where it is shown
    kinds: frozenset[str] = frozenset({SEASON})

    @property
    def spelled(self) -> str:
        """How a person writes it: "summe", "beste:K"."""
        return f"{self.name}:K" if self.takes_count else self.name

    def key(self, score: int | Fraction, played: Sequence[Any]) -> tuple[Any, ...]:
        """What the ranking sorts by, best first when sorted in order."""
        best = min(r.rank for r in played) if self.best_rank else -max(r.score for r in played)
        return (score if self.lower else -score, -len(played), best)


# -- the registry ------------------------------------------------------------------------------------

REGISTRY: dict[tuple[str, str], Any] = {}  # (kind, name) -> the Wertung; in the order registered


def register(wertung: Any) -> Any:
    """Add a Wertung under each of its kinds; the registry lists them in the order they came."""
    for kind in sorted(wertung.kinds):
        REGISTRY[(kind, wertung.name)] = wertung
    return wertung


def get(name: str | None, kind: str = EVENING) -> Any:
    """The Wertung of `kind` called `name`; None (a table that never chose) is the list's points."""
    if name is None:
        return PUNKTE
    try:
        return REGISTRY[(kind, name)]
    except KeyError:
        raise ValueError(f"{kind} wertung {name!r}") from None


def names(kind: str) -> tuple[str, ...]:
    """The names of the Wertungen of `kind`, in the order they were registered."""
    return tuple(name for k, name in REGISTRY if k == kind)


def fitting(sizes: Sequence[int], counts: Sequence[str], default: str | None = None) -> tuple[str, ...]:
    """The tournament Wertungen a game may rank by (those that fit its table sizes and what its standings
    count), its `default` first."""
    found = [name for name in names(TOURNAMENT) if REGISTRY[(TOURNAMENT, name)].fits(sizes, counts)]
    return tuple(dict.fromkeys([default, *found] if default is not None else found))


# -- the lists' Wertungen: a club evening and a tournament (RULES.md §6, §7) ----------------------------


def _placed(lines: Mapping[H, Any]) -> dict[H, Fraction]:
    return placements({p: line.points for p, line in lines.items()})


def _seeger(lines: Mapping[H, Any]) -> dict[H, int]:
    return seeger_sheet(
        {p: line.points for p, line in lines.items()},
        {p: line.won for p, line in lines.items()},
        {p: line.lost for p, line in lines.items()},
    )


PUNKTE = register(
    Wertung(
        "punkte",
        N_("points"),
        "points",
        columns=("points", "hands", "won", "solos"),
        signed=("points",),
        kinds=frozenset({EVENING, TOURNAMENT}),
    )
)
PLATZ = register(
    Wertung(
        "platz",
        N_("placings"),
        "platz",
        _placed,
        ties=("points",),
        signed_score=True,
        round_points=True,  # a round's column is its round result, as the sheet gave it
        sizes=(4, 5),  # the tables §6 gives placement points for
    )
)
SEEGER = register(
    Wertung(
        "seeger",
        N_("Seeger-Fabian"),
        "seeger",
        _seeger,
        ties=("won", "-lost"),
        lot=True,
        shared=True,
        columns=("seeger", "points", "won", "lost", "hands"),
        signed=("seeger", "points"),
        needs_games=True,
        sizes=(3, 4),  # the other players' 40 or 30 for a lost game
        tallies=("seeger", "won", "lost"),
        said=N_(
            "Ranked by Seeger-Fabian: a game won V + 50, a game lost −2V − 50 and 40 at a table of 3, 30 at a "
            "table of 4 to every other player; ties by more games won, then fewer lost, then shared."
        ),
        kinds=frozenset({EVENING, TOURNAMENT}),
    )
)


# -- the season's Wertungen (RULES.md §8) ----------------------------------------------------------------


def _average(values: Sequence[int]) -> Fraction | None:
    return Fraction(sum(values), len(values)) if values else None


SUMME = register(SeasonWertung("summe", lambda results, k: sum(r.score for r in results)))
BESTE = register(
    SeasonWertung(
        "beste", lambda results, k: sum(sorted((r.score for r in results), reverse=True)[: k or 0]), takes_count=True
    )
)
PLATZPUNKTE = register(SeasonWertung("platzpunkte", lambda results, k: sum(r.field - r.rank + 1 for r in results)))
SCHNITT_PLATZ = register(
    SeasonWertung(
        "schnitt_platz",
        lambda results, k: _average([r.rank for r in results]),
        lower=True,
        best_rank=True,
        unit=N_("avg. rank"),
    )
)
RUNDENSCHNITT = register(
    SeasonWertung(
        "rundenschnitt",
        lambda results, k: _average([x for r in results for x in r.rounds]),
        counts_rounds=True,
        unit=N_("points per round"),
    )
)


def ranks(keys: Sequence[tuple[Any, ...]], shared: bool) -> list[int]:
    """The rank of each of `keys` (sorted best first): equal keys share a rank and the next skips
    (1, 2, 2, 4) when `shared`, else every line has its own place."""
    out: list[int] = []
    for i, key in enumerate(keys):
        out.append(out[-1] if shared and i and keys[i - 1] == key else i + 1)
    return out


__all__ = [
    "BESTE",
    "EVENING",
    "GAMES",
    "PLATZ",
    "PLATZPUNKTE",
    "PUNKTE",
    "REGISTRY",
    "RUNDENSCHNITT",
    "SCHNITT_PLATZ",
    "SEASON",
    "SEEGER",
    "SUMME",
    "TOURNAMENT",
    "SeasonWertung",
    "Wertung",
    "fitting",
    "get",
    "names",
    "ranks",
    "register",
    "tie",
]
