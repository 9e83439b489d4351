"""Season paper as PDF (A4): the standings to hang up, and a check-in card per player.

fpdf2 (and segno, for the cards' QR codes) are imported here only, and this module only by the commands
that write these files. Text goes through tournament_pdf's Latin-1 reduction (the built-in Helvetica).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from schreiber.i18n import _, ngettext
from schreiber.report.tournament_pdf import WIDTH, _document, _heading, _list, _text

if TYPE_CHECKING:
    from schreiber.ledger.season import SeasonEntrant, SeasonInfo, SeasonStandings


def _value(v: object) -> str:
    from fractions import Fraction

    from schreiber.views.text import decimal

    return decimal(float(v)) if isinstance(v, Fraction) else str(v)


TOURNAMENT_COLUMN = 18.0  # mm: "1234 (12.)" in 8 pt


def standings(view: SeasonStandings) -> bytes:
    """Rank, season start number, name, score, starts, and each tournament's score (rank). A season of
    more tournaments than a portrait page holds is printed landscape; of more than that holds, in blocks
    of tournaments, each block a list of its own with rank, number and name again."""
    season = view.season
    title = _("{name} - season standings").format(name=season.name)
    if getattr(view, "kategorie", None) is not None:  # a category ranking (TEAMS.md §10.2): its name in the title
        title += " - " + _("category {kategorie}").format(kategorie=view.kategorie)
    pdf = _document(title)
    tournaments = list(season.tournaments)
    final = season.finale is not None
    lead = [12.0, 11.0, 42.0]  # rank, number, name
    totals = [18.0, 13.0] + ([12.0] if final else [])  # score, starts, final
    portrait = WIDTH - sum(lead) - sum(totals)
    wide = portrait >= TOURNAMENT_COLUMN * len(tournaments)
    orientation = "P" if wide else "L"
    width = WIDTH if wide else 297 - (210 - WIDTH)
    per_block = max(1, int((width - sum(lead) - sum(totals)) // TOURNAMENT_COLUMN))
    blocks = [tournaments[i : i + per_block] for i in range(0, len(tournaments), per_block)] or [[]]
    for k, block in enumerate(blocks):
        pdf.add_page(orientation=orientation)
        if k == 0:
            # The count is of the final tournaments (RULES.md §9); a running one's results are starred "so far".
            _heading(
                pdf,
                title,
                ngettext(
                    "{rules}; Wertung {wertung}, min_starts {min_starts}; after {count} tournament.",
                    "{rules}; Wertung {wertung}, min_starts {min_starts}; after {count} tournaments.",
                    view.final_tournaments,
                ).format(
                    rules=season.rules, wertung=view.wertung, min_starts=season.min_starts, count=view.final_tournaments
                ),
            )
            from schreiber.views.heading import running_lines

            running = running_lines(view)
            if running:
                pdf.set_font("Helvetica", "", 9)
                for line in running:
                    pdf.multi_cell(0, 5, _text("* " + line), new_x="LMARGIN", new_y="NEXT")
                pdf.ln(2)
        else:
            _heading(pdf, title, _("Tournaments {first} to {last}").format(first=block[0].id, last=block[-1].id))
        first = k == 0
        headers = [_("Rank"), _("No."), _("Name")]
        if first:
            headers += [_("Score"), _("Starts")] + ([_("Final")] if final else [])
        headers += [_("T{id}").format(id=t.id) for t in block]
        widths = lead + (totals if first else []) + [TOURNAMENT_COLUMN] * len(block)
        widths[2] = max(widths[2], width - sum(widths) + widths[2])  # the name takes what is left
        at = {t.id: i for i, t in enumerate(tournaments)}
        lines = []
        for r in view.rows:
            cells = ["-" if r.rank is None else f"{r.rank}.", str(r.number), r.name]
            if first:
                cells += [_value(r.score), str(r.starts)] + (["x" if r.qualified else ""] if final else [])
            results = [r.results[at[t.id]] for t in block]
            lines.append(
                cells + ["-" if x is None else f"{x.score} ({x.rank}.)" + ("*" if x.running else "") for x in results]
            )
        _list(pdf, widths, headers, lines, size=8)
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
        pdf.set_font(
            "Helvetica", "B", 12 if len(player.name) <= 16 else 9
        )  # a long name still fits above the foot line
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
