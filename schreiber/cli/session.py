"""`schreiber session …`: seat a table, list, show, choose and close tables, change their seats and length.

Only typer, the standard library and cli/runner.py at the top, as in app.py: the ledger and the renderer are
imported by the command that runs.
"""

from __future__ import annotations

from typing import Annotated

import typer

from schreiber import i18n
from schreiber.cli.runner import FormatOpt, SessionOpt, _date, _format, _ledger, _render
from schreiber.i18n import _

session_app = typer.Typer(
    help=_("Start, list, choose and close tables (sessions)."), rich_markup_mode=None, no_args_is_help=True
)


@session_app.command("new", help=_("Seat a new table and make it the active one."))
def session_new(
    rules: Annotated[str, typer.Option("--rules", help=_("The rule set (see `schreiber rules`)."))],
    players: Annotated[
        list[str],
        typer.Option(
            "--players",
            help=_(
                'The players in seat order, clockwise: NAME NAME … or NAME,NAME,…; a name with a space in quotes ("Hans Peter" Anna …) or between commas ("Hans Peter,Anna,…").'
            ),
        ),
    ],
    names: Annotated[
        list[str] | None,
        typer.Argument(metavar="[NAME]...", help=_("More players after --players."), show_default=False),
    ] = None,
    new_player: Annotated[
        list[str] | None,
        typer.Option(
            "--new-player",
            help=_(
                "A new player whose name is close to a known one's (repeatable); seated after --players unless named there."
            ),
        ),
    ] = None,
    dealer: Annotated[
        str | None, typer.Option("--dealer", help=_("Who deals the first hand (default: the first player)."))
    ] = None,
    tariff: Annotated[int | None, typer.Option("--tariff", help=_("Cents per point."))] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help=_("A setting KEY=VALUE (repeatable)."))] = None,
    teams: Annotated[
        list[str] | None,
        typer.Option("--teams", help=_("klassisch: the two teams, NAME+NAME NAME+NAME (default: seats 1+3 and 2+4).")),
    ] = None,
    name: Annotated[str | None, typer.Option("--name", help=_("A name for the evening."))] = None,
    date: Annotated[str | None, typer.Option("--date", help=_("The evening's date (default: today)."))] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            metavar="N",
            help=_("A fixed-length evening: the hands it plays; a hand after them is refused (`session set hands=N`)."),
        ),
    ] = None,
) -> None:
    # `--players A B C D` and `--teams A+C B+D` read like lists: the extra words arrive as arguments.
    everyone, team_words = _split_trailing(players, names or [], teams or [])
    fresh = [n.strip() for v in new_player or [] for n in v.split(",") if n.strip()]
    everyone += [n for n in fresh if n.casefold() not in {p.casefold() for p in everyone}]
    info = _ledger().new_table(
        rules,
        everyone,
        new_players=fresh,
        dealer=dealer,
        tariff=tariff,
        assignments=set_ or [],
        teams=team_words,
        name=name,
        date=_date(date, "--date"),
        hands=hands,
    )
    _render().table_info(info, created=True)


def _split_trailing(players: list[str], extra: list[str], teams: list[str]) -> tuple[list[str], list[str]]:
    """Words after `--players NAME` belong to the players, except NAME+NAME ones after `--teams`; a
    word such as "+Carl" is a name (never dropped)."""
    team_words = list(teams)
    words = list(players)
    for word in extra:
        if "+" in word and all(part.strip() for part in word.split("+")):
            team_words.append(word)
        else:
            words.append(word)
    return _names_of(words), team_words


def _names_of(words: list[str]) -> list[str]:
    """The names in the words given: a word with a comma is split at its commas only ("Hans Peter,Sepp K."),
    any other word is one name ("Hans Peter" Anna); one word alone without a comma is the quoted list
    "Anna Berta Carl Dora" and is split at its spaces."""
    if len(words) == 1 and "," not in words[0]:
        return words[0].split()
    return [name.strip() for word in words for name in (word.split(",") if "," in word else [word]) if name.strip()]


@session_app.command(
    "list",
    help=_(
        "Every table of the ledger.\n"
        "\n"
        'JSON: a list of {"id", "date", "rules", "name", "players", "hands", "closed", "active", "of"} ("of": the\n'
        'hands the table plays, null for no fixed length); CSV: the same columns, players joined by ", ".'
    ),
)
def session_list(format_: FormatOpt = "table") -> None:
    fmt = _format(format_, ("table", "json", "csv"))
    _render().tables(_ledger().tables(), fmt)


