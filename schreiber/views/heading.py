"""The one wording of how far a tournament's standings are (RULES.md §9 "final"), for the terminal, the
PDFs, the cashbook and the pages alike: "Final standings", or "Standings after round N (provisional)";
in a season, a running tournament's results "so far"."""

from __future__ import annotations

from typing import Any

from schreiber.i18n import _, ngettext


def standings_heading(final: bool, after: int, look_back: bool = False) -> str:
    """ "Final standings" when the tournament is final; else after round `after` (rounds 1 to `after` all
    finished), "provisional". `look_back`: the standings after an earlier round than the last drawn, which
    says no more than which round it is."""
    if final:
        return _("Final standings")
    if look_back and after:
        return _("Standings after round {round}").format(round=after)
    if after:
        return _("Standings after round {round} (provisional)").format(round=after)
    return _("Standings so far, no round finished yet (provisional)")


def heading(view: Any) -> str:
    """The heading of a tournament's StandingsView."""
    look_back = view.rounds < view.tournament.drawn and view.after == view.rounds
    return standings_heading(view.final, view.after, look_back)


def result(x: Any) -> str:
    """A tournament's result in a season's table: "150 (1.)", "so far" while the tournament runs."""
    if x is None:
        return "–"
    shown = f"{x.score} ({x.rank}.)"
    return _("{result} so far").format(result=shown) if x.running else shown


def running_lines(view: Any) -> list[str]:
    """ "T2 “Februar” is still running: its results are so far.", per such tournament; then how many sheets of
    the season's tournaments wait for their second entry (double entry), if any."""
    sentence = (
        _("T{id} “{name}” is still running: its results are so far and qualify nobody for the final yet.")
        if view.season.finale
        else _("T{id} “{name}” is still running: its results are so far.")
    )
    lines = [sentence.format(id=tid, name=name) for tid, name in view.running_names()]
    if view.unconfirmed:  # double entry: those tournaments are running too, their sheets not counted yet
        lines.append(
            ngettext(
                "{count} sheet of the season's tournaments is not confirmed (typed once, or its two entries differ).",
                "{count} sheets of the season's tournaments are not confirmed (typed once, or their two entries "
                "differ).",
                view.unconfirmed,
            ).format(count=view.unconfirmed)
        )
    return lines


__all__ = ["heading", "result", "running_lines", "standings_heading"]
