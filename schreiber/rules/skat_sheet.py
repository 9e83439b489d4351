"""A Skat table's paper sheet that must be true (RULES.md §7, issue 39.3): what the list's points and the
games won and lost as declarer can be, checked before the sheet is stored. Pure: one sentence per
refusal (SettingsError), naming the player and the bound.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schreiber.i18n import _, ngettext
from schreiber.rules.model import Settings, SettingsError
from schreiber.rules.words import MINUS

# The least a won game is worth (Karo mit 1: 9 × 2), and what a lost game costs at least (−2 × 18).
LEAST_WON = 18
LEAST_LOST = 2 * LEAST_WON


def _said(n: int) -> str:
    """A number as a sentence writes it: −36 with the minus people read."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def check(
    ranked_by: Any,
    settings: Settings,
    seated: Sequence[str],
    points: Mapping[str, int],
    won: Mapping[str, int],
    lost: Mapping[str, int],
    soli_given: bool,
) -> None:
    """Refuse a Skat sheet that cannot be: Soli (Skat has none), under Seeger-Fabian a player without
    --won or --lost, and wherever they are given points the games cannot make. `ranked_by`: the tournament's
    Wertung (scoring/wertung.py: `needs_games`, `words`); `won`, `lost`: the counts as given (a player not named
    was not given)."""
    if soli_given:
        raise SettingsError(
            _("--soli: Skat has no Soli; give each player's games won and lost as declarer with --won and --lost.")
        )
    if ranked_by.needs_games:
        for option, given in (("--won", won), ("--lost", lost)):
            missing = [n for n in seated if n not in given]
            if missing:
                raise SettingsError(
                    _(
                        "{option}: under {wertung} the sheet gives every player's games won and lost as declarer, 0 too; "
                        "{name} has no {option}."
                    ).format(option=option, wertung=_(ranked_by.words), name=missing[0])
                )
    if not won and not lost:
        return  # a sheet of points alone (wertung=punkte): nothing to hold them against
    if settings.get("ramsch", False):
        return  # a Ramsch pays points outside any declared game: no bound from the games
    for name in seated:
        p, w, n_lost = points.get(name, 0), won.get(name, 0), lost.get(name, 0)
        if p and not (w or n_lost):
            raise SettingsError(
                _(
                    "{name} has {points} points but no game won or lost as declarer; points other than 0 need at least one game."
                ).format(name=name, points=_said(p))
            )
        if w and not n_lost and p < LEAST_WON * w:
            raise SettingsError(
                ngettext(
                    "{name} has {points} points with {count} game won and none lost; a won game is worth at least {least}, "
                    "so the points are at least {bound}.",
                    "{name} has {points} points with {count} games won and none lost; a won game is worth at least {least}, "
                    "so the points are at least {bound}.",
                    w,
                ).format(name=name, points=_said(p), count=w, least=LEAST_WON, bound=LEAST_WON * w)
            )
        if n_lost and not w and p > -LEAST_LOST * n_lost:
            raise SettingsError(
                ngettext(
                    "{name} has {points} points with {count} game lost and none won; a lost game costs at least {least}, "
                    "so the points are at most {bound}.",
                    "{name} has {points} points with {count} games lost and none won; a lost game costs at least {least}, "
                    "so the points are at most {bound}.",
                    n_lost,
                ).format(name=name, points=_said(p), count=n_lost, least=LEAST_LOST, bound=_said(-LEAST_LOST * n_lost))
            )
