"""The Skat list on paper (A4 portrait, black on white), as the DSkV's list is kept: a numbered row per hand,
the game in a few words, and for each player the declarer's value won (+V) or lost (−2V) and his running sum;
at the foot the sums, games won and lost and the Seeger-Fabian block. Empty, or filled from a table's hands.

48 rows fit one page at 10 pt (a table of 4), 36 at 11 pt (a table of 3); a longer list goes on over more
pages, each opening with the sums carried over. The primitives are those of report/tournament_pdf.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from schreiber.i18n import _
from schreiber.report.tournament_pdf import _document, _fitted, _qr, _text

MARGIN = 10.0
PAGE_WIDTH, PAGE_HEIGHT = 210.0, 297.0
WIDTH = PAGE_WIDTH - 2 * MARGIN
CAPACITY = 48  # rows one page holds, readable at 10 pt
NUMBER, GAME = 9.0, 36.0
FOOT_ROW = 5.6
HEADER_ROWS = (7.0, 5.0)
SIGNATURE = 9.0
GREY, LIGHT = 215, 238  # the dealer's cells; the Seeger-Fabian line


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _list_of(view: Any, rows: int | None = None) -> Any:
    """A table's list from its view (its hands folded): everyone who sat there is a column."""
    seats = tuple(view.state.players)
    players = list(dict.fromkeys([*view.table.players, *seats]))
    for hand in view.hands:
        players += [p for p in hand.payout.points if p not in players]
    rules = view.rules
    return rules.written_list(players, seats, view.hands, view.next_dealer, rows or rules.list_rows(len(seats)))


def session_list(view: Any, title: str) -> bytes:
    """The list of one table (`session sheet`), filled with the hands it has."""
    pdf = _document(title, footer=False)
    series = view.table.series  # a session of its own length (`session new --hands N`) lists that many rows
    _pages(pdf, _list_of(view, series.of if series is not None else None), title)
    return bytes(pdf.output())


def tournament_lists(plan: Any, views: Mapping[int, Any], base: str | None = None) -> bytes:
    """The list of every table of a round (`tournament sheets` for Skat): names with start numbers, the
    series' rows, filled where the table has hands; with `base` the QR code of the table's sheet form."""
    t = plan.tournament
    pdf = _document(_("{name} - round {round} - score sheets").format(name=t.name, round=plan.round), footer=False)
    for table in plan.tables:
        lst = _list_of(views[table.session], table.of or None)
        names = {name: f" ({number})" for name, number in zip(table.players, table.numbers)}
        title = _("{name} - round {round} - table {table}").format(name=t.name, round=plan.round, table=table.table)
        qr = (lambda pdf, r=plan.round, tb=table.table: _qr(pdf, base, r, tb, top=4, size=20)) if base else None
        _pages(pdf, lst, title, names, qr)
    return bytes(pdf.output())


def _pages(pdf: Any, lst: Any, title: str, names: Mapping[str, str] | None = None, qr: Any = None) -> None:
    """The list over as many pages as its rows take: the first holds CAPACITY rows, each further one the
    sums carried over and CAPACITY − 1 rows more. `names`: what follows a player's name (his start number);
    `qr` draws the table's QR code on the first sheet and says the width it takes."""
    total = max(lst.size, len(lst.rows))
    pages: list[range] = [range(1, min(total, CAPACITY) + 1)]
    while pages[-1].stop <= total:
        start = pages[-1].stop
        pages.append(range(start, min(total, start + CAPACITY - 2) + 1))
    for i, numbers in enumerate(pages):
        pdf.add_page()
        pdf.set_margins(MARGIN, MARGIN, MARGIN)
        pdf.set_auto_page_break(False)
        beside = qr(pdf) if qr is not None and i == 0 else 0.0
        _page(pdf, lst, title, numbers, i, len(pages), names or {}, beside)


