"""What the team commands print: a team, the teams, the payments, the team standings; for scripts the JSON
and CSV of views/team_payloads.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schreiber.cli.terminal import echo, grid, print_csv, print_json, wrapped
from schreiber.i18n import _
from schreiber.views import team_payloads
from schreiber.views.text import and_list, money

if TYPE_CHECKING:
    from schreiber.ledger.tournament.teams import TeamStandings, TeamView


def _members(view: TeamView) -> str:
    return and_list(
        f"{name} ({number}" + (_(", withdrawn") if withdrawn else "") + ")" for number, name, withdrawn in view.members
    )


def team(view: TeamView, said: str) -> None:
    echo(wrapped(said.format(name=view.name, competition=view.competition) + " " + _members(view) + "."))


def removed(view: TeamView) -> None:
    echo(_("Team {name} of {competition} is taken out.").format(name=view.name, competition=view.competition))


def paid(views: Sequence[TeamView], undo: bool) -> None:
    for v in views:
        line = (
            _("The Startgeld of team {name} ({competition}) is taken back.")
            if undo
            else _("Team {name} ({competition}) has paid the Startgeld of {money}.")
        )
        echo(line.format(name=v.name, competition=v.competition, money=money(v.startgeld)))


def listing(views: Sequence[TeamView], fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(team_payloads.teams_json(views))
    if fmt == "csv":
        return print_csv(team_payloads.teams_csv(views), excel=excel)
    if not views:
        echo(_("No team is registered."))
        return
    rows = [
        [
            v.competition,
            v.name,
            _members(v),
            (money(v.paid) if v.paid else _("unpaid")) if v.startgeld else "",
        ]
        for v in views
    ]
    echo(grid(rows, [_("competition"), _("team"), _("members"), _("Startgeld")], left=(0, 1, 2)))


def standings(views: Sequence[TeamStandings], fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(team_payloads.all_team_standings_json(views))
    if fmt == "csv":
        return print_csv(team_payloads.team_standings_csv(views), excel=excel)
    if not views:
        echo(_("The tournament has no team competition; `schreiber tournament set teams=mannschaft:4` sets one."))
        return
    for i, v in enumerate(views):
        if i:
            echo()
        echo(
            wrapped(
                _("Team standings of {competition} (teams of {size}, after {rounds} rounds):").format(
                    competition=v.competition, size=v.size, rounds=v.rounds
                )
            )
        )
        if not v.teams:
            echo(_("No team is registered."))
            continue
        headers = [_("rank"), _("team"), _("score"), *[_(k) for k in v.counts], _("lists"), _("prize"), _("members")]
        rows = [
            [
                "–" if line.rank is None else line.rank,
                line.name,
                team_payloads.shown(line.score),
                *[line.counts.get(k, 0) for k in v.counts],
                line.lists,
                money(line.prize) if line.prize else "",
                ", ".join(f"{m.name} {team_payloads.shown(m.score)}" for m in line.members),
            ]
            for line in v.teams
        ]
        echo(grid(rows, headers, left=(1, len(headers) - 1)))
        if any(line.rank is None for line in v.teams):
            echo(_("–: the team's Startgeld is not paid, so it is not ranked."))
