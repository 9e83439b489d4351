"""The Rangliste's columns and marks, one wording for the terminal, the PDF and the pages (RULES.md §6, §7):
which figures a row shows is the view's to say (StandingsView.columns, from what the game and the Wertung
declare); here only what each is called and how a name is marked."""

from __future__ import annotations

from typing import Any

from schreiber.i18n import N_, _
from schreiber.rules.words import MINUS, signed

LABELS = {"soli": N_("Soli"), "won": N_("won"), "lost": N_("lost")}


def label(view: Any, key: str) -> str:
    """A column's header in the reader's language: the score in the Wertung's word for it, the points in the
    game's (Skat: "Spielpunkte")."""
    if key == "score":
        return _(view.score_word)
    return _(view.points_word) if key == "points" else _(LABELS[key])


def figure(view: Any, row: Any, key: str) -> str:
    """The row's figure in column `key` as a list writes it: −5 with its minus; placement points with their
    sign (+3), as the Wertung declares."""
    value = getattr(row, key)
    if value is None:
        return "–"
    return signed(value) if key == "score" and view.signed_score else str(value).replace("-", MINUS)


def name(row: Any) -> str:
    """ "Anna (withdrawn)", "Berta (by lot)": a name with what the reader must know about its place."""
    return row.name + (_(" (withdrawn)") if row.withdrawn else "") + (_(" (by lot)") if row.by_lot else "")


def lot_note() -> str:
    """Under a list with a place drawn by lot: what the mark means."""
    return _(
        "“by lot”: tied on score, games won and games lost; their order was drawn by lot from the tournament's seed."
    )


__all__ = ["LABELS", "figure", "label", "lot_note", "name"]
