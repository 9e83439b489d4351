"""The Startgeld on the organiser's page (`serve --tournament --entry`, RULES.md §9): who has not paid yet,
and a tap (confirmed by a second) that records a player's Startgeld as paid.

  POST /cash/pay?organiser=KEY   {"number": N}: N's Startgeld paid, as `tournament pay N`; only with the
                                 organiser's key, from the page itself (no other site), never twice
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.ledger.cashbook import Cash, CashView
from schreiber.ledger.service import Ledger
from schreiber.rules.numbers import LARGEST
from schreiber.rules.model import SettingsError
from schreiber.store.engine import Unavailable
from schreiber.web.body import TooLarge, load_json, read_json_bytes
from schreiber.web.gate import ORGANISER, Gate, from_other_site, not_the_organiser, refused

MAX_BODY = 1000


def cash_view(ledger: Ledger, tournament_id: int) -> CashView | None:
    """The cashbook for the organiser's page, or None when the tournament takes no Startgeld and pays no prize."""
    view = Cash(ledger).book(tournament_id)
    s, d = view.settings, view.design
    prizes = s.preise or s.goods or d.kategorien or d.sonderpreise or d.plus_preis or d.preise_je_tisch
    return view if s.startgeld or prizes or view.prizes_fixed else None


def routes(ledger: Ledger, tournament_id: int, gate: Gate, changed: Callable[[], Awaitable[object]]) -> list[Route]:
    """The organiser's write of the Startgeld; `gate` knows the organiser's key and slows down wrong ones."""

    async def pay(request: Request) -> Response:
        if not await gate.is_organiser(request, request.query_params.get(ORGANISER) or ""):
            return refused(403, not_the_organiser())
        if from_other_site(request):
            return refused(403, _("A page of another site cannot record payments here."))
        try:
            raw = await read_json_bytes(request, MAX_BODY)
        except TooLarge:
            return refused(
                413, _("number: send only the start number, like {example}.").format(example='{"number": 3}')
            )
        try:
            posted = load_json(raw or b"null")
        except ValueError:  # deep nesting too
            posted = None
        number = posted.get("number") if isinstance(posted, dict) else None
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= LARGEST:
            return refused(
                422, _("number: send only the start number, like {example}.").format(example='{"number": 3}')
            )
        try:
            done = await asyncio.to_thread(Cash(ledger).pay, [str(number)], tournament_id=tournament_id)
        except Unavailable:
            raise  # the ledger cannot be written just now: 503 with Retry-After (web/hardening.py)
        except (SettingsError, UserError) as e:
            return refused(422, str(e))
        try:
            await changed()
        except Exception:  # the poller says it when the ledger is away
            pass
        return JSONResponse(
            {"paid": done[0].number, "name": done[0].name, "cents": done[0].cents},
            headers={"Cache-Control": "no-store"},
        )

    return [Route("/cash/pay", pay, methods=["POST"])]
