"""What every page of `serve` shares (the table's, the tournament's, the season's): the ledger's change counter,
followed by one poller and told to every open event stream, and the LivePage it drives: rendered once per
counter value, variant and language, served at / with its /fragment, its /events and, where it has one, its chart.

The ledger is asked for its change counter every `interval` seconds (one small SELECT); a page is gathered and
rendered once per counter value and query, then served from memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from schreiber import i18n
from schreiber.i18n import _, ngettext
from schreiber.web.hardening import RETRY_AFTER

# Open /events streams one app keeps at once (each holds a socket, a file of the process: 1,024 by
# default); a page beyond it gets 503 with Retry-After, and its script opens the stream again later.
MAX_STREAMS = 200


def templates() -> Environment:
    """The templates of every page, speaking the request's language (web/hardening.py chose it)."""
    env = Environment(
        loader=PackageLoader("schreiber.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # {{ _("…") }} in the templates, in the language of the request (i18n.speaking, set per request).
    env.install_gettext_callables(_, ngettext, newstyle=False)  # type: ignore[attr-defined]
    env.globals["language"] = i18n.spoken
    from schreiber.web import view

    view.install(env)
    return env


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

    async def now(self) -> int | Response:
        """The counter now, or the 503 a page answers while the ledger is away (a server restarting; it retries)."""
        try:
            return await self.current()
        except Exception as e:
            return PlainTextResponse(
                _("The ledger cannot be read just now ({reason}).").format(reason=e),
                status_code=503,
                headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)},
            )

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
        """The /events route of every live page: a `change` event with the counter at once and on every
        change, a comment after `keepalive` quiet seconds; with `seconds` the stream ends after that long
        (the browser reconnects at once and re-syncs), None keeps it open."""

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


def not_found() -> Response:
    """Starlette's own 404: an address no page of this app has."""
    return PlainTextResponse("Not Found", status_code=404)


class LivePage:
    """A page that follows the ledger's change counter: its HTML rendered once per counter value, variant (what
    the query asks for, as ?wall) and language, and served from memory until the counter moves."""

    # Variants kept at once (`?hands=N` for many N): past it the cache starts again, so memory stays bounded.
    KEPT = 16
    # Whether it serves /chart.svg (the chart of a table page).
    charted = True

    def __init__(self, live: Live, env: Environment) -> None:
        self.live = live
        self.env = env
        self.version: int | None = None
        self.cache: dict[tuple[Any, ...], str] = {}
        self.lock = asyncio.Lock()

    # -- what a page says (its own class) ---------------------------------------------------

    def variant(self, request: Request) -> tuple[Hashable, ...]:
        """What of the query changes the page: the wall-screen look."""
        return ("wall" in request.query_params,)

    def render(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        """The whole page, or its content alone (`fragment`); run in a thread, in the request's language."""
        raise NotImplementedError

    def forget(self) -> None:
        """Let go of what was gathered for the renders just dropped (the counter moved)."""

    async def chart_of(self, request: Request) -> Any:
        """The page whose chart /chart.svg draws (it has `chart(version, compact)`), or None: 404."""
        return None

    # -- served alike -----------------------------------------------------------------------

    async def get(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        """The HTML at this counter value, rendered on the first request for it in this variant and language."""
        key = (variant, fragment, i18n.spoken())  # a page per language: each browser is answered in its own
        async with self.lock:
            if version != self.version:
                self.version, self.cache = version, {}
                self.forget()
            if key not in self.cache:
                if len(self.cache) >= self.KEPT:
                    self.cache = {}
                    self.forget()
                self.cache[key] = await asyncio.to_thread(self.render, version, variant, fragment)
            return self.cache[key]

    async def page(self, request: Request, fragment: bool = False) -> Response:
        version = await self.live.now()
        if isinstance(version, Response):
            return version
        html = await self.get(version, self.variant(request), fragment)
        return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

    async def chart_route(self, request: Request) -> Response:
        """/chart.svg: the chart of the page `chart_of` names, at the counter of now."""
        pages = await self.chart_of(request)
        if pages is None:
            return not_found()
        version = await self.live.now()
        if isinstance(version, Response):
            return version
        svg = await pages.chart(version, request.query_params.get("size") == "phone")
        if svg is None:
            return not_found()
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})

    def routes(self, keepalive: float, stream_seconds: float | None = None, door: Any = None) -> list[Route]:
        """/, /fragment, /events and (where the page has a chart) /chart.svg; `door`: the entry (web/entry.py)
        whose page `/?key=KEY` opens."""

        async def full(request: Request) -> Response:
            if door is not None and "key" in request.query_params:
                return await door.page(request)
            return await self.page(request)

        async def fragment(request: Request) -> Response:
            return await self.page(request, fragment=True)

        return [
            Route("/", full, methods=["GET"]),
            Route("/fragment", fragment, methods=["GET"]),
            Route("/events", self.live.events(keepalive, stream_seconds), methods=["GET"]),
            *([Route("/chart.svg", self.chart_route, methods=["GET"])] if self.charted else []),
        ]
