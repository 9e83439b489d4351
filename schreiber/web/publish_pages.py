"""The pages of the published site (web/publish.py), each from what ledger/publish.py collected: the index, a
tournament's standings with prizes, a round's seat plan and table results, a season's standings and awards, a
player's results. Every name through views/public_names.py; every link relative to the page (`Links`)."""

from __future__ import annotations

import datetime as dt
from functools import cache
from dataclasses import dataclass
from typing import Any

from schreiber.i18n import _
from schreiber.ledger.publish import Publication, PublishedSeason, PublishedTournament
from schreiber.views import rangliste
from schreiber.views.heading import heading, result, running_lines
from schreiber.views.public_names import Naming
from schreiber.views.team_payloads import shown
from schreiber.views.text import MINUS, day

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}


@dataclass(frozen=True)
class Links:
    """Where a page is (`path` under its language's folder `base`) and how it reaches the others: every link
    relative, so the site works from any folder, host or `file://`."""

    path: str
    base: str = ""
    other: str | None = None  # the other language of a site in both

    def to(self, target: str) -> str:
        return relative(target, self.path)

    @property
    def css(self) -> str:
        return relative("style.css", self.base + self.path)

    @property
    def other_href(self) -> str:
        return relative(f"{self.other}/{self.path}", self.base + self.path)

    @property
    def other_label(self) -> str:
        return LANGUAGE_NAMES.get(self.other or "", self.other or "")


@cache
def relative(target: str, page: str) -> str:
    """The link from the page at `page` to `target`, both paths from the site's top ("saison-1/spieler/4.html")."""
    here, there = page.split("/")[:-1], target.split("/")
    common = 0
    while common < len(here) and common < len(there) - 1 and here[common] == there[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + there[common:])


def tournament_dir(tid: int) -> str:
    return f"turnier-{tid}/"


def season_dir(sid: int) -> str:
    return f"saison-{sid}/"


def player_path(t: PublishedTournament, number: int, pub: Publication) -> str | None:
    """The page of the player with start number `number` of `t`: in his season's folder when the season is
    published, else under his register number."""
    if t.season is not None and any(x.standings.season.id == t.season for x in pub.seasons):
        return f"{season_dir(t.season)}spieler/{number}.html"
    pid = t.register.get(number)
    return f"spieler/{pid}.html" if pid is not None else None


def _render(env: Any, template: str, links: Links, **context: Any) -> str:
    return env.get_template(f"publish/{template}").render(links=links, **context)


def _prizes(t: PublishedTournament) -> bool:
    return any(t.prizes.values())


def status(view: Any) -> str:
    return heading(view)


def index_page(env: Any, links: Links, pub: Publication, naming: Naming) -> str:
    return _render(
        env, "index.html", links, pub=pub, status=status, tdir=tournament_dir, sdir=season_dir, ldir=league_dir
    )


def league_dir(lid: int) -> str:
    return f"liga-{lid}/"


def tournament_page(env: Any, links: Links, t: PublishedTournament, pub: Publication, naming: Naming) -> str:
    view = t.standings
    columns = [(key, rangliste.label(view, key), key not in view.ranked_by) for key in view.columns]
    rows = [
        {
            "row": r,
            "name": naming.shown(r.name, r.number),
            "href": _href(links, player_path(t, r.number, pub)),
            "figures": [rangliste.figure(view, r, key) for key, _label, _wide in columns],
            "prize": t.prizes.get(r.number, 0),
            "goods": ", ".join(str(g.sach) for g in t.got.get(r.number, ()) if g.sach is not None),
        }
        for r in view.rows
    ]
    season = next((x for x in pub.seasons if x.standings.season.id == t.season), None)
    return _render(
        env,
        "tournament.html",
        links,
        t=t,
        view=view,
        heading=heading(view),
        columns=columns,
        rows=rows,
        prizes=_prizes(t),
        lot_note=rangliste.lot_note() if view.by_lot else "",
        season=season,
        season_href=links.to(season_dir(t.season) + "index.html") if season else None,
        teams=[_team_competition(links, t, c, pub, naming) for c in t.teams],
        kategorien=[_category(links, t, k, pub, naming) for k in t.kategorien],
    )


