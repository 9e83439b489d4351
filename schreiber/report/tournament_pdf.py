"""Tournament paper as PDF (A4, black on white): the seat plan, one blank score sheet per table, the standings.

fpdf2 is imported here only, and this module only by the commands that write these files. The
built-in Helvetica is used (no font file to ship), so text is reduced to Latin-1: German umlauts
and ß print, typographic dashes and quotes become plain ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from schreiber.i18n import _

_PLAIN = str.maketrans({"“": '"', "”": '"', "„": '"', "–": "-", "—": "-", "−": "-", "…": "...", "·": "-"})
MARGIN = 15
WIDTH = 210 - 2 * MARGIN


def _text(value: Any) -> str:
    return str(value).translate(_PLAIN).encode("latin-1", "replace").decode("latin-1")


def _document(title: str, footer: bool = True) -> Any:
    """An A4 portrait document titled `title`; with `footer` each page names it and its number at the foot."""
    from fpdf import FPDF

    class Paper(FPDF):
        def footer(self) -> None:
            if not footer:
                return
            self.set_y(-12)
            self.set_font("Helvetica", "", 8)
            self.cell(0, 5, _text(_("{title} - page {page}").format(title=title, page=self.page_no())), align="C")

    pdf = Paper(orientation="P", unit="mm", format="A4")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, margin=18)
    pdf.set_title(_text(title))
    pdf.set_creator("schreiber")
    return pdf


def _heading(pdf: Any, title: str, subtitle: str = "", width: float = 0) -> None:
    """The page's title and a line under it; `width` (mm, 0: the whole line) leaves room beside them."""
    pdf.set_font("Helvetica", "B", _fitted(pdf, title, width, 16, least=11) if width else 16)
    pdf.cell(width, 9, _text(title), new_x="LMARGIN", new_y="NEXT")
    if subtitle:
        pdf.set_font("Helvetica", "", 11)
        pdf.multi_cell(width, 6, _text(subtitle), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)


def _row(
    pdf: Any,
    widths: list[float],
    cells: list[Any],
    height: float = 7,
    bold: bool = False,
    fill: bool = False,
    aligns: list[str] | None = None,
    size: float = 10,
) -> None:
    pdf.set_font("Helvetica", "B" if bold else "", size)
    for i, (w, c) in enumerate(zip(widths, cells)):
        align = aligns[i] if aligns else "L"
        pdf.cell(w, height, _text(c), border=1, align=align, fill=fill)
    pdf.ln(height)


def _list(pdf: Any, widths: list[float], headers: list[str], lines: list[list[Any]], size: float = 9) -> None:
    """A list over as many pages as it takes: the header row on each page, every other line shaded lightly,
    so a long list stays readable in black and white."""
    aligns = ["R", "R", "L"] + ["R"] * (len(headers) - 3)  # rank, number, name, then figures

    def header() -> None:
        pdf.set_fill_color(225, 225, 225)
        _row(pdf, widths, headers, height=7, bold=True, fill=True, aligns=aligns, size=size)

    header()
    for i, cells in enumerate(lines):
        if pdf.get_y() + 6.5 > pdf.h - 18:
            pdf.add_page(orientation=pdf.cur_orientation)
            header()
        pdf.set_fill_color(242, 242, 242)
        _row(pdf, widths, cells, height=6.5, aligns=aligns, size=size, fill=i % 2 == 1)


def _fitted(pdf: Any, text: str, width: float, size: float, least: float = 9, style: str = "B") -> float:
    """The largest type size up to `size` at which `text` fits `width` (mm), not below `least`."""
    while size > least:
        pdf.set_font("Helvetica", style, size)
        if pdf.get_string_width(_text(text)) <= width:
            break
        size -= 1
    return size


def seat_plan(plan: Any) -> bytes:
    """A wall poster (A4 landscape): a row per table, the table's number large, its players in seat order
    in type read from two metres; then everyone A–Z, as a German list files them, with table and seat."""
    from schreiber.views import seat_finder

    t = plan.tournament
    title = _("{name} - round {round}").format(name=t.name, round=plan.round)
    pdf = _document(title)
    pdf.add_page(orientation="L")
    _heading(
        pdf,
        title,
        _("Seat plan: {tables} tables; seat 1 deals first. Repeated pairs in this draw: {repeats}.").format(
            tables=len(plan.tables), repeats=plan.repeats
        ),
    )
    seat_rows(
        pdf,
        [
            (
                table.table,
                [
                    (name, _("no. {number} - seat {seat}").format(number=number, seat=seat))
                    for seat, (name, number) in enumerate(zip(table.players, table.numbers), start=1)
                ],
            )
            for table in plan.tables
        ],
    )
    # Where do I sit? Everyone by name, then everyone by start number, in two columns of large type.
    by_name = [(x.name, x.number, x.table, x.seat) for x in seat_finder.seats(plan, "name")]
    _finder(pdf, title, _("Where do I sit? Everyone by name."), by_name)
    by_number = [(x.number, x.name, x.table, x.seat) for x in seat_finder.seats(plan, "number")]
    _finder(pdf, title, _("Where do I sit? Everyone by start number."), by_number)
    return bytes(pdf.output())


