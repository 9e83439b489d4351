"""The picture to share as data (views/share.py): who is shown, how a season's status reads, the lines of text."""

from __future__ import annotations

from types import SimpleNamespace

from schreiber import i18n
from schreiber.views import share
from schreiber.views.text import grouped


def rows(*ranks: int | None) -> list[SimpleNamespace]:
    return [SimpleNamespace(rank=r, name=f"P{i}", number=i) for i, r in enumerate(ranks, 1)]


def test_the_top_n_takes_those_tied_with_the_last_and_no_unranked():
    assert [r.name for r in share.top_rows(rows(1, 2, 3, 3, 5), 3)] == ["P1", "P2", "P3", "P4"]
    assert [r.name for r in share.top_rows(rows(1, 2, None), 10)] == ["P1", "P2"]
    assert len(share.top_rows(rows(*[1] * 30), 5)) == share.LINES


def test_a_season_says_after_how_many_tournaments_and_whether_one_still_plays():
    with i18n.speaking("en"):
        assert share.season_status(1, False) == "Standings after 1 tournament"
        assert share.season_status(3, True) == "Standings after 3 tournaments (provisional)"
        assert share.season_status(0, True) == "Standings so far (provisional)"
    with i18n.speaking("de"):
        assert share.season_status(3, False) == "Stand nach 3 Turnieren"
        assert share.season_status(1, True) == "Stand nach 1 Turnier (vorläufig)"


def test_the_text_is_the_pictures_content_line_by_line():
    picture = share.Picture(
        "Kirta", None, "20.09.2026", "Endstand", True, False, "Punkte",
        (share.Line(1, "Anna", "1.234", "50,00 €"), share.Line(2, "Berta", "990")),
    )  # fmt: skip
    assert picture.text() == ["Kirta", "20.09.2026", "Endstand", "1. Anna 1.234 Punkte 50,00 €", "2. Berta 990 Punkte"]
    assert picture.prizes
    empty = share.Picture("Kirta", "SK", "", "Endstand", True, False, "Punkte", ())
    with i18n.speaking("de"):
        assert empty.text() == ["Kirta", "SK", "Endstand", "Noch keine Ergebnisse."]


def test_thousands_as_each_language_marks_them():
    with i18n.speaking("de"):
        assert (grouped(1234567), grouped(-1234), grouped(3, plus=True), grouped(0, plus=True)) == (
            "1.234.567",
            "−1.234",
            "+3",
            "0",
        )
    with i18n.speaking("en"):
        assert grouped(1234) == "1,234"
