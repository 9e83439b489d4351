"""What every answer of `serve` carries, whatever route made it: the browser's language for the
request and the headers that keep a page from being framed, sniffed or fed a script from elsewhere.

One ASGI wrapper around the whole app (the table page, the entry routes, the tournament page, the
static files and the 404s alike), so no route can forget them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from schreiber import i18n

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]]

# Seconds a program waits before it sends the same request (with the same Idempotency-Key) again.
RETRY_AFTER = 2
# Nothing is loaded from elsewhere, nothing inline runs; a data: picture is not needed either.
POLICY = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
HEADERS = (
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


def language_of(scope: Scope) -> str:
    """The language the request's browser asks for (Accept-Language), else the one schreiber started in: decided
    here only, and spoken by every page, template and sentence of the request (Hardened, Front's 421)."""
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            return i18n.from_browser(value.decode("latin-1"))
    return i18n.from_browser(None)


class Hardened:
    """Speaks the browser's language for the whole request, and adds the security headers to every answer."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(
        self, scope: Scope, receive: Callable[[], Awaitable[Message]], send: Callable[[Message], Awaitable[None]]
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def send_hardened(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers") or [])
                have = {name.lower() for name, __ in headers}
                headers += [(name, value) for name, value in HEADERS if name not in have]
                # A page is worded for the browser that asked: a cache must not hand it to another.
                headers.append((b"vary", b"Accept-Language"))
                message["headers"] = headers
            await send(message)

        with i18n.speaking(language_of(scope)):
            try:
                await self.app(scope, receive, send_hardened)
            except Exception:
                if started:  # part of the answer is out: the server can only close the connection
                    raise
                # A defect of schreiber's: the traceback goes to the terminal of `serve`; the browser gets a 500
                # with the same headers as any answer, and the connection stays usable.
                logging.getLogger("schreiber.web").exception(
                    "an answer failed: %s %s", scope.get("method"), scope.get("path")
                )
                await send_hardened(
                    {
                        "type": "http.response.start",
                        "status": 500,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"cache-control", b"no-store")],
                    }
                )
                await send_hardened({"type": "http.response.body", "body": b"Internal Server Error"})


async def ledger_away(request: Any, error: Exception) -> Any:
    """A route that could not read or write the ledger (busy with another writer, its server away, a full
    disk, a read-only file): 503 with Retry-After and the sentence, never a traceback; the page and
    programs try again."""
    from starlette.responses import JSONResponse, PlainTextResponse

    headers = {"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)}
    if request.url.path.startswith(("/api/", "/entry/", "/cash/")) or "application/json" in request.headers.get(
        "accept", ""
    ):
        return JSONResponse({"error": str(error)}, status_code=503, headers=headers)
    return PlainTextResponse(str(error), status_code=503, headers=headers)


async def database_away(request: Any, error: Exception) -> Any:
    """A database error no ledger function put in a sentence: 503 when its cause passes
    (store/engine.py `passing`), else the defect it is (a 500, web/hardening.py `Hardened`)."""
    from schreiber.i18n import _
    from schreiber.store.engine import database_error, passing

    if not passing(error):  # type: ignore[arg-type]
        raise error
    return await ledger_away(request, database_error(error, _("the ledger could not be read or written")))  # type: ignore[arg-type]


def exception_handlers() -> dict[Any, Any]:
    """The app's answers to errors its routes do not catch themselves."""
    from sqlalchemy.exc import DBAPIError

    from schreiber.store.engine import LedgerError

    return {LedgerError: ledger_away, DBAPIError: database_away}
