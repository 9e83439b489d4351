"""The payout list of a tournament as a PDF to sign (A4, black on white): each prize winner with his prize
and a line for his signature, then the pot, the payout and the Kasse.

fpdf2 comes in through report/tournament_pdf.py, imported only by `tournament cash --output`.
"""

from __future__ import annotations

from typing import Any

from schreiber.i18n import _
from schreiber.report.tournament_pdf import WIDTH, _document, _heading, _row, _text
from schreiber.views.heading import standings_heading
from schreiber.views.text import money


def _euros(cents: int) -> str:
    # Helvetica has no euro sign in Latin-1: "EUR" as banks write it.
    return " ".join(money(cents).replace("€", " EUR ").split())


def payout_list(view: Any) -> bytes:
    """Rank, start number, name, prize, prize paid, balance and an empty box to sign, for every player with a
    prize or paid one; once prizes are fixed, since when (RULES.md §9); then a line per goods prize to sign."""
    t, book = view.tournament, view.book
    title = _("{name} - payout list").format(name=t.name)
    pdf = _document(title)
    pdf.add_page()
    _heading(
        pdf,
        title,
        _("{date}; {heading}. Each prize winner signs for the prize received.").format(
            date=t.date.isoformat(), heading=standings_heading(view.final, view.after)
        ),
    )
    if view.prizes_fixed:
        pdf.set_font("Helvetica", "", 10)
        pdf.cell(
            0,
            6,
            _text(
                _("Prizes fixed since {time} (the first prize paid out).").format(
                    time=view.prizes_fixed.strftime("%Y-%m-%d %H:%M")
                )
            ),
            new_x="LMARGIN",
            new_y="NEXT",
        )
        pdf.ln(2)
    headers = [_("Rank"), _("No."), _("Name"), _("Prize"), _("Prize paid"), _("Balance"), _("Signature")]
    widths = [13.0, 12.0, 44.0, 26.0, 26.0, 26.0, WIDTH - 147.0]
    aligns = ["R", "R", "L", "R", "R", "R", "L"]
    pdf.set_fill_color(225, 225, 225)
    _row(pdf, widths, headers, height=8, bold=True, fill=True, aligns=aligns)
    winners = [line for line in book.lines if line.prize > 0 or line.prize_paid]
    for line in winners:
        if pdf.get_y() + 12 > 297 - 40:
            pdf.add_page()
            _row(pdf, widths, headers, height=8, bold=True, fill=True, aligns=aligns)
        paid = _euros(line.prize_paid) if line.prize_paid else ""
        balance = _euros(line.balance) if line.balance else ""
        _row(
            pdf,
            widths,
            [f"{line.rank}.", str(line.number), line.name, _euros(line.prize), paid, balance, ""],
            height=12,
            aligns=aligns,
            size=11,
        )
    _goods(pdf, view)
    pdf.ln(6)
    pdf.set_font("Helvetica", "", 10)
    for text in (
        _("Prizes paid: {prizes}").format(prizes=_euros(sum(line.prize for line in winners))),
        _("Pot {pot}; payout {payout}; Kasse (the club's share) {kasse}.").format(
            pot=_euros(book.pot), payout=_euros(book.payout), kasse=_euros(book.kasse)
        ),
    ):
        pdf.cell(0, 6, _text(text), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(14)
    pdf.cell(0, 6, _text(_("Treasurer: ") + "_" * 40 + "   " + _("Date: ") + "_" * 20), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _goods(pdf: Any, view: Any) -> None:
    """A line per goods prize (TEAMS.md §10.2): the list and place, the player, the goods with their value and a box to
    sign on handing over."""
    goods = [(line, got) for line in view.book.lines for got in line.prizes if got.sach is not None]
    if not goods:
        return
    pdf.ln(6)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, _text(_("Goods prizes (handed over, not paid in cash)")), new_x="LMARGIN", new_y="NEXT")
    headers = [_("List"), _("No."), _("Name"), _("Goods"), _("Value"), _("Signature")]
    widths = [34.0, 11.0, 36.0, 50.0, 24.0, WIDTH - 155.0]
    aligns = ["L", "R", "L", "L", "R", "L"]
    _row(pdf, widths, headers, height=8, bold=True, fill=True, aligns=aligns)
    for line, got in goods:
        if pdf.get_y() + 12 > 297 - 40:
            pdf.add_page()
            _row(pdf, widths, headers, height=8, bold=True, fill=True, aligns=aligns)
        place = f"{got.list} {got.place}." if isinstance(got.place, int) else str(got.place or got.list)
        handed = _("handed over") if line.number in view.handed else ""
        _row(
            pdf,
            widths,
            [place, str(line.number), line.name, str(got.sach), _euros(got.value), handed],
            height=12,
            aligns=aligns,
            size=11,
        )
