"""Tournament paper as PDF (A4, black on white): the seat plan, one blank score sheet per table, the standings.

fpdf2 is imported here only, and this module only by the commands that write these files. The
built-in Helvetica is used (no font file to ship), so text is reduced to Latin-1: German umlauts
and ß print, typographic dashes and quotes become plain ones.
"""

from __future__ import annotations

from typing import Any

from schreiber.i18n import _

_PLAIN = str.maketrans({"“": '"', "”": '"', "„": '"', "–": "-", "—": "-", "−": "-", "…": "...", "·": "-"})
MARGIN = 15
WIDTH = 210 - 2 * MARGIN


def _text(value: Any) -> str:
    return str(value).translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")


def _document(title: str) -> Any:
    from fpdf import FPDF

    class Paper(FPDF):
        def footer(self) -> None:
            self.set_y(-12)
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, _text(_("{title} - page {page}").format(title=title, page=self.page_no())), align="C")

    pdf = Paper(orientation="P", unit="mm", format="A4")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_title(_text(title))
    pdf.set_creator("schreiber")
    return pdf


def _heading(pdf: Any, title: str, subtitle: str = "") -> None:
    pdf.set_font("Helvetica", "B", 16)
    pdf.cell(0, 9, _text(title), new_x="LMARGIN", new_y="NEXT")
    if subtitle:
        pdf.set_font("Helvetica", "", 11)
        pdf.cell(0, 6, _text(subtitle), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)


def _row(pdf: Any, widths: list[float], cells: list[Any], height: float = 7, bold: bool = False, fill: bool = False,
         aligns: list[str] | None = None, size: float = 10) -> None:
    pdf.set_font("Helvetica", "B" if bold else "", size)
    for i, (w, c) in enumerate(zip(widths, cells)):
        align = aligns[i] if aligns else "L"
        pdf.cell(w, height, _text(c), border=1, align=align, fill=fill)
    pdf.ln(height)


def seat_plan(plan: Any) -> bytes:
    """Every table with its players in seat order, then everyone A–Z with his table and seat."""
    t = plan.tournament
    title = _("{name} - round {round}").format(name=t.name, round=plan.round)
    pdf = _document(title)
    pdf.add_page()
    _heading(pdf, title, _("Seat plan: {tables} tables; seat 1 deals first. Repeated pairs in this draw: {repeats}.").format(
        tables=len(plan.tables), repeats=plan.repeats))
    pdf.set_fill_color(225, 225, 225)
    seats = max((len(x.players) for x in plan.tables), default=4)
    widths = [16.0] + [(WIDTH - 16) / seats] * seats
    _row(pdf, widths, [_("Table")] + [_("Seat {n}").format(n=i) for i in range(1, seats + 1)], bold=True, fill=True)
    for table in plan.tables:
        cells = [str(table.table)] + [f"{name} ({number})" for name, number in zip(table.players, table.numbers)]
        cells += [""] * (seats + 1 - len(cells))
        _row(pdf, widths, cells, height=8, aligns=["C"] + ["L"] * seats, size=9 if seats > 4 else 10)
    # Where do I sit? Everyone by name, in three columns.
    pdf.add_page()
    _heading(pdf, title, _("Where do I sit? Everyone by name."))
    everyone = sorted(
        ((name, number, table.table, seat) for table in plan.tables for seat, (name, number) in enumerate(zip(table.players, table.numbers), 1)),
        key=lambda x: x[0].casefold(),
    )
    column = WIDTH / 3
    widths = [column * 0.46, column * 0.14, column * 0.2, column * 0.2]
    per_column = 40
    for start in range(0, len(everyone), per_column * 3):
        if start:
            pdf.add_page()
        top = pdf.get_y()
        for c in range(3):
            chunk = everyone[start + c * per_column : start + (c + 1) * per_column]
            if not chunk:
                break
            pdf.set_xy(MARGIN + c * column, top)
            for cells, bold in [((_("Name"), _("No."), _("Table"), _("Seat")), True)] + [((n, str(no), str(tb), str(st)), False) for n, no, tb, st in chunk]:
                x = MARGIN + c * column
                pdf.set_x(x)
                pdf.set_font("Helvetica", "B" if bold else "", 9)
                for w, text in zip(widths, cells):
                    pdf.cell(w - 1, 5.6, _text(text), border="B", align="L")
                pdf.ln(5.6)
    return bytes(pdf.output())


