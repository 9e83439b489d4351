"""`schreiber serve --league [ID]`: the league's page (TEAMS.md §10.4) — the league table, the Spielbericht of the
newest Spieltag and the lists of the Serie being played, each table's running list as hands or sheets come in (the
page follows the ledger's change counter as every live page does); `?wall` for a wall screen (1920×1080).

Routes (GET only): /  the page · /fragment  its content, fetched by live.js when the ledger changed ·
/events  Server-Sent Events of the change counter · /static/…
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jinja2 import Environment

from schreiber.i18n import _
from schreiber.ledger.league import Leagues
from schreiber.ledger.league.plans import DayReport, LeagueTable, SerieTables, TableInfo
from schreiber.ledger.service import Ledger
from schreiber.scoring.league import Wp, wp_text
from schreiber.web.live import Live, LivePage


@dataclass(frozen=True)
class Seat:
    """A player at a table of the Serie being played: team, position, the running list (a split list: its parts)."""

    name: str
    team: str
    position: int
    score: int | None
    tischpunkte: int | None


@dataclass(frozen=True)
class LiveTable:
    table: int
    group: int
    state: str
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class LeaguePage:
    name: str
    rules: str
    table: LeagueTable
    report: DayReport | None
    serie: int | None
    tables: tuple[LiveTable, ...]

    def pair(self, wp: Wp | None) -> str:
        return "" if wp is None else f"{wp_text(wp.wp)}:{wp_text(wp.gegen)}"

    def day_result(self, d: Any) -> str:
        """A team's result of one Spieltag in the table: WP:Gegen (Spielpunkte where the scheme gives no WP)."""
        if d is None:
            return "–"
        return self.pair(d.wp) if self.table.scheme.counts else str(d.spielpunkte)

    @staticmethod
    def players(v: Any) -> str:
        """A list's players: one name, or each part of a split list with its hands and score."""
        if len(v.players) == 1:
            return v.players[0].name
        return ", ".join(f"{p.name} {p.start}–{p.end} ({p.score})" for p in v.players)


def _state(t: TableInfo) -> str:
    if t.sheet:
        return _("sheet entered")
    if t.done:
        return _("finished")
    if t.hands:
        return _("{hands} of {of} hands").format(hands=t.hands, of=t.of)
    return _("open")


def _live_tables(drawn: SerieTables, report: DayReport) -> tuple[LiveTable, ...]:
    """Each table of the Serie in seat order, its players' running lists from the Spielbericht."""
    lists = {}
    for g in report.groups:
        for serie in g.serien:
            if serie.serie != drawn.serie:
                continue
            for team in serie.teams:
                for v in team.lists:
                    lists[(v.table, team.team, v.position)] = v
    out = []
    for t in drawn.tables:
        seats = []
        for p in t.players:
            v = lists.get((t.table, p.team, p.position))
            shown = LeaguePage.players(v) if v is not None else p.name
            score = v.score if v is not None and (t.hands or t.sheet or t.closed) else None
            seats.append(Seat(shown, p.team, p.position, score, v.tischpunkte if v is not None else None))
        out.append(LiveTable(t.table, t.group, _state(t), tuple(seats)))
    return tuple(out)


def gather(ledger: Ledger, league_id: int) -> LeaguePage:
    leagues = Leagues(ledger)
    info = leagues.info(league_id)
    table = leagues.league_table(league_id=league_id)
    report, serie, tables = None, None, ()
    if table.days:
        report = leagues.day_report(table.days[-1], league_id)
        if any(g.serien for g in report.groups):
            drawn = leagues.tables(table.days[-1], league_id=league_id)
            serie, tables = drawn.serie, _live_tables(drawn, report)
    return LeaguePage(info.name, info.rules, table, report, serie, tables)


class LeaguePages(LivePage):
    """The league's table, the newest Spielbericht and the Serie being played."""

    charted = False

    def __init__(self, live: Live, env: Environment, ledger: Ledger, league_id: int) -> None:
        super().__init__(live, env)
        self.ledger = ledger
        self.league_id = league_id

    def render(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        (wall,) = variant
        page = gather(self.ledger, self.league_id)
        template = self.env.get_template("league_content.html" if fragment else "league_page.html")
        return template.render(page=page, version=version, wall=wall)
