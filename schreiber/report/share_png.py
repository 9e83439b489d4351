"""The picture to share (issue 42.5): a portrait 1080 × 1350 PNG of views/share.py's `Picture`, as a club posts
it in its members' chat — a green band with the club, the title, the date and how far the standings are, then the
top N with rank, name, score and prize in columns.

Only the drawing; what it shows is the Picture's. matplotlib (Agg, no pyplot), the fonts it brings (DejaVu Sans,
the same on every machine), every size in pixels of the picture and every text at least 28 px high, so a phone
shows it readable. No time stamp or software name in the file: the same ledger gives the same bytes.
`figure(picture)` is the Figure (its texts are what is drawn), `render_png(picture)` its PNG.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import Any

from schreiber.i18n import _
from schreiber.views.share import Picture, empty

WIDTH, HEIGHT, DPI = 1080, 1350, 100
SMALLEST = 28  # px: no text is drawn smaller
MARGIN = 60

# Colours: a card table's green, a gold for the final standings, an amber for provisional ones.
PAPER, BAND, ON_BAND, DATE = "#faf7f0", "#17432f", "#ffffff", "#cfe3d6"
GOLD, AMBER, INK, MUTED, STRIPE, PRIZE = "#e9c46a", "#f4a261", "#1f2a24", "#5f6b64", "#efe9dc", "#17633f"
MEDALS = ("#d4a017", "#9ea3a8", "#b87333")  # the discs of places 1 to 3
MEDAL_INK = ("#a87b00", "#676d72", "#9a5b27")  # their ranks written without a disc, dark enough on the stripes


def _font(bold: bool) -> str:
    import matplotlib

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return os.path.join(matplotlib.get_data_path(), "fonts", "ttf", name)


class Canvas:
    """A Figure of exactly WIDTH × HEIGHT pixels, drawn in pixels from the top left."""

    def __init__(self) -> None:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

        self.figure = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI, facecolor=PAPER)
        FigureCanvasAgg(self.figure)
        self.renderer = self.figure.canvas.get_renderer()

    def _prop(self, size: float, bold: bool) -> Any:
        from matplotlib.font_manager import FontProperties

        return FontProperties(fname=_font(bold), size=size * 72 / DPI)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The pixels `text` takes at `size` px."""
        w, _h, _d = self.renderer.get_text_width_height_descent(text, self._prop(size, bold), ismath=False)
        return float(w)

    def text(
        self, x: float, y: float, text: str, size: float, colour: str, bold: bool = False, align: str = "left"
    ) -> None:
        """`text` with its baseline at `y` px from the top, starting (or ending, centred) at `x`."""
        assert size >= SMALLEST, f"{text!r} at {size} px"
        self.figure.text(
            x / WIDTH,
            1 - y / HEIGHT,
            text,
            fontproperties=self._prop(size, bold),
            color=colour,
            ha=align,
            va="baseline",
            parse_math=False,
        )

    def box(self, x: float, y: float, w: float, h: float, colour: str, rounded: float = 0) -> None:
        """A filled rectangle from (x, y) at the top left, `rounded` px at its corners."""
        from matplotlib.patches import FancyBboxPatch

        self.figure.patches.append(
            FancyBboxPatch(
                (x / WIDTH, 1 - (y + h) / HEIGHT),
                w / WIDTH,
                h / HEIGHT,
                boxstyle=f"round,pad=0,rounding_size={rounded / WIDTH}" if rounded else "square,pad=0",
                transform=self.figure.transFigure,
                facecolor=colour,
                edgecolor="none",
                mutation_aspect=WIDTH / HEIGHT,
            )
        )

    def disc(self, x: float, y: float, radius: float, colour: str) -> None:
        from matplotlib.patches import Ellipse

        self.figure.patches.append(
            Ellipse(
                (x / WIDTH, 1 - y / HEIGHT),
                2 * radius / WIDTH,
                2 * radius / HEIGHT,
                transform=self.figure.transFigure,
                facecolor=colour,
                edgecolor="none",
            )
        )


def fitted(
    measure: Callable[[str, float], float], text: str, room: float, largest: float, smallest: float = SMALLEST
) -> tuple[str, float]:
    """`text` at the largest size from `largest` down to `smallest` (never below SMALLEST) that fits `room` px,
    else cut with "…" at the smallest."""
    smallest = max(float(SMALLEST), smallest)
    size = largest
    while size > smallest and measure(text, size) > room:
        size = max(smallest, size - 2)
    if measure(text, size) <= room:
        return text, size
    while len(text) > 1 and measure(text + "…", size) > room:
        text = text[:-1]
    return text.rstrip() + "…", size


def title_lines(canvas: Canvas, title: str, room: float) -> tuple[list[str], float]:
    """The title on one line from 68 px down to 52, else on two from 56 down to 40, the second cut with "…" if
    even that is too long (a word longer than a line: one line, cut)."""

    def measure(text: str, size: float) -> float:
        return canvas.width(text, size, bold=True)

    for size in range(68, 50, -4):
        if measure(title, size) <= room:
            return [title], size
    words = title.split()
    for size in range(56, 38, -4):
        first: list[str] = []
        while words[len(first) :] and measure(" ".join([*first, words[len(first)]]), size) <= room:
            first.append(words[len(first)])
        rest = " ".join(words[len(first) :])
        if first and (measure(rest, size) <= room or size == 40):
            return [" ".join(first), fitted(measure, rest, room, size, size)[0]], size
    return [fitted(measure, title, room, 40, 40)[0]], 40


