"""The picture to share, drawn (report/share_png.py): exactly 1080 × 1350 pixels, every text at least 28 px high
and inside the picture, whatever the names, the title and the number of lines; what it draws is the view's."""

from __future__ import annotations

import io

import pytest

from schreiber import i18n
from schreiber.report import share_png
from schreiber.views.share import Line, Picture

LONG = "Maximilian Alexander Schwarzenberger-Lüdenscheidt"


def picture(
    lines: int, *, prizes: bool = True, title: str = "Herbstturnier", club: str | None = "SK Musterdorf"
) -> Picture:
    names = ["Anna", LONG, "Berta", "Carl"]
    return Picture(
        title,
        club,
        "27.11.2026",
        "Stand nach Runde 2 (vorläufig)",
        False,
        True,
        "Punkte",
        tuple(
            Line(
                i,
                names[i % len(names)],
                f"{12345 - 111 * i:,}".replace(",", "."),
                "1.234,50 €" if prizes and i <= 3 else "",
            )
            for i in range(1, lines + 1)
        ),
    )


def boxes(fig) -> list[tuple[str, float, float, float, float]]:
    renderer = fig.canvas.get_renderer()
    out = []
    for t in fig.texts:
        box = t.get_window_extent(renderer)
        out.append((t.get_text(), box.x0, box.y0, box.x1, box.y1))
    return out


@pytest.mark.parametrize(
    "shown",
    [
        picture(10),
        picture(20),
        picture(3, prizes=False, club=None),
        picture(20, title="Großes Schafkopfturnier der vereinigten Vereine des Landkreises Musterstadt 2026"),
        picture(1, title="Ein_Titel_ohne_Leerzeichen_der_viel_zu_lang_ist_für_eine_Zeile_im_Bild", club="V" * 60),
        picture(0),
    ],
)
def test_every_text_is_readable_and_inside_the_picture(shown):
    fig = share_png.figure(shown)
    drawn = share_png.drawn(fig)
    assert drawn and all(size >= share_png.SMALLEST for _text, size in drawn)
    for text, x0, y0, x1, y1 in boxes(fig):
        assert 0 <= x0 and x1 <= share_png.WIDTH and 0 <= y0 and y1 <= share_png.HEIGHT, text
    texts = [text for text, _size in drawn]
    if len(shown.title) < 40:
        assert shown.title in texts
    assert "27.11.2026" in texts and shown.status in texts
    for line in shown.lines:
        assert line.score in texts
        assert line.name in texts or any(t.endswith("…") and line.name.startswith(t[:-1]) for t in texts)
        assert not line.prize or line.prize in texts
    if not shown.lines:
        assert "No results yet." in texts


def test_the_png_is_exact_and_the_same_each_time():
    from PIL import Image

    shown = picture(12)
    data = share_png.render_png(shown)
    assert data == share_png.render_png(shown)
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (1080, 1350)
        assert "Software" not in image.info


def test_the_headers_speak_the_language():
    with i18n.speaking("de"):
        german = [t for t, _s in share_png.drawn(share_png.figure(picture(4)))]
    with i18n.speaking("en"):
        english = [t for t, _s in share_png.drawn(share_png.figure(picture(4)))]
    assert "Preis" in german and "Prize" in english
