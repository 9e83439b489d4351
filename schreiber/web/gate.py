"""Who may write through `serve --entry`: the one gate of the entry page and API, the check-in and the cash.

- a table's key opens that table (`?key=` or `Authorization: Bearer`); no key is 401, a wrong one 403;
- the organiser's key (`?organiser=`, made at each start of `serve`) opens the organiser's page and the cash,
  and sets the check-in's cookie: a token made from the key, never the key itself;
- a page's writes carry a token of the page (a header) signed with the browser's cookie (SameSite=Strict);
- every wrong key or token is compared in constant time, counted per address and answered ever more slowly;
- a write from another site (Origin / Sec-Fetch-Site) is refused before its body is read.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from schreiber.i18n import _
from schreiber.ledger.service import Ledger

# Wrong keys from one address: the first few are answered at once, then each waits twice as long.
FREE_FAILURES = 3
LONGEST_WAIT = 8.0
FORGET_AFTER = 600.0
# Addresses whose wrong keys are remembered at most (the least recent is forgotten first).
REMEMBERED = 10_000
# The query parameter of the organiser's key.
ORGANISER = "organiser"
# The entry page's browser (its writes' tokens are signed with it) and the organiser's check-in phone.
ENTRY_COOKIE = "schreiber_entry"
ORGANISER_COOKIE = "schreiber_organiser"


def from_other_site(request: Any) -> bool:
    """A form or script of another site: the browser says so (Sec-Fetch-Site: cross-site), or the Origin
    it sends is not this server's own."""
    origin = request.headers.get("origin")
    return request.headers.get("sec-fetch-site") == "cross-site" or (
        origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}"
    )


def refused(status: int, sentence: str, **more: Any) -> JSONResponse:
    """A refusal of the JSON routes: the sentence as `error`, never kept by a cache."""
    return JSONResponse({"error": sentence, **more}, status_code=status, headers={"Cache-Control": "no-store"})


def not_the_organiser() -> str:
    """The sentence for a wrong organiser's key, wherever it is given."""
    return _("This is not the organiser's address `serve` printed; ask the organiser for it.")


class Gate:
    """Which table a key opens, whether a key or cookie is the organiser's, whether a page's token is its own;
    wrong keys are remembered per address and slowed down."""

    def __init__(
        self, ledger: Ledger, tables: list[int] | Callable[[], list[int]], organiser: str | None = None
    ) -> None:
        self.ledger = ledger
        # A list, or a function asked at each request (a tournament draws new tables while served).
        self.tables = tables
        self.organiser = organiser
        # Signs the pages' tokens; made anew at each start (a page from before a restart is reloaded).
        self.secret = secrets.token_bytes(32)
        # Address -> (wrong keys, when the last came), the least recent first: bounded by forgetting
        # the oldest, never all at once (a flood of addresses cannot wipe a slowed one's count).
        self.failures: OrderedDict[str, tuple[int, float]] = OrderedDict()

    # -- the slow-down ----------------------------------------------------------------------

    def wait_for(self, address: str) -> float:
        """Seconds the next answer to a wrong key from `address` waits."""
        count, since = self.failures.get(address, (0, 0.0))
        if time.monotonic() - since > FORGET_AFTER:
            count = 0
        return 0.0 if count < FREE_FAILURES else min(LONGEST_WAIT, 0.25 * 2 ** (count - FREE_FAILURES))

    def _failed(self, address: str) -> None:
        count, since = self.failures.get(address, (0, 0.0))
        if time.monotonic() - since > FORGET_AFTER:
            count = 0
        self.failures[address] = (count + 1, time.monotonic())
        self.failures.move_to_end(address)
        while len(self.failures) > REMEMBERED:
            self.failures.popitem(last=False)

    async def slow_down(self, request: Request) -> None:
        """A wrong key from the request's address: counted, and answered ever more slowly."""
        address = request.client.host if request.client else "?"
        wait = self.wait_for(address)
        self._failed(address)
        if wait:
            await asyncio.sleep(wait)

    # -- the tables' keys -------------------------------------------------------------------

    def keys(self) -> dict[int, str]:
        """The entry keys of the tables served, as stored now."""
        return self.ledger.entry_keys(self.tables() if callable(self.tables) else self.tables)

    async def table_of(self, request: Request, header: bool = True) -> int | Response:
        """The table the request's key opens, or the 401 / 403 answer."""
        given = None
        if header:
            auth = request.headers.get("authorization", "")
            if auth.lower().startswith("bearer "):
                given = auth[7:].strip()
        if given is None:
            given = request.query_params.get("key")
        if not given:
            return refused(401, _("This needs the table's key: open the entry address `serve --entry` printed."))
        # Read anew each time: a key replaced by `session key --new` stops working at once.
        keys = await asyncio.to_thread(self.keys)
        found = None
        for table, key in keys.items():  # every key is compared, all the way: no early answer
            if hmac.compare_digest(key.encode(), given.encode()) and found is None:
                found = table
        if found is None:
            await self.slow_down(request)
            return refused(403, _("This key opens no table here; ask for the new entry address."))
        return found

    # -- the organiser ----------------------------------------------------------------------

    async def is_organiser(self, request: Request, given: str) -> bool:
        """Whether `given` is the organiser's key; a wrong one is slowed down as a wrong table key."""
        if hmac.compare_digest(given.encode(), (self.organiser or "").encode()):
            return True
        await self.slow_down(request)
        return False

    def derived(self, purpose: bytes) -> str:
        """A token made from the organiser's key for one purpose: it tells nothing of the key, and changes with it."""
        return hmac.new((self.organiser or "").encode(), purpose, hashlib.sha256).hexdigest()

    def derived_ok(self, given: str, purpose: bytes) -> bool:
        """Whether `given` is the token `derived` makes for `purpose` (a form's, from the page it was made in)."""
        return hmac.compare_digest(given.encode(), self.derived(purpose).encode())

    def has_organiser_cookie(self, request: Request) -> bool:
        """The browser holds the cookie the organiser's key gave it (the check-in's phone)."""
        return self.derived_ok(request.cookies.get(ORGANISER_COOKIE, ""), b"organiser cookie")

    def give_organiser_cookie(self, response: Response) -> None:
        """A token of the key into a cookie of this browser, so a card's address (without the key) opens the door."""
        response.set_cookie(
            ORGANISER_COOKIE, self.derived(b"organiser cookie"), httponly=True, samesite="lax", path="/"
        )

    # -- a page's own writes ----------------------------------------------------------------

    def page_token(self, browser: str) -> str:
        """A token for one page: a fresh nonce, signed together with the browser's cookie."""
        nonce = secrets.token_urlsafe(12)
        return nonce + "." + hmac.new(self.secret, f"{browser}.{nonce}".encode(), "sha256").hexdigest()

    def token_ok(self, request: Request) -> bool:
        """The page's token (a header) was made for the browser's cookie (SameSite=Strict)."""
        sent = request.headers.get("x-schreiber-token", "")
        browser = request.cookies.get(ENTRY_COOKIE, "")
        nonce, __, signature = sent.partition(".")
        if not (nonce and signature and browser):
            return False
        expected = hmac.new(self.secret, f"{browser}.{nonce}".encode(), "sha256").hexdigest()
        return hmac.compare_digest(signature.encode(), expected.encode())
