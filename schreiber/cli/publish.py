"""`schreiber publish`: the club's results as a static site (issue 42, CLI.md "Publishing results").

With `serve`, the command of cli/ that imports web/ (tests/test_architecture.py, CLI_INTO_WEB), inside itself:
only typer, the standard library and cli/ at the top, as in app.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from schreiber.cli.runner import _date, _ledger
from schreiber.i18n import _

publish_commands = typer.Typer(rich_markup_mode=None)


@publish_commands.command(
    "publish",
    help=_(
        "Write the results as a static site for the club's web pages: an index, per tournament the standings with\n"
        "prizes, each round's seat plan and table results, data.json and standings.csv; per season the standings,\n"
        "awards and a page per player; per league its table, each Spieltag's Spielbericht and data.json (--league ID:\n"
        "that league alone). Relative links only, no script, nothing from elsewhere: it opens from a\n"
        "USB stick as from any web host. The same ledger gives the same bytes; only changed files are written.\n"
        "Money owed, payments and balances are never published; prizes are. `player set NAME --privat` shows a\n"
        'player as "Player 12".'
    ),
)
def publish(
    output: Annotated[
        str | None, typer.Option("--output", metavar="DIR", help=_("The folder to write the site into."))
    ] = None,
    tournament: Annotated[
        int | None, typer.Option("--tournament", metavar="ID", help=_("Only this tournament."))
    ] = None,
    season: Annotated[
        int | None, typer.Option("--season", metavar="ID", help=_("Only this season and its tournaments."))
    ] = None,
    league: Annotated[
        int | None, typer.Option("--league", metavar="ID", help=_("Only this league: its table and Spielberichte."))
    ] = None,
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help=_("Only tournaments on or after DATE (YYYY-MM-DD).")),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="de|en|both",
            help=_("The language of the pages (default: the command's); both: de/ and en/, linked."),
        ),
    ] = None,
    names: Annotated[
        str,
        typer.Option(
            "--names", metavar="voll|kurz", help=_('voll: names as registered; kurz: "Anton M." for everyone.')
        ),
    ] = "voll",
    zip_: Annotated[
        str | None, typer.Option("--zip", metavar="FILE", help=_("Also write the same site as one zip file."))
    ] = None,
    excel: Annotated[
        bool, typer.Option("--excel", help=_("standings.csv for a German Excel: BOM, semicolons, decimal commas."))
    ] = False,
) -> None:
    from schreiber import i18n
    from schreiber.views.public_names import NAMES

    if output is None and zip_ is None:
        raise typer.BadParameter(_("name the folder to write the site into (or --zip FILE)."), param_hint="--output")
    if tournament is not None and season is not None:
        raise typer.BadParameter(_("give --tournament or --season, not both."), param_hint="--season")
    if league is not None and (tournament is not None or season is not None):
        raise typer.BadParameter(_("give --league alone, without --tournament or --season."), param_hint="--league")
    languages = {"de": ("de",), "en": ("en",), "both": ("de", "en")}
    chosen = lang or i18n.spoken()
    if chosen not in languages:
        raise typer.BadParameter(_("use de, en or both, not {value}.").format(value=repr(lang)), param_hint="--lang")
    if names not in NAMES:
        raise typer.BadParameter(_("use voll or kurz, not {value}.").format(value=repr(names)), param_hint="--names")
    day = _date(since, "--since")
    folder = Path(output) if output is not None else None
    if folder is not None and folder.exists() and not folder.is_dir():
        raise typer.BadParameter(_("{path} is a file, not a folder.").format(path=output), param_hint="--output")

    from schreiber.ledger.publish import collect
    from schreiber.web import publish as site

    files = site.build(collect(_ledger(), tournament, season, day, league), languages[chosen], names, excel)
    if zip_ is not None:
        site.archive(files, Path(zip_))
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        typer.echo(site.said(site.write(files, folder)))
    if zip_ is not None:
        typer.echo(_("The site is in {file}.").format(file=zip_))