def seat_rows(pdf: Any, rows: Sequence[tuple[int, Sequence[tuple[str, str]]]]) -> None:
    """A landscape page's seat plan: a row per table, its number large, then each seat's player in seat order with a
    small line under the name (his start number and seat, or his team and position), shaded every other row."""
    page_width = 297 - 2 * MARGIN
    seats = max((len(players) for _table, players in rows), default=4)
    number_width, height = 30.0, 19.0
    cell = (page_width - number_width) / seats
    for row, (table, players) in enumerate(rows):
        if pdf.get_y() + height > 210 - 18:
            pdf.add_page(orientation="L")
        top = pdf.get_y()
        pdf.set_fill_color(235, 235, 235)
        if row % 2 == 0:
            pdf.rect(MARGIN, top, page_width, height, style="F")
        pdf.set_xy(MARGIN, top)
        pdf.set_font("Helvetica", "B", 34)
        pdf.cell(number_width, height, _text(str(table)), align="C")
        for seat, (name, under) in enumerate(players):
            x = MARGIN + number_width + seat * cell
            pdf.set_xy(x + 1, top + 1.5)
            pdf.set_font("Helvetica", "B", _fitted(pdf, name, cell - 3, 20))
            pdf.cell(cell - 2, 9, _text(name), align="L")
            pdf.set_xy(x + 1, top + 11)
            pdf.set_font("Helvetica", "", 12)
            pdf.cell(cell - 2, 6, _text(under), align="L")
        pdf.set_xy(MARGIN, top + height)
        pdf.set_draw_color(160, 160, 160)
        pdf.line(MARGIN, top + height, MARGIN + page_width, top + height)


