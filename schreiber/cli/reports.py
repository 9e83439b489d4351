"""The reports of `schreiber`: settle, report, stats, chart, strokes, and the scope they read.

Only typer, the standard library and cli/runner.py at the top, as in app.py: the ledger's reports, the chart
library and the renderer are imported by the command that runs.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any

import typer

from schreiber.cli.runner import (
    ExcelOpt,
    FormatOpt,
    SessionOpt,
    _date,
    _format,
    _ledger,
    _listing_format,
    _render,
    _write_file,
)
from schreiber.i18n import _

# Registered on the root app in the order below (app.py): `schreiber --help` lists them so.
report_commands = typer.Typer(rich_markup_mode=None)


@report_commands.command(
    "settle", help=_("Record that the table's transfers were paid: all that are open, or those of the players named.")
)
def settle(
    session: SessionOpt = None,
    paid: Annotated[
        list[str] | None,
        typer.Option("--paid", help=_("Only the transfers NAME paid or was paid (repeat, or NAME,NAME).")),
    ] = None,
) -> None:
    from schreiber.ledger.payments import settle as record_payments

    names = [n.strip() for v in paid or [] for n in v.split(",") if n.strip()]
    _render().settled(*record_payments(_ledger(), session, names))


@report_commands.command(
    "report",
    help=_(
        "Who is up, who is down, and who pays whom: what is still owed after `settle` (with --format csv, money is a column `euros`: -1.10). Per player: hands (the hands he sat at; a thrown-in hand or a misdeal counts for no one, as in `stats`), won (hands with a payout above 0)."
    ),
)
def report(
    session: SessionOpt = None,
    all_: Annotated[bool, typer.Option("--all", help=_("Every table of the ledger."))] = False,
    since: Annotated[str | None, typer.Option("--since", help=_("From this date on."))] = None,
    until: Annotated[str | None, typer.Option("--until", help=_("Up to this date, itself included."))] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    open_: Annotated[
        bool, typer.Option("--open", help=_("Only what is still owed, evening by evening (see `settle`)."))
    ] = False,
) -> None:
    from schreiber.ledger.reports import report as make_report

    fmt = _listing_format(format_, excel)
    scope = _scope(session, all_, since, until)
    if open_:
        from schreiber.ledger.payments import open_debts

        # Debts run across evenings: without a scope, --open looks at every table.
        if session is None and not scope.many:
            scope = _scope(None, True, None, None)
        _render().open_debts(open_debts(_ledger(), scope), fmt)
        return
    _render().report(make_report(_ledger(), scope), fmt, excel=excel)


AllOpt = Annotated[bool, typer.Option("--all", help=_("Every table of the ledger."))]
SinceOpt = Annotated[str | None, typer.Option("--since", help=_("From this date on."))]
UntilOpt = Annotated[str | None, typer.Option("--until", help=_("Up to this date, itself included."))]
RulesOpt = Annotated[str | None, typer.Option("--rules", help=_("Only the tables of this rule set."))]


def _scope(session: int | None, all_: bool, since: str | None, until: str | None, rules: str | None = None) -> Any:
    """SCOPE as `report`, `stats` and `chart` read it: --session ID | --all | --since/--until (default: the active table)."""
    from schreiber.ledger.reports import Scope

    if session is not None and (all_ or since or until):
        raise typer.BadParameter(
            _("give either --session or --all / --since / --until, not both."), param_hint="--session"
        )
    if rules is not None:
        from schreiber.rules import registry

        names = registry.names()
        low = rules.strip().casefold()
        if low not in names:
            raise typer.BadParameter(
                _("use one of {names}, not {rules}.").format(names=", ".join(names), rules=repr(rules)),
                param_hint="--rules",
            )
        rules = low
    scope = Scope(
        table_id=session, all_tables=all_, since=_date(since, "--since"), until=_date(until, "--until"), rules=rules
    )
    if scope.since and scope.until and scope.since > scope.until:
        raise typer.BadParameter(
            _("{until} is before --since {since}; give the earlier date first.").format(
                until=scope.until, since=scope.since
            ),
            param_hint="--until",
        )
    return scope


@report_commands.command(
    "stats",
    help=_(
        "Statistics per rule set (points are never added across rule sets), per player:\n"
        "\n"
        "hands (sat at; a thrown-in hand or a misdeal counts for no one, as in `report`), won (payout\n"
        "above 0, of those hands), points, cents; as_player,\n"
        "as_partner, as_opponent and by_type as {played, won}; longest_run (won hands in a row);\n"
        "best_evening / worst_evening ({session, date, points}). Schafkopf: solos, tout {played, won},\n"
        "sie, ramsch {played, lost, jungfrau, durchmarsch}, klopfen, kontra, re (hands at the table\n"
        "when Kontra / Re was said, by anyone),\n"
        "laufende (on the declaring side). Doppelkopf: re_party, kontra_party, solos {played, won},\n"
        "absagen {made, won}, foxes {caught, lost}, karlchen, doppelkoepfe (by his party),\n"
        "pflichtsolos {played, owed}. Buchstaben: solos, spritzen {played, won}. klassisch: strokes,\n"
        "heads (Schafköpfe), and per group teams [{team, strokes}]. Preisschafkopf: solos, tout\n"
        "{played, won}, laufende. Per group: hands, types, share,\n"
        "sessions, partnerships [{players, hands, won, points}] (declarer and partner)."
    ),
)
def stats(
    session: SessionOpt = None,
    all_: AllOpt = False,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    player: Annotated[
        str | None, typer.Option("--player", help=_("Only this player's lines and partnerships."))
    ] = None,
    format_: FormatOpt = "table",
) -> None:
    from schreiber.ledger.stats import compute

    fmt = _format(format_, ("table", "json", "csv"))
    _render().stats(compute(_ledger(), _scope(session, all_, since, until, rules), player), fmt)


@report_commands.command(
    "chart",
    help=_(
        "Every player's running total: over the hands of one table (Bock hands marked), or one point\n"
        "per evening over a scope of several. Points: one panel per rule set; --money: one panel, summed.\n"
        "In the terminal each panel is as tall as the screen; a PNG is as tall as what it shows."
    ),
)
def chart(
    session: SessionOpt = None,
    all_: AllOpt = False,
    since: SinceOpt = None,
    until: UntilOpt = None,
    rules: RulesOpt = None,
    money: Annotated[bool, typer.Option("--money", help=_("Draw money (euros) instead of points."))] = False,
    output: Annotated[
        str | None,
        typer.Option("--output", help=_("Write FILE.svg or FILE.png instead of drawing in the terminal.")),
    ] = None,
) -> None:
    from pathlib import Path

    from schreiber.ledger.chart import series
    from schreiber.report import chart as charts

    kind = None
    if output is not None:
        kind = Path(output).suffix.lower().lstrip(".")
        if kind not in ("svg", "png"):
            raise typer.BadParameter(
                _("name a file ending in .svg or .png, not {output}.").format(output=repr(output)),
                param_hint="--output",
            )
    ledger = _ledger()
    data = series(ledger, _scope(session, all_, since, until, rules), money=money)
    if output is None:
        import shutil

        # One panel per screen: as tall as the terminal (LINES, or the terminal's own height; piped:
        # 23), less the line the prompt takes.
        lines = os.environ.get("LINES", "")
        rows = (
            int(lines) if lines.isdigit() else shutil.get_terminal_size((80, 23)).lines if sys.stdout.isatty() else 23
        )
        typer.echo(charts.render_terminal(data, height=rows - 1), nl=False)
        return
    payload = charts.render_svg(data) if kind == "svg" else charts.render_png(data)
    _write_file(ledger, output, "--output", lambda out: out.write(payload) and None, binary=kind == "png")
    typer.echo(_("chart written to {output}.").format(output=output))


@report_commands.command(
    "strokes", help=_("klassisch: each team's finished Schafköpfe and the sheep's head being drawn.")
)
def strokes(
    session: SessionOpt = None,
    svg: Annotated[str | None, typer.Option("--svg", help=_("Write the drawing as an SVG picture to FILE."))] = None,
) -> None:
    ledger = _ledger()
    view = ledger.table(session)
    from schreiber.rules.table import TeamPlay

    if not isinstance(view.rules, TeamPlay):
        from schreiber.rules.model import SettingsError

        raise SettingsError(
            _("strokes: session {id} plays {rules}, which has no strokes; only klassisch has.").format(
                id=view.table.id, rules=view.rules.name
            )
        )
    if svg is None:
        _render().strokes(view)
        return
    picture = _render().strokes_svg(view)
    _write_file(ledger, svg, "--svg", lambda out: out.write(picture))
    typer.echo(_("The drawing of session {id} is in {file}.").format(id=view.table.id, file=svg))
