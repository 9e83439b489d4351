"""The Startgeld on the organiser's page (`serve --tournament --entry`, RULES.md §9): who has not paid yet,
and a tap (confirmed by a second) that records a player's Startgeld as paid.

  POST /cash/pay?organiser=KEY   {"number": N}: N's Startgeld paid, as `tournament pay N`; only with the
                                 organiser's key, from the page itself (no other site), never twice
"""

from __future__ import annotations

import asyncio
import hmac
import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.ledger.cashbook import Cash, CashView
from schreiber.ledger.service import Ledger
from schreiber.rules.model import SettingsError

MAX_BODY = 1000


def cash_view(ledger: Ledger, tournament_id: int) -> CashView | None:
    """The cashbook for the organiser's page, or None when the tournament takes no Startgeld and pays no prize."""
    view = Cash(ledger).book(tournament_id)
    return view if view.settings.startgeld or view.settings.preise or view.prizes_fixed else None


def _refused(status: int, sentence: str) -> Response:
    return JSONResponse({"error": sentence}, status_code=status, headers={"Cache-Control": "no-store"})


def routes(ledger: Ledger, tournament_id: int, organiser: str, gate: Any, changed: Callable[[], Awaitable[Any]]) -> list[Route]:
    """The organiser's write of the Startgeld; `gate` slows down wrong keys as the tables' gate does."""

    async def pay(request: Request) -> Response:
        given = request.query_params.get("organiser") or ""
        if not hmac.compare_digest(given.encode(), organiser.encode()):
            await gate.slow_down(request)
            return _refused(403, _("This is not the organiser's address `serve` printed; ask the organiser for it."))
        origin = request.headers.get("origin")
        if request.headers.get("sec-fetch-site") == "cross-site" or (
            origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}"
        ):
            return _refused(403, _("A page of another site cannot record payments here."))
        raw = await request.body()
        if len(raw) > MAX_BODY:
            return _refused(413, _("number: send only the start number, like {example}.").format(example='{"number": 3}'))
        try:
            number = json.loads(raw or b"null").get("number")
        except (ValueError, AttributeError):
            number = None
        if isinstance(number, bool) or not isinstance(number, int):
            return _refused(422, _("number: send only the start number, like {example}.").format(example='{"number": 3}'))
        try:
            done = await asyncio.to_thread(Cash(ledger).pay, [str(number)], tournament_id=tournament_id)
        except (SettingsError, UserError) as e:
            return _refused(422, str(e))
        try:
            await changed()
        except Exception:  # the poller says it when the ledger is away
            pass
        return JSONResponse({"paid": done[0].number, "name": done[0].name, "cents": done[0].cents}, headers={"Cache-Control": "no-store"})

    return [Route("/cash/pay", pay, methods=["POST"])]
