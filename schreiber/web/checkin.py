"""The door of a season's tournament on `serve --tournament --entry`: the organiser checks players in by
season start number, name (a surname or any part of one, accents folded: ledger/search.py), or by opening
the address a player's card holds (its QR code, read by the phone's own camera), and sees who of the season
is missing, who is in and who is new to the season.

Routes, added to the tournament's app (web/app.py) when it takes entries; who may use them, the gate says
(web/gate.py), and the language is the request's (web/hardening.py):

  GET  /checkin?organiser=KEY   the door list; this browser keeps a token made from the key in a cookie
                                (never the key itself; a new key at the next start of `serve` makes another)
  GET  /checkin?number=N        (with that cookie) shows N with one "Check in" button, as a card's QR code
                                asks; a GET checks no one in
  POST /checkin                 the page's form (who=NUMBER or NAME, new=1 for a new player, sure=1 after
                                the close-name question, token); from the page only (Origin / Sec-Fetch-Site),
                                its body read only after the cookie is checked and only up to MAX_BODY bytes;
                                with `Accept: application/json` the answer is the door as JSON
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, quote

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from schreiber.errors import UserError
from schreiber.i18n import _, ngettext
from schreiber.ledger.names import either
from schreiber.ledger.search import DIGITS, start_number
from schreiber.ledger.season import SeasonEntrant, Seasons
from schreiber.ledger.service import Ledger
from schreiber.ledger.tournament import Tournaments
from schreiber.store.engine import Unavailable
from schreiber.views.season import door_json
from schreiber.web.gate import ORGANISER, Gate, from_other_site, not_the_organiser

# same-origin, not no-referrer: under no-referrer a browser posts the page's own form with `Origin: null`,
# which the check of writes from another site (web/gate.py) refuses. No address of the door holds the key.
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"}
# The form sends a start number or a name and its token: a few hundred bytes. More is not read.
MAX_BODY = 4096


@dataclass(frozen=True)
class Ask:
    """A question before a check-in: which of several players, or a close season player instead of a new name.
    `new` is the name a button registers as new to the season (None: no such button)."""

    question: str
    people: tuple[SeasonEntrant, ...]
    inside: frozenset[int] = field(default_factory=frozenset)
    new: str | None = None
    refused: bool = False


@dataclass(frozen=True)
class Card:
    """The player a card's address names, and whether he is checked in already."""

    person: SeasonEntrant
    inside: bool


