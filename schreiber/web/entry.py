"""Recording hands from a phone (`serve --entry`): the entry page, its state and the JSON API.

Routes, added to the read-only app only when `serve` runs with `--entry`:

  /?key=KEY             the entry page of the table KEY belongs to (mobile first, one hand at a time)
  /entry/state?key=KEY  what the page shows before a hand: players, dealer, sitting out, hand types
  POST /entry/hands|undo|void|restore?key=KEY
                        the page's own writes: the key, and the page's token (header and cookie)
  POST /api/hands       JSON API of CLI.md: the key in `Authorization: Bearer KEY` or `?key=KEY`
  POST /api/undo

Security (web/gate.py): only a request with a table's key writes, and only to that table. No key is 401, a
wrong one 403, both after a constant-time comparison; repeated wrong keys from one address are
answered ever more slowly. Keys appear in no log and no error. The page's writes also carry a
token of the page in a header and in a SameSite=Strict cookie, and a request from another site
(Origin / Sec-Fetch-Site) is refused. Bodies over MAX_BODY bytes are 413.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import secrets
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from schreiber.entry import LARGEST, from_body
from schreiber.i18n import _, ngettext
from schreiber.ledger.place import place_of
from schreiber.ledger.requests import Replayed, Undone
from schreiber.ledger.service import Ledger
from schreiber.ledger.tables.hands import Moved
from schreiber.errors import UserError
from schreiber.rules import declared
from schreiber.rules.table import EntryForm
from schreiber.store.engine import Unavailable
from schreiber.web.body import TooDeep, TooLarge, load_json, read_json_bytes
from schreiber.web.gate import ENTRY_COOKIE, Gate, from_other_site
from schreiber.web.gate import refused as _refused
from schreiber.web.hardening import RETRY_AFTER
from schreiber.web.words import labels, page_describe, page_sentence, type_name
from schreiber.views.payloads import hand_json

MAX_BODY = 16 * 1024

# Augen of all the cards, and the values a phone offers as one tap, by the rule set's family.
QUICK = {
    120: (0, 30, 31, 60, 61, 90, 91, 120),
    48: (0, 12, 13, 24, 25, 36, 37, 48),
    240: (0, 90, 120, 121, 151, 181, 211, 240),
}


def _busy(error: Exception) -> JSONResponse:
    """The ledger is busy with another writer (or its server away): 503, try again — not a refusal."""
    return JSONResponse(
        {"error": str(error)}, status_code=503, headers={"Cache-Control": "no-store", "Retry-After": str(RETRY_AFTER)}
    )


async def _body(request: Request) -> dict[str, Any] | Response:
    """The JSON object posted, or the 413 / 422 answer; never more than MAX_BODY bytes are read."""
    try:
        raw = await read_json_bytes(request, MAX_BODY)
    except TooLarge:
        return _refused(413, _("The request is too large (at most {count} bytes).").format(count=MAX_BODY))
    if not raw.strip():
        return {}
    try:
        posted = load_json(raw)
    except TooDeep:
        return _refused(422, _("The body is nested too deeply; send one flat JSON object."))
    except ValueError:
        return _refused(
            422,
            _("The body must be one JSON object, like {example}.").format(
                example='{"type": "rufspiel", "player": "Anna"}'
            ),
        )
    if not isinstance(posted, dict):
        return _refused(
            422,
            _("The body must be one JSON object, like {example}.").format(
                example='{"type": "rufspiel", "player": "Anna"}'
            ),
        )
    return posted


def body_hash(body: Any) -> str:
    """The sha256 of the body's canonical JSON (keys sorted, no spaces, ASCII), kept with its
    Idempotency-Key: the same hand sent again hashes the same whatever order or spacing it came in."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def page_json(value: Any) -> str:
    """JSON to put inside a page's <script>: nothing in it can end the script or open a tag."""
    text = json.dumps(value, ensure_ascii=False)
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class Entry:
    """The entry routes for the tables the gate's keys open (web/gate.py)."""

    def __init__(
        self, ledger: Ledger, gate: Gate, env: Any, changed: Callable[[], Awaitable[Any]] | None = None
    ) -> None:
        self.ledger = ledger
        # Told after each write, so every open page hears of it at once rather than at the next poll.
        self.changed = changed
        self.gate = gate
        self.env = env

    # -- what the page shows ----------------------------------------------------------------

    def state(self, table_id: int, view: Any = None) -> dict[str, Any]:
        """The table as the page needs it before the next hand (`view`: the table as a write left it)."""
        if view is None:
            view = self.ledger.table(table_id)
        info, rules, settings = view.table, view.rules, view.table.settings
        played = Counter(h.hand.type for h in view.hands)
        playable = getattr(rules, "playable_types", None)  # Buchstaben: the types depend on how many play
        # The rule set's own order, always: a thumb finds a type where it was (a reload keeps it too).
        types = [t for t in rules.types if playable is None or t in playable(view.state)]
        total = rules.augen_total
        restorable = self.ledger.set_aside(table_id)
        # A tournament's table is named in the reader's language, not in the one its stored name was drawn in.
        where = place_of(self.ledger, table_id)
        return {
            "table": info.id,
            "title": where.tournament if where else info.name or _("Session {id}").format(id=info.id),
            "place": _("Round {round} · Table {table}").format(round=where.round, table=where.table) if where else None,
            "rules": info.rules,
            "players": list(info.players),
            "seated": list(view.state.players),
            "next_number": (view.hands[-1].number + 1) if view.hands else 1,
            "dealer": view.next_dealer,
            "sitting_out": list(view.state.sitting_out),
            "types": [
                {
                    "type": t,
                    "name": type_name(t),
                    "label": page_sentence(_(rules.types[t]), rules.types),
                    "options": sorted(rules.options_for(t, settings)),
                    "played": played[t],
                    "form": rules.entry_form(t) if isinstance(rules, EntryForm) else {},
                }
                for t in types
            ],
            "augen_total": total,
            "quick": list(getattr(rules, "quick_augen", None) or QUICK[total]),
            "suits": list(getattr(rules, "suits", ())),
            "sauen": list(getattr(rules, "sauen", ())),
            "totals": dict(view.totals),
            "status": list(view.status),
            "closed": info.closed,
            # The table has played its series: the page shows this instead of the next hand, and no form.
            "ended": view.ended,
            "hands": [
                {
                    "number": h.number,
                    "description": page_describe(h.hand),
                    "formula": h.payout.formula,
                    "payouts": dict(h.payout.points),
                    "dealer": h.dealer,
                }
                for h in reversed(view.hands[-8:])
            ],
            "restorable": restorable[-8:],
        }

    def _recorded(self, table_id: int, number: int) -> dict[str, Any]:
        """The body of `show N --format json` for hand `number` as the table stands now."""
        hand_view, view = self.ledger.show(number, table_id)
        return hand_json(hand_view, view)

    # -- handlers ---------------------------------------------------------------------------

    async def _guarded(
        self, request: Request, act: Callable[[int, dict[str, Any]], Awaitable[Response]], page: bool
    ) -> Response:
        if page:
            refused = _cross_site(request)
            if refused is not None:
                return refused
        table = await self.gate.table_of(request, header=not page)
        if isinstance(table, Response):
            return table
        if page and not self.gate.token_ok(request):
            return _refused(403, _("This page has expired; reload it and enter the hand again."))
        body = await _body(request)
        if isinstance(body, Response):
            return body
        answer = await act(table, body)
        if page and 400 <= answer.status_code < 500 and isinstance(answer, JSONResponse):
            return await asyncio.to_thread(self._worded_for_page, table, answer)
        return answer

    def _worded_for_page(self, table: int, answer: JSONResponse) -> JSONResponse:
        """A refusal in the page's words: the fields it shows for the options of the command line."""
        said = json.loads(bytes(answer.body))
        said["error"] = page_sentence(said["error"], self.ledger.table(table).rules.types)
        return JSONResponse(
            said,
            status_code=answer.status_code,
            headers={k: v for k, v in answer.headers.items() if k in ("cache-control", "retry-after")},
        )

    async def record(self, table: int, body: dict[str, Any], request: Request, page: bool = False) -> Response:
        """Record a hand: 201 and the body of `show N --format json` (the page also gets the table's
        state after it, so it needs no second request)."""
        request_key = request.headers.get("idempotency-key") or None
        if request_key is not None and len(request_key) > 100:
            return _refused(422, _("Idempotency-Key takes at most 100 characters."))
        try:
            hand, extras = from_body(body)
            view = await asyncio.to_thread(
                self.ledger.add,
                hand,
                table,
                expect_number=extras.get("expect_number"),
                request_key=request_key,
                request_hash=body_hash(body) if request_key is not None else None,
            )
        except Undone as undone:
            # The page offers to record the hand again, under a new key, as the next hand.
            try:
                next_number = (await asyncio.to_thread(self.state, table))["next_number"]
            except Unavailable as e:
                return _busy(e)
            return _refused(409, str(undone), undone=undone.number, next_number=next_number)
        except Replayed as again:
            view = again.view
            hand_view = next((h for h in view.hands if h.number == again.number), None)
            if hand_view is None:  # a request answered before revision 0012, its hand voided since
                return _refused(
                    409,
                    _(
                        "This request recorded hand {number}, which was voided since; nothing was recorded again."
                    ).format(number=again.number),
                )
        except Moved as moved:
            try:
                there = await asyncio.to_thread(self._recorded, table, moved.expected)
            except Unavailable as e:
                return _busy(e)
            except UserError:  # recorded by another device and voided again since
                return _refused(
                    409,
                    _("hand {number} was voided after this page loaded.").format(number=moved.expected),
                    next_number=moved.next_number,
                )
            return _refused(409, str(moved), hand=there, next_number=moved.next_number)
        except Unavailable as e:
            return _busy(e)
        except UserError as e:
            return _refused(422, str(e))
        else:
            hand_view = view.hands[-1]
            await self._tell()
        shown = hand_json(hand_view, view)
        if page:
            said = []
            if (
                hand_view.payout.soloist is not None
                and hand_view.dealer == view.next_dealer
                and hand_view is view.hands[-1]
                and not view.ended
            ):
                # As `add` says it: the table keeps the dealer after a solo.
                said.append(_("Solo: {name} deals again").format(name=hand_view.dealer))
            shown = {"hand": shown, "state": await asyncio.to_thread(self.state, table, view), "said": said}
        return JSONResponse(shown, status_code=201, headers={"Cache-Control": "no-store"})

    async def _tell(self) -> None:
        if self.changed is not None:
            try:
                await self.changed()
            except Exception:  # the poller says it when the ledger is away
                pass

    async def undo(self, table: int, body: dict[str, Any]) -> Response:
        try:
            undone, __ = await asyncio.to_thread(self.ledger.undo, table)
        except Unavailable as e:
            return _busy(e)
        except UserError as e:
            return _refused(422, str(e))
        await self._tell()
        return JSONResponse({"voided": undone.number}, headers={"Cache-Control": "no-store"})

    async def void_or_restore(self, table: int, body: dict[str, Any], restore: bool) -> Response:
        number = body.get("number")
        if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= LARGEST:
            return _refused(
                422, _("number: name the hand by its number, like {example}.").format(example='{"number": 3}')
            )
        try:
            if restore:
                done, __ = await asyncio.to_thread(self.ledger.restore, number, table)
            else:
                done, __ = await asyncio.to_thread(self.ledger.void, number, table)
        except Unavailable as e:
            return _busy(e)
        except UserError as e:
            return _refused(422, str(e))
        await self._tell()
        return JSONResponse({"restored" if restore else "voided": done.number}, headers={"Cache-Control": "no-store"})

    # -- the page ---------------------------------------------------------------------------

    async def page(self, request: Request) -> Response:
        table = await self.gate.table_of(request, header=False)
        if isinstance(table, Response):
            sentence = json.loads(bytes(table.body))["error"]
            html = self.env.get_template("entry_refused.html").render(sentence=sentence)
            return HTMLResponse(html, status_code=table.status_code, headers={"Cache-Control": "no-store"})
        state = await asyncio.to_thread(self.state, table)
        browser = request.cookies.get(ENTRY_COOKIE) or secrets.token_urlsafe(18)
        token = self.gate.page_token(browser)
        address = f"{request.url.scheme}://{request.url.netloc}/?key={request.query_params['key']}"
        html = self.env.get_template("entry.html").render(
            state=state,
            state_json=page_json(state),
            token=token,
            qr=qr_svg(address),
            labels_json=page_json(_labels()),
            facts_json=page_json(page_facts()),
        )
        response = HTMLResponse(html, headers={"Cache-Control": "no-store"})
        response.set_cookie(ENTRY_COOKIE, browser, httponly=True, samesite="strict", path="/")
        return response

    async def state_route(self, request: Request) -> Response:
        table = await self.gate.table_of(request)
        if isinstance(table, Response):
            return table
        return JSONResponse(await asyncio.to_thread(self.state, table), headers={"Cache-Control": "no-store"})

    def routes(self) -> list[Route]:
        def writer(
            act: Callable[..., Awaitable[Response]], page: bool, **more: Any
        ) -> Callable[[Request], Awaitable[Response]]:
            async def handle(request: Request) -> Response:
                return await self._guarded(request, lambda table, body: act(table, body, **more), page)

            return handle

        async def record_api(request: Request) -> Response:
            return await self._guarded(request, lambda table, body: self.record(table, body, request), page=False)

        async def record_page(request: Request) -> Response:
            return await self._guarded(
                request, lambda table, body: self.record(table, body, request, page=True), page=True
            )

        return [
            Route("/api/hands", record_api, methods=["POST"]),
            Route("/api/undo", writer(self.undo, page=False), methods=["POST"]),
            Route("/entry/state", self.state_route, methods=["GET"]),
            Route("/entry/hands", record_page, methods=["POST"]),
            Route("/entry/undo", writer(self.undo, page=True), methods=["POST"]),
            Route("/entry/void", writer(self.void_or_restore, page=True, restore=False), methods=["POST"]),
            Route("/entry/restore", writer(self.void_or_restore, page=True, restore=True), methods=["POST"]),
        ]


