"""`schreiber tournament start | round-results`: the hall's clock and the round's results to hang up (issue 41),
joined to the `tournament` group by cli/tournament.py as the money commands are.

Only typer, the standard library and cli/runner.py at the top: the ledger, the renderer and the PDF library are
imported by the command that needs them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from schreiber.cli.runner import _format, _ledger, _pdf, _write_pdf
from schreiber.i18n import _

hall_commands = typer.Typer(rich_markup_mode=None)


@hall_commands.command(
    "start",
    help=_(
        "Start the newest round's clock again from now (it starts at the draw): the wall and the organiser's page\n"
        "count down the minutes of `tournament set rundenzeit=MINUTES` from it."
    ),
)
def start(round_: Annotated[int, typer.Argument(metavar="ROUND", help=_("The newest round."))]) -> None:
    from schreiber.cli import hall_render
    from schreiber.ledger import clock

    hall_render.started(clock.start(_ledger(), round_))


@hall_commands.command(
    "round-results",
    help=_(
        "The results of round N by table, to hang up: each table's players in seat order with their start\n"
        "numbers and points of the round, and the table's sum. --output writes it as a PDF (A4).\n"
        "\n"
        'JSON: {"tournament", "round", "tables": [{"table", "session", "finished", "sum", "players": [{"seat",\n'
        '"number", "name", "points"}]}]}.'
    ),
)
def round_results(
    round_: Annotated[int, typer.Argument(metavar="N", help=_("The round."))],
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
    output: Annotated[
        str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write the results as a PDF to hang up."))
    ] = None,
) -> None:
    from schreiber.cli import hall_render
    from schreiber.ledger.tournament import Tournaments
    from schreiber.views.round_results import round_results as gather

    fmt = _format(format_, ("table", "json"))
    if output is not None:
        _pdf(output)
    from schreiber.rules.model import SettingsError

    tournaments = Tournaments(_ledger())
    drawn = tournaments.info().drawn
    if not 1 <= round_ <= drawn:
        raise SettingsError(
            _("N: round {round} is not drawn; rounds drawn: {drawn}.").format(round=round_, drawn=drawn)
        )
    plan = tournaments.plan(round_)
    view = gather(plan, tournaments.standings(round_))
    if output is None:
        hall_render.results(view, fmt)
        return
    from schreiber.report import tournament_pdf

    _write_pdf(output, lambda: tournament_pdf.round_results(view))
    typer.echo(_("The results of round {round} are in {file}.").format(round=view.round, file=output))