def checkin_routes(ledger: Ledger, tournament_id: int, gate: Gate, env: Any) -> list[Route]:
    """The check-in routes of the tournament's app; `gate` knows the organiser's key `serve` printed."""
    seasons = Seasons(ledger)
    token = gate.derived(b"checkin")  # the form's, in the page

    def not_organiser() -> Response:
        return PlainTextResponse(
            _(
                "Check-in is the organiser's: open the organiser's check-in address `serve` printed on this phone first."
            ),
            status_code=403,
            headers=NO_STORE,
        )

    def render(said: str = "", refused: str = "", ask: Ask | None = None, card: Card | None = None) -> str:
        try:
            door = seasons.door(tournament_id)
        except Unavailable:
            raise  # the ledger cannot be read just now: 503 with Retry-After (web/hardening.py)
        except UserError as e:  # a tournament of no season: nobody to check in
            return env.get_template("entry_refused.html").render(sentence=str(e))
        info = Tournaments(ledger).info(tournament_id)
        return env.get_template("checkin.html").render(
            door=door, tournament=info, said=said, refused=refused, ask=ask, card=card, token=token
        )

    def check_in(who: str) -> str:
        """One season player checked in; the sentence to show."""
        done = seasons.checkin([who], tournament_id)
        if done.registered:
            e = done.registered[0]
            return _("{name} ({number}) is checked in.").format(name=e.name, number=e.number)
        e = done.already[0]
        return _("{name} ({number}) was checked in already.").format(name=e.name, number=e.number)

    def at_door(who: str, new: bool, sure: bool) -> str | Ask:
        """What the door does with `who`: the sentence of a check-in, or the question to ask first."""
        if not new and start_number(who) is not None:
            return check_in(who)  # a start number names one player (or is refused): nothing to search
        found = seasons.find(who, tournament_id)
        if new:
            # A new name like a season player's is asked about first: "Oezlem" is most likely Özlem (12).
            near = found.close + tuple(
                e for e in found.found if found.fit is not None and found.fit <= 1 and e not in found.close
            )
            if near and not sure:
                return Ask(_("Did you mean {names}?").format(names=_named(near)), near, found.inside, who)
            entrant = Tournaments(ledger).register([who], tournament_id=tournament_id).entrants[0]
            return _("{name} is new to the season and checked in with start number {number}.").format(
                name=entrant.name, number=entrant.number
            )
        if len(found.found) == 1:
            return check_in(str(found.found[0].number))
        if found.found:
            count = len(found.found)
            return Ask(
                ngettext(
                    "“{typed}” fits {count} player of the season; tap the one at the door.",
                    "“{typed}” fits {count} players of the season; tap the one at the door.",
                    count,
                ).format(typed=who, count=count),
                found.found,
                found.inside,
            )
        if who.isascii() and who.isdigit():
            return check_in(who)  # refused in the ledger's words: more digits than a start number has
        if found.close:
            return Ask(_("Did you mean {names}?").format(names=_named(found.close)), found.close, found.inside, who)
        return Ask(
            _("{typed} is not a player of this season.").format(typed=repr(who)), (), found.inside, who, refused=True
        )

    def card_of(number: str) -> Card:
        """The season player a card's address names; refused when there is none."""
        n = start_number(number)
        if n is None:
            raise UserError(_("number: a season start number has at most {digits} digits.").format(digits=DIGITS))
        door = seasons.door(tournament_id)
        for inside, people in ((True, door.checked_in), (False, door.missing)):
            for e in people:
                if e.number == n:
                    return Card(e, inside)
        raise UserError(_("No player of season {id} has start number {number}.").format(id=door.season.id, number=n))

    async def door(request: Request) -> Response:
        given = request.query_params.get(ORGANISER)
        if given is not None:
            if not await gate.is_organiser(request, given):
                return PlainTextResponse(not_the_organiser(), status_code=403, headers=NO_STORE)
            response = RedirectResponse("/checkin", status_code=303, headers=NO_STORE)
            gate.give_organiser_cookie(response)
            return response
        if not gate.has_organiser_cookie(request):
            return not_organiser()
        number = request.query_params.get("number")
        if number is None:
            said = request.query_params.get("said", "")[:300]  # the sentence of the check-in just made
            return HTMLResponse(await asyncio.to_thread(render, said), headers=NO_STORE)
        # A card's address shows its player and a button; only the button (a POST from this page) checks in.
        try:
            card = await asyncio.to_thread(card_of, number)
        except Unavailable:
            raise  # a passing cause (a full disk, the server restarting): 503 with Retry-After
        except UserError as e:
            return HTMLResponse(await asyncio.to_thread(render, "", str(e)), status_code=404, headers=NO_STORE)
        return HTMLResponse(await asyncio.to_thread(render, "", "", None, card), headers=NO_STORE)

    async def post(request: Request) -> Response:
        wants_json = "application/json" in request.headers.get("accept", "")
        # Who may write is read from the headers: the body of a stranger is never read.
        if not gate.has_organiser_cookie(request):
            await gate.slow_down(request)
            return not_organiser()
        if from_other_site(request):
            return PlainTextResponse(
                _("A page of another site cannot check players in here."), status_code=403, headers=NO_STORE
            )
        body = await _read(request)
        if body is None:
            return PlainTextResponse(
                _("The check-in takes a start number or a name; this was too long."), status_code=413, headers=NO_STORE
            )
        # The form is urlencoded and small (Starlette's own parser needs python-multipart, which schreiber does not ship).
        fields = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        form = {k: v[0] for k, v in fields.items()}
        if not gate.derived_ok(str(form.get("token", "")), b"checkin"):
            await gate.slow_down(request)
            return not_organiser()
        who = " ".join(str(form.get("who", "")).split())
        try:
            if who and not who.isdigit():
                from schreiber.rules.names import player_name

                who = player_name(who, "NAME")  # the sentence of every way a name comes in
            if not who:
                raise UserError(_("Type a start number or a name."))
            said = await asyncio.to_thread(at_door, who, form.get("new") == "1", form.get("sure") == "1")
        except Unavailable:
            raise  # a passing cause (a full disk, the server restarting): 503 with Retry-After
        except UserError as e:
            if wants_json:
                return JSONResponse({"error": str(e)}, status_code=422, headers=NO_STORE)
            return HTMLResponse(await asyncio.to_thread(render, "", str(e)), status_code=422, headers=NO_STORE)
        if isinstance(said, Ask):
            if wants_json:
                people = [
                    {"number": e.number, "name": e.name, "checked_in": e.number in said.inside} for e in said.people
                ]
                return JSONResponse(
                    {"error": said.question, "matches": people, "new": said.new}, status_code=422, headers=NO_STORE
                )
            html = await asyncio.to_thread(render, "", "", said)
            return HTMLResponse(html, status_code=422 if said.refused else 200, headers=NO_STORE)
        if wants_json:
            return JSONResponse(
                door_json(await asyncio.to_thread(seasons.door, tournament_id)) | {"said": said}, headers=NO_STORE
            )
        return RedirectResponse("/checkin?said=" + quote(said), status_code=303, headers=NO_STORE)

    return [Route("/checkin", door, methods=["GET"]), Route("/checkin", post, methods=["POST"])]


def _named(people: tuple[SeasonEntrant, ...]) -> str:
    return either([f"{e.name} ({e.number})" for e in people])


async def _read(request: Request) -> bytes | None:
    """The body, or None when it is longer than MAX_BODY (then no more of it is read)."""
    length = request.headers.get("content-length", "")
    if length and (not length.isascii() or not length.isdigit() or len(length) > 9 or int(length) > MAX_BODY):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return bytes(body)
