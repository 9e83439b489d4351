"""`schreiber tournament share` and `schreiber season share` (issue 42.5, CLI.md "Publishing results"): the
picture to post in the club's chat, or its lines as text; joined to their groups by cli/tournament.py and
cli/season.py.

Only typer, the standard library and cli/runner.py at the top: the ledger, the view and matplotlib are
imported by the command that runs.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import _format, _ledger, _write_pdf
from schreiber.i18n import _

tournament_share = typer.Typer(rich_markup_mode=None)
season_share = typer.Typer(rich_markup_mode=None)

OutputOpt = Annotated[
    str | None,
    typer.Option("--output", metavar="FILE.png", help=_("The picture to write (1080 × 1350 pixels).")),
]
TopOpt = Annotated[
    int, typer.Option("--top", metavar="N", help=_("How many of the best are shown (default 10, at most 20)."))
]
ShareFormatOpt = Annotated[
    str,
    typer.Option(
        "--format", metavar="png|text", help=_("png (the picture), or text: the same as lines to paste into a chat.")
    ),
]


def _checked(output: str | None, top: int, format_: str) -> str:
    """The format, once --top, --format and --output are as they must be; else one sentence, exit 2."""
    from schreiber.views.share import MOST

    fmt = _format(format_, ("png", "text"))
    if not 1 <= top <= MOST:
        raise typer.BadParameter(
            _("give how many of the best to show, 1 to {most}, not {top}.").format(most=MOST, top=top),
            param_hint="--top",
        )
    if fmt == "png":
        if output is None:
            raise typer.BadParameter(
                _("name the picture to write (FILE.png), or give --format text."), param_hint="--output"
            )
        if not output.lower().endswith(".png"):
            raise typer.BadParameter(
                _("writes a PNG picture; name a file ending in .png, not {path}.").format(path=output),
                param_hint="--output",
            )
    elif output is not None:
        raise typer.BadParameter(_("--format text prints the lines here; it takes no --output."), param_hint="--output")
    return fmt


def _public(ledger: Any) -> Any:
    """Each row's name as published: "Spieler 12" for a player set --privat (views/public_names.py)."""
    from schreiber.ledger.players import Players
    from schreiber.views.public_names import Naming

    naming = Naming(Players(ledger).private())
    return lambda row: naming.shown(row.name, row.number)


def _shown(picture: Any, fmt: str, output: str | None) -> None:
    if fmt == "text":
        for line in picture.text():
            typer.echo(line)
        return
    from schreiber.report import share_png

    assert output is not None
    _write_pdf(output, lambda: share_png.render_png(picture))
    typer.echo(
        _("The picture of “{name}” ({status}) is in {file}.").format(
            name=picture.title, status=picture.status, file=output
        )
    )


@tournament_share.command(
    "share",
    help=_(
        "A picture to share in the club's chat: a 1080 × 1350 PNG with the tournament's name, the club\n"
        '(`tournament set verein=NAME`), the date, "Final standings" or how far the provisional ones are, and the\n'
        "best N with their score and prize, readable on a phone; --format text prints the same as lines to paste.\n"
        "The same ledger gives the same bytes."
    ),
)
def tournament(
    tournament_id: Annotated[
        int | None, typer.Argument(metavar="[ID]", help=_("Tournament id (default: the active one)."))
    ] = None,
    output: OutputOpt = None,
    top: TopOpt = 10,
    format_: ShareFormatOpt = "png",
) -> None:
    fmt = _checked(output, top, format_)
    from schreiber.ledger.cashbook import Cash
    from schreiber.ledger.tournament import Tournaments
    from schreiber.views import share

    ledger = _ledger()
    view = Tournaments(ledger).standings(tournament_id=tournament_id)
    book = Cash(ledger).book(view.tournament.id)
    prizes = {line.number: line.prize for line in book.book.lines}
    _shown(share.tournament(view, prizes, top, name=_public(ledger)), fmt, output)


@season_share.command(
    "share",
    help=_(
        "A picture to share in the club's chat: a 1080 × 1350 PNG with the season's name, the club (`season set\n"
        "verein=NAME`), its days, after how many tournaments (provisional while one still plays) and the best N\n"
        "with their score; --format text prints the same as lines to paste."
    ),
)
def season(
    season_id: Annotated[
        int | None, typer.Argument(metavar="[ID]", help=_("Season id (default: the active one)."))
    ] = None,
    output: OutputOpt = None,
    top: TopOpt = 10,
    format_: ShareFormatOpt = "png",
) -> None:
    fmt = _checked(output, top, format_)
    from schreiber.ledger.season import Seasons
    from schreiber.views import share

    ledger = _ledger()
    _shown(share.season(Seasons(ledger).standings(season_id), top, name=_public(ledger)), fmt, output)
