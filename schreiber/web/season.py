"""The door of a season's tournament on `serve --tournament --entry`: the organiser checks players in by
season start number, name, or by opening the address a player's card holds (its QR code, read by the phone's
own camera), and sees who is in, who of the season is missing and who is new to the season.

Routes, added to the tournament's app (schreiber/web/tournament.py) when it takes entries:

  GET  /checkin?organiser=KEY   the door list; the organiser's key is kept in a cookie of this browser
  GET  /checkin?number=N        (with that cookie) checks N in, as a card's QR code asks: a phone's camera
                                opens it as a typed address; a link from another site checks no one in
  POST /checkin                 the page's form (who=NUMBER or NAME, new=1 for a new player, token); with
                                `Accept: application/json` the answer is the door as JSON
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from schreiber import i18n
from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.ledger.season import Seasons
from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament import Tournaments
from schreiber.views.season import door_json

COOKIE = "schreiber_organiser"
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"}


def checkin_routes(
    ledger: Ledger, tournament_id: int, organiser: str, env: Any, slow_down: Callable[[Request], Awaitable[None]],
) -> list[Route]:
    """The check-in routes of the tournament's app; `organiser` is the key `serve` printed."""
    seasons = Seasons(ledger)
    token = hmac.new(organiser.encode(), b"checkin", hashlib.sha256).hexdigest()

    def is_organiser(request: Request) -> bool:
        return hmac.compare_digest(request.cookies.get(COOKIE, "").encode(), organiser.encode())

    def render(language: str, said: str = "", refused: str = "") -> str:
        with i18n.speaking(language):
            try:
                door = seasons.door(tournament_id)
            except UserError as e:  # a tournament of no season: nobody to check in
                return env.get_template("entry_refused.html").render(sentence=str(e), lang=language)
            info = Tournaments(ledger).info(tournament_id)
            return env.get_template("checkin.html").render(
                door=door, tournament=info, said=said, refused=refused, token=token, lang=language,
            )

    def check_in(who: str, new: bool) -> str:
        """One check-in; the sentence to show."""
        if new:
            entrant = Tournaments(ledger).register([who], tournament_id=tournament_id).entrants[0]
            return _("{name} is new to the season and checked in with start number {number}.").format(name=entrant.name, number=entrant.number)
        done = seasons.checkin([who], tournament_id)
        if done.registered:
            e = done.registered[0]
            return _("{name} ({number}) is checked in.").format(name=e.name, number=e.number)
        e = done.already[0]
        return _("{name} ({number}) was checked in already.").format(name=e.name, number=e.number)

    async def door(request: Request) -> Response:
        language = i18n.from_browser(request.headers.get("accept-language"))
        given = request.query_params.get("organiser")
        if given is not None:
            if not hmac.compare_digest(given.encode(), organiser.encode()):
                await slow_down(request)
                return PlainTextResponse(_("This is not the organiser's address `serve` printed; ask the organiser for it."),
                                         status_code=403, headers=NO_STORE)
            # The key goes into a cookie of this browser, so a card's address (without the key) checks in.
            response = RedirectResponse("/checkin", status_code=303, headers=NO_STORE)
            response.set_cookie(COOKIE, organiser, httponly=True, samesite="lax", path="/")
            return response
        if not is_organiser(request):
            with i18n.speaking(language):
                return PlainTextResponse(
                    _("Check-in is the organiser's: open the organiser's check-in address `serve` printed on this phone first."),
                    status_code=403, headers=NO_STORE)
        number = request.query_params.get("number")
        said = refused = ""
        if number is not None:
            if request.headers.get("sec-fetch-site", "none") not in ("none", "same-origin"):
                # A link on another site: show the door, check no one in.
                number = None
            else:
                with i18n.speaking(language):
                    try:
                        said = await asyncio.to_thread(check_in, number, False)
                    except UserError as e:
                        refused = str(e)
        html = await asyncio.to_thread(render, language, said, refused)
        return HTMLResponse(html, status_code=422 if refused else 200, headers=NO_STORE)

    async def post(request: Request) -> Response:
        language = i18n.from_browser(request.headers.get("accept-language"))
        wants_json = "application/json" in request.headers.get("accept", "")
        # The form is urlencoded and small (Starlette's own parser needs python-multipart, which schreiber does not ship).
        body = await request.body()
        fields = parse_qs(body[:4096].decode("utf-8", "replace"), keep_blank_values=True)
        form = {k: v[0] for k, v in fields.items()}
        if not is_organiser(request) or not hmac.compare_digest(str(form.get("token", "")).encode(), token.encode()):
            await slow_down(request)
            with i18n.speaking(language):
                return PlainTextResponse(_("Check-in is the organiser's: open the organiser's check-in address `serve` printed on this phone first."),
                                         status_code=403, headers=NO_STORE)
        who = " ".join(str(form.get("who", "")).split())
        with i18n.speaking(language):
            try:
                if who and not who.isdigit():
                    from schreiber.rules.names import player_name

                    who = player_name(who, "NAME")  # the sentence of every way a name comes in
                if not who:
                    raise UserError(_("Type a start number or a name."))
                said = await asyncio.to_thread(check_in, who, form.get("new") == "1")
            except UserError as e:
                if wants_json:
                    return JSONResponse({"error": str(e)}, status_code=422, headers=NO_STORE)
                html = await asyncio.to_thread(render, language, "", str(e))
                return HTMLResponse(html, status_code=422, headers=NO_STORE)
        if wants_json:
            return JSONResponse(door_json(await asyncio.to_thread(seasons.door, tournament_id)) | {"said": said}, headers=NO_STORE)
        return RedirectResponse("/checkin?said=" + quote(said), status_code=303, headers=NO_STORE)

    async def door_or_said(request: Request) -> Response:
        said = request.query_params.get("said")
        if said is not None and is_organiser(request) and "number" not in request.query_params:
            language = i18n.from_browser(request.headers.get("accept-language"))
            html = await asyncio.to_thread(render, language, said[:300], "")
            return HTMLResponse(html, headers=NO_STORE)
        return await door(request)

    return [Route("/checkin", door_or_said, methods=["GET"]), Route("/checkin", post, methods=["POST"])]
