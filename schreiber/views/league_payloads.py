"""The JSON and CSV of the league commands (TEAMS.md §10.4 "Leagues"): `league tables`, `league day show` (the
Spielbericht) and `league table`; Wertungspunkte as numbers (2.5), a team without a mark `"mark": null`."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from schreiber.scoring.league import Wp, wp_json
from schreiber.views.sheet import Sheet

if TYPE_CHECKING:
    from schreiber.ledger.league.plans import DayReport, Einzel, LeagueTable, SerieTables


def tables_json(view: SerieTables) -> dict[str, Any]:
    """`league tables --format json`."""
    return {
        "league": view.league,
        "day": view.day,
        "serie": view.serie,
        "groups": [
            {
                "group": group,
                "tables": [
                    {
                        "table": t.table,
                        "session": t.session,
                        "players": [{"name": p.name, "team": p.team, "position": p.position} for p in t.players],
                    }
                    for t in tables
                ],
            }
            for group, tables in view.groups()
        ],
    }


def tables_csv(view: SerieTables) -> Sheet:
    rows = [
        [view.league, view.day, view.serie, t.group, t.table, t.session, p.name, p.team, p.position]
        for t in view.tables
        for p in t.players
    ]
    return Sheet(["league", "day", "serie", "group", "table", "session", "name", "team", "position"], rows)


def _wp(wp: Wp | None) -> dict[str, Any]:
    return {} if wp is None else {"wp": wp_json(wp.wp), "gegen": wp_json(wp.gegen)}


def _wp_cells(wp: Wp | None) -> list[Any]:
    """WP and Gegen as CSV cells: whole numbers whole, halves as a decimal (2,5 for Excel); empty where none."""
    if wp is None:
        return ["", ""]
    return [int(x) if x.denominator == 1 else Decimal(str(float(x))) for x in (wp.wp, wp.gegen)]


def day_json(view: DayReport) -> dict[str, Any]:
    """`league day show --format json`: the Spielbericht."""

    def listed(v: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"position": v.position, "table": v.table, "score": v.score}
        if view.games:
            out |= {"won": v.won, "lost": v.lost}
        if view.tischpunkte:
            out["tischpunkte"] = v.tischpunkte
        out["players"] = [
            {"name": p.name, "from": p.start, "to": p.end, "score": p.score, "hands": p.hands} for p in v.players
        ]
        return out

    return {
        "league": view.league,
        "day": view.day,
        "date": view.date.isoformat(),
        "provisional": view.provisional,
        "groups": [
            {
                "group": g.group,
                "host": g.host,
                "venue": g.venue,
                "teams": list(g.teams),
                "absent": list(g.absent),
                "verlustspiel": g.verlustspiel,
                "serien": [
                    {
                        "serie": serie.serie,
                        "complete": serie.complete,
                        "teams": [
                            {
                                "team": t.team,
                                "spielpunkte": t.spielpunkte,
                                **_wp(t.wp),
                                "lists": [listed(v) for v in t.lists],
                            }
                            for t in serie.teams
                        ],
                    }
                    for serie in g.serien
                ],
                "total": [{"team": t.team, **_wp(t.wp), "spielpunkte": t.spielpunkte} for t in g.total],
            }
            for g in view.groups
        ],
    }


def day_csv(view: DayReport) -> Sheet:
    """One row a player's part of a list (the innermost items of the JSON)."""
    headers = ["league", "day", "date", "provisional", "group", "serie", "team", "spielpunkte", "wp", "gegen"]
    headers += ["position", "table", "score"] + (["won", "lost"] if view.games else [])
    headers += (["tischpunkte"] if view.tischpunkte else []) + ["name", "from", "to", "player_score", "hands"]
    rows = []
    for g in view.groups:
        for serie in g.serien:
            for t in serie.teams:
                wp = _wp_cells(t.wp)
                for v in t.lists:
                    for p in v.players:
                        row = [view.league, view.day, view.date.isoformat(), view.provisional, g.group, serie.serie]
                        row += [t.team, t.spielpunkte, *wp, v.position, v.table, v.score]
                        row += [v.won, v.lost] if view.games else []
                        row += [v.tischpunkte] if view.tischpunkte else []
                        rows.append(row + [p.name, p.start, p.end, p.score, p.hands])
    return Sheet(headers, rows)


def table_json(view: LeagueTable) -> dict[str, Any]:
    """`league table --format json`; under `wp_je = keine` no `wp` and `gegen`."""
    counts = view.scheme.counts

    def day(d: Any) -> dict[str, Any] | None:
        if d is None:
            return None
        return {"day": d.day, **(_wp(d.wp) if counts else {}), "spielpunkte": d.spielpunkte}

    return {
        "league": view.league,
        "after_day": view.after_day,
        "provisional_days": list(view.provisional_days),
        "wertung": {"wp_je": view.scheme.name, "wp_sieg": view.wp_sieg, "wp_sockel": view.wp_sockel},
        "teams": [
            {
                "rank": r.rank,
                "number": r.team[1],
                "name": r.team[0],
                **(_wp(r.wp) if counts else {}),
                "spielpunkte": r.spielpunkte,
                "days": sum(1 for d in r.days if d is not None),
                "mark": r.mark,
                "results": [day(d) for d in r.days],
            }
            for r in view.rows
        ],
    }


def table_csv(view: LeagueTable) -> Sheet:
    """One row a team's result of a Spieltag (the innermost items of the JSON), the team's columns repeated; a
    Spieltag the team did not play has empty day columns; `provisional` says whether that Spieltag is vorläufig."""
    counts = view.scheme.counts
    headers = ["league", "after_day", "rank", "number", "name"] + (["wp", "gegen"] if counts else [])
    headers += ["spielpunkte", "days", "mark", "day"] + (["day_wp", "day_gegen"] if counts else [])
    headers += ["day_spielpunkte", "provisional"]
    rows = []
    for r in view.rows:
        team: list[Any] = [view.league, view.after_day, r.rank, r.team[1], r.team[0]]
        if counts:
            team += _wp_cells(r.wp)
        team += [r.spielpunkte, sum(1 for d in r.days if d is not None), r.mark or ""]
        for number, d in zip(view.days, r.days, strict=True):
            if d is None:
                rows.append(team + [number] + (["", ""] if counts else []) + ["", number in view.provisional_days])
                continue
            wp = _wp_cells(d.wp) if counts else []
            rows.append(team + [number] + wp + [d.spielpunkte, number in view.provisional_days])
    return Sheet(headers, rows)


def einzel_json(view: Einzel) -> dict[str, Any]:
    """`league einzel --format json`: `average` unrounded, `rank` null below `einzel_min`."""
    return {
        "league": view.league,
        "min_hands": view.min_hands,
        "players": [
            {"rank": r.rank, "name": r.name, "team": r.team, "points": r.points, "hands": r.hands, "average": r.average}
            for r in view.players
        ],
    }


def einzel_csv(view: Einzel) -> Sheet:
    headers = ["league", "min_hands", "rank", "name", "team", "points", "hands", "average"]
    rows = [
        [view.league, view.min_hands, "" if r.rank is None else r.rank, r.name, r.team, r.points, r.hands, r.average]
        for r in view.players
    ]
    return Sheet(headers, rows)