def _page(
    pdf: Any, lst: Any, title: str, numbers: range, index: int, count: int, names: Mapping[str, str], beside: float = 0
) -> None:
    players = lst.players
    n = len(players)
    column = (WIDTH - NUMBER - GAME) / (2 * n)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_font("Helvetica", "B", 14)
    heading = (
        title if count == 1 else _("{title} - sheet {page} of {pages}").format(title=title, page=index + 1, pages=count)
    )
    pdf.cell(WIDTH - beside, 7, _text(heading), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 10)
    sits = _(" (at a table of 4 he sits out)") if len(lst.seats) == 4 else ""
    pdf.multi_cell(
        WIDTH - beside,
        4.6,
        _text(
            _(
                "Won: + the game's value; lost: - twice the value. Grey: the dealer{sits}. Seeger-Fabian: each game "
                "won +50, lost -50, and every other player at the table +{per} for it."
            ).format(sits=sits, per=lst.foot.per_lost or 30)
        ),
        align="L",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(1.5)
    # The header: the players' names over their two columns, then what each column holds.
    pdf.set_fill_color(225, 225, 225)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(NUMBER, HEADER_ROWS[0], _text(_("No.")), border=1, align="C", fill=True)
    pdf.cell(GAME, HEADER_ROWS[0], _text(_("Game")), border=1, align="L", fill=True)
    for name in players:
        suffix = names.get(name, "")
        shown = name + suffix
        pdf.set_font("Helvetica", "B", _fitted(pdf, shown, 2 * column - 2, 12, least=10))
        cut = name
        while pdf.get_string_width(_text(shown)) > 2 * column - 2 and len(cut) > 3:
            cut = cut[:-1]  # a long name is cut, never its start number
            shown = cut.rstrip() + "..." + suffix
        pdf.cell(2 * column, HEADER_ROWS[0], _text(shown), border=1, align="C", fill=True)
    pdf.ln(HEADER_ROWS[0])
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(NUMBER + GAME, HEADER_ROWS[1], "", border=1, fill=True)
    for _name in players:
        pdf.cell(column, HEADER_ROWS[1], _text(_("value")), border=1, align="C", fill=True)
        pdf.cell(column, HEADER_ROWS[1], _text(_("sum")), border=1, align="C", fill=True)
    pdf.ln(HEADER_ROWS[1])
    top = pdf.get_y()
    room = PAGE_HEIGHT - 8 - SIGNATURE - 5 * FOOT_ROW - top
    height = min(6.5, room / min(CAPACITY, max(lst.size, len(lst.rows))))
    size = 11 if height >= 5.5 else 10
    if index:
        _carried(pdf, lst, numbers.start - 1, column, height, size)
    width = NUMBER + GAME + 2 * column * n
    for number in numbers:
        _row(pdf, lst, number, column, height, size)
        if lst.seats and number % len(lst.seats) == 0:
            # A round: everyone dealt once. A heavier line, so a row is found again across the page.
            pdf.set_line_width(0.45)
            pdf.line(MARGIN, pdf.get_y(), MARGIN + width, pdf.get_y())
            pdf.set_line_width(0.2)
    _foot(pdf, lst, column, numbers.stop - 1 if index == count - 1 else None)
    # A heavier line between the players, so each one's two columns read as his.
    pdf.set_line_width(0.5)
    bottom = pdf.get_y()
    for i in range(n + 1):
        x = MARGIN + NUMBER + GAME + 2 * column * i
        pdf.line(x, top - HEADER_ROWS[0] - HEADER_ROWS[1], x, bottom)
    pdf.set_line_width(0.2)
    pdf.ln(3)
    pdf.set_font("Helvetica", "", 10)
    pdf.cell(WIDTH, 5, _text(_("List-keeper: ") + "_" * 28 + "   " + _("Signatures: ") + "_" * 44))


def _row(pdf: Any, lst: Any, number: int, column: float, height: float, size: float) -> None:
    row = lst.rows[number - 1] if number <= len(lst.rows) else None
    dealer = lst.dealer_of(number)
    pdf.set_font("Helvetica", "", size)
    pdf.cell(NUMBER, height, str(number), border=1, align="C")
    game = row.game if row is not None else ""
    pdf.set_font("Helvetica", "", _fitted(pdf, game, GAME - 2, size, least=10, style=""))
    pdf.cell(GAME, height, _text(game), border=1, align="L")
    for name in lst.players:
        shaded = name == dealer
        pdf.set_fill_color(GREY, GREY, GREY)
        written = row.written.get(name) if row is not None else None
        pdf.set_font("Helvetica", "", size)
        pdf.cell(column, height, _text(_signed(written)) if written else "", border=1, align="R", fill=shaded)
        moved = row.sums.get(name) if row is not None else None
        pdf.set_font("Helvetica", "B", size)
        pdf.cell(column, height, _text(str(moved)) if moved is not None else "", border=1, align="R", fill=shaded)
    pdf.ln(height)


def _carried(pdf: Any, lst: Any, last: int, column: float, height: float, size: float) -> None:
    """The sums after hand `last`, carried over to the top of the next sheet."""
    sums = dict.fromkeys(lst.players, 0)
    for row in lst.rows[:last]:
        sums.update(row.sums)
    pdf.set_font("Helvetica", "B", size)
    pdf.cell(NUMBER + GAME, height, _text(_("carried over")), border=1, align="L")
    for name in lst.players:
        pdf.cell(column, height, "", border=1)
        pdf.cell(column, height, str(sums[name]), border=1, align="R")
    pdf.ln(height)


def _foot(pdf: Any, lst: Any, column: float, through: int | None) -> None:
    """The foot: the sums, games won and lost, the others' lost games and the Seeger-Fabian score. Filled on
    the list's last sheet once it has a hand (`through`: its last row); a blank list's foot stays blank."""
    foot = lst.foot
    filled = through is not None and lst.rows
    per = foot.per_lost or 30
    lines = [
        (_("points"), None, foot.points, False),
        (_("won × 50"), foot.won, {p: 50 * foot.won[p] for p in lst.players}, False),
        (_("lost × 50"), foot.lost, {p: -50 * foot.lost[p] for p in lst.players}, False),
        (_("others lost × {per}").format(per=per), foot.others_lost, foot.bonus, False),
        (_("Seeger-Fabian"), None, foot.seeger, True),
    ]
    pdf.set_fill_color(LIGHT, LIGHT, LIGHT)
    for label, counts, values, bold in lines:
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(NUMBER + GAME, FOOT_ROW, _text(label), border=1, align="L", fill=bold)
        for name in lst.players:
            pdf.set_font("Helvetica", "", 10)
            count = str(counts.get(name, 0)) if filled and counts is not None else ""
            pdf.cell(column, FOOT_ROW, count, border=1, align="R", fill=bold)
            pdf.set_font("Helvetica", "B", 10)
            value = values.get(name, 0)
            shown = (_signed(value) if counts is not None else str(value)) if filled else ""
            pdf.cell(column, FOOT_ROW, _text(shown), border=1, align="R", fill=bold)
        pdf.ln(FOOT_ROW)
