"""The JSON and CSV of the season commands (CLI.md "Seasons and players"), as views/payloads.py builds the
others: plain data, keys and headers never translated, numbers staying numbers (an average unrounded)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from schreiber.views.payloads import Sheet

if TYPE_CHECKING:
    from schreiber.ledger.season import Door, SeasonAward, SeasonAwards, SeasonInfo, SeasonStandings


def number(value: int | Fraction | None) -> int | float | None:
    """An integer stays one; an average is a float, unrounded (2.0 too, as the contract writes it)."""
    return float(value) if isinstance(value, Fraction) else value


def _cell(value: int | Fraction | None) -> Any:
    if isinstance(value, Fraction):
        return Decimal(repr(float(value)))
    return value


def info_json(info: SeasonInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "name": info.name,
        "rules": info.rules,
        "wertung": info.wertung,
        "min_starts": info.min_starts,
        "finale": info.finale,
        "tournaments": [t.id for t in info.tournaments],
        "players": info.players,
        "active": info.active,
    }


def standings_json(view: SeasonStandings) -> dict[str, Any]:
    """`season standings --format json`: `results` one entry per tournament of the season, null where he did not play.
    A category ranking (TEAMS.md §10.2) adds `kategorie`, and each player's `overall` beside his category `rank`."""
    out = _standings_json(view)
    if view.kategorie is not None:
        out["kategorie"] = view.kategorie
        for line, r in zip(out["players"], view.rows):
            line["overall"] = r.overall
    return out


def _standings_json(view: SeasonStandings) -> dict[str, Any]:
    return {
        "season": view.season.id,
        "wertung": view.wertung,
        "tournaments": [t.id for t in view.season.tournaments],
        "unconfirmed": view.unconfirmed,  # double entry: its tournaments' sheets typed once, or differing
        "players": [
            {
                "rank": r.rank,
                "number": r.number,
                "name": r.name,
                "score": number(r.score),
                "starts": r.starts,
                "rounds": r.rounds,
                "qualified": r.qualified,
                "results": [
                    None
                    if x is None
                    else {
                        "tournament": x.tournament,
                        "score": x.score,
                        "rank": x.rank,
                        "field": x.field,
                        **({"running": True} if x.running else {}),
                    }
                    for x in r.results
                ],
            }
            for r in view.rows
        ],
    }


def standings_csv(view: SeasonStandings) -> Sheet:
    """`season standings --format csv`: a score and a rank column per tournament, empty where he did not play."""
    ids = [t.id for t in view.season.tournaments]
    headers = ["rank", "number", "name", "score", "starts", "rounds", "qualified"]
    headers += [f"{key}_{tid}" for tid in ids for key in ("score", "rank")]
    rows = []
    for r in view.rows:
        cells: list[Any] = [
            r.rank,
            r.number,
            r.name,
            _cell(r.score),
            r.starts,
            r.rounds,
            "true" if r.qualified else "false",
        ]
        for x in r.results:
            cells += ["", ""] if x is None else [x.score, x.rank]
        rows.append(cells)
    if view.kategorie is not None:  # `rank` the category rank, `overall` the season rank beside it
        headers.insert(1, "overall")
        rows = [[row[0], "" if r.overall is None else r.overall, *row[1:]] for row, r in zip(rows, view.rows)]
    return Sheet(headers, rows)


def _award(a: SeasonAward, with_tournament: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"players": list(a.players), "value": number(a.value)}
    if with_tournament:
        out["tournament"] = a.tournaments[0] if a.tournaments else None
        out["tournaments"] = list(a.tournaments)
    return out


def awards_json(awards: SeasonAwards) -> dict[str, Any]:
    """`season awards --format json`."""
    return {
        "most_starts": _award(awards.most_starts),
        "best_average_rank": _award(awards.best_average_rank),
        "worst_average_rank": _award(awards.worst_average_rank),
        "best_score": _award(awards.best_score, with_tournament=True),
    }


def door_json(door: Door) -> dict[str, Any]:
    """The organiser's check-in list: who is in, who of the season is missing, who is new to the season."""

    def people(entrants: Any) -> list[dict[str, Any]]:
        return [{"number": e.number, "name": e.name} for e in entrants]

    return {
        "tournament": door.tournament,
        "season": door.season.id,
        "checked_in": people(door.checked_in),
        "missing": people(door.missing),
        "new": people(door.new),
    }