def _finder(pdf: Any, title: str, subtitle: str, lines: list[tuple[Any, Any, int, int]]) -> None:
    """A "where do I sit?" list on pages of its own, in two columns of 14 pt: name and start number (in the
    order `lines` gives them: the first is what the list is sorted by), table (bold) and seat."""
    pdf.add_page(orientation="P")
    _heading(pdf, title, subtitle)
    by_number = bool(lines) and isinstance(lines[0][0], int)
    column = WIDTH / 2
    widths = [column * 0.14, column * 0.52] if by_number else [column * 0.52, column * 0.14]
    widths += [column * 0.17, column * 0.17]
    head = (_("No."), _("Name")) if by_number else (_("Name"), _("No."))
    line = 8.0
    per_column = int((297 - 18 - pdf.get_y() - line) // line)
    for start in range(0, len(lines), per_column * 2):
        if start:
            pdf.add_page(orientation="P")
        top = pdf.get_y()
        for c in range(2):
            chunk = lines[start + c * per_column : start + (c + 1) * per_column]
            if not chunk:
                break
            pdf.set_xy(MARGIN + c * column, top)
            for cells, bold in [((*head, _("Table"), _("Seat")), True)] + [
                (tuple(str(x) for x in row), False) for row in chunk
            ]:
                pdf.set_x(MARGIN + c * column)
                for k, (w, text) in enumerate(zip(widths, cells)):
                    named = k == (1 if by_number else 0)
                    style = "B" if bold or k == 2 else ""
                    size = _fitted(pdf, text, w - 2, 14, style=style) if named else 14
                    pdf.set_font("Helvetica", style, size)
                    pdf.cell(w - 1, line, _text(text), border="B", align="L")
                pdf.ln(line)


def score_sheets(plan: Any, fields: Any = None, base: str | None = None) -> bytes:
    """One page per table: the names in seat order with their start numbers as columns, a numbered line per hand,
    totals, Soli, and the games lost and thrown-in hands where `fields` (ledger/sheet_form.py) says the money
    counts them; with `base` the QR code of the table's sheet form (Skat keeps its own list: report/skat_list_pdf.py)."""
    t = plan.tournament
    pdf = _document(_("{name} - round {round} - score sheets").format(name=t.name, round=plan.round))
    pdf.set_auto_page_break(False)
    foot = [(_("Total"), True), (_("Soli"), fields is None or fields.soli)]
    foot += [(_("Games won"), bool(fields and fields.won)), (_("Games lost"), bool(fields and fields.lost))]
    foot = [(label, True) for label, shown in foot if shown]
    thrown = bool(fields and fields.thrown)
    reserved = (len(foot) + thrown) * 7 + 14
    for table in plan.tables:
        pdf.add_page()
        qr = _qr(pdf, base, plan.round, table.table) if base else 0.0
        _heading(
            pdf,
            _("{name} - round {round} - table {table}").format(name=t.name, round=plan.round, table=table.table),
            _("{rules}; session {session}; {hands} hands. Seat 1 deals first, the deal passes on clockwise.").format(
                rules=t.rules, session=table.session, hands=table.of or t.hands
            ),
            width=WIDTH - qr,
        )
        if qr:
            pdf.set_y(max(pdf.get_y(), MARGIN + qr))
        n = len(table.players)
        game = 38.0
        widths = [10.0, game] + [(WIDTH - 10 - game) / n] * n
        pdf.set_fill_color(225, 225, 225)
        _row(
            pdf,
            widths,
            ["", ""] + [_("Seat {n}").format(n=i) for i in range(1, n + 1)],
            height=6,
            fill=True,
            aligns=["C"] * (n + 2),
            size=8,
        )
        _row(
            pdf,
            widths,
            [_("No."), _("Game")] + [f"{name} ({number})" for name, number in zip(table.players, table.numbers)],
            height=8,
            bold=True,
            fill=True,
            aligns=["C", "L"] + ["C"] * n,
            size=9 if n > 4 else 10,
        )
        space = 297 - 18 - pdf.get_y() - reserved
        lines = table.of or t.hands  # a table of 5 plays 5/4 of the hands
        height = max(4.0, min(7.0, space / max(lines, 1)))  # 40 hands of a table of 5 on one page
        for hand in range(1, lines + 1):
            if pdf.get_y() + height > 297 - 18 - reserved + 0.01:  # not for a rounding error
                pdf.add_page()
            _row(pdf, widths, [str(hand), ""] + [""] * n, height=height, aligns=["C"] * (n + 2), size=8)
        for label, _shown in foot:
            _row(pdf, [10.0 + game] + widths[2:], [label] + [""] * n, height=7, bold=True, aligns=["R"] + ["C"] * n)
        if thrown:  # a thrown-in hand is the table's: one field for all
            _row(
                pdf,
                [10.0 + game, WIDTH - 10 - game],
                [_("Thrown-in hands"), ""],
                height=7,
                bold=True,
                aligns=["R", "C"],
            )
        pdf.ln(6)
        pdf.set_font("Helvetica", "", 9)
        pdf.cell(0, 5, _text(_("Signatures: ") + "_" * 90), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


QR_SIZE = 24.0  # mm: read by a phone held a hand's breadth above the sheet


def _qr(pdf: Any, base: str, round_: int, table: int, top: float = MARGIN - 4, size: float = QR_SIZE) -> float:
    """The QR code of the table's sheet form at the page's top right; the width it takes (with a gap)."""
    import io

    import segno

    from schreiber.ledger.sheet_form import form_address

    png = io.BytesIO()
    segno.make(form_address(base, round_, table), error="m").save(png, kind="png", scale=8, border=2)
    png.seek(0)
    pdf.image(png, x=pdf.w - pdf.r_margin - size, y=top, w=size, h=size)
    return size + 2


def standings(view: Any) -> bytes:
    """The ranking as a list to hang up or hand out: rank, start number, name (marked "by lot" where a tie was
    drawn, with what that means under the list), the figures of StandingsView.columns, each round."""
    from schreiber.views import rangliste
    from schreiber.views.heading import heading

    t = view.tournament
    title = _("{name} - {heading}").format(name=t.name, heading=heading(view))
    if getattr(view, "kategorie", None) is not None:  # a category ranking (TEAMS.md §10.2): its name in the title
        title += " - " + _("category {kategorie}").format(kategorie=view.kategorie)
    pdf = _document(title)
    # The figures the game and the Wertung declare (score, points, Soli or games won and lost), each as wide
    # as its header at 9 pt; a list too wide for a portrait page with a name of 40 mm is printed landscape.
    headers = [_("Rank"), _("No."), _("Name")] + [_capital(rangliste.label(view, key)) for key in view.columns]
    headers += [_("R{n}").format(n=i) for i in range(1, view.rounds + 1)]
    pdf.set_font("Helvetica", "B", 9)
    fixed = [max(12.0, pdf.get_string_width(_text(h)) + 3) for h in headers[3 : 3 + len(view.columns)]]
    fixed = [22.0 if getattr(view, "kategorie", None) else 13.0, 12.0] + fixed + [13.0] * view.rounds
    wide = sum(fixed) + 40 > WIDTH
    pdf.add_page(orientation="L" if wide else "P")
    name_width = max(40.0, (297 - 2 * MARGIN if wide else WIDTH) - sum(fixed))
    widths = [fixed[0], 12.0, name_width] + fixed[2:]
    _heading(
        pdf,
        title,
        _("{rules}, {date}; Wertung {wertung}.").format(rules=t.rules, date=t.date.isoformat(), wertung=t.wertung),
    )
    if view.unfinished:
        pdf.set_font("Helvetica", "B", 11)
        for u in view.unfinished:
            pdf.cell(
                0,
                6,
                _text(
                    _("Not finished: round {round}, table {table} is still playing ({hands} of {of} hands).").format(
                        round=u.round, table=u.table, hands=u.hands, of=u.of
                    )
                ),
                new_x="LMARGIN",
                new_y="NEXT",
            )
        pdf.ln(2)
    lines = []
    for r in view.rows:
        figures = [rangliste.figure(view, r, key) for key in view.columns]
        rank = f"{r.rank}." if r.overall is None else f"{r.rank}. ({r.overall}.)"  # a category: the overall rank too
        cells = [rank, str(r.number), rangliste.name(r)] + figures
        lines.append(cells + ["-" if x is None else str(x) for x in r.rounds])
    _list(pdf, widths, headers, lines)
    if view.by_lot:
        pdf.ln(2)
        pdf.set_font("Helvetica", "", 9)
        pdf.multi_cell(0, 5, _text(rangliste.lot_note()), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _capital(word: str) -> str:
    """A column's word as a printed list heads it: "won" -> "Won", "gewonnen" -> "Gewonnen"."""
    return word[:1].upper() + word[1:]


def round_results(view: Any) -> bytes:
    """The results of a round by table, to hang up (A4 portrait): a box per table in two columns, its players
    in seat order with start numbers and points, and its sum as the sheet's foot checks it."""
    t = view.tournament
    title = _("{name} - round {round} - results by table").format(name=t.name, round=view.round)
    pdf = _document(title)
    pdf.add_page()
    _heading(
        pdf,
        title,
        _("{rules}, {date}. Each table: seat, start number, name and points of the round; its sum at the foot.").format(
            rules=t.rules, date=t.date.isoformat()
        ),
    )
    gap, line, head = 6.0, 5.0, 6.0
    column = (WIDTH - gap) / 2
    widths = [11.0, 13.0, column - 11 - 13 - 22, 22.0]
    top, at = pdf.get_y(), [pdf.get_y(), pdf.get_y()]
    for table in view.tables:
        height = head + line * (len(table.players) + 1) + 3
        c = 0 if at[0] <= at[1] else 1
        if at[c] + height > pdf.h - 18:
            if at[1 - c] + height <= pdf.h - 18:
                c = 1 - c
            else:
                pdf.add_page()
                top = pdf.get_y()
                at, c = [top, top], 0
        x = MARGIN + c * (column + gap)
        pdf.set_xy(x, at[c])
        pdf.set_fill_color(225, 225, 225)
        pdf.set_font("Helvetica", "B", 11)
        pdf.cell(column, head, _text(_("Table {table}").format(table=table.table)), border=1, fill=True)
        pdf.set_xy(x, at[c] + head)
        for seat, number, name, points in table.players:
            cells = [str(seat), str(number), name, "-" if points is None else str(points)]
            for k, (w, text) in enumerate(zip(widths, cells)):
                size = _fitted(pdf, text, w - 2, 10, style="") if k == 2 else 10
                pdf.set_font("Helvetica", "B" if k == 3 else "", size)
                pdf.cell(w, line, _text(text), border=1, align="L" if k == 2 else "R")
            pdf.set_xy(x, pdf.get_y() + line)
        foot = view.check(table) if table.finished else _("still playing: {state}").format(state=table.state)
        pdf.set_font("Helvetica", "I", 9)
        pdf.cell(column, line, _text(foot), border=1, align="R")
        at[c] += height
    return bytes(pdf.output())
