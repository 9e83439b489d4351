"""`schreiber serve --tournament [ID]`: the tournament's page — standings, the current round's seat plan
(searchable by name or start number), which tables have finished — and each table's own page.

Routes (GET and HEAD only, as the table page; with ``entry`` also the entry routes of
schreiber/web/entry.py for every table of the tournament, the check-in and the cash: web/app.py composes them):

  /                  the tournament page (``?wall`` the wall-screen look)
  /?organiser=KEY    with ``entry``: the same page, and each open table's entry address and QR code
                     of the current round; KEY is made at each start of `serve` and printed only in
                     its terminal (the table keys are the tables' own, stored with them)
  /?key=KEY          with ``entry``: the entry page of the table KEY belongs to
  /?session=ID       the page of one table of the tournament, the same page `serve --session ID` shows
  /fragment          the content alone, fetched by the page's script when the ledger changed
  /events            Server-Sent Events of the ledger's change counter (as for the table page)
  /chart.svg         the chart of the table page that asks for it
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response

from schreiber.i18n import _
from schreiber.ledger.clock import RoundClock, clock
from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger
from schreiber.ledger.standings import StandingsView
from schreiber.ledger.tournament import Tournaments
from schreiber.ledger.tournament.plans import RoundPlan
from schreiber.ledger.categories import Categories
from schreiber.ledger.tournament.teams import TeamStandings
from schreiber.rules.numbers import digits_only, whole
from schreiber.web.cash import cash_view
from schreiber.web.entry import qr_svg
from schreiber.web.gate import ORGANISER, Gate, not_the_organiser
from schreiber.web.live import Live, LivePage, not_found
from schreiber.web.table import TablePages


@dataclass(frozen=True)
class TournamentPage:
    standings: StandingsView
    plan: RoundPlan | None
    kind: str = "tournament"
    clock: RoundClock | None = None  # the newest round's clock (`tournament set rundenzeit=MINUTES`)
    teams: tuple[TeamStandings, ...] = ()  # each team competition's standings (TEAMS.md §10.4)
    kategorien: tuple[StandingsView, ...] = ()  # each category ranking (TEAMS.md §10.2 rule 2)

    @property
    def title(self) -> str:
        return self.standings.tournament.name

    @property
    def heading(self) -> str:
        """ "Final standings", or "Standings after round N (provisional)" (RULES.md §9)."""
        from schreiber.views.heading import heading

        return heading(self.standings)

    @property
    def columns(self) -> list[tuple[str, str, bool]]:
        """The standings' figures (StandingsView.columns) as (key, header, wide): a phone shows those the ranking
        compares (Seeger-Fabian: score, won, lost), a wide screen all; the first is shown large."""
        from schreiber.views import rangliste

        view = self.standings
        return [(key, rangliste.label(view, key), key not in view.ranked_by) for key in view.columns]

    def figure(self, row: Any, key: str) -> str:
        from schreiber.views import rangliste

        return rangliste.figure(self.standings, row, key)

    def team_score(self, score: Any) -> str:
        """A team's or member's score as the team standings show it: −5 with its minus, a fraction (hochrechnen)
        with two decimals."""
        from schreiber.views.team_payloads import shown
        from schreiber.views.text import MINUS

        return shown(score).replace("-", MINUS)

    @property
    def score_label(self) -> str:
        from schreiber.views import rangliste

        return rangliste.label(self.standings, "score")

    def category_heading(self, view: StandingsView) -> str:
        return _("Category {kategorie}").format(kategorie=view.kategorie)

    def team_heading(self, c: TeamStandings) -> str:
        return _("Team standings of {competition} (teams of {size})").format(competition=c.competition, size=c.size)

    @property
    def lot_note(self) -> str:
        from schreiber.views import rangliste

        return rangliste.lot_note() if self.standings.by_lot else ""

    @property
    def still_playing(self) -> list[tuple[int, str]]:
        """Each round's unfinished tables as runs ("1–3, 5"): the wall's one line a round."""
        runs: dict[int, list[list[int]]] = {}
        for u in self.standings.unfinished:
            mine = runs.setdefault(u.round, [])
            if mine and mine[-1][-1] + 1 == u.table:
                mine[-1].append(u.table)
            else:
                mine.append([u.table])
        return [
            (r, ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in mine))
            for r, mine in runs.items()
        ]

    def finder(self, by: str) -> list[Any]:
        """ "Where do I sit?": everyone of the round by name or by start number, with table and seat."""
        from schreiber.views import seat_finder

        return seat_finder.seats(self.plan, by) if self.plan else []

    @property
    def finished(self) -> int:
        return sum(1 for t in self.plan.tables if self.plan.done(t)) if self.plan else 0


def gather(ledger: Ledger, tournament_id: int) -> TournamentPage:
    t = Tournaments(ledger)
    view = t.standings(tournament_id=tournament_id)
    plan = t.plan(tournament_id=tournament_id) if view.rounds else None
    teams = tuple(t.team_standings(tournament_id=tournament_id))
    kategorien = Categories(ledger).every(view)
    return TournamentPage(
        view, plan, clock=clock(ledger, tournament_id) if plan else None, teams=teams, kategorien=kategorien
    )


def _session(request: Request) -> int | None:
    """`?session=ID`: None without one (the tournament's page), -1 for a number no table can have (a 404)."""
    value = request.query_params.get("session")
    if value is None or not digits_only(value):
        return None
    number = whole(value)
    return -1 if number is None else number


class TournamentPages(LivePage):
    """The tournament's page, its organiser's page (with a gate: every open table's entry address) and the pages
    of its tables (`?session=ID`), made when first asked for."""

    def __init__(
        self,
        live: Live,
        env: Environment,
        ledger: Ledger,
        tournament_id: int,
        gate: Gate | None = None,
        public: str | None = None,
    ) -> None:
        super().__init__(live, env)
        self.ledger = ledger
        self.tournament_id = tournament_id
        self.gate = gate
        # The address the phones reach (default: the one asked).
        self.public = public
        self.tables: dict[int, TablePages] = {}

    def table(self, session: int) -> TablePages:
        """The page of one table of the tournament."""
        if session not in self.tables:
            self.tables[session] = TablePages(
                self.live,
                self.env,
                self.ledger,
                Scope(table_id=session),
                place=lambda: _place(self.ledger, self.tournament_id, session),
            )
        return self.tables[session]

    def render(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        (wall,) = variant
        page = gather(self.ledger, self.tournament_id)
        template = self.env.get_template("tournament_content.html" if fragment else "tournament_page.html")
        return template.render(page=page, version=version, wall=wall)

    def entry_links(self, plan: RoundPlan | None, base: str) -> dict[int, tuple[str, str]]:
        """Each open table of the round: its entry address and that as an SVG QR code (keys made on first use)."""
        links: dict[int, tuple[str, str]] = {}
        open_tables = [tb.session for tb in plan.tables if not tb.sheet] if plan else []  # a sheet in: no hands
        keys = self.ledger.entry_keys(open_tables)
        for session in open_tables:
            key = keys.get(session) or self.ledger.entry_key(session)[1]
            link = f"{base}?key={key}"
            links[session] = (link, qr_svg(link))
        return links

    def render_organiser(self, version: int, wall: bool, fragment: bool, base: str, sheets: str = "") -> str:
        page = gather(self.ledger, self.tournament_id)
        template = self.env.get_template("tournament_content.html" if fragment else "tournament_page.html")
        return template.render(
            page=page,
            version=version,
            wall=wall,
            entry=self.entry_links(page.plan, base),
            organiser=True,
            cash=cash_view(self.ledger, self.tournament_id),
            sheets=sheets,
        )

    async def organiser(self, request: Request) -> bool | Response:
        """True for the organiser's key, False for none; a wrong one is 403 (slowed as a wrong table key)."""
        given = request.query_params.get(ORGANISER)
        if self.gate is None or given is None:
            return False
        if await self.gate.is_organiser(request, given):
            return True
        return PlainTextResponse(not_the_organiser(), status_code=403, headers={"Cache-Control": "no-store"})

    async def sessions(self) -> set[int]:
        return await asyncio.to_thread(all_sessions, self.ledger, self.tournament_id)

    async def page(self, request: Request, fragment: bool = False) -> Response:
        version = await self.live.now()
        if isinstance(version, Response):
            return version
        wall = "wall" in request.query_params
        session = _session(request)
        boss = await self.organiser(request)
        if isinstance(boss, Response):
            return boss
        if boss and session is None:
            base = self.public or f"{request.url.scheme}://{request.url.netloc}/"
            sheets = "/sheet?" + urlencode({ORGANISER: request.query_params[ORGANISER]})  # the key, as this page's own
            html = await asyncio.to_thread(self.render_organiser, version, wall, fragment, base, sheets)
            # The page holds every table's key: never kept by a cache, never named to another site.
            return HTMLResponse(
                html,
                headers={
                    "Cache-Control": "no-store",
                    "Referrer-Policy": "no-referrer",
                    "X-Frame-Options": "DENY",
                    "X-Schreiber-Version": str(version),
                },
            )
        if session is not None:
            # Only the tables of this tournament; any other id is not part of this page.
            if session not in await self.sessions():
                return not_found()
            table = self.table(session)
            html = await table.get(version, table.variant(request), fragment)
            if not fragment:
                back = '<a href="/' + ("?wall" if wall else "") + '">' + _("← the tournament") + "</a> · "
                html = html.replace('<footer class="foot">', '<footer class="foot">' + back, 1)
        else:
            html = await self.get(version, self.variant(request), fragment)
        return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

    async def chart_of(self, request: Request) -> TablePages | None:
        # The table page asks for /chart.svg?session=ID (pages send no Referer: Referrer-Policy no-referrer).
        referer = (
            request.query_params.get("session")
            or parse_qs(urlparse(request.headers.get("referer", "")).query).get("session", [""])[0]
        )
        session = whole(referer)
        if session is None or session not in await self.sessions():
            return None
        return self.table(session)


def _place(ledger: Ledger, tournament_id: int, session: int) -> tuple[int, int, int, str] | None:
    """Where a table of the tournament is: its round, its number in the round, the hands it plays, the tournament."""
    t = Tournaments(ledger)
    info = t.info(tournament_id)
    for number in range(info.drawn, 0, -1):
        for table in t.plan(number, tournament_id).tables:
            if table.session == session:
                return number, table.table, info.hands, info.name
    return None


def all_sessions(ledger: Ledger, tournament_id: int) -> set[int]:
    """Every table (session) of every round of the tournament."""
    t = Tournaments(ledger)
    info = t.info(tournament_id)
    out: set[int] = set()
    for number in range(1, info.drawn + 1):
        out |= {table.session for table in t.plan(number, tournament_id).tables}
    return out
