"""League paper (TEAMS.md §10.4 "Leagues"): the Spielbericht of a Spieltag to sign (`league day show --output`) and
the league table to hang up (`league table --output`), A4 portrait, black on white.

Per group of the Spielbericht: its teams, each Serie's tables with every list (the players of a split list each
with their hands), the teams' Spielpunkte and WP:Gegen, the day's totals, "vorläufig" until the Spieltag is
closed, and a line for each team's captain to sign.

fpdf2 comes in through report/tournament_pdf.py, imported only by the command that writes this file.
"""

from __future__ import annotations

from typing import Any

from schreiber.i18n import _
from schreiber.report.tournament_pdf import WIDTH, _document, _heading, _row, _text
from schreiber.scoring.league import wp_text


def _pair(wp: Any) -> str:
    return "" if wp is None else f"{wp_text(wp.wp)}:{wp_text(wp.gegen)}"


def _state(provisional: bool) -> str:
    return _("vorläufig") if provisional else _("final")


def _room(pdf: Any, height: float) -> None:
    """A new page unless `height` mm fit above the foot."""
    if pdf.get_y() + height > pdf.h - 18:
        pdf.add_page()


def _shade(pdf: Any) -> None:
    pdf.set_fill_color(225, 225, 225)


def _players(v: Any) -> str:
    """A list's players: one name, or each part of a split list with its hands (Cem 1-24, Conny 25-48)."""
    if len(v.players) == 1:
        return v.players[0].name
    return ", ".join(f"{p.name} {p.start}-{p.end} ({p.score})" for p in v.players)


def day_report(view: Any, name: str) -> bytes:
    """`view`: the DayReport of the Spieltag; `name`: the league's name."""
    title = _("{name} - Spielbericht Spieltag {day}").format(name=name, day=view.day)
    pdf = _document(title)
    pdf.add_page()
    _heading(
        pdf,
        title,
        _("{date} ({state})").format(date=view.date.strftime("%d.%m.%Y"), state=_state(view.provisional)),
    )
    counts = view.scheme.counts
    for i, group in enumerate(view.groups):
        if i:
            pdf.add_page()
        _group(pdf, view, group, counts)
    return bytes(pdf.output())


