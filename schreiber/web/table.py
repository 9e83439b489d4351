"""The read-only scoreboard of a table or a season's scope (`serve`, and each table of `serve --tournament`).

/            the whole page (``?hands=all`` every hand of the table, ``?wall`` the wall-screen look)
/fragment    the page's content alone, fetched by the page when the ledger changed
/events      Server-Sent Events: ``change`` with the ledger's change counter, at once and on every change
/chart.svg   the chart of `schreiber chart` for the same scope (where that module is installed)
/stats       a season's statistics section (`schreiber stats`), fetched by the page after its content
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from schreiber import i18n
from schreiber.ledger.reports import Scope
from schreiber.ledger.service import Ledger
from schreiber.rules.numbers import whole
from schreiber.web import data
from schreiber.web.live import Live, LivePage


def recent(request: Request) -> int | None:
    """How many hands the table page lists: `?hands=all`, `?hands=N`, else the latest RECENT."""
    value = request.query_params.get("hands")
    if value == "all":
        return None
    # Any other value (a word, 0, a number of thousands of digits) shows the latest RECENT.
    return whole(value, 100_000) or data.RECENT


class TablePages(LivePage):
    """A table's page (or a season scope's), its hands' rows, its chart and its statistics, each made once per
    counter value."""

    def __init__(
        self,
        live: Live,
        env: Environment,
        ledger: Ledger,
        scope: Scope,
        place: Callable[[], tuple[int, int, int, str] | None] | None = None,
    ) -> None:
        super().__init__(live, env)
        self.ledger = ledger
        self.scope = scope
        # A tournament's table: (round, table, hands to play, tournament), said above everything else on its page.
        self.place = place
        self.gathered: dict[tuple[int | None, str], Any] = {}
        self.rows: dict[tuple[Any, ...], str] = {}
        self.chart_lock = asyncio.Lock()
        self.chart_at: dict[tuple[bool, str], int] = {}  # compact or not, language -> the counter value it was drawn at
        self.chart_svg: dict[tuple[bool, str], str | None] = {}
        self.stats_lock = asyncio.Lock()
        self.stats_at: dict[str, int] = {}
        self.stats_html: dict[str, str] = {}

    def variant(self, request: Request) -> tuple[int | None, bool]:
        return recent(request), "wall" in request.query_params

    def forget(self) -> None:
        self.gathered = {}

    async def chart_of(self, request: Request) -> TablePages:
        return self

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

    def render(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        recent, wall = variant
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

    def routes(self, keepalive: float, stream_seconds: float | None = None, door: Any = None) -> list[Route]:
        """The live page's routes, and a season's statistics."""

        async def stats(request: Request) -> Response:
            version = await self.live.now()
            if isinstance(version, Response):
                return version
            html = await self.stats(version)
            return HTMLResponse(html, headers={"Cache-Control": "no-cache", "X-Schreiber-Version": str(version)})

        routes = super().routes(keepalive, stream_seconds, door)
        return routes + ([Route("/stats", stats, methods=["GET"])] if self.scope.many else [])
