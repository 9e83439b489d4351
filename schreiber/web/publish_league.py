"""The league's pages of the published site (TEAMS.md §10.4): `liga-ID/index.html`, the league table with the
provisional Spieltage marked "vorläufig" and a link to each Spieltag, and `liga-ID/spieltag-N.html`, the
Spielbericht of Spieltag N. Every player's name through views/public_names.py (a private one is "Player 12", his
register number); every link relative to the page (web/publish_pages.py `Links`)."""

from __future__ import annotations

from typing import Any

from schreiber.ledger.publish import PublishedLeague
from schreiber.scoring.league import Wp, wp_text
from schreiber.views.public_names import Naming
from schreiber.web.publish_pages import Links, league_dir


def day_page_name(day: int) -> str:
    return f"spieltag-{day}.html"


def pair(wp: Wp | None) -> str:
    return "" if wp is None else f"{wp_text(wp.wp)}:{wp_text(wp.gegen)}"


def _render(env: Any, template: str, links: Links, **context: Any) -> str:
    return env.get_template(f"publish/{template}").render(links=links, pair=pair, **context)


def league_page(env: Any, links: Links, x: PublishedLeague) -> str:
    t = x.table
    counts = t.scheme.counts

    def result(d: Any) -> str:
        if d is None:
            return "–"
        return pair(d.wp) if counts else str(d.spielpunkte)

    return _render(
        env,
        "league.html",
        links,
        x=x,
        counts=counts,
        days=[(d, day_page_name(d), d in t.provisional_days) for d in t.days],
        rows=[(r, [result(d) for d in r.days]) for r in t.rows],
    )


def day_page(env: Any, links: Links, x: PublishedLeague, number: int, naming: Naming) -> str:
    report = next(d for d in x.days if d.day == number)

    def players(v: Any) -> str:
        shown = [naming.shown(p.name, x.register.get(p.name)) for p in v.players]
        if len(v.players) == 1:
            return shown[0]
        return ", ".join(f"{name} {p.start}–{p.end} ({p.score})" for name, p in zip(shown, v.players, strict=True))

    return _render(env, "league_day.html", links, x=x, r=report, counts=report.scheme.counts, players=players)


def league_pages(leagues: tuple[PublishedLeague, ...], naming: Naming) -> list[tuple[str, Any]]:
    """(path, how to render it) for every league page of the site."""
    out: list[tuple[str, Any]] = []
    for x in leagues:
        folder = league_dir(x.id)
        out.append((folder + "index.html", _bind_league(x)))
        for d in x.days:
            out.append((folder + day_page_name(d.day), _bind_day(x, d.day, naming)))
    return out


def _bind_league(x: PublishedLeague) -> Any:
    return lambda env, links: league_page(env, links, x)


def _bind_day(x: PublishedLeague, number: int, naming: Naming) -> Any:
    return lambda env, links: day_page(env, links, x, number, naming)
