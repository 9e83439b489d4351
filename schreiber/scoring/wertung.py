"""Wertungen: what a Skat list is ranked by (RULES.md §7) — its points, or Seeger-Fabian — each a value in a
registry, shared by the club evening (`report`) and the tournament (`standings`); and Seeger-Fabian's
arithmetic, per hand and per paper sheet. Pure: no database, no rule set asked by name.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from schreiber.i18n import N_

H = Hashable

SEEGER_GAME = 50  # a won game +50, a lost one −50
# Every other player at the table, the dealer sitting out too, for each game the declarer lost.
SEEGER_OTHERS = {3: 40, 4: 30}


@dataclass(frozen=True)
class Wertung:
    """A way to rank the players of a list: the value it scores by (`column`, a key of a player's values:
    "points" the list's own, "seeger" Seeger-Fabian), the values that break a tie of it, best first
    (a leading "-": fewer is better), and the columns a report shows beside the name, its score first.

    `tallies`: what a club evening counts per player for it beyond the list's points (rules/skat_evening.py).
    `needs_games`: a paper sheet must give every player's games won and lost. `lot`: a tournament draws
    a tie of the whole key by lot (SkWO); at an evening it is `shared` (1, 2, 2, 4) or not (`shared`
    false: tied players are listed by name, one place each, as an evening's report always listed points).
    """

    name: str
    label: str  # N_: translated where it is shown
    column: str
    ties: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    tallies: tuple[str, ...] = ()
    needs_games: bool = False
    lot: bool = False
    shared: bool = False
    said: str = ""  # N_: how a report says what it ranks by; nothing for the list's points

    def score(self, values: Mapping[str, int]) -> int:
        """The player's score under this Wertung, from his values (points, seeger, won, lost …)."""
        return int(values.get(self.column, 0))

    def key(self, values: Mapping[str, int]) -> tuple[int, ...]:
        """What the ranking sorts by, best first when sorted in reverse."""
        out = [self.score(values)]
        for tie in self.ties:
            out.append(-int(values.get(tie[1:], 0)) if tie.startswith("-") else int(values.get(tie, 0)))
        return tuple(out)


PUNKTE = Wertung("punkte", N_("the list's points"), "points", columns=("points", "hands", "won", "solos"))
SEEGER = Wertung(
    "seeger",
    N_("Seeger-Fabian"),
    "seeger",
    ties=("won", "-lost"),
    columns=("seeger", "points", "won", "lost", "hands"),
    tallies=("seeger", "won", "lost"),
    needs_games=True,
    lot=True,
    shared=True,
    said=N_(
        "Ranked by Seeger-Fabian: a game won V + 50, a game lost −2V − 50 and 40 at a table of 3, 30 at a table of 4 "
        "to every other player; ties by more games won, then fewer lost, then shared."
    ),
)
WERTUNGEN: dict[str, Wertung] = {w.name: w for w in (PUNKTE, SEEGER)}


def get(name: str | None) -> Wertung:
    """The Wertung called `name`; None (a table that never chose) is the list's points."""
    if name is None:
        return PUNKTE
    try:
        return WERTUNGEN[name]
    except KeyError:
        raise ValueError(f"wertung {name!r}") from None


def ranks(keys: Sequence[tuple[int, ...]], shared: bool) -> list[int]:
    """The rank of each of `keys` (sorted best first): equal keys share a rank and the next skips
    (1, 2, 2, 4) when `shared`, else every line has its own place."""
    out: list[int] = []
    for i, key in enumerate(keys):
        out.append(out[-1] if shared and i and keys[i - 1] == key else i + 1)
    return out


# -- Seeger-Fabian (RULES.md §7, SkWO 5.1) ------------------------------------------------------


def others_bonus(table_size: int) -> int:
    """What every other player at the table gets for a game the declarer lost: 40 at 3, 30 at 4."""
    try:
        return SEEGER_OTHERS[table_size]
    except KeyError:
        raise ValueError(f"Seeger-Fabian is scored at tables of 3 or 4, not {table_size}") from None


def seeger_hand(seated: Sequence[H], points: Mapping[H, int], declarer: H | None) -> dict[H, int]:
    """One hand's Seeger-Fabian for everyone `seated` at the table (the dealer sitting out too): the list's
    points of the hand (`points`), and for a declared game (`declarer`, None for eingepasst or a Ramsch)
    +50 to a declarer who won, −50 to one who lost and then 40 (table of 3) or 30 (table of 4) to every
    other player seated."""
    out = {p: points.get(p, 0) for p in seated}
    if declarer is None:
        return out
    if points.get(declarer, 0) > 0:
        out[declarer] += SEEGER_GAME
        return out
    out[declarer] -= SEEGER_GAME
    bonus = others_bonus(len(seated))
    for p in seated:
        if p != declarer:
            out[p] += bonus
    return out


def seeger_hands(seated: Sequence[H], hands: Iterable[tuple[H | None, int]]) -> dict[H, int]:
    """Seeger-Fabian over one table's hands: each hand is (declarer, his Spielpunkte: +V won, −2V lost), or
    (None, 0) for an eingepasst hand."""
    others_bonus(len(seated))  # a table of another size is refused even without a lost game
    score = dict.fromkeys(seated, 0)
    for declarer, points in hands:
        if declarer is None:
            continue
        for p, v in seeger_hand(seated, {declarer: points}, declarer).items():
            score[p] += v
    return score


def seeger_sheet(points: Mapping[H, int], won: Mapping[H, int], lost: Mapping[H, int]) -> dict[H, int]:
    """A paper sheet's Seeger-Fabian: score = P + 50 × (won − lost) + (the games the others at the
    table lost) × 40 at a table of 3, × 30 at a table of 4. `points` names every player at the table."""
    bonus = others_bonus(len(points))
    all_lost = sum(lost.get(p, 0) for p in points)
    return {
        p: v + SEEGER_GAME * (won.get(p, 0) - lost.get(p, 0)) + (all_lost - lost.get(p, 0)) * bonus
        for p, v in points.items()
    }


__all__ = [
    "PUNKTE",
    "SEEGER",
    "SEEGER_GAME",
    "SEEGER_OTHERS",
    "WERTUNGEN",
    "Wertung",
    "get",
    "others_bonus",
    "ranks",
    "seeger_hand",
    "seeger_hands",
    "seeger_sheet",
]
