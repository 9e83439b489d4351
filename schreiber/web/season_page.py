"""`schreiber serve --season [ID]`: the season's standings and awards, live as a tournament of the season records
hands and sheets (the page follows the ledger's change counter as every page does); `?wall` for a wall screen.

Routes (GET only): /  the page · /fragment  its content, fetched by live.js when the ledger changed ·
/events  Server-Sent Events of the change counter · /static/…
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment

from schreiber.ledger.season import Seasons
from schreiber.ledger.service import Ledger
from schreiber.web.live import Live, LivePage


class SeasonPages(LivePage):
    """The season's standings and awards."""

    charted = False

    def __init__(self, live: Live, env: Environment, ledger: Ledger, season_id: int) -> None:
        super().__init__(live, env)
        self.seasons = Seasons(ledger)
        self.season_id = season_id

    def render(self, version: int, variant: tuple[Any, ...], fragment: bool) -> str:
        from schreiber.views.heading import result, running_lines

        (wall,) = variant
        table = self.seasons.standings(self.season_id)
        awards = self.seasons.awards(self.season_id)
        template = self.env.get_template("season_content.html" if fragment else "season_page.html")
        return template.render(
            view=table, awards=awards, version=version, wall=wall, result=result, running_lines=running_lines
        )
