"""What the games' own statistics share: pure helpers for the `Statistics` protocol (rules/table.py).

A game's statistics live in its own module; `ledger/stats.py` folds them over the hands of a
scope without knowing which game it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


# Hands in which nobody played (a throw-in, a misdeal), in every rule set that has them: they count
# for a group's hands and types and their points count, but in no player's `hands` or `won`.
THROWN_IN = frozenset({"zusammengeworfen", "vergeben"})
# Hands every player passed and threw in (a misdeal is not one): a tournament's Reuegeld (RULES.md §9).
PASSED_IN = frozenset({"zusammengeworfen", "eingepasst"})


def pw() -> dict[str, int]:
    """A count of games played and won."""
    return {"played": 0, "won": 0}


def won_of(d: Mapping[str, int]) -> str:
    """A played/won count as a cell: "won/played"."""
    return f"{d['won']}/{d['played']}"


def declarer_and_partner(facts: Mapping[str, Any]) -> tuple[str | None, tuple[str, ...]]:
    """(declarer, his partners): `--player`, and `--partner` where there is one. No declarer: (None, ())."""
    player = facts.get("player")
    if player is None:
        return None, ()
    partner = facts.get("partner")
    return player, (partner,) if partner else ()


def points_of(seated: Any, name: str) -> int:
    """The points of `name` among `seated` ((name, points) pairs)."""
    return next(pts for p, pts in seated if p == name)


def count_solo(counts: Mapping[str, dict[str, Any]], declarer: str, seated: Any, tout: bool = False) -> None:
    """A solo of `declarer` (a counted player): played, and won where his points are above 0, in his
    "solos", and in his "tout" too where it was a Tout."""
    won = points_of(seated, declarer) > 0
    for key in ("solos", "tout") if tout else ("solos",):
        counts[declarer][key]["played"] += 1
        counts[declarer][key]["won"] += won


def count_laufende(
    counts: Mapping[str, dict[str, Any]], facts: Mapping[str, Any], declarer: str | None, partners: tuple[str, ...]
) -> None:
    """The hand's Laufende, to the declarer and his partners (those counted)."""
    laufende = int(facts.get("laufende") or 0)
    if laufende and declarer is not None:
        for name in (declarer, *partners):
            if name in counts:
                counts[name]["laufende"] += laufende
