"""The picture to share (issue 42.5, CLI.md "Publishing results"): what `tournament share` and `season share`
show, as plain data — the title, the club, the date, how far the standings are, the top N lines with rank, name,
score and prize — which report/share_png.py draws and `--format text` prints as lines to paste into a chat.

Every name shown comes from one callable, `name` (a standings row -> the name shown; `full_name` by default):
the one place where a published name ("Spieler 12" for a player who keeps his name private) is chosen.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from schreiber.i18n import _, ngettext
from schreiber.scoring import season_ranking, wertung as wertungen
from schreiber.scoring.settings import tournament_value
from schreiber.views.heading import heading
from schreiber.views.text import day, decimal, grouped, money

if TYPE_CHECKING:
    from schreiber.ledger.season import SeasonStandings
    from schreiber.ledger.standings import StandingsView

DEFAULT_TOP = 10
MOST = 20  # --top at most: the lines a phone-sized picture holds at a readable size
LINES = 24  # players tied with the N-th are shown too, up to this many lines

Namer = Callable[[Any], str]


def full_name(row: Any) -> str:
    """The name a standings row (tournament or season) is shown with: his full name."""
    return str(row.name)


@dataclass(frozen=True)
class Line:
    """One player of the picture: "1.", "Anna", "1.234", "50,00 €" ("" without a prize)."""

    rank: int
    name: str
    score: str
    prize: str = ""


@dataclass(frozen=True)
class Picture:
    """What the picture shows. `final`: the tournament's final standings ("Endstand"); `provisional`: a round or
    tournament still plays ("vorläufig"); neither: a season's standings after its finished tournaments. `unit`:
    what the score counts ("Punkte"), the score column's header and the word after each score in the text."""

    title: str
    club: str | None
    date: str
    status: str
    final: bool
    provisional: bool
    unit: str
    lines: tuple[Line, ...]

    @property
    def prizes(self) -> bool:
        """Some line has a prize: the picture has a prize column."""
        return any(line.prize for line in self.lines)

    def text(self) -> list[str]:
        """The same as plain lines: title, club, date, status, then "1. Anna 1.234 Punkte 50,00 €" per player."""
        head = [self.title, *([self.club] if self.club else []), *([self.date] if self.date else []), self.status]
        body = [line_text(self, line) for line in self.lines]
        return head + (body or [empty()])


def line_text(picture: Picture, line: Line) -> str:
    return f"{line.rank}. {line.name} {line.score} {picture.unit}" + (f" {line.prize}" if line.prize else "")


def empty() -> str:
    """What stands where nobody is ranked yet."""
    return _("No results yet.")


def top_rows(rows: Sequence[Any], top: int) -> list[Any]:
    """The first `top` ranked rows, and those tied with the last of them (at most LINES)."""
    ranked = [r for r in rows if r.rank is not None]
    chosen = ranked[:top]
    for r in ranked[top:]:
        if not chosen or r.rank != chosen[-1].rank:
            break
        chosen.append(r)
    return chosen[:LINES]


def tournament(view: StandingsView, prizes: dict[int, int], top: int = DEFAULT_TOP, name: Namer = full_name) -> Picture:
    """A tournament's picture from its standings and each start number's prize in cents (the cashbook's)."""
    t = view.tournament
    key = "score" if view.own_score else "points"

    def line(row: Any) -> Line:
        value = int(getattr(row, key))
        cents = prizes.get(row.number, 0)
        return Line(
            row.rank,
            name(row),
            grouped(value, plus=key == "score" and view.signed_score),
            money(cents) if cents else "",
        )

    return Picture(
        t.name,
        tournament_value(t.settings, "verein"),
        day(t.date),
        heading(view),
        view.final,
        not view.final,
        _(view.points_word) if key == "points" else _("points"),
        tuple(line(r) for r in top_rows(view.rows, top)),
    )


def season(view: SeasonStandings, top: int = DEFAULT_TOP, name: Namer = full_name) -> Picture:
    """A season's picture: its standings after its finished tournaments, "provisional" while one still plays.
    A season is never "final": the ledger cannot know that no tournament of it is still to come."""
    info = view.season
    found = wertungen.get(season_ranking.parse_wertung(view.wertung, "--wertung")[0], wertungen.SEASON)

    def score(value: int | Fraction) -> str:
        return decimal(float(value)) if isinstance(value, Fraction) else grouped(value)

    return Picture(
        info.name,
        info.verein,
        _span([dt.date.fromisoformat(str(t.date)) for t in info.tournaments]),
        season_status(view.final_tournaments, bool(view.running)),
        False,
        bool(view.running),
        _(found.unit),
        tuple(Line(r.rank, name(r), score(r.score)) for r in top_rows(view.rows, top)),
    )


def season_status(finished: int, running: bool) -> str:
    """ "Standings after 3 tournaments", "(provisional)" while a tournament of it still plays."""
    if not finished:
        return _("Standings so far (provisional)") if running else _("No tournament finished yet")
    if running:
        return ngettext(
            "Standings after {count} tournament (provisional)",
            "Standings after {count} tournaments (provisional)",
            finished,
        ).format(count=finished)
    return ngettext("Standings after {count} tournament", "Standings after {count} tournaments", finished).format(
        count=finished
    )


def _span(dates: Sequence[dt.date]) -> str:
    """The season's days: "12.01.2026 – 27.11.2026", one day alone, "" before its first tournament."""
    if not dates:
        return ""
    first, last = min(dates), max(dates)
    return day(first) if first == last else f"{day(first)} – {day(last)}"


__all__ = ["DEFAULT_TOP", "MOST", "Line", "Picture", "full_name", "season", "season_status", "tournament"]
