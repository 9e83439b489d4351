"""`schreiber serve --tournament [ID]`: the tournament's page — standings, the current round's seat plan
(searchable by name or start number), which tables have finished — and each table's own page.

Routes (GET and HEAD only, as the table page; with ``entry`` also the entry routes of
schreiber/web/entry.py, for every table of the tournament):

  /                  the tournament page (``?wall`` the wall-screen look)
  /?organiser=KEY    with ``entry``: the same page, and each open table's entry address and QR code
                     of the current round; KEY is made at each start of `serve` and printed only in
                     its terminal (the table keys are the tables' own, stored with them)
  /?key=KEY          with ``entry``: the entry page of the table KEY belongs to
  /?session=ID       the page of one table of the tournament, the same page `serve --session ID` shows
  /fragment          the content alone, fetched by the page's script when the ledger changed
  /events            Server-Sent Events of the ledger's change counter (as for the table page)
  /chart.svg         the chart of the table page that asks for it
  /static/…          the stylesheet and the scripts
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from schreiber import i18n
from schreiber.i18n import _
from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament import RoundPlan, StandingsView, Tournaments
from schreiber.numbers import digits_only, whole
from schreiber.web.app import STATIC, Live, Pages, _recent, marker_of
from schreiber.web.cash import cash_view, routes as cash_routes
from schreiber.web.entry import not_allowed
from schreiber.web.gate import Gate, not_the_organiser
from schreiber.web.hardening import RETRY_AFTER, Hardened, exception_handlers
from schreiber.web.checkin import checkin_routes

if TYPE_CHECKING:
    from schreiber.web.server import Reach

ORGANISER = "organiser"


@dataclass(frozen=True)
class TournamentPage:
    standings: StandingsView
    plan: RoundPlan | None
    kind: str = "tournament"

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

    @property
    def lot_note(self) -> str:
        from schreiber.views import rangliste

        return rangliste.lot_note() if self.standings.by_lot else ""

    @property
    def finished(self) -> int:
        return sum(1 for t in self.plan.tables if self.plan.done(t)) if self.plan else 0


def gather(ledger: Ledger, tournament_id: int) -> TournamentPage:
    t = Tournaments(ledger)
    view = t.standings(tournament_id=tournament_id)
    plan = t.plan(tournament_id=tournament_id) if view.rounds else None
    return TournamentPage(view, plan)


def _session(request: Request) -> int | None:
    """`?session=ID`: None without one (the tournament's page), -1 for a number no table can have (a 404)."""
    value = request.query_params.get("session")
    if value is None or not digits_only(value):
        return None
    number = whole(value)
    return -1 if number is None else number


def create_tournament_app(
    ledger: Ledger,
    tournament_id: int,
    *,
    interval: float = 0.5,
    keepalive: float = 15.0,
    entry: bool = False,
    organiser: str | None = None,
    public: str | None = None,
) -> Starlette:
    """`entry`: the tables take hands with their keys, and the organiser's page (``?organiser=``
    with `organiser`, made here when not given: app.state.organiser) shows every open table's
    entry address and QR code. `public`: the address the phones reach (default: the one asked)."""
    live = Live(marker_of(ledger), interval)
    env = Pages(ledger, Scope(table_id=None)).env
    writer = None
    if entry:
        from schreiber.web.entry import Entry

        organiser = organiser or secrets.token_urlsafe(24)
        gate = Gate(ledger, lambda: sorted(_all_sessions(ledger, tournament_id)), organiser)
        writer = Entry(ledger, gate, env, changed=live.current)

    def entry_links(plan: RoundPlan | None, base: str) -> dict[int, tuple[str, str]]:
        """Each open table of the round: its entry address and that as an SVG QR code (keys made on first use)."""
        from schreiber.web.entry import qr_svg

        links: dict[int, tuple[str, str]] = {}
        open_tables = [tb.session for tb in plan.tables if not tb.sheet] if plan else []  # a sheet in: no hands
        keys = ledger.entry_keys(open_tables)
        for session in open_tables:
            key = keys.get(session) or ledger.entry_key(session)[1]
            link = f"{base}?key={key}"
            links[session] = (link, qr_svg(link))
        return links

    def render_organiser(version: int, wall: bool, fragment: bool, base: str) -> str:
        page = gather(ledger, tournament_id)
        template = env.get_template("tournament_content.html" if fragment else "tournament_page.html")
        return template.render(
            page=page,
            version=version,
            wall=wall,
            entry=entry_links(page.plan, base),
            organiser=True,
            cash=cash_view(ledger, tournament_id),
        )

    async def organiser_gate(request: Request) -> bool | Response:
        """True for the organiser's key, False for none; a wrong one is 403 (slowed as a wrong table key)."""
        given = request.query_params.get(ORGANISER)
        if writer is None or given is None:
            return False
        if await writer.gate.is_organiser(request, given):
            return True
        return PlainTextResponse(not_the_organiser(), status_code=403, headers={"Cache-Control": "no-store"})

    tables: dict[int, Pages] = {}  # a table's page, made when first asked for
    cache: dict[tuple[Any, ...], str] = {}
    lock = asyncio.Lock()

    def table_pages(session: int) -> Pages:
        if session not in tables:
            tables[session] = Pages(
                ledger, Scope(table_id=session), place=lambda: _place(ledger, tournament_id, session)
            )
        return tables[session]

    def render(version: int, wall: bool, fragment: bool) -> str:
        page = gather(ledger, tournament_id)
        template = env.get_template("tournament_content.html" if fragment else "tournament_page.html")
        return template.render(page=page, version=version, wall=wall)

    async def current() -> int | Response:
        try:
            return await live.current()
        except Exception as e:
            return PlainTextResponse(
                _("The ledger cannot be read just now ({reason}).").format(reason=e),
                status_code=503,
                headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)},
            )

    async def page(request: Request, fragment: bool = False) -> Response:
        version = await current()
        if isinstance(version, Response):
            return version
        wall = "wall" in request.query_params
        session = _session(request)
        boss = await organiser_gate(request)
        if isinstance(boss, Response):
            return boss
        if boss and session is None:
            base = public or f"{request.url.scheme}://{request.url.netloc}/"
            html = await asyncio.to_thread(render_organiser, version, wall, fragment, base)
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
            if session not in await asyncio.to_thread(_all_sessions, ledger, tournament_id):
                return PlainTextResponse("Not Found", status_code=404)
            html = await table_pages(session).get(version, _recent(request), wall, fragment)
            if not fragment:
                back = '<a href="/' + ("?wall" if wall else "") + '">' + _("← the tournament") + "</a> · "
                html = html.replace('<footer class="foot">', '<footer class="foot">' + back, 1)
        else:
            key = (version, wall, fragment, i18n.spoken())
            async with lock:
                if key not in cache:
                    if len(cache) > 8:
                        cache.clear()
                    cache[key] = await asyncio.to_thread(render, version, wall, fragment)
                html = cache[key]
        return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

    async def full(request: Request) -> Response:
        if writer is not None and "key" in request.query_params:
            return await writer.page(request)
        return await page(request)

    async def fragment(request: Request) -> Response:
        return await page(request, fragment=True)

    async def chart(request: Request) -> Response:
        # The table page asks for /chart.svg?session=ID (pages send no Referer: Referrer-Policy no-referrer).
        referer = (
            request.query_params.get("session")
            or parse_qs(urlparse(request.headers.get("referer", "")).query).get("session", [""])[0]
        )
        session = whole(referer)
        if session is None or session not in await asyncio.to_thread(_all_sessions, ledger, tournament_id):
            return PlainTextResponse("Not Found", status_code=404)
        version = await current()
        if isinstance(version, Response):
            return version
        svg = await table_pages(session).chart(version, request.query_params.get("size") == "phone")
        if svg is None:
            return PlainTextResponse("Not Found", status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    app = Starlette(
        routes=[
            Route("/", full, methods=["GET"]),
            Route("/fragment", fragment, methods=["GET"]),
            Route("/events", live.events(keepalive), methods=["GET"]),
            Route("/chart.svg", chart, methods=["GET"]),
            *(checkin_routes(ledger, tournament_id, writer.gate, env) if writer is not None else []),
            *(writer.routes() if writer is not None else not_allowed()),
            *(cash_routes(ledger, tournament_id, writer.gate, live.current) if writer is not None else []),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Hardened)],
        exception_handlers=exception_handlers(),
        lifespan=live.lifespan,
    )
    app.state.live = live
    app.state.entry = writer
    app.state.organiser = organiser if writer is not None else None
    return app