def score_sheets(plan: Any) -> bytes:
    """One page per table: the names in seat order as columns, a numbered line per hand, totals and Soli."""
    t = plan.tournament
    pdf = _document(_("{name} - round {round} - score sheets").format(name=t.name, round=plan.round))
    pdf.set_auto_page_break(False)
    for table in plan.tables:
        pdf.add_page()
        _heading(
            pdf,
            _("{name} - round {round} - table {table}").format(name=t.name, round=plan.round, table=table.table),
            _("{rules}; session {session}; {hands} hands. Seat 1 deals first, the deal passes on clockwise.").format(
                rules=t.rules, session=table.session, hands=t.hands),
        )
        n = len(table.players)
        game = 38.0
        widths = [10.0, game] + [(WIDTH - 10 - game) / n] * n
        pdf.set_fill_color(225, 225, 225)
        _row(pdf, widths, ["", ""] + [_("Seat {n}").format(n=i) for i in range(1, n + 1)], height=6, fill=True, aligns=["C"] * (n + 2), size=8)
        _row(pdf, widths, [_("No."), _("Game")] + [f"{name} ({number})" for name, number in zip(table.players, table.numbers)],
             height=8, bold=True, fill=True, aligns=["C", "L"] + ["C"] * n, size=9 if n > 4 else 10)
        space = 297 - 18 - pdf.get_y() - 3 * 8 - 14
        height = max(4.5, min(7.0, space / max(t.hands, 1)))
        for hand in range(1, t.hands + 1):
            if pdf.get_y() + height > 297 - 18 - 3 * 8 - 14:
                pdf.add_page()
            _row(pdf, widths, [str(hand), ""] + [""] * n, height=height, aligns=["C"] * (n + 2), size=8)
        for label in (_("Total"), _("Soli")):
            _row(pdf, [10.0 + game] + widths[2:], [label] + [""] * n, height=8, bold=True, aligns=["R"] + ["C"] * n)
        pdf.ln(6)
        pdf.set_font("Helvetica", "", 9)
        pdf.cell(0, 5, _text(_("Signatures: ") + "_" * 90), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def standings(view: Any) -> bytes:
    """The ranking as a list to hang up or hand out: rank, start number, name, score, Soli, each round."""
    t = view.tournament
    title = _("{name} - standings after round {round}").format(name=t.name, round=view.rounds)
    pdf = _document(title)
    pdf.add_page()
    _heading(pdf, title, _("{rules}, {date}; Wertung {wertung}.").format(rules=t.rules, date=t.date.isoformat(), wertung=t.wertung))
    platz = t.wertung == "platz"
    headers = [_("Rank"), _("No."), _("Name")] + ([_("Score")] if platz else []) + [_("Points"), _("Soli")]
    headers += [_("R{n}").format(n=i) for i in range(1, view.rounds + 1)]
    fixed = [13.0, 12.0] + ([15.0] if platz else []) + [16.0, 11.0] + [13.0] * view.rounds
    name_width = max(30.0, WIDTH - sum(fixed))
    widths = [13.0, 12.0, name_width] + fixed[2:]
    aligns = ["R", "R", "L"] + ["R"] * (len(headers) - 3)
    pdf.set_fill_color(225, 225, 225)

    def header() -> None:
        _row(pdf, widths, headers, height=7, bold=True, fill=True, aligns=aligns, size=9)

    header()
    for i, r in enumerate(view.rows):
        if pdf.get_y() + 6.5 > 297 - 18:
            pdf.add_page()
            header()
        name = r.name + (_(" (withdrawn)") if r.withdrawn else "")
        cells = [f"{r.rank}.", str(r.number), name] + ([str(r.score)] if platz else []) + [str(r.points), str(r.soli)]
        cells += ["-" if x is None else str(x) for x in r.rounds]
        # Every other line shaded lightly: a long list stays readable in black and white.
        pdf.set_fill_color(242, 242, 242)
        _row(pdf, widths, cells, height=6.5, aligns=aligns, size=9, fill=i % 2 == 1)
    return bytes(pdf.output())