@session_app.command("show", help=_("Seats, settings, the next dealer and what is carried (Bock, Doppelt, 60:60)."))
def session_show(
    table: Annotated[int | None, typer.Argument(help=_("Table id (default: the active one)."))] = None,
) -> None:
    _render().table_view(_ledger().table(table))


@session_app.command("use", help=_("Make a table the active one."))
def session_use(table: Annotated[int, typer.Argument(help=_("Table id."))]) -> None:
    _render().table_info(_ledger().use(table))


@session_app.command("close", help=_("Close a table: no more hands can be added to it."))
def session_close(
    table: Annotated[int | None, typer.Argument(help=_("Table id (default: the active one)."))] = None,
) -> None:
    _render().table_info(_ledger().close(table))


@session_app.command(
    "teams", help=_("klassisch: redraw the teams; a new Partie starts, Schafköpfe stay with the players.")
)
def session_teams(
    teams: Annotated[list[str], typer.Argument(help=_("NAME+NAME NAME+NAME"))],
    session: SessionOpt = None,
) -> None:
    _render().table_info(_ledger().set_teams(teams, session))


@session_app.command(
    "set", help=_("hands=N: the hands the evening plays, to lengthen it (no fewer than it has played).")
)
def session_set(
    assignments: Annotated[list[str], typer.Argument(metavar="hands=N", help=_("The evening's new length."))],
    session: SessionOpt = None,
) -> None:
    _render().table_info(_ledger().set_length(assignments, session))


@session_app.command(
    "key",
    help=_(
        "The table's entry address for `serve --entry`; --new replaces its key (the old one stops working at once)."
    ),
)
def session_key(
    session: SessionOpt = None,
    new: Annotated[
        bool, typer.Option("--new", help=_("Make a new key; phones with the old address can no longer record hands."))
    ] = False,
    host: Annotated[
        str, typer.Option("--host", metavar="ADDRESS", help=_("The address `serve` listens on."))
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help=_("The port `serve` listens on."))] = 8150,
) -> None:
    from schreiber.web.server import address

    info, key = _ledger().entry_key(session, new=new)
    link = f"{address(host, port)}?key={key}"
    if new:
        typer.echo(
            _("Session {id} has a new key; the old address no longer records hands. The new one: {address}").format(
                id=info.id, address=link
            )
        )
    else:
        typer.echo(
            _("Entry for session {id} ({players}): {address}").format(
                id=info.id, players=", ".join(info.players), address=link
            )
        )


@session_app.command(
    "join", help=_("A player sits down at the table from the next hand on; rotation and sitting out follow.")
)
def session_join(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("Who sits down."))],
    seat: Annotated[
        int | None, typer.Option("--seat", help=_("Seat N (1 = the first seat); default: after the last."))
    ] = None,
    session: SessionOpt = None,
) -> None:
    _render().seated(_ledger().join(name, seat, session), joined=name)


@session_app.command("leave", help=_("A player leaves the table from the next hand on; his points stay in the totals."))
def session_leave(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("Who gets up."))],
    session: SessionOpt = None,
) -> None:
    _render().seated(_ledger().leave(name, session), left=name)


@session_app.command(
    "sheet",
    help=_(
        "The table's Skat list as a PDF to print (one A4 page): a row per hand, the declarer's value won (+) or\n"
        "lost (−) and each player's running sum, the sums, games won and lost and Seeger-Fabian at the foot;\n"
        "48 rows at a table of 4, 36 at 3; empty, or filled with the hands the table has."
    ),
)
def session_sheet(
    output: Annotated[str, typer.Option("--output", metavar="FILE.pdf", help=_("The PDF to write."))],
    session: SessionOpt = None,
) -> None:
    from schreiber.cli.runner import _pdf, _write_pdf
    from schreiber.ledger.reports import session_title
    from schreiber.rules.model import SettingsError
    from schreiber.rules.table import WrittenList

    _pdf(output)
    view = _ledger().table(session)
    if not isinstance(view.rules, WrittenList):
        raise SettingsError(
            _(
                "session sheet: session {id} plays {rules}, which keeps no printed list; the Skat list is skat's."
            ).format(id=view.table.id, rules=view.rules.name)
        )
    from schreiber.report import skat_list_pdf

    title = _("Skat list - {title}").format(title=session_title(view.table, _))
    _write_pdf(output, lambda: skat_list_pdf.session_list(view, title))
    typer.echo(
        i18n.ngettext(
            "The Skat list of session {id} ({count} hand) is in {file}.",
            "The Skat list of session {id} ({count} hands) is in {file}.",
            len(view.hands),
        ).format(id=view.table.id, count=len(view.hands), file=output)
    )