def figure(picture: Picture) -> Any:
    """The picture as a matplotlib Figure of WIDTH × HEIGHT pixels."""
    c = Canvas()
    room = WIDTH - 2 * MARGIN

    # The band: the club, the title, the date, and how far the standings are.
    y = 64.0
    parts: list[tuple[str, float, str, bool]] = []  # text, size, colour, bold
    if picture.club:
        club, size = fitted(lambda t, s: c.width(t, s), picture.club, room, 34)
        parts.append((club, size, GOLD, False))
    lines, size = title_lines(c, picture.title, room)
    parts += [(line, size, ON_BAND, True) for line in lines]
    if picture.date:
        parts.append((picture.date, 34, DATE, False))
    status, status_size = fitted(lambda t, s: c.width(t, s, bold=True), picture.status, room - 48, 34)
    baselines = []
    for i, (_text, size, _colour, _bold) in enumerate(parts):
        y += size if i == 0 else size + max(14.0, parts[i - 1][1] * 0.4)
        baselines.append(y)
    pill = status_size * 1.9
    pill_top = y + 36
    band = pill_top + pill + 44
    c.box(0, 0, WIDTH, band, BAND)
    for (text, size, colour, bold), baseline in zip(parts, baselines):
        c.text(MARGIN, baseline, text, size, colour, bold)
    badge = GOLD if picture.final else AMBER if picture.provisional else ON_BAND
    c.box(MARGIN, pill_top, c.width(status, status_size, bold=True) + 48, pill, badge, rounded=pill / 2)
    c.text(MARGIN + 24, pill_top + pill / 2 + status_size * 0.36, status, status_size, BAND, bold=True)

    c.box(0, HEIGHT - 16, WIDTH, 16, BAND)  # the band's colour closes the picture at the foot

    # The list: a header over the figures, then a line per player.
    top = band + 56
    right = WIDTH - MARGIN
    lines_ = picture.lines
    if not lines_:
        c.text(MARGIN, top + 60, empty(), 40, MUTED)
        return c.figure
    pitch = min(84.0, (HEIGHT - 56 - top - 44) / len(lines_))
    size = max(float(SMALLEST), min(42.0, round(pitch * 0.5)))
    prize_w = max((c.width(line.prize, size, bold=True) for line in lines_), default=0.0)
    prize_header = _headed(_("prize")) if picture.prizes else ""
    prize_w = max(prize_w, c.width(prize_header, SMALLEST)) if picture.prizes else 0.0
    score_right = right - (prize_w + 48 if picture.prizes else 0)
    score_w = max(max(c.width(line.score, size) for line in lines_), c.width(picture.unit, SMALLEST))
    circles = pitch >= 60
    rank_right = MARGIN + (64 if circles else 56)
    name_left = rank_right + 28
    name_room = score_right - score_w - 36 - name_left
    c.text(score_right, top, _headed(picture.unit), SMALLEST, MUTED, align="right")
    if picture.prizes:
        c.text(right, top, prize_header, SMALLEST, MUTED, align="right")
    row_top = top + 20
    for i, line in enumerate(lines_):
        middle = row_top + pitch * (i + 0.5)
        baseline = middle + size * 0.36
        if i % 2 == 0:
            c.box(MARGIN - 20, row_top + pitch * i, room + 40, pitch, STRIPE, rounded=min(16.0, pitch / 4))
        medal = MEDALS[line.rank - 1] if line.rank <= len(MEDALS) else None
        if circles:
            radius = pitch * 0.36
            c.disc(MARGIN + 32, middle, radius, medal or "#dcd5c6")
            rank_size = max(float(SMALLEST), min(size, radius * 1.1 if line.rank < 10 else radius * 0.95))
            c.text(
                MARGIN + 32,
                middle + rank_size * 0.36,
                str(line.rank),
                rank_size,
                ON_BAND if medal else INK,
                True,
                "center",
            )
        else:
            ink = MEDAL_INK[line.rank - 1] if medal else INK
            c.text(rank_right, baseline, f"{line.rank}.", size, ink, True, "right")
        bold = line.rank <= len(MEDALS)
        name, name_size = fitted(lambda t, s, b=bold: c.width(t, s, bold=b), line.name, name_room, size, size - 8)
        c.text(name_left, middle + name_size * 0.36, name, name_size, INK, bold)
        c.text(score_right, baseline, line.score, size, INK, align="right")
        if line.prize:
            c.text(right, baseline, line.prize, size, PRIZE, True, "right")
    return c.figure


def _headed(word: str) -> str:
    """A column's header with a capital first letter ("Points"; "Ø Platz" as it is)."""
    return word[:1].upper() + word[1:]


def drawn(fig: Any) -> list[tuple[str, float]]:
    """Every text of a figure with its height in px: what a test reads back."""
    return [(t.get_text(), t.get_fontsize() * DPI / 72) for t in fig.texts]


def render_png(picture: Picture) -> bytes:
    """The PNG, exactly WIDTH × HEIGHT pixels, without time stamp or software name (the same picture, the same
    bytes)."""
    out = io.BytesIO()
    figure(picture).savefig(out, format="png", dpi=DPI, facecolor=PAPER, metadata={"Software": None})
    return out.getvalue()


__all__ = ["HEIGHT", "SMALLEST", "WIDTH", "drawn", "figure", "render_png"]
