"""The `schreiber` command: parse, call one ledger function, render.

Only typer and the standard library are imported here, so `schreiber --help` stays quick; each
command imports the ledger (SQLAlchemy) and the renderer when it runs. The commands' annotations
(`Annotated[…, typer.Option(…)]`) stay text until typer builds the command (cli/tree.py): `--help`
makes none of those objects, `add` only its own.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import Annotated, Any

import typer
import typer.core

from schreiber.cli.tree import LazyGroup, build


class _Root(LazyGroup):
    """The `schreiber` group; asked by a shell to complete, it first gives its parameters the table's
    completers (schreiber/cli/complete.py, imported only then)."""

    def _main_shell_completion(self, ctx_args: Any, prog_name: str, complete_var: str | None = None) -> None:
        if os.environ.get(complete_var or f"_{prog_name}_COMPLETE".replace("-", "_").upper()):
            from schreiber.cli.complete import attach

            attach(self)
        super()._main_shell_completion(ctx_args, prog_name, complete_var)


# After the group class: the modules below are read only once typer's group is defined.
from schreiber import i18n  # noqa: E402
from schreiber.cli import clickwords  # noqa: E402
from schreiber.cli.argv import optional_id, spread_name_values  # noqa: E402
from schreiber.cli.argv import db_first as _db_first  # noqa: E402
from schreiber.cli.metavars import fix_metavars, fix_params  # noqa: E402
from schreiber.cli.runner import (  # noqa: E402
    ExcelOpt,
    FormatOpt,
    _date,
    _format,
    _kept,
    _ledger,
    _listing_format,
    _opened,
    _render,
    _target,
    _write_file,
)
from schreiber.i18n import _  # noqa: E402

# Help texts are translated as the commands are defined, below: the language is chosen by now.
i18n.install()
clickwords.install(typer)

app = typer.Typer(
    cls=_Root,
    help=_("schreiber — the score-keeper for Schafkopf, Buchstaben-Schafkopf, Doppelkopf, the old Schafkopf and Skat."),
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    no_args_is_help=True,
)
session_app = typer.Typer(
    help=_("Start, list, choose and close tables (sessions)."), rich_markup_mode=None, no_args_is_help=True
)
rules_app = typer.Typer(help=_("The rule sets, their hand types and settings."), rich_markup_mode=None)
export_app = typer.Typer(help=_("Hand the ledger to a spreadsheet."), rich_markup_mode=None, no_args_is_help=True)
import_app = typer.Typer(help=_("Read back what `export` wrote."), rich_markup_mode=None, no_args_is_help=True)
db_app = typer.Typer(
    help=_("The ledger's database. A command waits SCHREIBER_BUSY_TIMEOUT seconds (10) for another terminal's write."),
    rich_markup_mode=None,
    no_args_is_help=True,
)
app.add_typer(session_app, name="session")
app.add_typer(rules_app, name="rules")
app.add_typer(export_app, name="export")
app.add_typer(import_app, name="import")
app.add_typer(db_app, name="db")

from schreiber.cli.tournament import tournament_app  # noqa: E402  (typer only; after i18n.install, for its help texts)

app.add_typer(tournament_app, name="tournament")

from schreiber.cli.season import season_app  # noqa: E402  (typer only; after i18n.install, for its help texts)

app.add_typer(season_app, name="season")

from schreiber.cli.player import player_app  # noqa: E402  (typer only; after i18n.install, for its help texts)

app.add_typer(player_app, name="player")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"schreiber {version('schreiber')}")
        except PackageNotFoundError:
            typer.echo(_("schreiber (version unknown: not installed)"))
        raise typer.Exit()


@app.callback()
def _global(
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="SCHREIBER_DB",
            metavar="TARGET",
            help=_("Ledger: an SQLite file path or an SQLAlchemy URL; before or after the command."),
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", is_eager=True, callback=_version, help=_("Print the version and exit."))
    ] = False,
) -> None:
    _target["db"] = db


SessionOpt = Annotated[int | None, typer.Option("--session", help=_("The table to act on (default: the active one)."))]
# At a tournament's table whose prizes are paid out, a change of its hands moves the standings (RULES.md §9).
ForceOpt = Annotated[
    bool, typer.Option("--force", help=_("At a tournament table: change the hands although prizes are paid out."))
]


# -- sessions ---------------------------------------------------------------------------------


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


# -- rules ------------------------------------------------------------------------------------


@rules_app.callback(invoke_without_command=True)
def rules_list(ctx: typer.Context) -> None:
    """The rule sets with one line each (the group's help is the Typer's, above)."""
    if ctx.invoked_subcommand is None:
        _render().rule_sets()


@rules_app.command(
    "show", help=_("A rule set's hand types, settings and their defaults; with TYPE, the options that type takes.")
)
def rules_show(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[RULESET]", help=_("A rule set, e.g. schafkopf (default: the active table's)."), show_default=False
        ),
    ] = None,
    hand_type: Annotated[
        str | None,
        typer.Argument(
            metavar="[TYPE]", help=_("One hand type: only the options it takes, with an example."), show_default=False
        ),
    ] = None,
) -> None:
    from schreiber.rules import registry

    players = None
    if name is None:
        from schreiber.cli import helptext

        table = helptext.active_table(_target["db"])
        if table is None:
            raise typer.BadParameter(
                _("there is no active table; name a rule set: {names}.").format(names=", ".join(registry.names())),
                param_hint="RULESET",
            )
        name, players = table.rules, table.players
    rules = registry.get(name)
    if hand_type is None:
        _render().rule_set(rules)
        return
    from schreiber.cli import helptext

    picked = helptext.pick_type(rules, hand_type)
    if picked is None:
        raise typer.BadParameter(
            _("{hand_type} is not a hand type of {name}; use one of {types}.").format(
                hand_type=repr(hand_type), name=rules.name, types=", ".join(rules.types)
            ),
            param_hint="TYPE",
        )
    add_command = build(app).commands["add"]
    typer.echo(helptext.type_text(rules, picked, players, add_command))


# -- hands ------------------------------------------------------------------------------------


def add(
    type_: Annotated[str, typer.Argument(metavar="TYPE", help=_("The hand type, e.g. rufspiel, wenz, ramsch."))],
    session: SessionOpt = None,
    force: ForceOpt = False,
    **facts: Any,
) -> None:
    """`facts`: an option for each fact of a hand (rules/declared.py), by name: cli/facts.py makes them."""
    from schreiber.entry import build_hand

    _render().added(_ledger().add(build_hand(type_, **facts), session, force=force))


def edit(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to change."))],
    type_: Annotated[
        str | None,
        typer.Argument(
            metavar="[TYPE]",
            help=_("The hand type, to replace the whole hand; leave out to change only the options named."),
            show_default=False,
        ),
    ] = None,
    session: SessionOpt = None,
    force: ForceOpt = False,
    **facts: Any,
) -> None:
    """`edit N [TYPE] [options]` takes exactly the options of `add`; only TYPE is optional, since a
    partial edit keeps the stored hand's type."""
    from schreiber.entry import build_hand

    partial = type_ is None
    hand = build_hand("?" if partial else type_, **facts)  # type: ignore[arg-type]
    _render().edited(number, _ledger().edit(number, hand, session, partial=partial, force=force))


