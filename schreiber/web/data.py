"""What the page shows, gathered from the same ledger functions as `report`, `list` and `show`.

Nothing here reads the database itself: a table page is `reports.table_report`, the table's view
as `list`/`show` fold it (hands, their breakdowns, next dealer, who sits out, the Bock queue) and
its `report` (standings, money, who pays whom), read and folded once in one transaction; a season
page is `reports.report` over the scope, once per rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.ledger.reports import PlayerLine, Report, Scope, report, table_report
from schreiber.ledger.service import Ledger
from schreiber.ledger.tables.results import HandView, TableView
from schreiber.rules.model import HandError, SettingsError
from schreiber.rules.table import TeamPlay
from schreiber.store.engine import LedgerError
from schreiber.views.text import day

# The table page shows this many hands, newest first, unless `?hands=all` asks for every one.
RECENT = 40


@dataclass(frozen=True)
class TablePage:
    view: TableView
    report: Report
    hands: list[HandView]  # the hands shown, newest first
    kind: str = "table"
    drawing: str | None = None  # klassisch: the strokes drawing as `schreiber strokes --svg` draws it

    @property
    def chart(self) -> bool:
        """Whether the page shows the chart of the evening (served as /chart.svg)."""
        return bool(self.view.hands)

    @property
    def title(self) -> str:
        info = self.view.table
        return _("Session {id}{name}").format(id=info.id, name=f" “{info.name}”" if info.name else "")


@dataclass(frozen=True)
class Group:
    """One rule set of a season: its own points (never added to another rule set's)."""

    rules: str
    report: Report


@dataclass(frozen=True)
class SeasonPage:
    title: str
    report: Report  # all rule sets: money summed, who pays whom
    groups: list[Group]
    kind: str = "season"

    @property
    def chart(self) -> bool:
        return self.report.hands > 0

    @property
    def money(self) -> list[PlayerLine]:
        """Every player by money across all rule sets, most first, as `report` lists it: one who never sat
        at a table with a tariff has none (counted as 0), and a name decides between equal sums."""
        return sorted(self.report.players, key=lambda p: (-(p.cents or 0), p.name.casefold()))

    @property
    def stats(self) -> bool:
        """Whether the page has a statistics section (served as /stats: counting takes seconds over a
        long season, so the page never waits for it)."""
        return self.report.hands > 0


@dataclass(frozen=True)
class Notice:
    """Nothing to show yet (no active table, an unknown --session): one sentence, and the page waits."""

    title: str
    message: str
    kind: str = "notice"


def gather(ledger: Ledger, scope: Scope, recent: int | None = RECENT) -> TablePage | SeasonPage | Notice:
    """The page's data for the scope; `recent` hands of a table (None: all of them)."""
    try:
        if scope.many:
            return _season(ledger, scope)
        return _table(ledger, scope, recent)
    except UserError as e:  # a table removed while served, the ledger away: one sentence, and the page waits
        return Notice("schreiber", str(e))


def _table(ledger: Ledger, scope: Scope, recent: int | None) -> TablePage:
    view, rep = table_report(ledger, scope.table_id)
    shown = view.hands if recent is None else view.hands[-recent:] if recent else []
    drawing = None
    if isinstance(view.rules, TeamPlay):
        from schreiber.report.drawing import drawing_svg

        svg = drawing_svg(view.rules.teams_view(view.table.settings, view.state))
        drawing = svg[svg.index("<svg") :]  # inline: without the XML declaration of a file
    return TablePage(view=view, report=rep, hands=list(reversed(shown)), drawing=drawing)


def _season(ledger: Ledger, scope: Scope) -> SeasonPage:
    rep = report(ledger, scope)  # over several rule sets, it holds one report per rule set
    groups = [Group(rules, group) for rules, group in rep.groups if rules]
    return SeasonPage(title=_season_title(scope), report=rep, groups=groups)


def stats_groups(ledger: Ledger, scope: Scope) -> list[Any]:
    """The groups of `schreiber stats` for the scope, one per rule set (none: nothing to count)."""
    from schreiber.ledger.stats import compute

    try:
        return compute(ledger, scope).groups
    except (SettingsError, HandError, LedgerError):
        return []


def chart_svg(ledger: Ledger, scope: Scope, compact: bool = False) -> str | None:
    """The chart of the scope as `schreiber chart --output FILE.svg` draws it, or (`compact`) drawn
    for a phone's width (None: nothing to draw)."""
    from schreiber.ledger.chart import series
    from schreiber.report.chart import render_svg

    try:
        return render_svg(series(ledger, scope), compact)
    except (SettingsError, HandError, LedgerError):
        return None


def _season_title(scope: Scope) -> str:
    if scope.since or scope.until:
        since, until = (day(d) if d else "…" for d in (scope.since, scope.until))
        return _("Season {since} to {until}").format(since=since, until=until)
    return _("All evenings")