def category_page(
    env: Any, links: Links, t: PublishedTournament, kategorie: str, pub: Publication, naming: Naming
) -> str:
    """`turnier-ID/kategorie-K.html`: one category ranking with its prizes, goods by name (TEAMS.md §10.4)."""
    k = next(k for k in t.kategorien if k.kategorie == kategorie)
    return _render(
        env, "kategorie.html", links, t=t, heading=heading(t.standings), k=_category(links, t, k, pub, naming)
    )


def _category(links: Links, t: PublishedTournament, k: Any, pub: Publication, naming: Naming) -> dict[str, Any]:
    """A category ranking under the individual one (TEAMS.md §10.2): its rank, the overall rank, the player, the
    score, and the category's prize (cash, or goods by name)."""
    lines = []
    for r in k.rows:
        mine = [g for g in t.got.get(r.number, ()) if g.list == k.kategorie]
        lines.append(
            {
                "rank": f"{r.rank}.",
                "overall": f"{r.overall}.",
                "name": naming.shown(r.name, r.number),
                "href": _href(links, player_path(t, r.number, pub)),
                "score": rangliste.figure(k, r, k.columns[0]),
                "prize": sum(g.cents for g in mine),
                "goods": ", ".join(str(g.sach) for g in mine if g.sach is not None),
            }
        )
    return {
        "name": k.kategorie,
        "heading": _("Category {kategorie}").format(kategorie=k.kategorie),
        "score": rangliste.label(k, k.columns[0]),
        "prizes": any(x["prize"] or x["goods"] for x in lines),
        "lines": lines,
    }


def _team_competition(links: Links, t: PublishedTournament, c: Any, pub: Publication, naming: Naming) -> dict[str, Any]:
    """A team competition's ranking under the individual one (TEAMS.md §10.4): rank ("–": Startgeld unpaid, not
    ranked), team, its members with their scores, the team's score and prize."""
    return {
        "heading": _("Team standings of {competition} (teams of {size})").format(
            competition=c.competition, size=c.size
        ),
        "anchor": f"team-{c.competition}",
        "page": team_page_name(c.competition),
        "score": rangliste.label(t.standings, "score"),
        "prizes": any(line.prize for line in c.teams),
        "unranked": any(line.rank is None for line in c.teams),
        "lines": [
            {
                "rank": "–" if line.rank is None else f"{line.rank}.",
                "name": line.name,
                "score": shown(line.score).replace("-", MINUS),
                "prize": line.prize,
                "members": [
                    {
                        "name": naming.shown(m.name, m.number),
                        "href": _href(links, player_path(t, m.number, pub)),
                        "score": shown(m.score).replace("-", MINUS),
                        "withdrawn": m.withdrawn,
                    }
                    for m in line.members
                ],
            }
            for line in c.teams
        ],
    }


def team_page_name(competition: str) -> str:
    return f"team-{competition}.html"


def team_page(
    env: Any, links: Links, t: PublishedTournament, competition: str, pub: Publication, naming: Naming
) -> str:
    """One team competition's ranking on a page of its own (TEAMS.md §10.4: `turnier-ID/team-COMPETITION.html`)."""
    c = next(c for c in t.teams if c.competition == competition)
    return _render(
        env, "team.html", links, t=t, heading=heading(t.standings), c=_team_competition(links, t, c, pub, naming)
    )


def round_page(env: Any, links: Links, t: PublishedTournament, number: int, pub: Publication, naming: Naming) -> str:
    plan = t.plans[number - 1]
    by_number = {r.number: r for r in t.standings.rows}
    tables = []
    for table in plan.tables:
        seats = []
        for name, start in zip(table.players, table.numbers):
            row = by_number.get(start)
            points = row.rounds[number - 1] if row is not None and number <= len(row.rounds) else None
            seats.append(
                {
                    "name": naming.shown(name, start),
                    "number": start,
                    "href": _href(links, player_path(t, start, pub)),
                    "points": "–" if points is None else str(points).replace("-", MINUS),
                }
            )
        tables.append({"table": table, "done": plan.done(table), "seats": seats})
    return _render(env, "round.html", links, t=t, plan=plan, tables=tables, number=number)