def _place(ledger: Ledger, tournament_id: int, session: int) -> tuple[int, int, int, str] | None:
    """Where a table of the tournament is: its round, its number in the round, the hands it plays, the tournament."""
    t = Tournaments(ledger)
    info = t.info(tournament_id)
    for number in range(info.drawn, 0, -1):
        for table in t.plan(number, tournament_id).tables:
            if table.session == session:
                return number, table.table, info.hands, info.name
    return None


def _all_sessions(ledger: Ledger, tournament_id: int) -> set[int]:
    """Every table (session) of every round of the tournament."""
    t = Tournaments(ledger)
    info = t.info(tournament_id)
    out: set[int] = set()
    for number in range(1, info.drawn + 1):
        out |= {table.session for table in t.plan(number, tournament_id).tables}
    return out


def run(
    ledger: Ledger, tournament: str, host: str, port: int, say=print, entry: bool = False, reach: Reach | None = None
) -> None:
    """Serve the tournament `tournament` (an id, or "" for the active one) until Ctrl-C; with `entry`
    the tables take hands with their keys, and the organiser's address (made now, printed only here)
    shows every open table's entry address and QR code."""
    import uvicorn

    from schreiber.rules.model import SettingsError
    from schreiber.web.server import Reach, address, bind, is_loopback, qr_text, uvicorn_config

    if tournament and not tournament.isdigit():
        raise SettingsError(
            _("--tournament: give a tournament id (a number), not {value}.").format(value=repr(tournament))
        )
    info = Tournaments(ledger).info(int(tournament) if tournament else None)
    sock = bind(host, port)
    port = sock.getsockname()[1]
    where = address(host, port)
    name = f"“{info.name}”"
    if entry:
        say(
            _(
                "schreiber serves the tournament {name} at {address} (whoever has a table's key may record hands there; Ctrl-C stops it)."
            ).format(name=name, address=where)
        )
        if not is_loopback(host):
            say(
                _(
                    "Anyone on the network that reaches {host} can read the scores, and record hands with a table's key."
                ).format(host=host)
            )
        organiser = secrets.token_urlsafe(24)
        link = f"{where}?{ORGANISER}={organiser}"
        say(
            _(
                "The organiser's page, with every open table's entry address and QR code (keep it to yourself): {address}"
            ).format(address=link)
        )
        say(qr_text(link))
        say(
            _("The organiser's check-in, for the phone that reads the players' cards: {address}").format(
                address=f"{where}checkin?{ORGANISER}={organiser}"
            )
        )
        if is_loopback(host):
            say(
                _("Only this machine can open these addresses; for the phones at the table, serve with --host 0.0.0.0.")
            )
        app = create_tournament_app(ledger, info.id, entry=True, organiser=organiser, public=where)
    else:
        say(
            _("schreiber serves the tournament {name} at {address} (read-only; Ctrl-C stops it).").format(
                name=name, address=where
            )
        )
        if not is_loopback(host):
            say(_("Anyone on the network that reaches {host} can read the scores.").format(host=host))
        app = create_tournament_app(ledger, info.id)
    uvicorn.Server(uvicorn_config(app, host, sock, reach or Reach())).run(sockets=[sock])
