"""`schreiber export csv` and `schreiber import csv`: the ledger to a spreadsheet and back.

Only typer, the standard library and cli/runner.py at the top, as in app.py.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from schreiber import i18n
from schreiber.cli.runner import ExcelOpt, SessionOpt, _ledger, _render, _write_file
from schreiber.i18n import _

export_app = typer.Typer(help=_("Hand the ledger to a spreadsheet."), rich_markup_mode=None, no_args_is_help=True)
import_app = typer.Typer(help=_("Read back what `export` wrote."), rich_markup_mode=None, no_args_is_help=True)


@export_app.command(
    "csv",
    help=_(
        "One row per hand and player: every fact and the payout (UTF-8, a header row).\n"
        "\n"
        "Columns: session, table_uid (the table's identity, so import never doubles a table),\n"
        "session_name, date, rules, tariff, hand, type, dealer, seat, name, sat_out, points, cents and\n"
        "euros (money as numbers), value, player, partner, augen, laufende, won, schwarz, kontra, re,\n"
        "klopfen, breakdown, note, facts, settings, first_dealer, teams."
    ),
)
def export_csv(
    session: SessionOpt = None,
    all_: Annotated[bool, typer.Option("--all", help=_("Every table of the ledger."))] = False,
    output: Annotated[str | None, typer.Option("--output", help=_("File to write (default: standard output)."))] = None,
    excel: ExcelOpt = False,
) -> None:
    from schreiber.ledger.scope import Scope
    from schreiber.ledger.transfer.export import export_rows
    from schreiber import csvio

    ledger = _ledger()
    rows = export_rows(ledger, Scope(table_id=session, all_tables=all_))
    if output is None:
        csvio.write(rows, sys.stdout, excel=excel)
        return
    count = _write_file(ledger, output, "--output", lambda out: csvio.write(rows, out, excel=excel))
    typer.echo(
        i18n.ngettext("{count} row written to {output}.", "{count} rows written to {output}.", count).format(
            count=count, output=output
        )
    )


@import_app.command(
    "csv",
    help=_(
        "Bring the tables of an exported file into the ledger; every hand is checked by re-scoring.\n"
        "\n"
        "Import is idempotent: a table already in the ledger (the same table_uid) is left as it is, a\n"
        "later export of it adds only the new hands, and one whose hands differ is refused, naming the\n"
        "first differing hand. Files without table_uid (older exports) are matched by date, rule set,\n"
        "players in seat order and hands. Nothing is written if any table is refused."
    ),
)
def import_csv(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_("A file `schreiber export csv` wrote."))],
) -> None:
    from schreiber.ledger.transfer.writing import import_rows
    from schreiber import csvio

    _render().imported(import_rows(_ledger(), lambda: csvio.read_file(file), source=file))
