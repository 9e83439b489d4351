"""`schreiber tournament …`: registration, draw, seat plans, sheets, results and standings.

Only typer, the standard library and cli/runner.py at the top, as in app.py: the ledger, the renderer and the PDF
library are imported by the command that needs them.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import typer

from schreiber.cli.runner import (
    ExcelOpt,
    FormatOpt,
    QrHostOpt,
    QrPortOpt,
    QrUrlOpt,
    _date,
    _format,
    _ledger,
    _listing_format,
    _pdf,
    _write_pdf,
)
from schreiber.i18n import _

tournament_app = typer.Typer(
    help=_("Tournaments: register players, draw the tables of each round, enter sheets, rank everyone."),
    rich_markup_mode=None,
    no_args_is_help=True,
)

RoundOpt = Annotated[int | None, typer.Option("--round", metavar="N", help=_("The round (default: the newest drawn)."))]
# After the first prize is paid out, whatever moves the standings needs --force (RULES.md §9).
ForceOpt = Annotated[
    bool, typer.Option("--force", help=_("Change the standings although prizes are paid out (they stay paid)."))
]
NAME_POINTS = re.compile(r"^\s*([^=]+?)\s*=\s*([+-]?\d+)\s*$")
BARE = re.compile(r"^\s*[+-]?\d+\s*$")


def _tournaments() -> Any:
    from schreiber.ledger.tournament import Tournaments

    return Tournaments(_ledger())


def _show() -> Any:
    from schreiber.cli import tournament_render

    return tournament_render


def _pairs(words: list[str], option: str) -> list[tuple[str | int, int]]:
    """NAME=N or NUMBER=N (a start number) pairs as typed."""
    out: list[tuple[str | int, int]] = []
    for word in words:
        match = NAME_POINTS.match(word)
        if not match:
            raise typer.BadParameter(
                _("use NAME=POINTS (Anna=40) or NUMBER=POINTS (22=40), not {word}.").format(word=repr(word)),
                param_hint=option,
            )
        key = match.group(1)
        out.append((int(key) if key.isdigit() else key, int(match.group(2))))
    return out


def _sheet_words(words: list[str]) -> tuple[list[tuple[str | int, int]], list[int]]:
    """A sheet's points: NAME=POINTS and NUMBER=POINTS mixed, or bare values in seat order, not both. The
    command lets words starting with - through as arguments (negative values); any other is an unknown option."""
    bare = [w for w in words if BARE.match(w)]
    for word in words:
        if word.startswith("-") and not BARE.match(word):
            from typer._click.exceptions import NoSuchOption

            raise NoSuchOption(word.partition("=")[0])
    if bare and len(bare) < len(words):
        raise typer.BadParameter(
            _("give every player as NAME=POINTS or NUMBER=POINTS, or every value bare in seat order, not both."),
            param_hint="NAME=POINTS",
        )
    return ([], [int(w) for w in bare]) if bare else (_pairs(words, "NAME=POINTS"), [])


@tournament_app.command("new", help=_("Start a tournament and make it the active one."))
def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The tournament's name."))],
    rules: Annotated[
        str,
        typer.Option(
            "--rules", help=_("preisschafkopf, schafkopf, schafkopf-tarif, doppelkopf, doppelkopf-turnier or skat.")
        ),
    ],
    rounds: Annotated[int | None, typer.Option("--rounds", metavar="N", help=_("How many rounds (default 3)."))] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            metavar="N",
            help=_(
                "Hands per round at a table of 4 (default 32 in Schafkopf, 24 in Doppelkopf, 48 in Skat); a table of 5 plays 5/4, a Skat table of 3 three quarters."
            ),
        ),
    ] = None,
    date: Annotated[str | None, typer.Option("--date", help=_("The tournament's date (default: today)."))] = None,
    set_: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help=_(
                "A setting KEY=VALUE of the tables (repeatable); wertung=punkte|platz ranks the tournament (Skat: seeger|punkte)."
            ),
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option("--seed", metavar="S", help=_("The seed every round is drawn from (default: a random one).")),
    ] = None,
    season: Annotated[
        int | None,
        typer.Option(
            "--season",
            metavar="ID",
            help=_("The season the tournament counts for (its players keep their season start numbers)."),
        ),
    ] = None,
) -> None:
    info = _tournaments().new(
        name,
        rules,
        rounds=rounds,
        hands=hands,
        date=_date(date, "--date"),
        assignments=set_ or [],
        seed=seed,
        season=season,
    )
    _show().info(info, created=True)


@tournament_app.command("list", help=_("Every tournament of the ledger; * marks the active one."))
def list_() -> None:
    _show().listing(_tournaments().list())


@tournament_app.command(
    "show",
    help=_(
        "A tournament: rules, settings, rounds, the players with their start numbers, and every sheet entered\n"
        "with the ones a correction replaced.\n"
        "\n"
        'JSON: {"tournament", "name", "rules", "date", "wertung", "rounds", "hands", "settings", "players": [{"number",\n'
        '"name", "withdrawn", "arrived"}], "waiting": [{"number", "name"}], "sheets": [{"round", "table", "session", "thrown",\n'
        '"replaced", "entries": [{"number", "name", "points", "soli", "won", "lost"}]}]}; "waiting": the waiting list in order.'
    ),
)
def show(
    tournament: Annotated[
        int | None, typer.Argument(metavar="[ID]", help=_("Tournament id (default: the active one)."))
    ] = None,
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
) -> None:
    fmt = _format(format_, ("table", "json"))
    from schreiber.ledger.clock import clock

    t = _tournaments()
    _show().details(t.info(tournament), t.entrants(tournament), t.sheets(tournament), fmt, clock(_ledger(), tournament))
    if fmt == "table":
        from schreiber.cli.cash import show_settings

        show_settings(tournament)


@tournament_app.command("use", help=_("Make a tournament the active one."))
def use(tournament: Annotated[int, typer.Argument(metavar="ID", help=_("Tournament id."))]) -> None:
    _show().info(_tournaments().use(tournament))


@tournament_app.command(
    "register",
    help=_(
        "Register players; start numbers follow on (1, 2, …), or --number N for one. A name close to a registered\n"
        "one (one letter off, or the same without accents) is registered with a note on how to take it back.\n"
        "A player registered here has arrived; --vorab registers in advance (drawn once `checkin` says he is\n"
        "here), and --from FILE.csv registers a list in advance (columns name, optional number and kategorien;\n"
        "UTF-8 or an Excel CSV). Beyond `tournament set plaetze=N` players go to the waiting\n"
        "list, which moves up by itself when someone unregisters. --kategorie K,… sets their categories in the\n"
        "register, which these registrations copy."
    ),
)
def register(
    names: Annotated[
        list[str] | None, typer.Argument(metavar="NAME...", help=_("The players, in order of registration."))
    ] = None,
    number: Annotated[
        int | None, typer.Option("--number", metavar="N", help=_("The start number of the one player named."))
    ] = None,
    vorab: Annotated[
        bool, typer.Option("--vorab", help=_("Registered in advance: not drawn until checked in at the door."))
    ] = False,
    from_: Annotated[
        str | None,
        typer.Option(
            "--from", metavar="FILE.csv", help=_("Register in advance everyone of a list (columns name, number).")
        ),
    ] = None,
    kategorie: Annotated[
        str | None,
        typer.Option("--kategorie", metavar="K,…", help=_("Their categories (damen,senioren).")),
    ] = None,
) -> None:
    from schreiber.cli import door_render
    from schreiber.ledger.arrivals import Arrivals

    arrivals = Arrivals(_ledger())
    if from_ is not None:
        if names or number is not None:
            raise typer.BadParameter(_("a list is read alone: give no NAME or --number with it."), param_hint="--from")
        door_render.listed(arrivals.register_from(from_))
        return
    if not names:
        raise typer.BadParameter(_("name the players to register, or give --from FILE.csv."), param_hint="NAME...")
    door_render.registered(arrivals.register(names, number, vorab=vorab, kategorien=kategorie))


@tournament_app.command(
    "unregister",
    help=_(
        "Take back a registration made by mistake: the player is removed from the tournament. Only before the\n"
        "player's first drawn round; after it, `withdraw` keeps them out of the next draws. The first on the\n"
        "waiting list moves up into a place set free, and is named."
    ),
)
def unregister(
    who: Annotated[str, typer.Argument(metavar="NAME|NUMBER", help=_("The player's whole name or start number."))],
) -> None:
    from schreiber.cli import door_render

    done = _tournaments().unregister(who)
    _show().unregistered(done)
    door_render.moved_up(done.moved_up)


@tournament_app.command(
    "withdraw",
    help=_(
        "A player leaves the tournament: not drawn again; their rounds stay and they are ranked.\n"
        "--undo brings a withdrawn player back into the next draw."
    ),
)
def withdraw(
    who: Annotated[str, typer.Argument(metavar="NAME|NUMBER", help=_("The player's whole name or start number."))],
    undo: Annotated[
        bool, typer.Option("--undo", help=_("The player comes back: drawn again from the next draw."))
    ] = False,
    force: ForceOpt = False,
) -> None:
    _show().withdrawn(_tournaments().withdraw(who, undo, force=force))


@tournament_app.command(
    "draw",
    help=_(
        "Without --round: seat every active player who has arrived and has a place for the NEXT round: round 1\n"
        "at random, later rounds with as few repeated table mates as the draw finds. Refused while a table of\n"
        "the newest round is still playing (--force draws anyway). --round N draws the newest round N again,\n"
        "until its first hand or sheet (after a withdrawal or a late registration). Who registered in advance\n"
        "and has not checked in is named (not here: …), and so is the waiting list."
    ),
)
def draw(
    round_: Annotated[
        int | None,
        typer.Option("--round", metavar="N", help=_("Draw the newest round N again (before its first hand or sheet).")),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option("--seed", metavar="S", help=_("Draw from this seed (the same seed, the same draw).")),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help=_("Draw the next round although a table of the newest one is still playing.")),
    ] = False,
) -> None:
    _show().plan(_tournaments().draw(round_, seed, force=force), "table", drawn=True)
    from schreiber.cli import door_render
    from schreiber.ledger.arrivals import Arrivals

    door_render.door(Arrivals(_ledger()).door())


@tournament_app.command("undraw", help=_("Take back the newest round and its tables, until its first hand or sheet."))
def undraw() -> None:
    _show().undrawn(_tournaments().undraw())


@tournament_app.command(
    "close", help=_("Time is up at a table: it counts as finished with the hands it has, and takes no more hands.")
)
def close(
    round_: Annotated[int, typer.Argument(metavar="ROUND", help=_("The round."))],
    table: Annotated[int, typer.Argument(metavar="TABLE", help=_("The table's number in that round."))],
    force: ForceOpt = False,
) -> None:
    _show().closed(round_, _tournaments().close(round_, table, force=force))


@tournament_app.command(
    "tables",
    help=_(
        "The seat plan of a round: each table's session and players in seat order (seat 1 deals first).\n"
        "\n"
        'JSON: {"tournament", "round", "repeats", "tables": [{"table", "session", "players"}]}.\n'
        "\n"
        "--by name|number: the “Where do I sit?” list instead, everyone with start number, table and seat, by "
        'name or by start number; JSON: {"tournament", "round", "by", "players": [{"name", "number", "table", '
        '"seat"}]}. The PDF (--output) has both lists after the tables.'
    ),
)
def tables(
    round_: RoundOpt = None,
    format_: FormatOpt = "table",
    output: Annotated[
        str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write the seat plan as a PDF to print."))
    ] = None,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            metavar="name|number",
            help=_("Where do I sit? Everyone by name or by start number, with table and seat."),
        ),
    ] = None,
) -> None:
    fmt = _format(format_, ("table", "json", "csv"))
    if by is not None and by not in ("name", "number"):
        raise typer.BadParameter(_("give name or number, not {value}.").format(value=repr(by)), param_hint="--by")
    if by is not None and output is not None:
        raise typer.BadParameter(
            _("the PDF of --output has both lists already; give --by without --output."), param_hint="--by"
        )
    if output is not None:
        _pdf(output)
    plan = _tournaments().plan(round_)
    if by is not None:
        _show().finder(plan, by, fmt)
        return
    if output is None:
        _show().plan(plan, fmt)
        return
    from schreiber.report import tournament_pdf

    _write_pdf(output, lambda: tournament_pdf.seat_plan(plan))
    typer.echo(_("The seat plan of round {round} is in {file}.").format(round=plan.round, file=output))


@tournament_app.command(
    "sheets",
    help=_(
        "One blank score sheet per table of a round, as a PDF to print: names in seat order with start numbers, a\n"
        "line per hand, the Soli, and rows for games lost and thrown-in hands where the money counts them (Skat: the\n"
        "Skat list, filled with the hands a table has). Each sheet's QR code opens that table's sheet form on the\n"
        "organiser's page of `serve --tournament --entry`.\n"
        "With double entry (`tournament set doppelt=ja`), --offen prints the sheets whose two entries differ: round,\n"
        "table and the fields that differ (no PDF)."
    ),
)
def sheets(
    round_: RoundOpt = None,
    output: Annotated[str | None, typer.Option("--output", metavar="FILE.pdf", help=_("The PDF to write."))] = None,
    offen: Annotated[
        bool, typer.Option("--offen", help=_("Print the sheets whose two entries differ (double entry), no PDF."))
    ] = False,
    url: QrUrlOpt = None,
    host: QrHostOpt = None,
    port: QrPortOpt = 8150,
) -> None:
    from schreiber.rules.model import SettingsError

    if offen:
        if output is not None:
            raise SettingsError(_("--offen prints the queue here; it takes no --output."))
        from schreiber.cli import sheet_render

        return sheet_render.queue(_tournaments().queue())
    if output is None:
        raise SettingsError(_("--output: give the PDF to write (FILE.pdf), or --offen for the queue."))
    _pdf(output)
    from schreiber.cli.season import phones_address

    try:
        base: str | None = phones_address(url, host, port)
    except SettingsError:
        if url is not None or host is not None:
            raise
        base = None  # no network here: the paper is printed all the same, only without its QR codes
    plan = _tournaments().plan(round_)
    from schreiber.rules import registry
    from schreiber.rules.table import WrittenList

    if isinstance(registry.get(plan.tournament.rules), WrittenList):
        # A game kept on a printed list (Skat): its list is the table's sheet, filled where the table has hands.
        from schreiber.report import skat_list_pdf

        ledger = _ledger()
        views = {table.session: ledger.table(table.session) for table in plan.tables}
        _write_pdf(output, lambda: skat_list_pdf.tournament_lists(plan, views, base))
    else:
        from schreiber.ledger.sheet_form import fields
        from schreiber.report import tournament_pdf

        carried = fields(_ledger(), plan.tournament.id)
        _write_pdf(output, lambda: tournament_pdf.score_sheets(plan, carried, base))
    typer.echo(
        _("{count} score sheets of round {round} are in {file}.").format(
            count=len(plan.tables), round=plan.round, file=output
        )
    )
    if base is None:
        typer.echo(
            _("This machine has no network address a phone could reach, so the sheets have no QR code; give --url.")
        )


@tournament_app.command(
    "result",
    # Negative values are typed as they are (`result 3 7 120 85 -60 -145`): click would take -60 for an option.
    context_settings={"ignore_unknown_options": True},
    help=_(
        "Enter a table's paper sheet: every player of the table as NAME=POINTS or NUMBER=POINTS (his start\n"
        "number; names and numbers may be mixed), or the bare values in seat order as the seat plan prints them\n"
        "(`result 3 7 120 85 -60 -145`, negative values as they are; not mixed with NAME=), and --soli NAME=N for\n"
        "the solos each won (NUMBER=N too). The sheet is checked against the rule set, and every stored entry is\n"
        "printed with its start number to compare with the paper. A typo is corrected with the whole sheet again\n"
        "and --replace (the old one is kept; what it drops is said); --dry-run shows the sheet, what it drops and\n"
        "how the standings move, storing nothing. A table has its hands or a sheet, not both.\n"
        "With double entry (`tournament set doppelt=ja`) each result is one entry: the sheet counts once two agree;\n"
        "entries that differ wait in `tournament sheets --offen` until a third equal to one of them, or --replace,\n"
        "decides."
    ),
)
def result(
    round_: Annotated[int, typer.Argument(metavar="ROUND", help=_("The round."))],
    table: Annotated[int, typer.Argument(metavar="TABLE", help=_("The table's number in that round."))],
    points: Annotated[
        list[str],
        typer.Argument(
            metavar="POINTS...",
            help=_("Each player's points at the table: NAME=POINTS, NUMBER=POINTS, or bare values in seat order."),
        ),
    ],
    soli: Annotated[
        list[str] | None,
        typer.Option("--soli", metavar="NAME=N", help=_("Soli won by a player, by name or start number (repeatable).")),
    ] = None,
    won: Annotated[
        list[str] | None,
        typer.Option(
            "--won", metavar="NAME=N", help=_("Games a player won as declarer, by name or start number (repeatable).")
        ),
    ] = None,
    lost: Annotated[
        list[str] | None,
        typer.Option(
            "--lost", metavar="NAME=N", help=_("Games a player lost as declarer, by name or start number (repeatable).")
        ),
    ] = None,
    thrown: Annotated[int, typer.Option("--thrown", metavar="N", help=_("Hands thrown in at the table."))] = 0,
    replace: Annotated[
        bool, typer.Option("--replace", help=_("Correct the table's sheet: this one replaces it, the old one is kept."))
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help=_("Show the sheet, what it drops and how the standings move; store nothing.")),
    ] = False,
    force: ForceOpt = False,
) -> None:
    from schreiber.ledger.sheets import TypedSheet

    pairs, values = _sheet_words(points)
    sheet = TypedSheet(
        pairs, _pairs(soli or [], "--soli"), _pairs(won or [], "--won"), _pairs(lost or [], "--lost"), thrown, values
    )
    done = _tournaments().result(round_, table, sheet, replace=replace, force=force, dry_run=dry_run)
    from schreiber.cli import sheet_render

    sheet_render.entered(round_, done, replaced=replace and not done.double)


@tournament_app.command(
    "standings",
    help=_(
        "The ranking after a round (default: after every round drawn): score, points, Soli (in Skat games won\n"
        "and lost as declarer), each round; a tie broken by lot is marked.\n"
        "\n"
        'JSON: {"tournament", "rounds", "after", "wertung", "final", "unfinished", "unconfirmed", "players": [{"rank",\n'
        '"number", "name", "score", "points", "soli", "won", "lost", "by_lot", "withdrawn", "rounds"}]} (null: a count\n'
        'the game does not keep). With --kategorie K: also "kategorie"; "rank" is the category rank, "overall"\n'
        "the rank in the main ranking."
    ),
)
def standings(
    round_: Annotated[int | None, typer.Option("--round", metavar="N", help=_("The standings after round N."))] = None,
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
    view = _tournaments().standings(round_)
    if kategorie is not None:
        from schreiber.ledger.categories import Categories

        view = Categories(_ledger()).standings(view, kategorie)
    if output is None:
        _show().standings(view, fmt, excel=excel)
        return
    from schreiber.report import tournament_pdf

    _write_pdf(output, lambda: tournament_pdf.standings(view))
    from schreiber.views.heading import heading

    typer.echo(_("The standings ({heading}) are in {file}.").format(heading=heading(view), file=output))


@tournament_app.command(
    "checkin",
    help=_(
        "Check players in at the door, by start number or whole name: a player registered in advance (--vorab,\n"
        "--from) has arrived and is drawn from the next draw on. In a season's tournament a season player not\n"
        "registered yet is registered (by season start number or name); one checked in already is said so."
    ),
)
def checkin(
    players: Annotated[list[str], typer.Argument(metavar="NAME|NUMBER...", help=_("Start numbers or names."))],
) -> None:
    from schreiber.cli import season_render
    from schreiber.ledger.arrivals import Arrivals

    season_render.checked_in(Arrivals(_ledger()).checkin(players))


# The money commands (set, pay, cash) live in their own module and join this group.
from schreiber.cli.cash import cash_commands  # noqa: E402

tournament_app.registered_commands += cash_commands.registered_commands
# The hall's clock and the round's results to hang up, likewise.
from schreiber.cli.hall import hall_commands  # noqa: E402

tournament_app.registered_commands += hall_commands.registered_commands
# The picture to share (issue 42.5), likewise.
from schreiber.cli.share import tournament_share  # noqa: E402

tournament_app.registered_commands += tournament_share.registered_commands
# The team competitions (TEAMS.md §10.1) are a group of their own: `tournament team …`.
from schreiber.cli.team import team_app  # noqa: E402

tournament_app.add_typer(team_app, name="team")
