"""The sheep's head drawing: golden text figures, the stroke order, and an SVG with one <path> per stroke.

Set SCHREIBER_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change of the design.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from schreiber.report.drawing import (
    MINI_ROWS,
    ROWS,
    TEMPLATES,
    drawing_svg,
    drawing_text,
    head_small,
    head_text,
    team_small,
    template,
)
from schreiber.rules import table
from schreiber.rules.klassisch import KLASSISCH, TeamView
from schreiber.rules.model import Hand

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SCHREIBER_UPDATE_GOLDEN") == "1"
SVG = "{http://www.w3.org/2000/svg}"
PART_ORDER = ["ear", "skull", "face", "snout", "eye"]


def golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.exists(), f"{path} is missing; run with SCHREIBER_UPDATE_GOLDEN=1 to create it"
    assert text + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("striche", "strokes"), [(n, k) for n in (9, 12) for k in range(n + 1)], ids=lambda v: str(v))
def test_head_golden(striche: int, strokes: int) -> None:
    golden(f"head{striche}_{strokes:02d}.txt", head_text(strokes, striche))


@pytest.mark.parametrize("striche", [9, 12])
def test_small_heads_golden(striche: int) -> None:
    golden(f"small{striche}.txt", "\n\n".join(head_small(k, striche) for k in range(striche + 1)))


def sample_views() -> list[TeamView]:
    return [
        TeamView("Anna+Carl", ("Anna", "Carl"), schafkoepfe=2, strokes=4, head_size=9),
        TeamView("Berta+Dora", ("Berta", "Dora"), schafkoepfe=0, strokes=7, head_size=9, pending=True),
    ]


def test_drawing_golden() -> None:
    golden("drawing_example.txt", drawing_text(sample_views()))
    golden("drawing_example.svg", drawing_svg(sample_views()).rstrip("\n"))


def test_full_nine_and_twelve_look_like_the_design() -> None:
    assert head_text(9, 9).splitlines()[:6] == [
        "    _______",
        "\\__|       |__/",
        "   | o   o |",
        "   |   |   |",
        "    \\  |  /",
        "     \\___/",
    ]
    assert head_text(12, 12).splitlines()[0] == "___ _______ ___"
    assert head_text(12, 12).splitlines()[2] == "   | o   o |"


@pytest.mark.parametrize("striche", sorted(TEMPLATES))
def test_every_stroke_is_its_own_segment(striche: int) -> None:
    strokes = template(striche)
    assert len(strokes) == striche
    for attr in ("cells", "mini"):
        seen: set[tuple[int, int]] = set()
        for stroke in strokes:
            cells = {(line, column) for line, column, _ in getattr(stroke, attr)}
            assert cells, f"{stroke.name} is not drawn in {attr}"
            assert not cells & seen, f"{stroke.name} overlaps an earlier stroke in {attr}"
            seen |= cells
    # So every further stroke changes the figure, and the head is not finished before the last.
    figures = [head_text(k, striche) for k in range(striche + 1)]
    assert len(set(figures)) == striche + 1


@pytest.mark.parametrize("striche", range(5, 41))
def test_strokes_come_ears_skull_face_snout_eyes(striche: int) -> None:
    strokes = template(striche)
    assert len(strokes) == striche
    order = [PART_ORDER.index(s.part) for s in strokes]
    assert order == sorted(order)
    assert strokes[0].part == "ear"
    # Only the smallest heads (5 and 6 strokes) leave the eyes out.
    assert strokes[-1].part == ("eye" if striche >= 7 else "face" if striche == 5 else "snout")


def test_long_heads_cut_the_thirteen_stroke_head() -> None:
    # Above 13 strokes the figure stays the 13-stroke head; its longest strokes are cut in two.
    assert head_text(20, 20).splitlines()[:6] == head_text(13, 13).splitlines()[:6]
    assert [s.name for s in template(14)].count("skull (first half)") == 1


def test_heads_keep_their_size() -> None:
    for striche in (5, 9, 12, 17):
        for k in range(striche + 1):
            assert len(head_text(k, striche).split("\n")) == ROWS + 1
            small = head_small(k, striche).split("\n")
            assert len(small) == MINI_ROWS and small[1].endswith(f"{k}/{striche}")


def test_a_head_cannot_show_more_than_its_strokes() -> None:
    with pytest.raises(ValueError):
        head_text(10, 9)
    with pytest.raises(ValueError):
        head_small(-1, 9)
    with pytest.raises(ValueError):
        template(4)


def test_drawing_text_shows_finished_heads_and_the_current_one() -> None:
    text = drawing_text(sample_views())
    first, second = text.split("\n\n")
    assert first.splitlines()[0] == "Anna+Carl: 2 Schafköpfe · 4/9 strokes"
    assert first.splitlines()[-1].split() == ["Schafkopf", "1", "Schafkopf", "2", "4/9"]
    assert second.splitlines()[0] == "Berta+Dora: no Schafkopf yet · 7/9 strokes · 60:60 pending, declared by this team"
    assert second.splitlines()[-1].strip() == "7/9"


def test_team_small() -> None:
    view = TeamView("Anna+Carl", ("Anna", "Carl"), schafkoepfe=1, strokes=9, head_size=9)
    assert team_small(view) == "  ___\n\\|ovo|/  Anna+Carl: 1 Schafkopf · 9/9 strokes\n  \\_/"


def paths_by_head(svg: str) -> list[tuple[str, int]]:
    root = ET.fromstring(svg)
    return [
        (g.get("class", ""), len(g.findall(f"{SVG}path")))
        for g in root.iter(f"{SVG}g")
        if g.get("class", "").startswith("head")
    ]


def test_svg_parses_and_has_one_path_per_stroke() -> None:
    svg = drawing_svg(sample_views())
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    # The rule: a finished Schafkopf is drawn with all its strokes, the current head with the strokes it has.
    assert paths_by_head(svg) == [("head finished", 9), ("head finished", 9), ("head current", 4), ("head current", 7)]
    assert len(root.findall(f".//{SVG}path")) == 2 * 9 + 4 + 7
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Anna+Carl", "Berta+Dora", "Schafkopf 1", "Schafkopf 2", "4/9", "7/9"} <= set(texts)
    assert all(p.get("d", "").startswith("M ") for p in root.iter(f"{SVG}path"))


def test_svg_escapes_names() -> None:
    svg = drawing_svg([TeamView("A&B+<C>", ("A&B", "<C>"), 0, 1, 9), TeamView("D+E", ("D", "E"), 0, 0, 9)])
    root = ET.fromstring(svg)
    assert "A&B+<C>" in [t.text for t in root.iter(f"{SVG}text")]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(5, 30).flatmap(
        lambda n: st.lists(
            st.tuples(st.integers(0, 7), st.integers(0, n - 1), st.booleans()), min_size=2, max_size=2
        ).map(lambda teams: (n, teams))
    )
)
def test_svg_path_count_is_strokes_drawn(case) -> None:
    striche, teams = case
    views = [
        TeamView(f"T{i}a+T{i}b", (f"T{i}a", f"T{i}b"), heads, strokes, striche, pending)
        for i, (heads, strokes, pending) in enumerate(teams)
    ]
    svg = drawing_svg(views)
    heads = paths_by_head(svg)
    want: list[tuple[str, int]] = []
    for heads_done, strokes, _ in teams:
        want += [("head finished", striche)] * heads_done + [("head current", strokes)]
    assert heads == want
    assert len(ET.fromstring(svg).findall(f".//{SVG}path")) == sum(h * striche + s for h, s, _ in teams)
    text = drawing_text(views)
    assert len(re.findall(r"Schafkopf \d+", text)) == sum(h for h, _, _ in teams)


def test_drawing_of_a_played_table() -> None:
    teams = (("Anna", "Carl"), ("Berta", "Dora"))
    hands = [Hand("spiel", player="Anna", augen=95, teams=teams)] * 5 + [
        Hand("spiel", player="Berta", augen=60, teams=teams)
    ]
    steps = table.replay(KLASSISCH, {"striche": 9, "einsatz": 0}, ("Anna", "Berta", "Carl", "Dora"), hands)
    views = KLASSISCH.teams_view({"striche": 9, "einsatz": 0}, steps[-1].after)
    assert paths_by_head(drawing_svg(views)) == [("head finished", 9), ("head current", 1), ("head current", 0)]
    text = drawing_text(views)
    assert "Anna+Carl: 1 Schafkopf · 1/9 strokes" in text
    assert "Berta+Dora: no Schafkopf yet · 0/9 strokes · 60:60 pending, declared by this team" in text
