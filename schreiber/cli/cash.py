"""`schreiber tournament set | pay | cash`: a tournament's money (RULES.md §9, CLI.md "The cashbook"),
joined to the `tournament` group by cli/tournament.py.

Only typer, the standard library and cli/runner.py at the top: the ledger, the renderer and the PDF
library are imported by the command that needs them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import ExcelOpt, FormatOpt, _ledger, _listing_format, _write_pdf
from schreiber.i18n import _

# Joined to the `tournament` group by cli/tournament.py.
cash_commands = typer.Typer(rich_markup_mode=None)


def _cash() -> Any:
    from schreiber.ledger.cashbook import Cash

    return Cash(_ledger())


def _show() -> Any:
    from schreiber.cli import cash_render

    return cash_render


def show_settings(tournament: int | None) -> None:
    """The money line of `tournament show`, when the tournament handles money."""
    settings = _cash().settings(tournament)
    if settings.any:
        _show().settings(settings)


def _assignments(words: list[str]) -> list[tuple[str, str]]:
    out = []
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key.strip():
            raise typer.BadParameter(
                _("use KEY=VALUE (startgeld=1000), not {word}.").format(word=repr(word)), param_hint="KEY=VALUE"
            )
        out.append((key.strip(), value))
    return out


@cash_commands.command(
    "set",
    help=_(
        "Change the tournament's money settings (cents): startgeld, verlustspiel (50,50,50,100), reuegeld,\n"
        "auszahlung (percent of the pot), preise (50%,30%,20% or 15000,10000,8000), rundung. The cashbook\n"
        "is always computed from the current ones; once a prize is paid out they stay. rundenzeit=MINUTES:\n"
        "the round's clock on the wall and the organiser's page, from the draw or `tournament start ROUND`.\n"
        "plaetze=N caps the field (off: no cap): later registrations wait, and the waiting list moves up\n"
        "into free places. verein=NAME: the club's name on the picture to share (off: none).\n"
        "teams=mannschaft:4,tandem:2: team competitions (`tournament team`), fixed by the\n"
        "first draw; getrennt=mannschaft: its team mates are seated apart; COMPETITION.startgeld,\n"
        "COMPETITION.auszahlung, COMPETITION.preise: its own pot; COMPETITION.fehlend=ohne|hochrechnen.\n"
        "Categories and prizes (TEAMS.md 10.2): kategorien=damen,senioren ranks each on its own;\n"
        "K.preise=3000,sach:Blumen:1500 and K.startgeld=500 (opt-in); goods in preise (sach:NAME:CENTS);\n"
        "sonderpreise=vorletzter:Pressack:800,mitte:500; plus_preis=CENTS; preise_je_tisch=N (without\n"
        "preise); doppelpreis=ja|nein; sachpreise_bezahlt=kasse|gespendet. Once a prize is paid out,\n"
        "--force changes the prize settings anyway."
    ),
)
def set_(
    assignments: Annotated[list[str], typer.Argument(metavar="KEY=VALUE...", help=_("The settings to change."))],
    force: Annotated[
        bool, typer.Option("--force", help=_("Change the prize settings although a prize is paid out."))
    ] = False,
) -> None:
    applied = _cash().set(_assignments(assignments), force=force)
    _show().changed(applied)
    if applied.columns:  # the field changed: its places, who moved up, who waits
        from schreiber.cli import door_render
        from schreiber.ledger.arrivals import Arrivals

        door_render.places(Arrivals(_ledger()).places(applied.moved_up))


@cash_commands.command(
    "pay",
    help=_(
        "Record the Startgeld of each player named as paid (--undo takes it back); with --prize, his prize\n"
        "as paid out (and his goods as handed over). The first prize paid out fixes every prize; after it the\n"
        "money settings stay as they are, and what would move the standings needs --force. --kategorie K:\n"
        "the Startgeld of the category K (opt-in: only who paid it is in its ranking)."
    ),
)
def pay(
    names: Annotated[
        list[str], typer.Argument(metavar="NAME...", help=_("The players, by whole name or start number."))
    ],
    undo: Annotated[
        bool, typer.Option("--undo", help=_("Take the payment back (it stays in the ledger as taken back)."))
    ] = False,
    prize: Annotated[
        bool, typer.Option("--prize", help=_("The prize paid out to the player, not his Startgeld."))
    ] = False,
    kategorie: Annotated[
        str | None, typer.Option("--kategorie", metavar="K", help=_("The Startgeld of the category K."))
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=_("With --kategorie: although a prize is paid out."))] = False,
) -> None:
    if kategorie is not None:
        if prize:
            raise typer.BadParameter(_("--prize and --kategorie exclude each other."), param_hint="--kategorie")
        from schreiber.ledger.categories import Categories

        _show().category_paid(Categories(_ledger()).pay(names, kategorie, undo=undo, force=force))
        return
    _show().paid(_cash().pay(names, undo=undo, prize=prize))


@cash_commands.command(
    "kategorie",
    help=_(
        'The categories of one registration (damen,senioren; "" clears them); the register stays as it is.\n'
        "Once a prize is paid out, only with --force."
    ),
)
def kategorie(
    player: Annotated[str, typer.Argument(metavar="NAME|NUMBER", help=_("The player."))],
    categories: Annotated[str, typer.Argument(metavar="K,…", help=_("His categories in this tournament."))],
    force: Annotated[bool, typer.Option("--force", help=_("Although a prize is paid out."))] = False,
) -> None:
    from schreiber.ledger.categories import Categories

    _show().registration_kategorien(*Categories(_ledger()).tournament_kategorie(player, categories, force=force))


@cash_commands.command(
    "cash",
    help=_(
        "The cashbook: each player's Startgeld owed and paid, Verlustspielgeld, Reuegeld, prize and balance;\n"
        "the pot, the payout and the Kasse. --output writes the payout list to sign as a PDF.\n"
        "\n"
        'JSON (cents): {"tournament", "pot", "payout", "kasse", "doppelpreis", "sachpreise_bezahlt",\n'
        '"kasse_parts", "kategorien": [{"name", "startgeld", "paid", "prizes"}], "players": [{"number", "name",\n'
        '"rank", "kategorien", "startgeld", "paid", "verlustspiel", "reuegeld", "prize", "prize_paid", "balance",\n'
        '"prizes": [{"list", "place", "cents", "sach", "value", "by_lot"}]}], "prizes_fixed"}.'
    ),
)
def cash(
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    output: Annotated[
        str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write the payout list to sign as a PDF."))
    ] = None,
) -> None:
    fmt = _listing_format(format_, excel, output)
    view = _cash().book()
    if output is None:
        _show().book(view, fmt, excel=excel)
        return
    from schreiber.report import cash_pdf

    _write_pdf(output, lambda: cash_pdf.payout_list(view))
    typer.echo(_("The payout list of “{name}” is in {file}.").format(name=view.tournament.name, file=output))
