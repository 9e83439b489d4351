"""`schreiber serve --season [ID]`: the season's standings and awards, live as a tournament of the season records
hands and sheets (the page follows the ledger's change counter as every page does); `?wall` for a wall screen.

Routes (GET only): /  the page · /fragment  its content, fetched by live.js when the ledger changed ·
/events  Server-Sent Events of the change counter · /static/…
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from schreiber import i18n
from schreiber.i18n import _
from schreiber.ledger.reports import Scope
from schreiber.ledger.season import Seasons
from schreiber.ledger.service import Ledger
from schreiber.web.app import STATIC, Live, Pages, marker_of
from schreiber.web.entry import not_allowed
from schreiber.web.hardening import RETRY_AFTER, Hardened, exception_handlers

if TYPE_CHECKING:
    from schreiber.web.server import Reach


def create_season_app(ledger: Ledger, season_id: int, *, interval: float = 0.5, keepalive: float = 15.0) -> Starlette:
    live = Live(marker_of(ledger), interval)
    env = Pages(ledger, Scope(table_id=None)).env
    seasons = Seasons(ledger)
    cache: dict[tuple[Any, ...], str] = {}

    def render(version: int, wall: bool, fragment: bool) -> str:
        from schreiber.views.heading import result, running_lines

        table = seasons.standings(season_id)
        awards = seasons.awards(season_id)
        template = env.get_template("season_content.html" if fragment else "season_page.html")
        return template.render(
            view=table, awards=awards, version=version, wall=wall, result=result, running_lines=running_lines
        )

    async def page(request: Request, fragment: bool = False) -> Response:
        try:
            version = await live.current()
        except Exception as e:
            return PlainTextResponse(
                _("The ledger cannot be read just now ({reason}).").format(reason=e),
                status_code=503,
                headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)},
            )
        wall = "wall" in request.query_params
        key = (version, wall, fragment, i18n.spoken())  # a page per language: each browser is answered in its own
        if key not in cache:
            if len(cache) > 8:
                cache.clear()
            cache[key] = await asyncio.to_thread(render, version, wall, fragment)
        return HTMLResponse(cache[key], headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

    async def fragment(request: Request) -> Response:
        return await page(request, fragment=True)

    return Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Route("/fragment", fragment, methods=["GET"]),
            Route("/events", live.events(keepalive), methods=["GET"]),
            *not_allowed(),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Hardened)],
        exception_handlers=exception_handlers(),
        lifespan=live.lifespan,
    )


def run(ledger: Ledger, season: str, host: str, port: int, say: Any = print, reach: Reach | None = None) -> None:
    """Serve the season `season` (an id, or "" for the active one) read-only until Ctrl-C."""
    import uvicorn

    from schreiber.rules.model import SettingsError
    from schreiber.web.server import address, bind, is_loopback

    if season and not season.isdigit():
        raise SettingsError(_("--season: give a season id (a number), not {value}.").format(value=repr(season)))
    info = Seasons(ledger).info(int(season) if season else None)
    sock = bind(host, port)
    where = address(host, sock.getsockname()[1])
    say(
        _("schreiber serves the season “{name}” at {address} (read-only; Ctrl-C stops it).").format(
            name=info.name, address=where
        )
    )
    if not is_loopback(host):
        say(_("Anyone on the network that reaches {host} can read the scores.").format(host=host))
    from schreiber.web.server import Reach, uvicorn_config

    config = uvicorn_config(create_season_app(ledger, info.id), host, sock, reach or Reach())
    uvicorn.Server(config).run(sockets=[sock])
