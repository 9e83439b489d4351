"""Season paper as PDF (A4): the standings to hang up, and a check-in card per player.

fpdf2 (and segno, for the cards' QR codes) are imported here only, and this module only by the commands
that write these files. Text goes through tournament_pdf's Latin-1 reduction (the built-in Helvetica).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schreiber.i18n import _, ngettext
from schreiber.report.tournament_pdf import WIDTH, _document, _heading, _row, _text

if TYPE_CHECKING:
    from schreiber.ledger.season import SeasonEntrant, SeasonInfo, SeasonStandings


def _value(v: object) -> str:
    from fractions import Fraction

    return f"{float(v):.2f}" if isinstance(v, Fraction) else str(v)


def standings(view: SeasonStandings) -> bytes:
    """Rank, season start number, name, score, starts, and each tournament's score (rank)."""
    season = view.season
    title = _("{name} - season standings").format(name=season.name)
    pdf = _document(title)
    pdf.add_page()
    _heading(pdf, title, ngettext("{rules}; Wertung {wertung}, min_starts {min_starts}; {count} tournament.",
                                  "{rules}; Wertung {wertung}, min_starts {min_starts}; {count} tournaments.", len(season.tournaments)).format(
        rules=season.rules, wertung=view.wertung, min_starts=season.min_starts, count=len(season.tournaments)))
    tournaments = list(season.tournaments)
    final = season.finale is not None
    headers = [_("Rank"), _("No."), _("Name"), _("Score"), _("Starts")] + ([_("Final")] if final else [])
    headers += [_("T{id}").format(id=t.id) for t in tournaments]
    each = min(18.0, max(11.0, (WIDTH - 100) / max(1, len(tournaments))))
    fixed = [12.0, 11.0, 0.0, 16.0, 12.0] + ([12.0] if final else []) + [each] * len(tournaments)
    fixed[2] = max(30.0, WIDTH - sum(fixed))
    aligns = ["R", "R", "L"] + ["R"] * (len(headers) - 3)
    pdf.set_fill_color(225, 225, 225)

    def header() -> None:
        _row(pdf, fixed, headers, height=7, bold=True, fill=True, aligns=aligns, size=8)

    header()
    for i, r in enumerate(view.rows):
        if pdf.get_y() + 6.5 > 297 - 18:
            pdf.add_page()
            header()
        cells = ["-" if r.rank is None else f"{r.rank}.", str(r.number), r.name, _value(r.score), str(r.starts)]
        if final:
            cells.append("x" if r.qualified else "")
        cells += ["-" if x is None else f"{x.score} ({x.rank}.)" for x in r.results]
        pdf.set_fill_color(242, 242, 242)
        _row(pdf, fixed, cells, height=6.5, aligns=aligns, size=8, fill=i % 2 == 1)
    return bytes(pdf.output())


CARD_W, CARD_H = 85.0, 54.0  # a cheque card, ten to an A4 page


def checkin_address(base: str, number: int) -> str:
    """What a card's QR code holds: the organiser page's check-in address with the season start number."""
    return f"{base.rstrip('/')}/checkin?number={number}"


def cards(info: SeasonInfo, players: Sequence[SeasonEntrant], base: str) -> bytes:
    """A card per player: the season's name, his name and season start number in large print, and a QR code of the
    check-in address (`checkin_address`), which a phone's own camera opens."""
    import io

    import segno

    title = _("{name} - check-in cards").format(name=info.name)
    pdf = _document(title)
    pdf.set_auto_page_break(False)
    left, top = (210 - 2 * CARD_W) / 2, 15.0
    for i, player in enumerate(players):
        slot = i % 10
        if slot == 0:
            pdf.add_page()
        x = left + (slot % 2) * CARD_W
        y = top + (slot // 2) * CARD_H
        pdf.set_draw_color(160, 160, 160)
        pdf.rect(x, y, CARD_W, CARD_H)  # the line to cut along
        pdf.set_xy(x + 4, y + 4)
        pdf.set_font("Helvetica", "", 8)
        pdf.cell(CARD_W - 8, 4, _text(info.name))
        pdf.set_xy(x + 4, y + 12)
        pdf.set_font("Helvetica", "B", 30)
        pdf.cell(40, 14, str(player.number))
        pdf.set_xy(x + 4, y + 30)
        pdf.set_font("Helvetica", "B", 12 if len(player.name) <= 16 else 9)  # a long name still fits above the foot line
        pdf.multi_cell(CARD_W - 46, 5, _text(player.name))
        pdf.set_xy(x + 4, y + CARD_H - 8)
        pdf.set_font("Helvetica", "", 7)
        pdf.cell(CARD_W - 46, 4, _text(_("Show this card at the door.")))
        png = io.BytesIO()
        segno.make(checkin_address(base, player.number), error="m").save(png, kind="png", scale=8, border=2)
        png.seek(0)
        pdf.image(png, x=x + CARD_W - 42, y=y + 6, w=40, h=40)
    if not players:
        pdf.add_page()
        _heading(pdf, title, _("The season has no players yet; `schreiber season register NAME …` gives them numbers."))
    return bytes(pdf.output())
