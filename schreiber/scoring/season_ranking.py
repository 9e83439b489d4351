"""Season standings and awards (RULES.md §8), pure: each tournament's results in, the season's ranking out.

A season scores nothing itself: it folds what each tournament's standings gave a player (score, rank,
field, the round results of the rounds he played). Nothing here knows the database or a rule set.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from schreiber.i18n import _
from schreiber.rules.numbers import shortened, whole
from schreiber.rules.model import SettingsError
from schreiber.rules.words import or_list
from schreiber.scoring import wertung as wertungen
from schreiber.scoring.wertung import SEASON, SeasonWertung


@dataclass(frozen=True)
class Result:
    """What one tournament's standings gave one player who played at least one round of it."""

    player: Hashable
    score: int
    rank: int
    field: int
    rounds: tuple[int, ...]


@dataclass(frozen=True)
class TournamentResults:
    tournament: Hashable
    results: tuple[Result, ...]


@dataclass(frozen=True)
class Line:
    """One player's line of the season: rank (None below min_starts), score, starts, rounds played,
    his result of each tournament in order (None where he did not play), and whether he reached the final."""

    rank: int | None
    player: Hashable
    score: int | Fraction
    starts: int
    rounds: int
    results: tuple[Result | None, ...]
    qualified: bool


@dataclass(frozen=True)
class Award:
    """Who earned it (all tied players, in standings order), its value, and for the best score the tournament
    of each player's score."""

    players: tuple[Hashable, ...]
    value: int | Fraction | None
    tournaments: tuple[Hashable, ...] = ()


@dataclass(frozen=True)
class Awards:
    most_starts: Award
    best_average_rank: Award
    worst_average_rank: Award
    best_score: Award


def parse_wertung(text: str, option: str = "--set wertung") -> tuple[str, int | None]:
    """A season Wertung as typed (`summe`, `beste:K` with K at least 1, … as the registry has them) -> (name, K)."""
    word = text.strip()
    name, sep, count = word.partition(":")
    found = wertungen.REGISTRY.get((SEASON, name))
    if found is not None and found.takes_count and sep:
        k = whole(count)
        if k is None or k < 1:
            raise SettingsError(
                _(
                    "{option}: beste:K counts the best K tournaments of each player; K is a whole number of 1 or more, not {value}."
                ).format(option=option, value=repr(shortened(count)))
            )
        return name, k
    if found is not None and not found.takes_count and not sep:
        return name, None
    spelled = [wertungen.get(n, SEASON).spelled for n in wertungen.names(SEASON)]
    raise SettingsError(
        _("{option}: use {allowed}, not {value}.").format(option=option, allowed=or_list(spelled), value=repr(word))
    )


def standings(
    tournaments: Sequence[TournamentResults],
    wertung: str = wertungen.SUMME.name,
    *,
    best: int | None = None,
    min_starts: int = 1,
    finale: int | None = None,
    order: Mapping[Hashable, object] | None = None,
    running: Collection[Hashable] = (),
) -> list[Line]:
    """Rank every player who started in a tournament of the season. Ties: more starts, then the better best
    single tournament score (under schnitt_platz the better best rank); players still tied share the rank
    (1, 2, 2, 4). Below `min_starts` (rounds under rundenschnitt) a player is listed after the ranked, without
    a rank. `order` sorts players the ranking cannot tell apart (default: as first met). The tournaments
    `running` (not final) count for the ranking with their results so far, but not for who is qualified:
    that is the ranking over the final tournaments alone."""
    lines = _standings(tournaments, wertung, best, min_starts, finale, order)
    if finale is None or not any(t.tournament in running for t in tournaments):
        return lines
    settled = [t for t in tournaments if t.tournament not in running]
    qualified = {
        line.player for line in _standings(settled, wertung, best, min_starts, finale, order) if line.qualified
    }
    return [replace(line, qualified=line.player in qualified) for line in lines]


def _standings(
    tournaments: Sequence[TournamentResults],
    wertung: str,
    best: int | None,
    min_starts: int,
    finale: int | None,
    order: Mapping[Hashable, object] | None,
) -> list[Line]:
    by: SeasonWertung = wertungen.get(wertung, SEASON)
    by_player: dict[Hashable, list[Result | None]] = {}
    for i, t in enumerate(tournaments):
        for r in t.results:
            by_player.setdefault(r.player, [None] * len(tournaments))[i] = r
    order = order if order is not None else {p: i for i, p in enumerate(by_player)}
    lines: list[tuple[tuple, Line]] = []
    for player, slots in by_player.items():
        played = [r for r in slots if r is not None]
        starts = len(played)
        rounds = sum(len(r.rounds) for r in played)
        score = by.score(played, best)  # None: nothing to average
        counted = rounds if by.counts_rounds else starts
        eligible = counted >= min_starts and score is not None
        key: tuple = (0, 0, 0) if score is None else by.key(score, played)
        lines.append(
            (
                (0 if eligible else 1, *key),
                Line(None, player, score if score is not None else 0, starts, rounds, tuple(slots), False),
            )
        )
    lines.sort(key=lambda kv: (kv[0], order.get(kv[1].player, 0)))  # type: ignore[arg-type, return-value]
    out: list[Line] = []
    previous: tuple | None = None
    rank = 0
    for i, (key, line) in enumerate(lines):
        if key[0] == 1:
            out.append(line)
            continue
        if key != previous:
            rank = i + 1
            previous = key
        out.append(
            Line(
                rank,
                line.player,
                line.score,
                line.starts,
                line.rounds,
                line.results,
                finale is not None and rank <= finale,
            )
        )
    return out


def _average(values: Sequence[int]) -> Fraction:
    return Fraction(sum(values), len(values))


def awards(lines: Sequence[Line], tournaments: Sequence[Hashable]) -> Awards:
    """The season's awards from its standings: most starts (everyone), best and worst average rank (the
    ranked players, those with min_starts), and the best single tournament score; tied players all named."""
    if not lines:
        return Awards(Award((), None), Award((), None), Award((), None), Award((), None))
    most = max(line.starts for line in lines)
    averages = {
        line.player: _average([r.rank for r in line.results if r is not None])
        for line in lines
        if line.rank is not None
    }
    best_average = min(averages.values(), default=None)
    worst_average = max(averages.values(), default=None)
    top = max(r.score for line in lines for r in line.results if r is not None)
    best_players: list[Hashable] = []
    best_tournaments: list[Hashable] = []
    for i, t in enumerate(tournaments):
        for line in lines:
            r = line.results[i]
            if r is not None and r.score == top:
                best_players.append(line.player)
                best_tournaments.append(t)
    return Awards(
        Award(tuple(line.player for line in lines if line.starts == most), most),
        Award(tuple(p for p, v in averages.items() if v == best_average), best_average),
        Award(tuple(p for p, v in averages.items() if v == worst_average), worst_average),
        Award(tuple(best_players), top, tuple(best_tournaments)),
    )
