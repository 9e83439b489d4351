"""The read-only scoreboard: one page, its live fragment, an event stream and the static assets.

Routes (GET and HEAD only; any other method is 405, any other path a plain 404):

  /            the whole page (``?hands=all`` every hand of the table, ``?wall`` the wall-screen look)
  /fragment    the page's content alone, fetched by the page when the ledger changed
  /events      Server-Sent Events: ``change`` with the ledger's change counter, at once and on every change
  /chart.svg   the chart of `schreiber chart` for the same scope (where that module is installed)
  /stats       a season's statistics section (`schreiber stats`), fetched by the page after its content
  /static/…    the stylesheet and the script (nothing is loaded from elsewhere)

The ledger is asked for its change counter every `interval` seconds (one small SELECT); the page
data is gathered and rendered once per counter value and query, then served from memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from schreiber import i18n
from schreiber.i18n import _, ngettext
from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger
from schreiber.numbers import whole
from schreiber.web import data
from schreiber.web.hardening import RETRY_AFTER, Hardened, exception_handlers

STATIC = Path(__file__).with_name("static")
# Open /events streams one app keeps at once (each holds a socket, a file of the process: 1,024 by
# default); a page beyond it gets 503 with Retry-After, and its script opens the stream again later.
MAX_STREAMS = 200


def marker_of(ledger: Ledger) -> Callable[[], int]:
    """The ledger's change counter: bumped by every transaction that writes (one small SELECT)."""
    return ledger.changes


class Live:
    """Follows the ledger's change counter and wakes every open event stream when it moves."""

    def __init__(self, read: Callable[[], int], interval: float, max_streams: int | None = None) -> None:
        self.read = read
        self.interval = interval
        self.version: int | None = None
        self._changed = asyncio.Event()
        self.failing = False
        self.max_streams = MAX_STREAMS if max_streams is None else max_streams
        self.streams = 0  # the /events streams open now

    async def current(self) -> int:
        """The counter now (a fresh read; the poller may be half a second behind)."""
        version = await asyncio.to_thread(self.read)
        self._note(version)
        return version

    def _note(self, version: int) -> None:
        if version != self.version:
            self.version = version
            woken, self._changed = self._changed, asyncio.Event()
            woken.set()

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """The app's lifespan: the poller runs while the app serves."""
        poller = asyncio.create_task(self.poll())
        try:
            yield
        finally:
            poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poller

    async def poll(self) -> None:
        while True:
            try:
                self._note(await asyncio.to_thread(self.read))
                if self.failing:
                    print("schreiber serve: the ledger answers again.", file=sys.stderr, flush=True)
                self.failing = False
            except Exception as e:  # the ledger is away for a moment: say it once, keep asking
                if not self.failing:
                    print(
                        _("schreiber serve: cannot read the ledger ({reason}); trying again.").format(reason=e),
                        file=sys.stderr,
                        flush=True,
                    )
                self.failing = True
            await asyncio.sleep(self.interval)

    async def wait(self, seen: int | None, timeout: float) -> bool:
        """Until the counter differs from `seen` (True) or `timeout` seconds passed (False)."""
        if self.version != seen:
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)
        return self.version != seen

    def events(self, keepalive: float, seconds: float | None = None) -> Callable[[Request], Awaitable[Response]]:
        """The /events route of the table page and the tournament page: a `change` event with the counter
        at once and on every change, a comment after `keepalive` quiet seconds; with `seconds` the stream
        ends after that long (the browser reconnects at once and re-syncs), None keeps it open."""

        async def events(request: Request) -> Response:
            headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
            if request.method == "HEAD":
                return Response(headers=headers, media_type="text/event-stream")
            if self.streams >= self.max_streams:
                return PlainTextResponse(
                    _(
                        "Too many live pages are open at once (at most {count}); this page tries again in a moment."
                    ).format(count=self.max_streams),
                    status_code=503,
                    headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)},
                )

            async def stream() -> AsyncIterator[str]:
                # The browser waits a second before it reconnects after the server went away.
                yield "retry: 1000\n\n"
                sent: int | None = None
                ends = time.monotonic() + seconds if seconds else None
                # The first event says the counter of now, so a page that reconnects re-syncs at once.
                try:
                    version = await self.current()
                except Exception:  # the ledger is away: the poller says so, and tells the stream when it is back
                    version = self.version if self.version is not None else -1
                while True:
                    if version != sent:
                        yield f"event: change\ndata: {version}\n\n"
                        sent = version
                    left = keepalive if ends is None else min(keepalive, ends - time.monotonic())
                    if left <= 0:
                        return
                    if not await self.wait(sent, left):
                        yield ": still here\n\n"  # keeps proxies and idle phones from dropping the stream
                    version = self.version if self.version is not None else sent

            return Counted(self, stream(), media_type="text/event-stream", headers=headers)

        return events


