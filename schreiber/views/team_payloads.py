"""The JSON and CSV of the team commands (`tournament team list | standings`, TEAMS.md §10.4), beside
views/payloads.py: amounts in cents, a score under `hochrechnen` unrounded."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from schreiber.csvio import euros
from schreiber.views.sheet import Sheet

if TYPE_CHECKING:
    from schreiber.ledger.tournament.teams import TeamStandings, TeamView


def number(x: int | Fraction | None) -> int | float | None:
    """A score as JSON has it: whole numbers whole, a fraction (`hochrechnen`) unrounded."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def shown(x: int | Fraction) -> str:
    """A score as a table or CSV shows it: a fraction with two decimals, a whole number as it is."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{float(x):.2f}"
    return str(int(x))


def cell(x: int | Fraction) -> int | Decimal:
    """A score as a CSV cell: a whole number as it is, a fraction with two decimals (a number, for Excel too)."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return Decimal(f"{float(x):.2f}")
    return int(x)


def teams_json(views: Sequence[TeamView]) -> list[dict[str, Any]]:
    """`tournament team list --format json`."""
    return [
        {
            "competition": v.competition,
            "name": v.name,
            "members": [
                {"number": n, "name": name, **({"withdrawn": True} if withdrawn else {})}
                for n, name, withdrawn in v.members
            ],
            "startgeld": v.startgeld,
            "paid": v.paid,
            "fixed": v.fixed,
        }
        for v in views
    ]


def teams_csv(views: Sequence[TeamView]) -> Sheet:
    """`tournament team list --format csv`: a row per member."""
    return Sheet(
        ["competition", "team", "number", "name", "withdrawn", "startgeld", "paid"],
        [
            [v.competition, v.name, n, name, str(withdrawn).lower(), euros(v.startgeld), euros(v.paid)]
            for v in views
            for n, name, withdrawn in v.members
        ],
    )


def team_standings_json(view: TeamStandings) -> dict[str, Any]:
    """`tournament team standings --format json` for one competition (TEAMS.md §10.4): `won`/`lost` for Skat,
    `soli` and `points` for the other rule sets; a member's `rounds` has null for a round not played."""
    return {
        "tournament": view.tournament,
        "competition": view.competition,
        "size": view.size,
        "fehlend": view.fehlend,
        "rounds": view.rounds,
        "teams": [
            {
                "rank": line.rank,
                "name": line.name,
                "score": number(line.score),
                **line.counts,
                "lists": line.lists,
                "prize": line.prize,
                "members": [
                    {
                        "number": m.number,
                        "name": m.name,
                        "score": number(m.score),
                        "rounds": [number(x) for x in m.rounds],
                        **({"withdrawn": True} if m.withdrawn else {}),
                    }
                    for m in line.members
                ],
            }
            for line in view.teams
        ],
    }


def all_team_standings_json(views: Sequence[TeamStandings]) -> Any:
    """One competition's object, or a list of them when the tournament has several and none was named."""
    return team_standings_json(views[0]) if len(views) == 1 else [team_standings_json(v) for v in views]


def team_cash_json(views: Sequence[TeamStandings]) -> list[dict[str, Any]]:
    """`tournament cash --format json`'s `teams` (TEAMS.md §10.4): each team's Startgeld, paid, prize and each
    member's share, in cents."""
    return [
        {
            "competition": v.competition,
            "name": line.name,
            "startgeld": line.startgeld,
            "paid": line.paid,
            "prize": line.prize,
            "shares": [
                {"number": m.number, "name": m.name, "cents": line.shares.get(m.number, 0)} for m in line.members
            ],
        }
        for v in views
        for line in v.teams
    ]


def team_standings_csv(views: Sequence[TeamStandings]) -> Sheet:
    """`tournament team standings --format csv`: a row per member, his team's figures repeated."""
    counts = list(dict.fromkeys(k for v in views for k in v.counts))
    rounds = max((v.rounds for v in views), default=0)
    return Sheet(
        [
            "competition",
            "rank",
            "team",
            "score",
            *counts,
            "lists",
            "prize",
            "number",
            "name",
            "member_score",
            *[f"round_{i}" for i in range(1, rounds + 1)],
            "withdrawn",
        ],
        [
            [
                v.competition,
                "" if line.rank is None else line.rank,
                line.name,
                cell(line.score),
                *[line.counts.get(k, "") for k in counts],
                line.lists,
                euros(line.prize),
                m.number,
                m.name,
                cell(m.score),
                *["" if x is None else cell(x) for x in (*m.rounds, *[None] * (rounds - len(m.rounds)))],
                str(m.withdrawn).lower(),
            ]
            for v in views
            for line in v.teams
            for m in line.members
        ],
    )


__all__ = [
    "all_team_standings_json",
    "team_cash_json",
    "number",
    "shown",
    "team_standings_csv",
    "team_standings_json",
    "teams_csv",
    "teams_json",
]
