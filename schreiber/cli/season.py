"""`schreiber season …`: a cup or league across tournaments, its season start numbers, standings and awards.

Only typer, the standard library and cli/runner.py at the top, as in app.py: the ledger, the renderer and the PDF
library are imported by the command that needs them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import (
    ExcelOpt,
    FormatOpt,
    QrHostOpt,
    QrPortOpt,
    QrUrlOpt,
    _format,
    _ledger,
    _listing_format,
    _pdf,
    _write_pdf,
)
from schreiber.i18n import _

season_app = typer.Typer(
    help=_("Seasons: a cup or league of tournaments with permanent start numbers, its standings and awards."),
    rich_markup_mode=None,
    no_args_is_help=True,
)


def _seasons() -> Any:
    from schreiber.ledger.season import Seasons

    return Seasons(_ledger())


def _show() -> Any:
    from schreiber.cli import season_render

    return season_render


@season_app.command("new", help=_("Start a season and make it the active one."))
def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The season's name."))],
    rules: Annotated[
        str, typer.Option("--rules", help=_("The rule set every tournament of the season is played with."))
    ],
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="KEY=VALUE",
            help=_(
                "wertung=summe|beste:K|platzpunkte|schnitt_platz|rundenschnitt, min_starts=N (rounds under rundenschnitt), "
                "finale=N, verein=NAME (the club, on the picture to share) (repeatable)."
            ),
        ),
    ] = None,
) -> None:
    _show().info(_seasons().new(name, rules, set_ or []), created=True)


@season_app.command(
    "set",
    help=_(
        "Change the active season's settings, as `season new --set` takes them: wertung, min_starts, finale, verein. "
        "Its standings are always computed from the current ones."
    ),
)
def set_(
    assignments: Annotated[list[str], typer.Argument(metavar="KEY=VALUE...", help=_("The settings to change."))],
) -> None:
    _show().info(_seasons().set(assignments))


@season_app.command("list", help=_("Every season of the ledger; * marks the active one."))
def list_(
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
) -> None:
    fmt = _format(format_, ("table", "json"))
    _show().listing(_seasons().list(), fmt)


@season_app.command(
    "show", help=_("A season: rules, Wertung, its tournaments and its players with their season start numbers.")
)
def show(
    season: Annotated[
        int | None, typer.Argument(metavar="[ID]", help=_("Season id (default: the active one)."))
    ] = None,
) -> None:
    s = _seasons()
    _show().details(s.info(season), s.players(season))


@season_app.command("use", help=_("Make a season the active one."))
def use(season: Annotated[int, typer.Argument(metavar="ID", help=_("Season id."))]) -> None:
    _show().info(_seasons().use(season))


@season_app.command(
    "register",
    help=_(
        "Give players their permanent season start numbers: the next free ones, or --number N for one.\n"
        "--kategorie K,… sets their categories in the register, which these registrations copy."
    ),
)
def register(
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help=_("The players."))],
    number: Annotated[
        int | None, typer.Option("--number", metavar="N", help=_("The season start number of the one player named."))
    ] = None,
    kategorie: Annotated[
        str | None, typer.Option("--kategorie", metavar="K,…", help=_("Their categories (damen,senioren)."))
    ] = None,
) -> None:
    _show().registered(_seasons().register(names, number, kategorien=kategorie))


@season_app.command(
    "kategorie",
    help=_('The categories of one season registration (damen,senioren; "" clears them); the register stays.'),
)
def kategorie(
    player: Annotated[str, typer.Argument(metavar="NAME|NUMBER", help=_("The player."))],
    categories: Annotated[str, typer.Argument(metavar="K,…", help=_("His categories in this season."))],
) -> None:
    from schreiber.cli import cash_render
    from schreiber.ledger.categories import Categories

    cash_render.registration_kategorien(*Categories(_ledger()).season_kategorie(player, categories))


@season_app.command(
    "add", help=_("Count tournaments for the active season (one rule set and one Wertung: points never mix).")
)
def add(tournaments: Annotated[list[int], typer.Argument(metavar="TOURNAMENT...", help=_("Tournament ids."))]) -> None:
    info = _seasons().add(tournaments)
    _show().added(info, tournaments)


@season_app.command(
    "standings",
    help=_(
        "The season's ranking across its tournaments by its Wertung (or --wertung W, just shown).\n"
        "\n"
        'JSON: {"season", "wertung", "tournaments", "unconfirmed", "players": [{"rank", "number", "name", "score",\n'
        '"starts", "qualified", "results": [{"tournament", "score", "rank", "field"} or null]}]}; "unconfirmed": the\n'
        "sheets of its tournaments typed once or whose two entries differ (double entry). With --kategorie K: also\n"
        '"kategorie"; "rank" is the category rank, "overall" the season rank.'
    ),
)
def standings(
    wertung: Annotated[
        str | None,
        typer.Option(
            "--wertung", metavar="W", help=_("Rank by another Wertung, just shown (the season keeps its own).")
        ),
    ] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    output: Annotated[
        str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write the standings as a PDF to print."))
    ] = None,
    kategorie: Annotated[
        str | None, typer.Option("--kategorie", metavar="K", help=_("The ranking of one category of kategorien=."))
    ] = None,
) -> None:
    fmt = _listing_format(format_, excel, output)
    view = _seasons().standings(wertung=wertung)
    if kategorie is not None:
        from schreiber.ledger.categories import Categories

        view = Categories(_ledger()).season_standings(view, kategorie)
    if output is None:
        _show().standings(view, fmt, excel=excel)
        return
    from schreiber.report import season_pdf

    _write_pdf(output, lambda: season_pdf.standings(view))
    typer.echo(_("The standings of season “{name}” are in {file}.").format(name=view.season.name, file=output))


@season_app.command(
    "awards",
    help=_(
        "The season's awards: most starts, best and worst average rank (with min_starts), best single tournament score.\n"
        "\n"
        'JSON: {"most_starts", "best_average_rank", "worst_average_rank", "best_score": {"players", "value", "tournament"}}.'
    ),
)
def awards(
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
) -> None:
    fmt = _format(format_, ("table", "json"))
    _show().awards(_seasons().awards(), fmt)


def phones_address(url: str | None, host: str | None, port: int) -> str:
    """The address of `serve` a printed QR code carries (season cards, tournament score sheets): `--url`, else
    `--host` or this machine's network address with `--port`."""
    from schreiber.web.server import public_address

    return public_address(url, host, port)


@season_app.command(
    "cards",
    help=_(
        "A check-in card per season player, as a PDF to print: name, season start number and a QR code of the\n"
        "organiser page's check-in address (serve --tournament --entry), which a phone's camera opens."
    ),
)
def cards(
    output: Annotated[str, typer.Option("--output", metavar="FILE.pdf", help=_("The PDF to write."))] = ...,  # type: ignore[assignment]
    url: QrUrlOpt = None,
    host: QrHostOpt = None,
    port: QrPortOpt = 8150,
) -> None:
    _pdf(output)
    base = phones_address(url, host, port)
    s = _seasons()
    info, players = s.info(), s.players()
    from schreiber.report import season_pdf

    _write_pdf(output, lambda: season_pdf.cards(info, players, base))
    typer.echo(
        _("{count} check-in cards of season “{name}” are in {file}.").format(
            count=len(players), name=info.name, file=output
        )
    )


# The picture to share (issue 42.5), joined from cli/share.py.
from schreiber.cli.share import season_share  # noqa: E402

season_app.registered_commands += season_share.registered_commands