class Counted(StreamingResponse):
    """An event stream counted in `live.streams` from its answer to its end, however it ends (the browser
    gone before the first byte, the server stopping)."""

    def __init__(self, live: Live, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.live = live
        live.streams += 1

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.live.streams -= 1


class Pages:
    """Rendered pages, kept for the counter value they were made at."""

    def __init__(
        self, ledger: Ledger, scope: Scope, place: Callable[[], tuple[int, int, int, str] | None] | None = None
    ) -> None:
        self.ledger = ledger
        self.scope = scope
        # A tournament's table: (round, table, hands to play, tournament), said above everything else on its page.
        self.place = place
        self.env = Environment(
            loader=PackageLoader("schreiber.web", "templates"),
            autoescape=select_autoescape(default=True),
            trim_blocks=True,
            lstrip_blocks=True,
            extensions=["jinja2.ext.i18n"],
        )
        # The pages speak the language schreiber was started in: {{ _("…") }} in the templates.
        self.env.install_gettext_callables(_, ngettext, newstyle=False)  # type: ignore[attr-defined]
        # The language of the request (schreiber/web/hardening.py chose it from Accept-Language).
        self.env.globals["language"] = i18n.spoken
        from schreiber.web import view

        view.install(self.env)
        self.version: int | None = None
        self.cache: dict[tuple[Any, ...], str] = {}
        self.gathered: dict[tuple[int | None, str], Any] = {}
        self.rows: dict[tuple[Any, ...], str] = {}
        self.lock = asyncio.Lock()
        self.chart_lock = asyncio.Lock()
        self.chart_at: dict[tuple[bool, str], int] = {}  # compact or not, language -> the counter value it was drawn at
        self.chart_svg: dict[tuple[bool, str], str | None] = {}
        self.stats_lock = asyncio.Lock()
        self.stats_at: dict[str, int] = {}
        self.stats_html: dict[str, str] = {}

    async def get(self, version: int, recent: int | None, wall: bool, fragment: bool) -> str:
        key = (recent, wall, fragment, i18n.spoken())
        async with self.lock:
            if version != self.version:
                self.version, self.cache, self.gathered = version, {}, {}
            if key not in self.cache:
                if len(self.cache) >= 16:  # `?hands=N` for many N: keep memory bounded
                    self.cache, self.gathered = {}, {}
                self.cache[key] = await asyncio.to_thread(self._render, version, recent, wall, fragment)
            return self.cache[key]

    async def chart(self, version: int, compact: bool = False) -> str | None:
        """The chart's SVG at this counter value, drawn once (matplotlib takes its time: the page
        itself never waits for it, the browser loads it as a picture); `compact`: for a phone."""
        drawn = (compact, i18n.spoken())
        async with self.chart_lock:
            if self.chart_at.get(drawn) != version:
                self.chart_svg[drawn] = await asyncio.to_thread(data.chart_svg, self.ledger, self.scope, compact)
                self.chart_at[drawn] = version
            return self.chart_svg[drawn]

    async def stats(self, version: int) -> str:
        """The statistics section at this counter value, counted once."""
        language = i18n.spoken()
        async with self.stats_lock:
            if self.stats_at.get(language) != version:
                groups = await asyncio.to_thread(data.stats_groups, self.ledger, self.scope)
                self.stats_html[language] = self.env.get_template("stats.html").render(groups=groups)
                self.stats_at[language] = version
            return self.stats_html[language]

    def _render(self, version: int, recent: int | None, wall: bool, fragment: bool) -> str:
        # What is gathered holds sentences (a notice, the table's status lines): one per language.
        gathered = (recent, i18n.spoken())
        if gathered not in self.gathered:
            self.gathered[gathered] = data.gather(self.ledger, self.scope, recent)
        page = self.gathered[gathered]
        rows = self._rows(page) if page.kind == "table" else []
        template = self.env.get_template("content.html" if fragment else "page.html")
        place = self.place() if self.place is not None else None
        return template.render(
            page=page, rows=rows, version=version, wall=wall, recent=recent, default_recent=data.RECENT, place=place
        )

    def _rows(self, page: data.TablePage) -> list[str]:
        """Each hand's HTML, rendered only when something it shows changed: after an add, one new
        hand; after an edit, the hands whose payout or totals moved."""
        info = page.view.table
        template = self.env.get_template("hand.html")
        rows, kept = [], {}
        for h in page.hands:
            key = (
                h.number,
                repr(h.hand),
                h.payout.formula,
                h.payout.split,
                h.payout.terms,
                h.dealer,
                h.sitting_out,
                h.absent,
                tuple(h.payout.points.items()),
                tuple(h.totals.items()),
                info.players,
                i18n.spoken(),
            )
            row = self.rows.get(key)
            if row is None:
                row = template.render(h=h, info=info)
            kept[key] = row
            rows.append(row)
        # Every variant of the page (latest hands, all hands, wall) shares the rows; rows no page
        # shows any more (edited, voided) are let go once they outnumber the live ones.
        self.rows.update(kept)
        if len(self.rows) > 2 * page.view.table.hands + 100:
            self.rows = kept
        return rows


def _recent(request: Request) -> int | None:
    """How many hands the table page lists: `?hands=all`, `?hands=N`, else the latest RECENT."""
    value = request.query_params.get("hands")
    if value == "all":
        return None
    # Any other value (a word, 0, a number of thousands of digits) shows the latest RECENT.
    return whole(value, 100_000) or data.RECENT


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
    """The app for one ledger and scope. `stream_seconds` ends each event stream after that long
    (the browser reconnects at once and re-syncs); None keeps it open. `entry`: the tables whose
    key lets a phone record hands (`serve --entry`, schreiber/web/entry.py); None: read-only."""
    live = Live(read or marker_of(ledger), interval)
    pages = Pages(ledger, scope)
    from schreiber.web.entry import Entry, not_allowed
    from schreiber.web.gate import Gate

    writer = Entry(ledger, Gate(ledger, entry), pages.env, changed=live.current) if entry is not None else None

    async def at_version(respond: Callable[[int], Awaitable[Response]]) -> Response:
        try:
            version = await live.current()
        except Exception as e:  # the ledger is away (a server restarting): say so; the page retries
            return PlainTextResponse(
                _("The ledger cannot be read just now ({reason}).").format(reason=e),
                status_code=503,
                headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)},
            )
        return await respond(version)

    async def page(request: Request, fragment: bool = False) -> Response:
        async def respond(version: int) -> Response:
            html = await pages.get(version, _recent(request), "wall" in request.query_params, fragment)
            return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

        return await at_version(respond)

    async def full(request: Request) -> Response:
        if writer is not None and "key" in request.query_params:
            return await writer.page(request)
        return await page(request)

    async def fragment(request: Request) -> Response:
        return await page(request, fragment=True)

    async def chart(request: Request) -> Response:
        async def respond(version: int) -> Response:
            svg = await pages.chart(version, request.query_params.get("size") == "phone")
            if svg is None:
                return PlainTextResponse("Not Found", status_code=404)
            return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

        return await at_version(respond)

    async def stats(request: Request) -> Response:
        async def respond(version: int) -> Response:
            html = await pages.stats(version)
            return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

        return await at_version(respond)

    app = Starlette(
        routes=[
            Route("/", full, methods=["GET"]),
            Route("/fragment", fragment, methods=["GET"]),
            Route("/events", live.events(keepalive, stream_seconds), methods=["GET"]),
            Route("/chart.svg", chart, methods=["GET"]),
            *([Route("/stats", stats, methods=["GET"])] if scope.many else []),
            *(writer.routes() if writer is not None else not_allowed()),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Hardened)],
        exception_handlers=exception_handlers(),
        lifespan=live.lifespan,
    )
    app.state.live = live
    app.state.pages = pages
    app.state.entry = writer
    return app
