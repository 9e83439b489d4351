"""The data of the published site (issue 42, CLI.md "Publishing results"): each tournament's `data.json` — the
object of `tournament standings --format json` unchanged, each player's "prize" (cents), "plan" (each round's
`tournament tables --format json`), "teams" (`tournament team standings --format json`, where the tournament
has team competitions), "schema" and "final" — its `standings.csv`, and each season's `data.json`
(`season standings --format json` with "awards", "schema" and "final"), each league's `data.json` (TEAMS.md
§10.4: "table", the object of `league table --format json`, and "days", each Spieltag's `league day show
--format json`, with "schema" and "final"). A private player has `"name": null,
"privat": true` (views/public_names.py); money owed, payments and balances are never part of it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from schreiber.csvio import euros
from schreiber.views import league_payloads, payloads, season as season_payloads, team_payloads
from schreiber.views.payloads import Sheet
from schreiber.views.public_names import Naming

if TYPE_CHECKING:
    from schreiber.ledger.publish import PublishedLeague, PublishedSeason, PublishedTournament

SCHEMA = 1


def dumped(payload: Any) -> bytes:
    """As the commands print JSON (cli/terminal.py print_json): one line, letters as they are."""
    return (json.dumps(payload, ensure_ascii=False) + "\n").encode("utf-8")


def _named(player: dict[str, Any], naming: Naming) -> None:
    name = player["name"]
    player["name"] = naming.data(name)
    if naming.is_privat(name):
        player["privat"] = True


def tournament_data(t: PublishedTournament, naming: Naming) -> dict[str, Any]:
    out = payloads.standings_json(t.standings)
    for player in out["players"]:
        player["prize"] = t.prizes.get(player["number"], 0)
        _named(player, naming)
    plans = [payloads.plan_json(plan) for plan in t.plans]
    for plan in plans:
        for table in plan["tables"]:
            table["players"] = [naming.data(name) for name in table["players"]]
    out["plan"] = plans
    if t.teams:  # only then: a tournament without teams keeps its data.json as it was
        teams = [team_payloads.team_standings_json(c) for c in t.teams]
        for c in teams:
            for team in c["teams"]:
                for member in team["members"]:
                    _named(member, naming)
        out["teams"] = teams[0] if len(teams) == 1 else teams
    if t.kategorien:  # each category ranking (TEAMS.md §10.2), with the category's prizes, goods by name
        out["kategorien"] = [_category_data(t, k, naming) for k in t.kategorien]
    out["schema"] = SCHEMA
    out["final"] = t.standings.final
    return out


def _category_data(t: PublishedTournament, k: Any, naming: Naming) -> dict[str, Any]:
    data = payloads.standings_json(k)
    for player in data["players"]:
        mine = [g for g in t.got.get(player["number"], ()) if g.list == k.kategorie]
        player["prize"] = sum(g.cents for g in mine)
        player["sach"] = [g.sach for g in mine if g.sach is not None]
        _named(player, naming)
    return data


def tournament_csv(t: PublishedTournament, naming: Naming) -> Sheet:
    """`tournament standings --format csv` with the prize (euros) last; a private player's name is empty."""
    sheet = payloads.standings_csv(t.standings)
    rows = []
    for row in sheet.rows:
        cells = list(row)
        cells[2] = naming.data(cells[2]) or ""
        rows.append([*cells, euros(t.prizes.get(cells[1], 0))])
    return Sheet([*sheet.headers, "prize"], rows)


def season_data(x: PublishedSeason, naming: Naming) -> dict[str, Any]:
    out = season_payloads.standings_json(x.standings)
    for player in out["players"]:
        _named(player, naming)
    awards = season_payloads.awards_json(x.awards)
    for award in awards.values():
        award["players"] = [naming.data(name) for name in award["players"]]
    out["awards"] = awards
    out["schema"] = SCHEMA
    out["final"] = x.final
    return out


def league_data(x: PublishedLeague, naming: Naming) -> dict[str, Any]:
    """The league's table and every Spieltag's Spielbericht; "final" once no Spieltag is vorläufig."""
    days = [league_payloads.day_json(d) for d in x.days]
    for d in days:
        for g in d["groups"]:
            for serie in g["serien"]:
                for team in serie["teams"]:
                    for listed in team["lists"]:
                        for player in listed["players"]:
                            _named(player, naming)
    return {
        "table": league_payloads.table_json(x.table),
        "days": days,
        "schema": SCHEMA,
        "final": not x.table.provisional_days,
    }


__all__ = ["SCHEMA", "dumped", "league_data", "season_data", "tournament_csv", "tournament_data"]
