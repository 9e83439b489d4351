"""The team standings of a tournament as a PDF to hang up (`tournament team standings --output`, TEAMS.md
§10.4): per competition a row per team (rank, name, score, the summed counts, lists, prize), its members
under it with their own figures and rounds.

fpdf2 comes in through report/tournament_pdf.py, imported only by the command that writes this file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schreiber.i18n import _
from schreiber.report.cash_pdf import _euros
from schreiber.report.tournament_pdf import WIDTH, _capital, _document, _heading, _row, _text
from schreiber.views import rangliste
from schreiber.views.team_payloads import shown


def team_standings(view: Any, teams: Sequence[Any]) -> bytes:
    """`view`: the individual StandingsView (the tournament, its heading, the words of its columns);
    `teams`: each competition's TeamStandings."""
    from schreiber.views.heading import heading

    t = view.tournament
    title = _("{name} - team standings").format(name=t.name)
    pdf = _document(title)
    pdf.add_page()
    _heading(
        pdf,
        title,
        _("{rules}, {date}; {heading}.").format(rules=t.rules, date=t.date.isoformat(), heading=heading(view)),
    )
    for i, competition in enumerate(teams):
        if i:
            pdf.ln(6)
        _competition(pdf, view, competition)
    return bytes(pdf.output())


def _competition(pdf: Any, view: Any, c: Any) -> None:
    pdf.set_font("Helvetica", "B", 12)
    pdf.multi_cell(
        0,
        7,
        _text(
            _("Team standings of {competition} (teams of {size}, after {rounds} rounds):").format(
                competition=c.competition, size=c.size, rounds=c.rounds
            )
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    if not c.teams:
        pdf.set_font("Helvetica", "", 10)
        pdf.cell(0, 6, _text(_("No team is registered.")), new_x="LMARGIN", new_y="NEXT")
        return
    labels = [_capital(rangliste.label(view, k)) for k in c.counts]
    headers = [_("Rank"), _("Team / member"), _("No."), _capital(rangliste.label(view, "score")), *labels]
    headers += [_("Lists"), _("Prize")] + [_("R{n}").format(n=i) for i in range(1, c.rounds + 1)]
    pdf.set_font("Helvetica", "B", 9)
    figures = [max(12.0, pdf.get_string_width(_text(h)) + 3) for h in headers[3 : 3 + 1 + len(labels) + 1]]
    fixed = [12.0, 11.0, *figures, 22.0] + [13.0] * c.rounds
    widths = [fixed[0], max(36.0, WIDTH - sum(fixed)), *fixed[1:]]
    aligns = ["R", "L"] + ["R"] * (len(headers) - 2)

    def header() -> None:
        pdf.set_fill_color(225, 225, 225)
        _row(pdf, widths, headers, height=7, bold=True, fill=True, aligns=aligns, size=9)

    header()
    for line in c.teams:
        if pdf.get_y() + 6.5 * (len(line.members) + 1) > pdf.h - 18:
            pdf.add_page()
            header()
        pdf.set_fill_color(242, 242, 242)
        cells = ["-" if line.rank is None else f"{line.rank}.", line.name, "", shown(line.score)]
        cells += [str(line.counts.get(k, 0)) for k in c.counts]
        cells += [str(line.lists), _euros(line.prize) if line.prize else ""] + [""] * c.rounds
        _row(pdf, widths, cells, height=6.5, bold=True, fill=True, aligns=aligns, size=9)
        for m in line.members:
            cells = ["", "   " + m.name + (_(" (withdrawn)") if m.withdrawn else ""), str(m.number), shown(m.score)]
            cells += [str(m.counts.get(k, 0)) for k in c.counts] + [str(m.lists), ""]
            rounds = (*m.rounds, *[None] * (c.rounds - len(m.rounds)))
            cells += ["-" if x is None else shown(x) for x in rounds]
            _row(pdf, widths, cells, height=6.5, aligns=aligns, size=9)
    if any(line.rank is None for line in c.teams):
        pdf.ln(2)
        pdf.set_font("Helvetica", "", 9)
        pdf.multi_cell(0, 5, _text(_("–: the team's Startgeld is not paid, so it is not ranked.")))