def _hand_command(info: Any, how: dict[str, Any]) -> Any:
    from schreiber.cli.facts import hand_command

    return hand_command(info, how)


add.make_command = edit.make_command = _hand_command  # type: ignore[attr-defined]  (called by cli/tree.py)


class _HandCommand(typer.core.TyperCommand):
    """`add` / `edit`: help with examples and the active table's hand types; `add TYPE --help`
    shows only the options TYPE takes."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        typed = ctx.meta["typed"] = list(args)  # --help is eager: it runs before TYPE is read
        rest = super().parse_args(ctx, args)
        if not ctx.resilient_parsing:
            from schreiber.cli.argv import spitzen_once

            spitzen_once(typed)
        return rest

    def format_help(self, ctx: Any, formatter: Any) -> None:
        from schreiber.cli import helptext

        fix_metavars(self)
        typed = ctx.meta.get("typed", [])
        words = [w for w in typed if not w.startswith("-")]
        if self.name == "edit" and words and words[0].isdigit():
            words = words[1:]
        if words and typed and not typed[0].startswith("-") and (self.name == "add" or len(words) < len(typed)):
            table = helptext.active_table(_target["db"])
            if table is not None:
                from schreiber.rules import registry

                candidates = [registry.get(table.rules)]
            else:
                candidates = helptext.rule_sets_with(words[0].lower())
            for rules in candidates:
                picked = helptext.pick_type(rules, words[0])
                if picked is not None:
                    others = [r.name for r in helptext.rule_sets_with(picked) if r.name != rules.name]
                    players = table.players if table is not None else None
                    helptext.type_help(self, ctx, formatter, rules, picked, players, others if table is None else ())
                    return
        super().format_help(ctx, formatter)
        helptext.add_epilog(formatter, _target["db"], edit=self.name == "edit")


app.command(
    "add",
    cls=_HandCommand,
    help=_("Record one hand; prints its payout, the running totals, the next dealer and the Bock queue."),
)(add)
app.command(
    "edit",
    cls=_HandCommand,
    help=_(
        "Change hand N: `edit N --augen 85` changes only the options named and keeps the rest;\n"
        "`edit N TYPE [options]` replaces the whole hand. Every later hand is re-scored."
    ),
)(edit)


@app.command(
    "play",
    help=_(
        "One process for the evening: each line is a command without `schreiber`; a line that starts\n"
        "with a hand type records it (`ruf -p an -m ca -a 75`). Tab completes, `quit` or Ctrl-D leaves.\n"
        "Not a terminal (`schreiber play < evening.txt`): the first refused line stops with `line N: …`.\n"
        "`help` lists play's own commands; `fs` is farbsolo, a suit's start stands for it (`--farbe ei`)."
    ),
)
def play(session: SessionOpt = None) -> None:
    from schreiber.cli.play import run

    ledger = _ledger()
    _opened.remove(ledger)  # kept open across the lines, each of which is a command of its own
    _kept.append(ledger)
    try:
        root = build(app, finish=fix_params)
        code = run(ledger, session, _target["db"], root=root, runner=main)
    finally:
        _kept.clear()
        ledger.engine.dispose()
    if code:
        raise typer.Exit(code)


@app.command(
    "list",
    help=_(
        "The hands of the table with payouts and running totals.\n"
        "\n"
        'JSON: {"session", "players", "hands": [{"number", "type", "dealer", "description", "value", "formula",\n'
        '"sitting_out", "payouts": {NAME: points}, "totals": {NAME: points}, "facts"}], "totals"}; CSV: one row\n'
        "per hand, columns number, dealer, type, description, value, then NAME and NAME_total per player."
    ),
)
def list_hands(
    session: SessionOpt = None,
    history: Annotated[
        bool, typer.Option("--history", help=_("Every hand as typed, with those undone or replaced."))
    ] = False,
    format_: FormatOpt = "table",
) -> None:
    fmt = _format(format_, ("table", "json", "csv"))
    if history:
        if fmt != "table":
            raise typer.BadParameter(_("--history is shown as a table only."), param_hint="--format")
        _render().history(*_ledger().history(session))
        return
    _render().hands(_ledger().table(session), fmt)


@app.command("show", help=_("One hand: the facts, every term and factor of its value, and the payout."))
def show(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand number."))],
    format_: Annotated[str, typer.Option("--format", metavar="table|json", help=_("table or json."))] = "table",
    session: SessionOpt = None,
) -> None:
    fmt = _format(format_, ("table", "json"))
    hand, view = _ledger().show(number, session)
    _render().hand(hand, view, fmt)


@app.command("undo", help=_("Void the last hand (it is kept, marked void)."))
def undo(session: SessionOpt = None, force: ForceOpt = False) -> None:
    hand, view = _ledger().undo(session, force=force)
    _render().undone(hand, view)


@app.command("void", help=_("Void hand N, wherever it is (kept, marked void); every later hand is re-scored."))
def void(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to void."))],
    keep_dealers: Annotated[
        bool,
        typer.Option(
            "--keep-dealers",
            help=_(
                "Each later hand keeps the dealer it was recorded with (stored as its --dealer), so who sat out and its payout stay."
            ),
        ),
    ] = False,
    session: SessionOpt = None,
    force: ForceOpt = False,
) -> None:
    hand, result = _ledger().void(number, session, keep_dealers=keep_dealers, force=force)
    _render().voided(hand, result)


@app.command(
    "restore",
    help=_(
        "Bring back the newest voided or replaced version of hand N; the version in force, if any, is\n"
        "set aside as replaced (so a second restore brings it back). Every later hand is re-scored."
    ),
)
def restore(
    number: Annotated[int, typer.Argument(metavar="N", help=_("The hand to bring back."))],
    session: SessionOpt = None,
    force: ForceOpt = False,
) -> None:
    hand, result = _ledger().restore(number, session, force=force)
    _render().restored(hand, result)


@app.command(
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


@app.command(
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


@app.command(
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


@app.command(
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
    from schreiber.report import csvio

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
    from schreiber.report import csvio

    _render().imported(import_rows(_ledger(), lambda: csvio.read_file(file), source=file))


@app.command("strokes", help=_("klassisch: each team's finished Schafköpfe and the sheep's head being drawn."))
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


@app.command(
    "serve",
    help=_(
        "A read-only live scoreboard in the browser: standings, hands with breakdowns, next dealer;\n"
        "it follows every hand recorded from any terminal. Open the address it prints; `?wall` for a wall screen."
    ),
)
def serve(
    session: SessionOpt = None,
    all_: Annotated[bool, typer.Option("--all", help=_("Every table of the ledger: the season standings."))] = False,
    since: SinceOpt = None,
    until: UntilOpt = None,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            metavar="ADDRESS",
            help=_("Address to listen on; another than 127.0.0.1 lets the network read the scores."),
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", help=_("Port to listen on (0: any free one)."))] = 8150,
    entry: Annotated[
        bool,
        typer.Option(
            "--entry",
            help=_(
                "The page may also record hands: prints each table's entry address with its key, and a QR code (with --tournament: the organiser's page, which shows them)."
            ),
        ),
    ] = False,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            metavar="[ID]",
            help=_("A tournament (default: the active one): its standings, the seat plan and every table's page."),
        ),
    ] = None,
    behind_proxy: Annotated[
        bool,
        typer.Option(
            "--behind-proxy",
            help=_(
                "Trust X-Forwarded-For from the proxy in front (only when serve is reachable through that proxy alone)."
            ),
        ),
    ] = False,
    host_name: Annotated[
        list[str] | None,
        typer.Option(
            "--host-name",
            metavar="NAME",
            help=_("Another name the pages answer to, such as a proxy's in front (repeatable); other names get 421."),
        ),
    ] = None,
    proxy_address: Annotated[
        list[str] | None,
        typer.Option(
            "--proxy-address",
            metavar="ADDRESS",
            help=_(
                "A proxy whose X-Forwarded-For names the client, besides 127.0.0.1 with --behind-proxy (repeatable)."
            ),
        ),
    ] = None,
    season: Annotated[
        str | None,
        typer.Option(
            "--season", metavar="[ID]", help=_("A season (default: the active one): its standings and awards, live.")
        ),
    ] = None,
) -> None:
    from schreiber.web.server import Reach

    reach = Reach.given(host_name or (), behind_proxy, proxy_address or ())
    if season is not None:
        from schreiber.web.serve import run_season

        run_season(_ledger(), season, host, port, say=typer.echo, reach=reach)
        return
    if tournament is not None:
        from schreiber.web.serve import run_tournament

        run_tournament(_ledger(), tournament, host, port, say=typer.echo, entry=entry, reach=reach)
        return
    scope = _scope(session, all_, since, until)
    from schreiber.web.serve import run

    run(_ledger(), scope, host, port, say=typer.echo, entry=entry, reach=reach)


@app.command("recompute", help=_("Rebuild every cached payout from the facts and say how many had differed."))
def recompute() -> None:
    hands, differed = _ledger().recompute()
    typer.echo(
        i18n.ngettext(
            "{hands} hand re-scored from its facts;", "{hands} hands re-scored from their facts;", hands
        ).format(hands=hands)
        + " "
        + i18n.ngettext(
            "{differed} cached payout had differed and was rebuilt.",
            "{differed} cached payouts had differed and were rebuilt.",
            differed,
        ).format(differed=differed)
    )


@db_app.command("upgrade", help=_("Create the ledger or bring its schema up to the newest revision."))
def db_upgrade() -> None:
    from schreiber.store.engine import shown, stored_revision

    ledger = _ledger()
    typer.echo(
        _("The ledger at {where} is at schema revision {revision}.").format(
            where=shown(str(ledger.engine.url)), revision=stored_revision(ledger.engine)
        )
    )


@db_app.command("path", help=_("Name the ledger in use (a file path, or a server URL without its password)."))
def db_path() -> None:
    from schreiber.store.engine import shown, target_url

    typer.echo(shown(target_url(_target["db"])))


@db_app.command("info", help=_("The ledger's place, schema revision, and how many tables, hands and players."))
def db_info() -> None:
    from schreiber.ledger.upkeep import info

    _render().ledger_info(info(_ledger(migrate=False, create=False)))


@db_app.command("check", help=_("Prove the ledger intact and its payouts equal to the fold; exit 1 on any problem."))
def db_check() -> None:
    from schreiber.ledger.upkeep import check

    result = check(_ledger(migrate=False, create=False))
    _render().ledger_check(result)
    if result.problems:
        raise typer.Exit(1)


@db_app.command("backup", help=_("Copy an SQLite ledger to FILE, consistent while others write (PostgreSQL: pg_dump)."))
def db_backup(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_("Where the copy goes (replaced if it exists)."))],
) -> None:
    from schreiber.ledger.upkeep import backup

    path, size = backup(_ledger(migrate=False, create=False), file)
    typer.echo(_("The ledger was copied to {path} ({size} bytes).").format(path=path, size=i18n.number(size)))


def main(argv: list[str] | None = None, command: Any = None) -> int:
    """Run the command; bad input and database trouble become one sentence and exit status 2.

    `command`: the click command tree, when the caller built it once (`play`, line after line)."""
    try:
        args = optional_id(spread_name_values(_db_first(list(sys.argv[1:] if argv is None else argv))))
        if command is None:
            command = build(app, finish=fix_params)
        result = command.main(args=args, prog_name="schreiber", standalone_mode=False)
        sys.stdout.flush()
    except OSError as e:
        if not _output_trouble(e):
            return _refuse(e)
        return _output_failed(e)
    except typer.Abort:
        typer.echo(_("Aborted."), err=True)
        return 1
    except typer.TyperException as e:  # usage errors: unknown option, missing argument, bad value
        from typer._click.exceptions import MissingParameter, NoArgsIsHelpError

        if isinstance(e, NoArgsIsHelpError):  # bare `schreiber` (or `schreiber session`): its help
            typer.echo(e.format_message())
            return 0
        ctx = getattr(e, "ctx", None)
        # typer says it through gettext: in German the sentence is the catalog's.
        if (
            ctx is not None
            and ctx.parent is None
            and getattr(e, "message", "") in ("Missing command.", _("Missing command."))
        ):
            typer.echo(ctx.get_help())  # `schreiber --db FILE` alone: the help too
            return 0
        message = clickwords.usage_error(e)
        if isinstance(e, MissingParameter) and e.param is not None and e.param.name == "type_" and e.ctx is not None:
            message = _no_type(e.ctx.command.name)
        _say_refusal(f"schreiber: {message}")
        return getattr(e, "exit_code", 2) or 2
    except Exception as e:
        return _refuse(e)
    finally:
        while _opened:
            _opened.pop().engine.dispose()
        _target["db"] = None
    return result if isinstance(result, int) else 0


def _no_type(command: str | None) -> str:
    """`add` without TYPE: name the hand types of the active table."""
    from schreiber.cli import helptext

    table = helptext.active_table(_target["db"])
    if table is None:
        return _(
            "{command} needs a hand type (TYPE); `schreiber rules show RULESET` lists each rule set's types."
        ).format(command=command)
    from schreiber.rules import registry

    types = ", ".join(registry.get(table.rules).types)
    return _("{command} needs a hand type (TYPE); session {id} plays {rules}: {types}.").format(
        command=command, id=table.id, rules=table.rules, types=types
    )


def _say_refusal(text: str) -> None:
    """A refusal on standard error: red on a terminal, plain when piped or with NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        typer.echo(text, err=True, color=False)
    else:
        typer.secho(text, err=True, fg="red")


