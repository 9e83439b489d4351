"""The one app of `serve`: one live page (a table's or a season scope's: web/table.py; a tournament's:
web/tournament.py; a season's standings: web/season_page.py; a league's: web/league_page.py) and, with `--entry`, the doors that write
through the one gate (web/gate.py): the entry (web/entry.py), and for a tournament the check-in
(web/checkin.py) and the cash (web/cash.py).

Routes (any other method is 405, any other path a plain 404):

  /, /fragment, /events   the live page, its content and its event stream (web/live.py)
  /chart.svg              a table's chart (not on the season's standings)
  /stats                  a season scope's statistics
  /?key=KEY, /entry/…     with entry: the entry page and its writes; /api/hands, /api/undo (405 without entry)
  /checkin, /cash/pay     a tournament with entry: the door and the Startgeld
  /sheet, /sheet/check    a tournament with entry: the organiser's sheet form (web/sheet_form.py)
  /static/…               the stylesheets and the scripts (nothing is loaded from elsewhere)

Every answer goes through web/hardening.py (the request's language, the security headers, the errors).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger
from schreiber.web.cash import routes as cash_routes
from schreiber.web.checkin import checkin_routes
from schreiber.web.entry import Entry, not_allowed
from schreiber.web.gate import Gate
from schreiber.web.hardening import Hardened, exception_handlers
from schreiber.web.league_page import LeaguePages
from schreiber.web.live import Live, LivePage, templates
from schreiber.web.season_page import SeasonPages
from schreiber.web.sheet_form import sheet_routes
from schreiber.web.table import TablePages
from schreiber.web.tournament import TournamentPages, all_sessions

STATIC = Path(__file__).with_name("static")


def create(
    ledger: Ledger,
    scope: Scope | None = None,
    *,
    tournament_id: int | None = None,
    season_id: int | None = None,
    league_id: int | None = None,
    tables: list[int] | Callable[[], list[int]] | None = None,
    organiser: str | None = None,
    public: str | None = None,
    interval: float = 0.5,
    keepalive: float = 15.0,
    stream_seconds: float | None = None,
    read: Callable[[], int] | None = None,
) -> Starlette:
    """The app of one `serve`: the page of `scope`, of the tournament `tournament_id` or of the season
    `season_id`. `tables`: the tables whose keys record hands (None: read-only); `organiser`: the
    organiser's key of a tournament's check-in and cash; `public`: the address the phones reach."""
    live = Live(read or ledger.changes, interval)
    env = templates()
    gate = Gate(ledger, tables, organiser) if tables is not None else None
    page: LivePage
    if tournament_id is not None:
        page = TournamentPages(live, env, ledger, tournament_id, gate, public)
    elif season_id is not None:
        page = SeasonPages(live, env, ledger, season_id)
    elif league_id is not None:
        page = LeaguePages(live, env, ledger, league_id)
    else:
        page = TablePages(live, env, ledger, scope or Scope(table_id=None))
    writer = Entry(ledger, gate, env, changed=live.current) if gate is not None else None
    routes: list[BaseRoute] = [*page.routes(keepalive, stream_seconds, writer)]
    routes += writer.routes() if writer is not None else not_allowed()
    if gate is not None and organiser is not None and tournament_id is not None:
        # A tournament's organiser checks players in at the door and takes the Startgeld.
        routes += checkin_routes(ledger, tournament_id, gate, env)
        routes += cash_routes(ledger, tournament_id, gate, live.current)
        routes += sheet_routes(ledger, tournament_id, gate, env, live.current)  # the paper sheets typed at the desk
    routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Hardened)],
        exception_handlers=exception_handlers(),
        lifespan=live.lifespan,
    )
    app.state.live = live
    app.state.pages = page
    app.state.entry = writer
    app.state.organiser = organiser if gate is not None else None
    return app


def create_app(
    ledger: Ledger,
    scope: Scope,
    *,
    interval: float = 0.5,
    stream_seconds: float | None = None,
    keepalive: float = 15.0,
    read: Callable[[], int] | None = None,
    entry: list[int] | None = None,
) -> Starlette:
    """`serve [--session ID | --all …]`: a table's or a season scope's page. `stream_seconds` ends each event
    stream after that long (the browser reconnects at once and re-syncs); None keeps it open. `entry`: the
    tables whose key lets a phone record hands (`serve --entry`); None: read-only."""
    return create(
        ledger, scope, tables=entry, interval=interval, keepalive=keepalive, stream_seconds=stream_seconds, read=read
    )


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
    """`serve --tournament`. `entry`: the tables take hands with their keys, and the organiser's page
    (``?organiser=`` with `organiser`, made here when not given: app.state.organiser) shows every open table's
    entry address and QR code. `public`: the address the phones reach (default: the one asked)."""

    def tables() -> list[int]:  # asked at each request: a tournament draws new tables while served
        return sorted(all_sessions(ledger, tournament_id))

    if entry:
        organiser = organiser or secrets.token_urlsafe(24)
    return create(
        ledger,
        tournament_id=tournament_id,
        tables=tables if entry else None,
        organiser=organiser,
        public=public,
        interval=interval,
        keepalive=keepalive,
    )


def create_season_app(ledger: Ledger, season_id: int, *, interval: float = 0.5, keepalive: float = 15.0) -> Starlette:
    """`serve --season`: the season's standings and awards, read-only."""
    return create(ledger, season_id=season_id, interval=interval, keepalive=keepalive)


def create_league_app(ledger: Ledger, league_id: int, *, interval: float = 0.5, keepalive: float = 15.0) -> Starlette:
    """`serve --league`: the league table, the newest Spielbericht and the Serie being played, read-only."""
    return create(ledger, league_id=league_id, interval=interval, keepalive=keepalive)
