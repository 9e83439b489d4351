"""`schreiber tournament team …`: the team competitions of a tournament (TEAMS.md §10.1, §10.4) — register,
change, fill and pay teams, and rank them from the individual standings; joined to the `tournament` group
by cli/tournament.py.

Only typer, the standard library and cli/runner.py at the top: the ledger and the renderer are imported by
the command that needs them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import ExcelOpt, FormatOpt, _ledger, _listing_format, _write_pdf
from schreiber.i18n import _

team_app = typer.Typer(
    help=_(
        "Team competitions (teams=mannschaft:4,tandem:2): register teams, fill them, take their Startgeld,\n"
        "rank them by the sum of their members' scores."
    ),
    rich_markup_mode=None,
    no_args_is_help=True,
)

CompetitionArg = Annotated[
    str,
    typer.Argument(metavar="COMPETITION", help=_("A competition of the setting teams (mannschaft, tandem …).")),
]
NameArg = Annotated[str, typer.Argument(metavar="NAME", help=_("The team's name."))]


def _teams() -> Any:
    from schreiber.ledger.tournament import Tournaments

    return Tournaments(_ledger())


def _show() -> Any:
    from schreiber.cli import team_render

    return team_render


@team_app.command(
    "add",
    help=_(
        "Register a team of a competition: a name unique in it and 1 to SIZE members, each a registered player\n"
        "(whole name or start number) in no other team of that competition. Refused once a member has been drawn."
    ),
)
def add(
    competition: CompetitionArg,
    name: NameArg,
    members: Annotated[list[str], typer.Argument(metavar="MEMBER...", help=_("Whole names or start numbers."))],
) -> None:
    _show().team(_teams().team_add(competition, name, members), _("Team {name} of {competition} is registered:"))


@team_app.command(
    "edit",
    help=_(
        "Change a team before any of its members is drawn: --add and --remove a member (each repeatable),\n--rename it."
    ),
)
def edit(
    competition: CompetitionArg,
    name: NameArg,
    add_: Annotated[
        list[str] | None,
        typer.Option("--add", metavar="MEMBER", help=_("A member to add (repeatable).")),
    ] = None,
    remove: Annotated[
        list[str] | None,
        typer.Option("--remove", metavar="MEMBER", help=_("A member to take out (repeatable).")),
    ] = None,
    rename: Annotated[str | None, typer.Option("--rename", metavar="NEW", help=_("The team's new name."))] = None,
) -> None:
    view = _teams().team_edit(competition, name, add_ or [], remove or [], rename)
    _show().team(view, _("Team {name} of {competition} is now:"))


@team_app.command("remove", help=_("Take a team out of its competition, before any of its members is drawn."))
def remove(competition: CompetitionArg, name: NameArg) -> None:
    _show().removed(_teams().team_remove(competition, name))


@team_app.command(
    "fill",
    help=_(
        "Put the players in no team of COMPETITION (not withdrawn, not waiting) into teams of SIZE in start-number\n"
        "order: Team 1, Team 2, … (the last may be smaller)."
    ),
)
def fill(competition: CompetitionArg) -> None:
    for view in _teams().team_fill(competition):
        _show().team(view, _("Team {name} of {competition} is registered:"))


@team_app.command(
    "list",
    help=_(
        "The teams of every competition (or of COMPETITION) with their members and Startgeld.\n"
        "\n"
        'JSON: [{"competition", "name", "members": [{"number", "name", "withdrawn"}], "startgeld", "paid",\n'
        '"fixed"}] (cents; "withdrawn" only where true; fixed: a member has been drawn).'
    ),
)
def list_(
    competition: Annotated[str | None, typer.Argument(metavar="[COMPETITION]", help=_("One competition."))] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
) -> None:
    fmt = _listing_format(format_, excel)
    _show().listing(_teams().team_list(competition), fmt, excel=excel)


@team_app.command("pay", help=_("Record each named team's Startgeld (<competition>.startgeld) as received."))
def pay(
    competition: CompetitionArg,
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help=_("The teams that paid."))],
    undo: Annotated[bool, typer.Option("--undo", help=_("Take the payment back."))] = False,
    force: Annotated[bool, typer.Option("--force", help=_("Although a prize is paid out."))] = False,
) -> None:
    _show().paid(_teams().team_pay(competition, names, undo=undo, force=force), undo)


@team_app.command(
    "standings",
    help=_(
        "Each competition's team ranking (or COMPETITION's): the sum of the members' scores of the individual\n"
        "ranking (with <competition>.fehlend=hochrechnen scaled to SIZE lists a round), ties by the members'\n"
        "summed counts (Skat: more games won, then fewer lost), then shared; the prize of each team.\n"
        "\n"
        'JSON (one competition; a list of them when there are several and none is named): {"tournament",\n'
        '"competition", "size", "fehlend", "rounds", "teams": [{"rank", "name", "score", "won", "lost", "lists",\n'
        '"prize", "members": [{"number", "name", "score", "rounds", "withdrawn"}]}]} (cents; "soli" and "points"\n'
        'instead of "won" and "lost" outside Skat; "withdrawn" only where true; rank null: the team\'s Startgeld\n'
        "is not paid; a round not played is null)."
    ),
)
def standings(
    competition: Annotated[str | None, typer.Argument(metavar="[COMPETITION]", help=_("One competition."))] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    output: Annotated[
        str | None,
        typer.Option("--output", metavar="FILE.pdf", help=_("Write the team standings as a PDF to print.")),
    ] = None,
) -> None:
    fmt = _listing_format(format_, excel, output)
    views = _teams().team_standings(competition)
    if output is None:
        _show().standings(views, fmt, excel=excel)
        return
    from schreiber.report import team_pdf

    individual = _teams().standings()
    _write_pdf(output, lambda: team_pdf.team_standings(individual, views))
    typer.echo(_("The team standings are in {file}.").format(file=output))
