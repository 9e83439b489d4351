"""The sheet form on the organiser's page (`serve --tournament --entry`, issue 41): a table's paper sheet typed in
seat order, checked as it is typed by the checks `tournament result` makes, and stored through the same service
(Tournaments.result); a table with its sheet asks first and then replaces it, as `result --replace`.

Routes, added to the tournament's app (web/app.py) when it takes entries; who may use them, the gate says:

  GET  /sheet?organiser=KEY[&round=R&table=T]   this browser keeps a token made from the key (as the check-in)
  GET  /sheet[?round=R&table=T]                  (with that cookie) the form of that table, as a printed sheet's
                                                 QR code opens it; without round and table the next table to type
  POST /sheet/check                              the typed sheet (JSON) checked, nothing stored: {"ok"} or {"error"}
  POST /sheet                                    the sheet stored; {"request": KEY} answers a resend of the same
                                                 form again without storing twice; {"replace": true} replaces
  POST /sheet/choose                             double entry: {"round", "table", "entry": 1|2} the organiser
                                                 decides a sheet of the queue for the entry chosen, as --replace
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.ledger.service import Ledger
from schreiber.ledger.sheet_form import FormTable, form_table, rounds, typed
from schreiber.ledger.tournament import Tournaments
from schreiber.rules.numbers import LARGEST, whole
from schreiber.rules.model import SettingsError
from schreiber.store.engine import Unavailable
from schreiber.web.body import TooLarge, load_json, read_json_bytes
from schreiber.web.gate import ORGANISER, Gate, from_other_site, refused

# The page: same-origin, so that its own writes carry an Origin (as the check-in, web/checkin.py).
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"}
JSON_NO_STORE = {"Cache-Control": "no-store"}
# A sheet of six players with every count: a few hundred bytes. More is not read.
MAX_BODY = 4096
# Request keys remembered with their answers (the least recent is forgotten first).
REMEMBERED = 2000
COUNTS = ("soli", "won", "lost")


class Bad(ValueError):
    """A form that is not a sheet: the one sentence saying what is wrong."""


def not_organiser_sentence() -> str:
    return _("The sheet form is the organiser's: open the organiser's address `serve` printed on this device first.")


def _number(value: Any, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= LARGEST:
        raise Bad(_("{what}: give a whole number from {least} to {most}.").format(what=what, least=least, most=LARGEST))
    return value


def _values(posted: dict[str, Any], key: str, table: FormTable, least: int) -> list[int]:
    values = posted.get(key)
    if values is None and key != "points":
        return [0] * len(table.players)
    if not isinstance(values, list) or len(values) != len(table.players):
        raise Bad(
            _("{what}: give {count} values, one for each player in seat order.").format(
                what=key, count=len(table.players)
            )
        )
    return [_number(v, key, least) for v in values]


def _where(posted: Any) -> tuple[int, int]:
    if not isinstance(posted, dict):
        raise Bad(_("Send the sheet as the form does: round, table and the points in seat order."))
    return _number(posted.get("round"), "round", 1), _number(posted.get("table"), "table", 1)


def sheet_routes(
    ledger: Ledger, tournament_id: int, gate: Gate, env: Any, changed: Callable[[], Awaitable[object]]
) -> list[Route]:
    """The sheet form's routes; `gate` knows the organiser's key and slows down wrong ones."""
    tournaments = Tournaments(ledger)
    token = gate.derived(b"sheet")  # the form's, in the page
    answered: OrderedDict[str, tuple[str, int, dict[str, Any]]] = OrderedDict()

    def render(round_: int | None, table: int | None, refusal: str = "") -> tuple[str, int]:
        drawn = rounds(ledger, tournament_id)
        info = tournaments.info(tournament_id)
        if round_ is None and drawn:
            round_ = max(drawn)
        if table is None and round_ in drawn:
            open_tables = [-n for n in drawn[round_] if n < 0]
            table = open_tables[0] if open_tables else None
        form = None
        status = 200
        if round_ is not None and table is not None and not refusal:
            try:
                if round_ not in drawn:
                    raise SettingsError(
                        _("round: {count} rounds are drawn, not {round}.").format(count=len(drawn), round=round_)
                    )
                form = form_table(ledger, tournament_id, round_, table)
            except UserError as e:  # SettingsError too
                refusal, status = str(e), 404
        html = env.get_template("sheet.html").render(
            tournament=info,
            drawn=drawn,
            chosen_round=round_,
            chosen_table=table,
            form=form,
            refused=refusal,
            queue=tournaments.queue(tournament_id),
            unconfirmed=tournaments.unconfirmed(tournament_id),
            token=token,
            words=_words(),
        )
        return html, status

    async def page(request: Request) -> Response:
        given = request.query_params.get(ORGANISER)
        where = {k: request.query_params[k] for k in ("round", "table") if k in request.query_params}
        if given is not None:
            if not await gate.is_organiser(request, given):
                return PlainTextResponse(not_organiser_sentence(), status_code=403, headers=NO_STORE)
            response = RedirectResponse(
                "/sheet" + ("?" + urlencode(where) if where else ""), status_code=303, headers=NO_STORE
            )
            gate.give_organiser_cookie(response)
            return response
        if not gate.has_organiser_cookie(request):
            return PlainTextResponse(not_organiser_sentence(), status_code=403, headers=NO_STORE)
        round_, table = (whole(where.get(k, "")) for k in ("round", "table"))
        refusal = ""
        if any(k in where and v is None for k, v in zip(("round", "table"), (round_, table))):
            refusal = _("round and table: give each as a whole number, as the sheet's QR code does.")
        html, status = await asyncio.to_thread(render, round_, table, refusal)
        return HTMLResponse(html, status_code=422 if refusal else status, headers=NO_STORE)

    async def guarded(request: Request) -> dict[str, Any] | Response:
        """The posted form, once the cookie, the site and the form's token are the organiser's."""
        if not gate.has_organiser_cookie(request):
            await gate.slow_down(request)
            return refused(403, not_organiser_sentence())
        if from_other_site(request):
            return refused(403, _("A page of another site cannot enter sheets here."))
        if not gate.derived_ok(request.headers.get("x-schreiber-token", ""), b"sheet"):
            await gate.slow_down(request)
            return refused(403, not_organiser_sentence())
        try:
            raw = await read_json_bytes(request, MAX_BODY)
        except TooLarge:
            return refused(413, _("The sheet is too large (at most {count} bytes).").format(count=MAX_BODY))
        try:
            posted = load_json(raw or b"null")
        except ValueError:
            posted = None
        if not isinstance(posted, dict):
            return refused(422, _("Send the sheet as the form does: round, table and the points in seat order."))
        return posted

    def read(posted: dict[str, Any]) -> tuple[FormTable, Any]:
        round_, table = _where(posted)
        if round_ not in rounds(ledger, tournament_id):
            raise Bad(_("round: no round {round} is drawn.").format(round=round_))
        form = form_table(ledger, tournament_id, round_, table)
        points = _values(posted, "points", form, -LARGEST)
        counts = [_values(posted, key, form, 0) for key in COUNTS]
        thrown = _number(posted.get("thrown", 0), "thrown", 0)
        return form, typed(form, points, *counts, thrown)

    def check(posted: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        form, sheet = read(posted)
        done = tournaments.result(
            form.round, form.table, sheet, replace=form.sheet is not None, tournament_id=tournament_id, dry_run=True
        )
        if done.refused:
            return 422, {"error": done.refused}
        return 200, {"ok": True, "sum": sum(points for _name, points in sheet.points)}

    def store(posted: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        form, sheet = read(posted)
        replace = posted.get("replace") is True
        if form.sheet is not None and not replace:
            return 409, {
                "error": _(
                    "Round {round} table {table} has its sheet already; replace it? (The old one is kept.)"
                ).format(round=form.round, table=form.table),
                "replace": True,
            }
        done = tournaments.result(
            form.round, form.table, sheet, replace=replace and form.sheet is not None, tournament_id=tournament_id
        )
        lines = [{"number": line.number, "name": line.name, "points": line.points} for line in done.sheet.lines]
        body = {"stored": True, "round": form.round, "table": form.table, "replaced": replace, "lines": lines}
        return 200, body | _double(done, form.round, form.table)

    def choose(posted: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        round_, table = _where(posted)
        entry = _number(posted.get("entry"), "entry", 1)
        if round_ not in rounds(ledger, tournament_id):
            raise Bad(_("round: no round {round} is drawn.").format(round=round_))
        form = form_table(ledger, tournament_id, round_, table)
        kept = tournaments.entries(round_, table, tournament_id)
        if len(kept) < 2:
            raise Bad(
                _("Round {round} table {table} has no two entries that differ; nothing to choose.").format(
                    round=round_, table=table
                )
            )
        if entry > len(kept):
            raise Bad(_("entry: give 1 or 2, the entry that counts."))
        by_name = {line[1]: line for line in kept[entry - 1]["lines"]}
        columns = [[by_name[name][column] for name in form.players] for column in (2, 3, 4, 5)]
        sheet = typed(form, *columns, kept[entry - 1]["thrown"])
        done = tournaments.result(round_, table, sheet, replace=True, tournament_id=tournament_id)
        body = {"stored": True, "round": round_, "table": table, "entry": entry}
        return 200, body | _double(done, round_, table)

    async def answer(request: Request, act: Callable[[dict[str, Any]], tuple[int, dict[str, Any]]]) -> Response:
        posted = await guarded(request)
        if isinstance(posted, Response):
            return posted
        key = posted.pop("request", None)
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= 100):
            return refused(422, _("request: send the form's own request key, as the page does."))
        digest = hashlib.sha256(repr(sorted(posted.items())).encode()).hexdigest()  # what was sent, key order aside
        if key is not None and key in answered:
            seen, status, body = answered[key]
            if seen != digest:
                return refused(422, _("request: this key came with another sheet before; send the form again."))
            return JSONResponse(body | {"again": True}, status_code=status, headers=JSON_NO_STORE)
        try:
            status, body = await asyncio.to_thread(act, posted)
        except Unavailable:
            raise  # the ledger cannot be written just now: 503 with Retry-After (web/hardening.py)
        except (Bad, UserError) as e:  # SettingsError too
            return refused(422, str(e))
        if key is not None and status == 200:
            answered[key] = (digest, status, body)
            while len(answered) > REMEMBERED:
                answered.popitem(last=False)
        if body.get("stored"):
            try:
                await changed()
            except Exception:  # the poller says it when the ledger is away
                pass
        return JSONResponse(body, status_code=status, headers=JSON_NO_STORE)

    async def check_route(request: Request) -> Response:
        return await answer(request, check)

    async def store_route(request: Request) -> Response:
        return await answer(request, store)

    async def choose_route(request: Request) -> Response:
        return await answer(request, choose)

    return [
        Route("/sheet", page, methods=["GET"]),
        Route("/sheet/choose", choose_route, methods=["POST"]),
        Route("/sheet", store_route, methods=["POST"]),
        Route("/sheet/check", check_route, methods=["POST"]),
    ]


def _double(done: Any, round_: int, table: int) -> dict[str, Any]:
    """With double entry: what this entry did (`double`: first, agree, differ, decided) and the sentence saying it;
    `waiting` while the sheet does not count yet."""
    if done.double is None:
        return {}
    said = {
        "first": _("Entry 1 of 2 for round {round} table {table} stored; waiting for the second."),
        "agree": _("Round {round} table {table}: the entries agree, the sheet counts."),
        "decided": _("Round {round} table {table}: the organiser decides, this sheet counts."),
        "differ": _("Round {round} table {table}: the entries differ ({fields}); the sheet waits in the queue."),
    }[done.double].format(round=round_, table=table, fields="; ".join(done.differences))
    return {"double": done.double, "message": said, "waiting": done.double in ("first", "differ")}


def _words() -> dict[str, str]:
    """What the page's script says, in the request's language."""
    return {
        "sum": _("Sum: {sum}"),
        "fits": _("The sheet fits the rules."),
        "sending": _("Sending …"),
        "stored": _("Round {round} table {table}: the sheet is stored."),
        "replaced": _("Round {round} table {table}: the sheet is replaced (the old one is kept)."),
        "replace": _("Replace the sheet"),
        "away": _("The server cannot be reached; the sheet is not stored yet. Send it again."),
        "choosing": _("Choosing …"),
    }