def _output_trouble(error: OSError) -> bool:
    import errno

    return error.errno in (errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _output_failed(error: OSError) -> int:
    """Standard output went away (`| head`) or filled up (`> /dev/full`): quiet, or one sentence, exit 2."""
    import errno

    try:
        # What is still buffered can never be written; point stdout at nothing so exit stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # not a real file descriptor (captured in tests)
    if error.errno == errno.EPIPE:
        return 1  # the reader stopped reading (`| head`): quiet, with click's status for a broken pipe
    typer.echo(
        _("schreiber: cannot write the output ({reason}); it is incomplete.").format(reason=error.strerror or error),
        err=True,
    )
    return 2


def _refuse(error: Exception) -> int:
    """Our own errors carry a sentence for the user; anything else from the database is said plainly too."""
    from schreiber.errors import UserError
    from schreiber.store.engine import hide_password

    def say(message: str) -> None:
        # Whatever part of a URL was wrong, its password never reaches the screen.
        _say_refusal(hide_password(message, _target["db"] or os.environ.get("SCHREIBER_DB")))

    if isinstance(error, UserError):
        say(f"schreiber: {error}")
        return 2
    if type(error).__module__.startswith(("sqlalchemy", "psycopg", "sqlite3")):
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        say(_("schreiber: the ledger could not be used ({reason}); nothing was changed.").format(reason=first))
        return 2
    if os.environ.get("SCHREIBER_DEBUG"):
        raise error
    # A bug of ours: the transaction was rolled back, so say so in one line rather than a traceback.
    say(
        _(
            "schreiber: internal error ({error}); nothing was changed. Run again with SCHREIBER_DEBUG=1 to see the details."
        ).format(error=f"{type(error).__name__}: {error}")
    )
    return 1


def entry() -> None:
    # A command starts by importing a great many long-lived objects (SQLAlchemy, the models, a rule
    # set); the collector is paused until they are in place, sparing it passes that find no garbage.
    gc.disable()
    sys.exit(main())