def season_page(env: Any, links: Links, x: PublishedSeason, pub: Publication, naming: Naming) -> str:
    view = x.standings
    sid = view.season.id
    published = {t.info.id for t in pub.tournaments}
    numbers = {r.name: r.number for r in view.rows}
    rows = [
        {
            "row": r,
            "name": naming.shown(r.name, r.number),
            "href": links.to(f"{season_dir(sid)}spieler/{r.number}.html"),
            "results": [result(res) for res in r.results],
        }
        for r in view.rows
    ]

    def award(a: Any) -> str:
        return ", ".join(naming.shown(name, numbers.get(name)) for name in a.players) or "–"

    awards = x.awards
    return _render(
        env,
        "season.html",
        links,
        x=x,
        view=view,
        rows=rows,
        running=running_lines(view),
        tournaments=[
            (
                t,
                links.to(tournament_dir(t.id) + "index.html") if t.id in published else None,
                day(dt.date.fromisoformat(t.date)),
            )
            for t in view.season.tournaments
        ],
        awards=[
            (_("most starts"), award(awards.most_starts), awards.most_starts.value),
            (_("best average rank"), award(awards.best_average_rank), awards.best_average_rank.value),
            (_("worst average rank (Pechvogel)"), award(awards.worst_average_rank), awards.worst_average_rank.value),
            (_("best single tournament score"), award(awards.best_score), awards.best_score.value),
        ],
        finalists=[naming.shown(r.name, r.number) for r in view.rows if r.qualified],
    )


def player_pages(pub: Publication, naming: Naming, seasons: dict[int, PublishedSeason]) -> list[tuple[str, Any]]:
    """A page per player of each published season (his results in it), and per player of the tournaments
    outside a published season (his results in them, under his register number)."""
    out: list[tuple[str, Any]] = []
    by_id = {t.info.id: t for t in pub.tournaments}
    for x in pub.seasons:
        sid = x.standings.season.id
        for r in x.standings.rows:
            path = f"{season_dir(sid)}spieler/{r.number}.html"
            out.append((path, _season_player(x, r, by_id, naming)))
    loose: dict[int, list[tuple[PublishedTournament, Any]]] = {}
    for t in pub.tournaments:
        if t.season in seasons:
            continue
        for r in t.standings.rows:
            pid = t.register.get(r.number)
            if pid is not None:
                loose.setdefault(pid, []).append((t, r))
    for pid, played in sorted(loose.items()):
        out.append((f"spieler/{pid}.html", _loose_player(pid, played, naming)))
    return out


def _season_player(x: PublishedSeason, r: Any, by_id: dict[int, PublishedTournament], naming: Naming) -> Any:
    def render(env: Any, links: Links) -> str:
        lines = []
        for t, res in zip(x.standings.season.tournaments, r.results):
            published = by_id.get(t.id)
            lines.append(
                {
                    "name": t.name,
                    "date": day(dt.date.fromisoformat(t.date)),
                    "href": links.to(tournament_dir(t.id) + "index.html") if published else None,
                    "result": result(res),
                    "field": "–" if res is None else res.field,
                    "prize": published.prizes.get(r.number, 0) if published and res is not None else 0,
                }
            )
        return _render(
            env,
            "season_player.html",
            links,
            x=x,
            r=r,
            name=naming.shown(r.name, r.number),
            lines=lines,
            prizes=any(line["prize"] for line in lines),
            season_href=links.to(season_dir(x.standings.season.id) + "index.html"),
        )

    return render


def _loose_player(pid: int, played: list[tuple[PublishedTournament, Any]], naming: Naming) -> Any:
    def render(env: Any, links: Links) -> str:
        name = played[0][1].name
        lines = [
            {
                "t": t,
                "href": links.to(tournament_dir(t.info.id) + "index.html"),
                "row": r,
                "heading": heading(t.standings),
                "score": rangliste.figure(t.standings, r, "score"),
                "prize": t.prizes.get(r.number, 0),
            }
            for t, r in played
        ]
        prizes = any(line["prize"] for line in lines)
        return _render(env, "player.html", links, name=naming.shown(name, pid), lines=lines, prizes=prizes)

    return render


def _href(links: Links, target: str | None) -> str | None:
    return links.to(target) if target else None


__all__ = ["Links", "index_page", "player_pages", "round_page", "season_page", "tournament_page"]
