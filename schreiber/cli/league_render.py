"""What the league commands print (TEAMS.md §10.4 "Leagues"): a league, its teams, a Spieltag, a Serie's tables,
the Spielbericht and the league table; for scripts the JSON and CSV of views/league_payloads.py."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from schreiber.cli.terminal import echo, grid, print_csv, print_json, wrapped
from schreiber.i18n import _
from schreiber.scoring.league import Wp, wp_text
from schreiber.views import league_payloads
from schreiber.views.text import and_list, decimal, money as euros

if TYPE_CHECKING:
    from schreiber.ledger.league.plans import (
        DayInfo,
        DayReport,
        Einzel,
        LeagueInfo,
        LeagueTable,
        SerieTables,
        TableInfo,
        TeamInfo,
    )
    from schreiber.ledger.league.plans import PlanView


def wp_pair(wp: Wp | None) -> str:
    """WP:Gegen as a table shows them (5½:3½)."""
    return "" if wp is None else f"{wp_text(wp.wp)}:{wp_text(wp.gegen)}"


def _setting(value: Any) -> str:
    if value is None:
        return "off"
    if isinstance(value, bool):  # as `session show` writes a table's switches
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(map(str, value)) or "off"
    return str(value)


def league(view: LeagueInfo, said: str | None = None) -> None:
    if said:
        echo(said.format(id=view.id, name=view.name))
    echo(
        _("League {id}: {name} ({rules}, lists by {wertung}); teams: {teams}, Spieltage: {days}.").format(
            id=view.id, name=view.name, rules=view.rules, wertung=view.wertung, teams=view.teams, days=view.days
        )
    )
    echo(wrapped(" ".join(f"{k}={_setting(v)}" for k, v in view.settings.items())))
    if view.table_settings:
        echo(
            wrapped(
                _("Tables: {settings}").format(
                    settings=" ".join(f"{k}={_setting(v)}" for k, v in view.table_settings.items())
                )
            )
        )


def leagues(views: Sequence[LeagueInfo]) -> None:
    if not views:
        echo(_("No league yet; `schreiber league new NAME --rules RULES` starts one."))
        return
    rows = [["*" if v.active else "", v.id, v.name, v.rules, v.teams, v.days] for v in views]
    echo(grid(rows, ["", "ID", _("name"), _("rules"), _("teams"), _("Spieltage")], left=(0, 2, 3)))


def team(view: TeamInfo, said: str | None = None) -> None:
    if said:
        echo(said.format(name=view.name))
    extra = [
        x for x in (view.club, _("no. {number}").format(number=view.number) if view.number is not None else None) if x
    ]
    roster = and_list(view.roster) if view.roster else _("nobody yet")
    echo(
        wrapped(
            _("{name}{extra}: roster {roster}.").format(
                name=view.name, extra=f" ({', '.join(extra)})" if extra else "", roster=roster
            )
        )
    )
    for name, near in view.close:
        sys.stderr.write(
            _(
                "note: {name} is new to the ledger and close to {others}; `schreiber league roster {team} --remove "
                "{name}` takes it back."
            ).format(name=name, others=and_list(near), team=view.name)
            + "\n"
        )


def teams(views: Sequence[TeamInfo]) -> None:
    if not views:
        echo(_("No team yet; `schreiber league team add NAME` adds one."))
        return
    rows = [[v.number if v.number is not None else "", v.name, v.club or "", ", ".join(v.roster)] for v in views]
    echo(grid(rows, [_("no."), _("team"), _("club"), _("roster")], left=(1, 2, 3)))


def day(view: DayInfo, said: str | None = None) -> None:
    if said:
        echo(said.format(day=view.day))
    state = _("closed") if view.closed else _("vorläufig")
    echo(
        _("Spieltag {day}, {date} ({state}), {drawn} Serien drawn.").format(
            day=view.day, date=view.date.isoformat(), state=state, drawn=view.drawn
        )
    )
    for number, venue, names in view.groups:
        echo(
            _("Group {group}{venue}: {teams}").format(
                group=number, venue=f" ({venue})" if venue else "", teams=", ".join(names)
            )
        )
        for name in names:
            lineup = view.lineups.get(name)
            if lineup:
                shown = [
                    f"{position} {player}" + (_(" (substitute)") if ersatz else "")
                    for position, player, ersatz in lineup
                ]
                echo(wrapped(f"  {name}: " + ", ".join(shown)))


def tables(view: SerieTables, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(league_payloads.tables_json(view))
    if fmt == "csv":
        return print_csv(league_payloads.tables_csv(view), excel=excel)
    echo(_("Spieltag {day}, Serie {serie}:").format(day=view.day, serie=view.serie))
    rows = [
        [t.group, t.table, t.session, ", ".join(f"{p.name} ({p.team} {p.position})" for p in t.players), _state(t)]
        for t in view.tables
    ]
    echo(grid(rows, [_("group"), _("table"), _("session"), _("players in seat order"), _("state")], left=(3, 4)))


def _state(t: TableInfo) -> str:
    if t.sheet:
        return _("sheet")
    if t.done:
        return _("done")
    return _("{hands} of {of} hands").format(hands=t.hands, of=t.of) if t.hands else ""


def entered(number: int, serie: int, t: TableInfo) -> None:
    echo(
        _("Spieltag {day}, Serie {serie}, table {table}: the sheet is stored ({players}).").format(
            day=number, serie=serie, table=t.table, players=", ".join(p.name for p in t.players)
        )
    )


def report(view: DayReport, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(league_payloads.day_json(view))
    if fmt == "csv":
        return print_csv(league_payloads.day_csv(view), excel=excel)
    state = _("vorläufig") if view.provisional else _("final")
    echo(
        _("Spielbericht, Spieltag {day}, {date} ({state})").format(
            day=view.day, date=view.date.isoformat(), state=state
        )
    )
    counts = view.scheme.counts
    for g in view.groups:
        echo("")
        echo(
            _("Group {group}{venue}, host {host}").format(
                group=g.group, venue=f" ({g.venue})" if g.venue else "", host=g.host or _("none (central)")
            )
        )
        for serie in g.serien:
            echo(_("Serie {serie}{state}").format(serie=serie.serie, state="" if serie.complete else _(" (playing)")))
            rows = []
            for t in serie.teams:
                shown = "  ".join(
                    _listed(v) + (f"+{v.tischpunkte}" if v.tischpunkte is not None else "") for v in t.lists
                )
                rows.append([t.team, t.spielpunkte] + ([wp_pair(t.wp)] if counts else []) + [shown])
            heads = [_("team"), _("Spielpunkte")] + (["WP"] if counts else []) + [_("lists")]
            echo(grid(rows, heads, left=(0, len(heads) - 1)))
        rows = [[t.team, t.spielpunkte] + ([wp_pair(t.wp)] if counts else []) for t in g.total]
        echo(_("Spieltag"))
        echo(grid(rows, [_("team"), _("Spielpunkte")] + (["WP"] if counts else []), left=(0,)))
        if g.absent:
            echo(_("absent: {teams}").format(teams=and_list(list(g.absent))))
        if g.verlustspiel is not None:
            echo(
                _("Verlustspielgeld {money} to {whom}").format(
                    money=euros(g.verlustspiel), whom=g.host if g.host else _("the league")
                )
            )


def _listed(v: Any) -> str:
    """A list as the Spielbericht shows it: `Anna 1102`; with a Wechsel each part, `Cem 340/Conny 570 (910)`."""
    if len(v.players) == 1:
        return f"{v.players[0].name} {v.score}"
    return "/".join(f"{p.name} {p.score}" for p in v.players) + f" ({v.score})"


def table(view: LeagueTable, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(league_payloads.table_json(view))
    if fmt == "csv":
        return print_csv(league_payloads.table_csv(view), excel=excel)
    counts = view.scheme.counts
    if view.after_day is None:
        echo(_("{name}: no Spieltag yet.").format(name=view.name))
        return
    echo(_("{name}, the table after Spieltag {day}").format(name=view.name, day=view.after_day))
    rows = [
        [r.rank, r.team[0]] + ([wp_pair(r.wp)] if counts else []) + [r.spielpunkte, r.mark or ""] for r in view.rows
    ]
    heads = [_("rank"), _("team")] + (["WP"] if counts else []) + [_("Spielpunkte"), _("mark")]
    echo(grid(rows, heads, left=(1, len(heads) - 1)))
    if view.provisional_days:
        echo(_("vorläufig: Spieltag {days}").format(days=", ".join(map(str, view.provisional_days))))


def plan(view: PlanView) -> None:
    numbers = dict(view.numbers)
    for club, names in view.apart:
        sys.stderr.write(
            _(
                "note: {teams} of {club} are not in one block of the numbers (1–4, 5–8, …), so they do not meet on "
                "Spieltag 1.\n"
            ).format(teams=and_list(list(names)), club=club)
        )
    echo(_("The plan of Spieltage 1–{days} (the host first):").format(days=len(view.days)))
    rows = []
    for number, groups in enumerate(view.days, start=1):
        shown = []
        for group in groups:
            marked = [f"{numbers[name]} {name}" for name in group]
            if number not in view.central:
                marked[0] = "*" + marked[0]
            shown.append("{" + ", ".join(marked) + "}")
        rows.append([number, "  ".join(shown) + (_(" (central)") if number in view.central else "")])
    echo(grid(rows, [_("Spieltag"), _("groups")], left=(1,)))


def einzel(view: Einzel, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(league_payloads.einzel_json(view))
    if fmt == "csv":
        return print_csv(league_payloads.einzel_csv(view), excel=excel)
    echo(_("{name}, Einzelwertung (a rank from {least} hands)").format(name=view.name, least=view.min_hands))
    rows = [
        ["" if r.rank is None else r.rank, r.name, r.team, r.points, r.hands, decimal(r.average)] for r in view.players
    ]
    heads = [_("rank"), _("player"), _("team"), _("points"), _("hands"), _("average")]
    echo(grid(rows, heads, left=(1, 2)))