def _cross_site(request: Request) -> Response | None:
    """A write of the page must come from the page: not from another site's form or script."""
    if from_other_site(request):
        return _refused(403, _("A page of another site cannot record hands here."))
    return None


@functools.lru_cache(maxsize=256)  # a tournament's organiser page shows one per table
def qr_svg(address: str) -> str:
    """The entry address as an SVG QR code (made once per address: it takes a few milliseconds)."""
    import segno

    return segno.make(address, error="m").svg_inline(scale=4, dark="#000", light="#fff", border=2)


def page_facts() -> list[dict[str, Any]]:
    """The facts a hand type may take, as the page enters them (rules/declared.py), in the order it shows
    them: the kind says how; the choices come with the words their buttons show."""
    shown = labels()
    out = []
    for fact in sorted((f for f in declared.DECLARED if not f.every), key=lambda f: f.page):
        said: dict[str, Any] = {
            "name": fact.name,
            "kind": fact.kind,
            "key": fact.key,
            "label": shown[fact.name],
            "most": fact.most,
        }
        if fact.off:
            said["choices"] = [["true", _(fact.name)], ["false", _(fact.off)]]  # won, lost
        elif fact.choices:
            # A button for each value, named by its longest word (0: schwarz), as a field names it if one does.
            words: dict[Any, list[str]] = {}
            for word, value in fact.choices:
                words.setdefault(value, []).append(word)
            said["choices"] = [[w[0], shown.get(max(w, key=len), max(w, key=len))] for w in words.values()]
        if fact.among:
            said["among"] = fact.among
        if fact.apart:
            said["apart"] = True
        out.append(said)
    return out