def _group(pdf: Any, view: Any, g: Any, counts: bool) -> None:
    pdf.set_font("Helvetica", "B", 13)
    where = f" ({g.venue})" if g.venue else ""
    pdf.cell(
        0,
        8,
        _text(_("Group {group}{venue}, host {host}").format(group=g.group, venue=where, host=g.host)),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.set_font("Helvetica", "", 10)
    teams = _("Teams: {teams}").format(teams=", ".join(g.teams))
    if g.absent:
        teams += " " + _("(absent: {teams})").format(teams=", ".join(g.absent))
    pdf.multi_cell(0, 6, _text(teams), new_x="LMARGIN", new_y="NEXT")
    for serie in g.serien:
        _serie(pdf, view, serie, counts)
    _total(pdf, g, counts)
    _signatures(pdf, g)


def _serie(pdf: Any, view: Any, serie: Any, counts: bool) -> None:
    lines = sum(len(t.lists) for t in serie.teams) + 1
    _room(pdf, 16 + 5.5 * lines if 16 + 5.5 * lines < pdf.h - 40 else 40)
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", 11)
    state = "" if serie.complete else " " + _("(playing)")
    pdf.cell(
        0, 7, _text(_("Serie {serie}{state}").format(serie=serie.serie, state=state)), new_x="LMARGIN", new_y="NEXT"
    )
    headers = [_("Team"), _("Pos."), _("Table"), _("Player"), _("List")]
    headers += ([_("Won"), _("Lost")] if view.games else []) + ([_("TP")] if view.tischpunkte else [])
    headers += [_("Spielpunkte")] + (["WP:Gegen"] if counts else [])
    fixed = [11.0, 12.0] + [16.0] + ([12.0, 12.0] if view.games else []) + ([11.0] if view.tischpunkte else [])
    fixed += [24.0] + ([20.0] if counts else [])
    rest = WIDTH - sum(fixed)
    widths = [rest * 0.35, *fixed[:2], rest * 0.65, *fixed[2:]]
    aligns = ["L", "R", "R", "L"] + ["R"] * (len(headers) - 4)
    _shade(pdf)
    _row(pdf, widths, headers, height=6.5, bold=True, fill=True, aligns=aligns, size=9)
    for t in serie.teams:
        for k, v in enumerate(t.lists):
            _room(pdf, 5.5)
            first = k == 0
            cells = [t.team if first else "", v.position, v.table, _players(v), v.score]
            cells += [v.won, v.lost] if view.games else []
            cells += ["" if v.tischpunkte is None else v.tischpunkte] if view.tischpunkte else []
            cells += [t.spielpunkte if first else ""] + ([_pair(t.wp) if first else ""] if counts else [])
            _row(pdf, widths, cells, height=5.5, aligns=aligns, size=9, bold=False)


def _total(pdf: Any, g: Any, counts: bool) -> None:
    _room(pdf, 14 + 6.5 * len(g.total) + 12 + 13 * ((len(g.teams) + 1) // 2))
    pdf.ln(3)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, _text(_("The Spieltag")), new_x="LMARGIN", new_y="NEXT")
    if not g.total:
        pdf.set_font("Helvetica", "", 10)
        pdf.cell(0, 6, _text(_("No Serie is complete yet.")), new_x="LMARGIN", new_y="NEXT")
        return
    headers = [_("Team"), _("Spielpunkte")] + (["WP:Gegen"] if counts else [])
    widths = [WIDTH - 30 - (30 if counts else 0), 30.0] + ([30.0] if counts else [])
    aligns = ["L", "R", "R"]
    _shade(pdf)
    _row(pdf, widths, headers, height=6.5, bold=True, fill=True, aligns=aligns, size=10)
    for t in g.total:
        _row(pdf, widths, [t.team, t.spielpunkte] + ([_pair(t.wp)] if counts else []), height=6.5, aligns=aligns)


def _signatures(pdf: Any, g: Any) -> None:
    """A line for each team's captain: the team's name under a line to sign on, two a row."""
    _room(pdf, 12 + 13 * ((len(g.teams) + 1) // 2))
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, _text(_("Signatures of the captains")), new_x="LMARGIN", new_y="NEXT")
    half = WIDTH / 2
    for start in range(0, len(g.teams), 2):
        pdf.ln(7)
        y = pdf.get_y()
        for k, team in enumerate(g.teams[start : start + 2]):
            x = pdf.l_margin + k * half
            pdf.line(x, y, x + half - 10, y)
            pdf.set_xy(x, y + 1)
            pdf.set_font("Helvetica", "", 9)
            pdf.cell(half - 10, 5, _text(_("Captain of {team}").format(team=team)))
        pdf.set_xy(pdf.l_margin, y + 6)


def league_table(view: Any) -> bytes:
    """`view`: the LeagueTable; its rows with rank, number, team, WP:Gegen, Spielpunkte, Spieltage and mark, then
    each Spieltag's WP (or Spielpunkte) per team; which Spieltage are vorläufig under it."""
    title = _("{name} - league table").format(name=view.name)
    pdf = _document(title)
    pdf.add_page()
    counts = view.scheme.counts
    if view.after_day is None:
        _heading(pdf, title, _("No Spieltag yet."))
        return bytes(pdf.output())
    _heading(pdf, title, _("After Spieltag {day}").format(day=view.after_day))
    days = list(view.days)
    headers = [_("Rank"), _("No."), _("Team")] + (["WP:Gegen"] if counts else []) + [_("Spielpunkte"), _("Mark")]
    headers += [_("ST {n}").format(n=d) + ("*" if d in view.provisional_days else "") for d in days]
    each = 14.0 if len(days) <= 6 else max(8.0, 84.0 / len(days))
    fixed = [11.0, 10.0] + ([20.0] if counts else []) + [22.0, 13.0] + [each] * len(days)
    widths = [fixed[0], fixed[1], max(30.0, WIDTH - sum(fixed)), *fixed[2:]]
    aligns = ["R", "R", "L"] + ["R"] * (len(headers) - 3)
    size = 9 if len(days) <= 6 else 7
    _shade(pdf)
    _row(pdf, widths, headers, height=7, bold=True, fill=True, aligns=aligns, size=size)
    for i, r in enumerate(view.rows):
        _room(pdf, 6.5)
        cells = [f"{r.rank}.", "" if r.team[1] is None else r.team[1], r.team[0]]
        cells += ([_pair(r.wp)] if counts else []) + [r.spielpunkte, r.mark or ""]
        for d in r.days:
            cells.append("-" if d is None else (_pair(d.wp) if counts else d.spielpunkte))
        pdf.set_fill_color(242, 242, 242)
        _row(pdf, widths, cells, height=6.5, aligns=aligns, size=size, fill=i % 2 == 1)
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 9)
    notes = []
    if view.provisional_days:
        notes.append(
            _("*: vorläufig (Spieltag {days} not yet closed).").format(days=", ".join(map(str, view.provisional_days)))
        )
    notes.append(
        _("ST n: the team's result of Spieltag n ({what}); -: not played.").format(
            what="WP:Gegen" if counts else _("Spielpunkte")
        )
    )
    for note in notes:
        pdf.multi_cell(0, 5, _text(note), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def seat_plan(view: Any, name: str) -> bytes:
    """`league tables N --output`: the Serie's seat plan to hang up (A4 landscape), a row per table with its number
    large and its players in seat order, each with his team and position; group by group."""
    from schreiber.report.tournament_pdf import seat_rows

    title = _("{name} - Spieltag {day}, Serie {serie}").format(name=name, day=view.day, serie=view.serie)
    pdf = _document(title)
    pdf.add_page(orientation="L")
    _heading(pdf, title, _("Seat plan: {tables} tables; seat 1 deals first.").format(tables=len(view.tables)))
    seat_rows(pdf, [(t.table, [(p.name, f"{p.team} {p.position}") for p in t.players]) for t in view.tables])
    return bytes(pdf.output())
