"""Seeger-Fabian's arithmetic (RULES.md §7, SkWO 5.1), per hand and per paper sheet: what the Skat list's foot,
a club evening ranked by it and a tournament's Wertung `seeger` all count. Pure integers."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

H = Hashable

SEEGER_GAME = 50  # a won game +50, a lost one −50
# Every other player at the table, the dealer sitting out too, for each game the declarer lost.
SEEGER_OTHERS = {3: 40, 4: 30}


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


__all__ = ["SEEGER_GAME", "SEEGER_OTHERS", "others_bonus", "seeger_hand", "seeger_hands", "seeger_sheet"]
