"""`schreiber league …` (TEAMS.md §10.3–§10.4): a league's teams and rosters, its Spieltage with groups and
line-ups, the draw of each Serie by the plan, the sheets of its tables, the Spielbericht and the league table.
A league's tables are ordinary sessions: `add`, `play` and `serve --entry` work on them as on any evening.

Only typer, the standard library and cli/runner.py at the top: the ledger and the renderer are imported by the
command that needs them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from schreiber.cli.runner import ExcelOpt, FormatOpt, _date, _ledger, _listing_format, _write_pdf
from schreiber.i18n import _

league_app = typer.Typer(
    help=_(
        "Leagues (Ligaspielbetrieb): teams with rosters, Spieltage of Serien seated by the plan, Tischpunkte,\n"
        "Wertungspunkte and the league table."
    ),
    rich_markup_mode=None,
    no_args_is_help=True,
)
team_app = typer.Typer(help=_("The league's teams."), rich_markup_mode=None, no_args_is_help=True)
day_app = typer.Typer(
    help=_("A Spieltag: its groups, the Spielbericht, closing it."), rich_markup_mode=None, no_args_is_help=True
)

DayArg = Annotated[int, typer.Argument(metavar="N", help=_("The Spieltag's number."))]
TeamArg = Annotated[str, typer.Argument(metavar="TEAM", help=_("A team of the league."))]
OutputOpt = Annotated[str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write it as a PDF to print."))]


def _leagues() -> Any:
    from schreiber.ledger.league import Leagues

    return Leagues(_ledger())


def _show() -> Any:
    from schreiber.cli import league_render

    return league_render


@league_app.command(
    "new",
    help=_(
        "Start a league and make it the active one: its rule set, a preset (dskv, ispa, ddv, scb) and --set\n"
        "KEY=VALUE for a league setting (team_size, team_min, ersatz_max, serien, hands, wp_je, wp_sieg, wp_sockel,\n"
        "tischpunkte, einzel_min, gruppen, aufsteiger, absteiger) or a setting of its tables."
    ),
)
def new(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The league's name."))],
    rules: Annotated[str, typer.Option("--rules", metavar="RULESET", help=_("The rule set its tables play."))],
    preset: Annotated[
        str | None, typer.Option("--preset", metavar="dskv|ispa|ddv|scb", help=_("The settings of a league."))
    ] = None,
    settings: Annotated[
        list[str] | None, typer.Option("--set", metavar="KEY=VALUE", help=_("A setting (repeatable)."))
    ] = None,
) -> None:
    _show().league(_leagues().new(name, rules, preset, settings or []), _("League {id} ({name}) is started."))


@league_app.command("list", help=_("Every league; * marks the active one."))
def list_() -> None:
    _show().leagues(_leagues().list())


@league_app.command("show", help=_("A league (default: the active one) with its settings."))
def show(league_id: Annotated[int | None, typer.Argument(metavar="[ID]", help=_("The league."))] = None) -> None:
    _show().league(_leagues().info(league_id))


@league_app.command("use", help=_("Make a league the active one."))
def use(league_id: Annotated[int, typer.Argument(metavar="ID", help=_("The league."))]) -> None:
    _show().league(_leagues().use(league_id), _("League {id} ({name}) is the active one."))


@league_app.command("set", help=_("Change settings of the active league: KEY=VALUE (as `league new --set`)."))
def set_(settings: Annotated[list[str], typer.Argument(metavar="KEY=VALUE...", help=_("The settings."))]) -> None:
    _show().league(_leagues().set(settings))


@team_app.command("add", help=_("Add a team to the active league."))
def team_add(
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The team's name."))],
    club: Annotated[str | None, typer.Option("--club", metavar="TEXT", help=_("The team's club."))] = None,
    number: Annotated[int | None, typer.Option("--number", metavar="N", help=_("The team's number."))] = None,
) -> None:
    _show().team(_leagues().team_add(name, club, number), _("Team {name} is added."))


@team_app.command("list", help=_("The league's teams with their rosters."))
def team_list() -> None:
    _show().teams(_leagues().team_list())


@team_app.command("show", help=_("A team and its roster."))
def team_show(name: Annotated[str, typer.Argument(metavar="NAME", help=_("The team."))]) -> None:
    _show().team(_leagues().team_show(name))


@team_app.command("rename", help=_("Give a team a new name."))
def team_rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help=_("The team."))],
    new_name: Annotated[str, typer.Argument(metavar="NEW", help=_("Its new name."))],
) -> None:
    was, view = _leagues().team_rename(old, new_name)
    _show().team(view, _("Team {was} is now {{name}}.").format(was=was))


@league_app.command(
    "roster",
    help=_("Put players on a team's roster (the Kader; new names become players of the ledger), --remove others."),
)
def roster(
    team: TeamArg,
    names: Annotated[list[str] | None, typer.Argument(metavar="NAME...", help=_("The players."))] = None,
    remove: Annotated[
        list[str] | None, typer.Option("--remove", metavar="NAME", help=_("Take a player off (repeatable)."))
    ] = None,
) -> None:
    _show().team(_leagues().roster(team, names or [], remove or []))


@day_app.command(
    "new",
    help=_(
        "Add Spieltag N: its date and groups (--group A,B,C,D, one a group, the host first); --venue per group\n"
        "(default: the host's club)."
    ),
)
def day_new(
    number: DayArg,
    date: Annotated[str, typer.Option("--date", metavar="YYYY-MM-DD", help=_("The Spieltag's date."))],
    groups: Annotated[
        list[str] | None, typer.Option("--group", metavar="TEAM,TEAM,…", help=_("A group's teams (repeatable)."))
    ] = None,
    venues: Annotated[
        list[str] | None, typer.Option("--venue", metavar="TEXT", help=_("A group's venue (repeatable, in order)."))
    ] = None,
) -> None:
    when = _date(date, "--date")
    _show().day(_leagues().day_new(number, when, groups or [], venues or []), _("Spieltag {day} is added."))


@day_app.command(
    "show",
    help=_(
        "The Spielbericht of Spieltag N: per group and Serie each team's lists (Tischpunkte where set), Spielpunkte\n"
        "and Wertungspunkte, and the day's totals; vorläufig until `league day close`.\n"
        "\n"
        'JSON: {"league", "day", "date", "provisional", "groups": [{"group", "host", "venue", "teams", "absent",\n'
        '"verlustspiel", "serien": [{"serie", "complete", "teams": [{"team", "spielpunkte", "wp", "gegen", "lists":\n'
        '[{"position", "table", "score", "won", "lost", "tischpunkte", "players": [{"name", "from", "to", "score",\n'
        '"hands"}]}]}]}], "total": [{"team", "wp", "gegen", "spielpunkte"}]}]} (won/lost in Skat, tischpunkte where\n'
        "set, wp/gegen where the scheme gives them). --output FILE.pdf: the Spielbericht to print, with a line for\n"
        "each captain to sign."
    ),
)
def day_show(number: DayArg, format_: FormatOpt = "table", excel: ExcelOpt = False, output: OutputOpt = None) -> None:
    fmt = _listing_format(format_, excel, output)
    view = _leagues().day_report(number)
    if output is None:
        _show().report(view, fmt, excel=excel)
        return
    from schreiber.report import league_pdf

    name = _leagues().info(view.league).name
    _write_pdf(output, lambda: league_pdf.day_report(view, name))
    typer.echo(_("The Spielbericht of Spieltag {day} is in {file}.").format(day=number, file=output))


@day_app.command("close", help=_("Make Spieltag N's results final (no longer vorläufig); --undo opens it again."))
def day_close(
    number: DayArg, undo: Annotated[bool, typer.Option("--undo", help=_("Open the Spieltag again."))] = False
) -> None:
    said = (
        _("Spieltag {day} is open again (vorläufig).")
        if undo
        else _("Spieltag {day} is closed: its results are final.")
    )
    _show().day(_leagues().close(number, undo), said)


@league_app.command(
    "lineup",
    help=_(
        "A team's Aufstellung for Spieltag N: positions 1, 2, … in the order named, and --ersatz substitutes, all\n"
        "from its roster; given again until Serie 1 is drawn."
    ),
)
def lineup(
    number: DayArg,
    team: TeamArg,
    names: Annotated[list[str], typer.Argument(metavar="NAME...", help=_("The players, position 1 first."))],
    ersatz: Annotated[
        list[str] | None, typer.Option("--ersatz", metavar="NAME", help=_("A substitute (repeatable)."))
    ] = None,
) -> None:
    _show().day(_leagues().lineup(number, team, names, ersatz or []))


@league_app.command(
    "draw",
    help=_(
        "Seat the next Serie of Spieltag N by the plan (one session a table); --serie S draws Serie S again until\n"
        "its first hand or sheet. Waits for every table of the Serie before."
    ),
)
def draw(
    number: DayArg,
    serie: Annotated[int | None, typer.Option("--serie", metavar="S", help=_("The Serie to draw again."))] = None,
) -> None:
    _show().tables(_leagues().draw(number, serie), "table")


@league_app.command(
    "tables",
    help=_(
        "The tables of a Serie of Spieltag N (default: the newest drawn), numbered across the day.\n"
        "\n"
        'JSON: {"league", "day", "serie", "groups": [{"group", "tables": [{"table", "session", "players":\n'
        '[{"name", "team", "position"}]}]}]}.'
    ),
)
def tables(
    number: DayArg,
    serie: Annotated[int | None, typer.Option("--serie", metavar="S", help=_("The Serie."))] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    output: Annotated[
        str | None, typer.Option("--output", metavar="FILE.pdf", help=_("Write the seat plan as a PDF to hang up."))
    ] = None,
) -> None:
    fmt = _listing_format(format_, excel, output)
    view = _leagues().tables(number, serie)
    if output is None:
        _show().tables(view, fmt, excel=excel)
        return
    from schreiber.report import league_pdf

    name = _leagues().info(view.league).name
    _write_pdf(output, lambda: league_pdf.seat_plan(view, name))
    typer.echo(_("The seat plan of Serie {serie} is in {file}.").format(serie=view.serie, file=output))


@league_app.command(
    "result",
    context_settings={"ignore_unknown_options": True},
    help=_(
        "Enter a league table's paper sheet, as `tournament result`: NAME=POINTS for every player (or the bare\n"
        "values in seat order), in Skat --won and --lost; --replace corrects it (the old one is kept). Tischpunkte\n"
        "are computed, never entered."
    ),
)
def result(
    number: DayArg,
    serie: Annotated[int, typer.Argument(metavar="SERIE", help=_("The Serie."))],
    table: Annotated[int, typer.Argument(metavar="TABLE", help=_("The table's number on the Spieltag."))],
    points: Annotated[list[str], typer.Argument(metavar="NAME=POINTS...", help=_("Each player's points."))],
    won: Annotated[
        list[str] | None, typer.Option("--won", metavar="NAME=N", help=_("Games won as declarer (repeatable)."))
    ] = None,
    lost: Annotated[
        list[str] | None, typer.Option("--lost", metavar="NAME=N", help=_("Games lost as declarer (repeatable)."))
    ] = None,
    replace: Annotated[bool, typer.Option("--replace", help=_("Correct the table's sheet."))] = False,
) -> None:
    from schreiber.cli.tournament import _pairs, _sheet_words
    from schreiber.ledger.sheets import TypedSheet

    pairs, values = _sheet_words(points)
    sheet = TypedSheet(pairs, (), _pairs(won or [], "--won"), _pairs(lost or [], "--lost"), 0, values)
    _show().entered(number, serie, _leagues().result(number, serie, table, sheet, replace=replace))


@league_app.command(
    "table",
    help=_(
        "The league table (after Spieltag N): Wertungspunkte (WP:Gegen), Spielpunkte, the marks auf/ab (auf?/ab?\n"
        "for a shared rank across the line); which Spieltage are vorläufig.\n"
        "\n"
        'JSON: {"league", "after_day", "provisional_days", "wertung": {"wp_je", "wp_sieg", "wp_sockel"}, "teams":\n'
        '[{"rank", "number", "name", "wp", "gegen", "spielpunkte", "days", "mark", "results": [{"day", "wp", "gegen",\n'
        '"spielpunkte"} or null]}]} (no wp/gegen under wp_je=keine).'
    ),
)
def table(
    after: Annotated[int | None, typer.Option("--after", metavar="N", help=_("The table after Spieltag N."))] = None,
    format_: FormatOpt = "table",
    excel: ExcelOpt = False,
    output: OutputOpt = None,
) -> None:
    fmt = _listing_format(format_, excel, output)
    view = _leagues().league_table(after)
    if output is None:
        _show().table(view, fmt, excel=excel)
        return
    from schreiber.report import league_pdf

    _write_pdf(output, lambda: league_pdf.league_table(view))
    typer.echo(_("The league table is in {file}.").format(file=output))


@league_app.command(
    "plan",
    help=_(
        "The plan of a season of 16 teams (P1): the groups of Spieltage 1–5, so that every two teams meet once, the\n"
        "hosts of Spieltage 1–4 (H1; Spieltag 5 is central). Teams are numbered by --number, the others 1, 2, … in\n"
        "the order of `team add`; one club's teams belong in one block (1–4, 5–8, …) and meet on Spieltag 1.\n"
        "`league day new N` takes the plan's groups when --group is omitted."
    ),
)
def plan() -> None:
    _show().plan(_leagues().plan())


@league_app.command(
    "sub",
    context_settings={"allow_extra_args": True},
    help=_(
        "A Wechsel: from hand --ab of Serie SERIE, position POSITION of TEAM is played by NAME (a substitute of the\n"
        "line-up); it holds for the later Serien of the day. --split NAME=P/W/L/X for the one who left and the one\n"
        "who came (Spielpunkte/won/lost/games the others lost in his part) divides the list; without it the whole\n"
        "list is the starter's."
    ),
)
def sub(
    ctx: typer.Context,
    number: DayArg,
    serie: Annotated[int, typer.Argument(metavar="SERIE", help=_("The Serie."))],
    team: TeamArg,
    position: Annotated[int, typer.Argument(metavar="POSITION", help=_("The line-up position."))],
    name: Annotated[str, typer.Argument(metavar="NAME", help=_("The player who comes in."))],
    hand: Annotated[int, typer.Option("--ab", metavar="HAND", help=_("The first hand he plays."))],
    split: Annotated[
        list[str] | None,
        typer.Option("--split", metavar="NAME=P/W/L/X", help=_("A part of the list (twice: who left, who came).")),
    ] = None,
) -> None:
    more = list(ctx.args)  # the second part of `--split NAME=P/W/L/X NAME=P/W/L/X`
    if more and not split:
        raise typer.BadParameter(_("NAME: one player comes in; give the parts of the list with --split."))
    _show().day(
        _leagues().sub(number, serie, team, position, name, hand, (split or []) + (more or [])),
        _("Wechsel in Serie {serie}: {name} plays position {position} of {team} from hand {hand}.")
        .format(serie=serie, name=name, position=position, team=team, hand=hand)
        .replace("{", "{{")
        .replace("}", "}}"),
    )


@league_app.command(
    "absent",
    help=_(
        "TEAM does not play Spieltag N (--serie S: only Serie S): no WP and no Spielpunkte for it, the others of\n"
        "its group get wp_sieg from each pair with it. A Serie drawn but not begun is drawn again without it."
    ),
)
def absent(
    number: DayArg,
    team: TeamArg,
    serie: Annotated[int | None, typer.Option("--serie", metavar="S", help=_("The Serie it misses."))] = None,
) -> None:
    _show().day(_leagues().absent(number, team, serie), _("{team} is absent.").format(team=team))


@league_app.command(
    "einzel",
    help=_(
        "The Einzelwertung: per player his parts of lists and the hands he held cards in, ranked by the average;\n"
        "below einzel_min per cent of the hands one seat could play so far a player is listed without a rank.\n"
        "\n"
        'JSON: {"league", "min_hands", "players": [{"rank", "name", "team", "points", "hands", "average"}]}.'
    ),
)
def einzel(format_: FormatOpt = "table", excel: ExcelOpt = False) -> None:
    fmt = _listing_format(format_, excel)
    _show().einzel(_leagues().einzel(), fmt, excel=excel)


league_app.add_typer(team_app, name="team")
league_app.add_typer(day_app, name="day")