def _labels() -> dict[str, str]:
    """The words the page's script shows, in the request's language (facts keep their German names)."""
    return {
        **labels(),
        "won_": _("won"),
        "lost": _("lost"),
        "record": _("Record hand {number}"),
        "again": _("Record it as hand {number}"),
        "confirm_undo": _("Void hand {number} ({hand})?"),
        "confirm_void": _("Void hand {number}?"),
        "confirm_restore": _("Restore hand {number}?"),
        "yes": _("Yes"),
        "no": _("No"),
        "void": _("Void"),
        "restore": _("Restore"),
        "void_hand": _("Hand {number} (void)"),
        "hand": _("hand"),
        "total": _("total"),
        "hand_number": _("Hand {number}"),
        "deals": _("{name} deals"),
        "sits_out": ngettext("{names} sits out", "{names} sit out", 1),
        "sit_out": ngettext("{names} sits out", "{names} sit out", 2),
        "next_dealer": _("Next dealer: {name}"),
        "recorded": _("Hand {number}: {hand} — {formula}"),
        "offline": _("No answer from the table's computer; nothing was recorded. Try again."),
        "voided": _("Hand {number} is void."),
        "restored": _("Hand {number} restored."),
        "augen_sum": _("Together {sum} of {total}"),
    }


def not_allowed() -> list[Route]:
    """Without `--entry` the API's paths exist, and refuse every method: the page never writes."""

    async def refuse(request: Request) -> Response:
        return Response("Method Not Allowed", status_code=405, media_type="text/plain", headers={"Allow": ""})

    every = ["GET", "POST", "PUT", "PATCH", "DELETE"]
    return [Route(path, refuse, methods=every) for path in ("/api/hands", "/api/undo")]
