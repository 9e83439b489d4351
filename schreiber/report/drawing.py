"""The sheep's head of `klassisch`, stroke by stroke: as text for the terminal and as an SVG picture.

Every stroke of a head has three shapes: its cells in the text figure (6 lines × 15 columns),
its cells in the small figure shown after each hand (3 lines × 7 columns), and a polyline (or,
for an eye, a dot) in the SVG. The strokes come in a fixed order that builds the head: ears,
skull, face, snout, eyes. Pure functions returning strings; nothing here prints.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from xml.sax.saxutils import escape

from schreiber.i18n import _, ngettext
from schreiber.rules.klassisch import TeamView

Cell = tuple[int, int, str]  # line, column, character
Point = tuple[float, float]  # x in text columns, y in text lines

ROWS, WIDTH = 6, 15
MINI_ROWS, MINI_WIDTH = 3, 7


@dataclass(frozen=True)
class Stroke:
    """One stroke of the head: which part it belongs to, and how it is drawn in text, small and in SVG."""

    part: str
    name: str
    cells: tuple[Cell, ...]
    mini: tuple[Cell, ...]
    points: tuple[Point, ...]
    dot: bool = False


def _row(line: int, first: int, last: int, char: str) -> tuple[Cell, ...]:
    step = 1 if last >= first else -1
    return tuple((line, c, char) for c in range(first, last + step, step))


def _column(column: int, first: int, last: int, char: str = "|") -> tuple[Cell, ...]:
    return tuple((r, column, char) for r in range(first, last + 1))


# The full head (13 strokes), in text:
#
#   ___ _______ ___
#   \__|       |__/
#      | o   o |
#      |   |   |
#       \  |  /
#        \___/
#
# The cheeks are the face and the jaw drawn as one stroke, for the heads of fewer strokes.
_FACE_L = _column(3, 1, 3)
_FACE_R = _column(11, 1, 3)
_JAW_L: tuple[Cell, ...] = ((4, 4, "\\"), (5, 5, "\\"))
_JAW_R: tuple[Cell, ...] = ((4, 10, "/"), (5, 9, "/"))


def _arch(a: Point, b: Point, rise: float, pieces: int = 8) -> tuple[Point, ...]:
    """A flat arch from a to b whose middle lies `rise` lines higher, as a polyline."""
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 2 * rise
    out = []
    for i in range(pieces + 1):
        t = i / pieces
        x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cx + t**2 * b[0]
        y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cy + t**2 * b[1]
        out.append((round(x, 4), round(y, 4)))
    return tuple(out)


# In the SVG the skull is a flat arch; the text keeps it a straight line.
_SKULL = _arch((3.5, 1), (11.5, 1), 0.6)

PARTS: dict[str, Stroke] = {
    "ear_l_top": Stroke("ear", "left ear, upper edge", _row(0, 2, 0, "_"), ((0, 0, "_"),), ((3.5, 1.1), (0, 1.45))),
    "ear_l": Stroke(
        "ear", "left ear", ((1, 2, "_"), (1, 1, "_"), (1, 0, "\\")), ((1, 0, "\\"),), ((3.5, 2.2), (0, 1.45))
    ),
    "ear_r_top": Stroke(
        "ear", "right ear, upper edge", _row(0, 12, 14, "_"), ((0, 6, "_"),), ((11.5, 1.1), (15, 1.45))
    ),
    "ear_r": Stroke(
        "ear", "right ear", ((1, 12, "_"), (1, 13, "_"), (1, 14, "/")), ((1, 6, "/"),), ((11.5, 2.2), (15, 1.45))
    ),
    "skull": Stroke("skull", "skull", _row(0, 4, 10, "_"), _row(0, 2, 4, "_"), _SKULL),
    "face_l": Stroke("face", "left side of the face", _FACE_L, ((1, 1, "|"),), ((3.5, 1), (3.8, 4))),
    "face_r": Stroke("face", "right side of the face", _FACE_R, ((1, 5, "|"),), ((11.5, 1), (11.2, 4))),
    "cheek_l": Stroke(
        "face", "left cheek", _FACE_L + _JAW_L, ((1, 1, "|"), (2, 2, "\\")), ((3.5, 1), (3.8, 4), (6, 6.1))
    ),
    "cheek_r": Stroke(
        "face", "right cheek", _FACE_R + _JAW_R, ((1, 5, "|"), (2, 4, "/")), ((11.5, 1), (11.2, 4), (9, 6.1))
    ),
    "jaw_l": Stroke("snout", "left jaw", _JAW_L, ((2, 2, "\\"),), ((3.8, 4), (6, 6.1))),
    "jaw_r": Stroke("snout", "right jaw", _JAW_R, ((2, 4, "/"),), ((11.2, 4), (9, 6.1))),
    "muzzle": Stroke("snout", "muzzle", _row(5, 6, 8, "_"), ((2, 3, "_"),), ((6, 6.1), (7.5, 6.25), (9, 6.1))),
    "nose": Stroke("snout", "nose", _column(7, 3, 4), ((1, 3, "v"),), ((7.5, 4.2), (7.5, 5.7))),
    "eye_l": Stroke("eye", "left eye", ((2, 5, "o"),), ((1, 2, "o"),), ((5.5, 2.4),), dot=True),
    "eye_r": Stroke("eye", "right eye", ((2, 9, "o"),), ((1, 4, "o"),), ((9.5, 2.4),), dot=True),
}

_CHEEKS = ("ear_l", "ear_r", "skull", "cheek_l", "cheek_r")
_JAWS = ("ear_l", "ear_r", "skull", "face_l", "face_r", "jaw_l", "jaw_r", "muzzle")
_EYES = ("eye_l", "eye_r")
_TWELVE = ("ear_l_top", "ear_l", "ear_r_top", "ear_r", "skull", "face_l", "face_r", "jaw_l", "jaw_r", "muzzle")

# The designed heads: 9 and 12 are the traditional ones; the others keep the head symmetric
# by leaving out (below 9) or adding (10, 11, 13) the nose, the muzzle, the eyes or the upper ear edges.
TEMPLATES: dict[int, tuple[str, ...]] = {
    5: _CHEEKS,
    6: _CHEEKS + ("muzzle",),
    7: _CHEEKS + _EYES,
    8: _CHEEKS + ("muzzle",) + _EYES,
    9: _CHEEKS + ("muzzle", "nose") + _EYES,
    10: _JAWS + _EYES,
    11: _JAWS + ("nose",) + _EYES,
    12: _TWELVE + _EYES,
    13: _TWELVE + ("nose",) + _EYES,
}

# SVG: one text column is 10 px wide, one text line 20 px high, so the picture keeps the
# proportions of the terminal figure.
_SX, _SY = 10.0, 20.0
_EYE_R = 3.5


def _length(points: Sequence[Point]) -> float:
    return sum(math.hypot((b[0] - a[0]) * _SX, (b[1] - a[1]) * _SY) for a, b in zip(points, points[1:], strict=False))


def _halve(stroke: Stroke) -> tuple[Stroke, Stroke]:
    """Two strokes that together draw `stroke`: the polyline cut at half its length, the cells shared out in order."""
    points = stroke.points
    half = _length(points) / 2
    walked = 0.0
    first: list[Point] = [points[0]]
    second: list[Point] = []
    for a, b in zip(points, points[1:], strict=False):
        seg = _length((a, b))
        if not second and walked + seg >= half:
            t = (half - walked) / seg if seg else 0.0
            mid = (round(a[0] + (b[0] - a[0]) * t, 4), round(a[1] + (b[1] - a[1]) * t, 4))
            first.append(mid)
            second.extend([mid, b])
        elif second:
            second.append(b)
        else:
            first.append(b)
        walked += seg
    cut = (len(stroke.cells) + 1) // 2
    mini_cut = (len(stroke.mini) + 1) // 2
    return (
        replace(
            stroke,
            name=f"{stroke.name} (first half)",
            cells=stroke.cells[:cut],
            mini=stroke.mini[:mini_cut],
            points=tuple(first),
        ),
        replace(
            stroke,
            name=f"{stroke.name} (second half)",
            cells=stroke.cells[cut:],
            mini=stroke.mini[mini_cut:],
            points=tuple(second),
        ),
    )


@lru_cache(maxsize=64)
def template(head_size: int) -> tuple[Stroke, ...]:
    """The strokes of a head of `head_size` strokes, in the order they are drawn.

    5–13 are designed heads; above 13 the 13-stroke head is drawn with its longest stroke cut in
    two (the earlier one on a tie), again and again, so the figure stays the same.
    """
    if head_size < 5:
        raise ValueError(f"a Schafkopf needs at least 5 strokes, not {head_size}")
    if head_size in TEMPLATES:
        return tuple(PARTS[name] for name in TEMPLATES[head_size])
    strokes = list(template(head_size - 1))
    # An eye is a dot and is never cut; rounding keeps equal lengths equal, so the earlier stroke wins a tie.
    longest = max(
        range(len(strokes)),
        key=lambda i: (0.0 if strokes[i].dot else round(_length(strokes[i].points), 6), -i),
    )
    strokes[longest : longest + 1] = _halve(strokes[longest])
    return tuple(strokes)


def _check(strokes: int, head_size: int) -> None:
    if not 0 <= strokes <= head_size:
        raise ValueError(f"a head of {head_size} strokes cannot show {strokes}")


def _figure(strokes: int, head_size: int, *, mini: bool = False) -> list[str]:
    """The figure with its first `strokes` strokes drawn, every line padded to the figure's width."""
    _check(strokes, head_size)
    rows, width = (MINI_ROWS, MINI_WIDTH) if mini else (ROWS, WIDTH)
    grid = [[" "] * width for _ in range(rows)]
    for stroke in template(head_size)[:strokes]:
        for line, column, char in stroke.mini if mini else stroke.cells:
            grid[line][column] = char
    return ["".join(row) for row in grid]


def _join(lines: Sequence[str]) -> str:
    return "\n".join(line.rstrip() for line in lines)


def head_text(strokes: int, head_size: int) -> str:
    """The head being drawn, as a text figure 6 lines high, with "strokes/head_size" centred below it."""
    return _join(_figure(strokes, head_size) + [f"{strokes}/{head_size}".center(WIDTH)])


def head_small(strokes: int, head_size: int) -> str:
    """The head in 3 short lines, with "strokes/head_size" beside the middle one."""
    lines = _figure(strokes, head_size, mini=True)
    lines[1] += f"  {strokes}/{head_size}"
    return _join(lines)


def _summary(view: TeamView) -> str:
    """ "2 Schafköpfe · 4/9 strokes", and the pending 60:60 if this team declared it."""
    heads = view.schafkoepfe
    done = (
        _("no Schafkopf yet")
        if heads == 0
        else ngettext("{count} Schafkopf", "{count} Schafköpfe", heads).format(count=heads)
    )
    text = _("{done} · {strokes}/{striche} strokes").format(done=done, strokes=view.strokes, striche=view.head_size)
    if view.pending:
        text += _(" · 60:60 pending, declared by this team")
    return text


def _describe(view: TeamView) -> str:
    return f"{view.name}: {_summary(view)}"


def team_small(view: TeamView) -> str:
    """A team's current head small, with its name, strokes and finished Schafköpfe: for after each hand."""
    lines = _figure(view.strokes, view.head_size, mini=True)
    lines[1] += "  " + _describe(view)
    return _join(lines)


_PER_ROW = 4
_GAP = "    "


def drawing_text(teams_view: Sequence[TeamView]) -> str:
    """For each team its finished Schafköpfe and the head being drawn, side by side, with a caption under each."""
    blocks: list[str] = []
    for view in teams_view:
        heads = [(_figure(view.head_size, view.head_size), f"Schafkopf {n}") for n in range(1, view.schafkoepfe + 1)]
        heads.append((_figure(view.strokes, view.head_size), f"{view.strokes}/{view.head_size}"))
        lines = [_describe(view)]
        for start in range(0, len(heads), _PER_ROW):
            row = heads[start : start + _PER_ROW]
            for i in range(ROWS):
                lines.append(_GAP.join(figure[i] for figure, _ in row))
            lines.append(_GAP.join(caption.center(WIDTH) for _, caption in row))
        blocks.append(_join(lines))
    return "\n\n".join(blocks)


# -- SVG ---------------------------------------------------------------------------------------

_MARGIN = 20
_HEAD_W = WIDTH * _SX
_HEAD_H = ROWS * _SY
_CELL_W = _HEAD_W + 40
_TITLE_H = 34
_CAPTION_H = 28
_ROW_H = _HEAD_H + _CAPTION_H + 16
_SVG_PER_ROW = 5
_INK = "#222"


def _num(value: float) -> str:
    return f"{round(value, 2):g}"


def stroke_path(stroke: Stroke) -> str:
    """The `d` of a stroke's <path>, in pixels of a head drawn at (0, 0)."""
    if stroke.dot:
        x, y = stroke.points[0][0] * _SX, stroke.points[0][1] * _SY
        r = _EYE_R
        return (
            f"M {_num(x - r)} {_num(y)} A {_num(r)} {_num(r)} 0 1 0 {_num(x + r)} {_num(y)} "
            f"A {_num(r)} {_num(r)} 0 1 0 {_num(x - r)} {_num(y)} Z"
        )
    moves = [f"{_num(x * _SX)} {_num(y * _SY)}" for x, y in stroke.points]
    return "M " + " L ".join(moves)


def _head_svg(strokes: int, head_size: int, x: float, y: float, kind: str) -> list[str]:
    out = [
        f'<g class="head {kind}" transform="translate({_num(x)} {_num(y)})" fill="none" stroke="{_INK}" '
        'stroke-width="3" stroke-linecap="round" stroke-linejoin="round">'
    ]
    for stroke in template(head_size)[:strokes]:
        fill = f' fill="{_INK}"' if stroke.dot else ""
        out.append(f'  <path class="stroke {stroke.part}" d="{stroke_path(stroke)}"{fill}/>')
    out.append("</g>")
    return out


def _text(x: float, y: float, text: str, size: int, *, cls: str, extra: str = "") -> str:
    return (
        f'<text class="{cls}" x="{_num(x)}" y="{_num(y)}" font-family="sans-serif" font-size="{size}" '
        f'fill="{_INK}"{extra}>{escape(text)}</text>'
    )


def drawing_svg(teams_view: Sequence[TeamView]) -> str:
    """The drawing as an SVG document: one <path> per stroke drawn, a finished Schafkopf with all its
    strokes; every label is a <text> and nothing else is drawn as a path."""
    body: list[str] = []
    y = float(_MARGIN)
    widest = 1
    text_w = 0.0
    for view in teams_view:
        body.append(_text(_MARGIN, y + 20, view.name, 18, cls="team", extra=' font-weight="bold"'))
        # Rough text widths (bold 18 px, 14 px sans-serif), so that the picture is wide enough for the labels.
        summary_x = _MARGIN + 11 * len(view.name) + 16
        summary = _summary(view)
        body.append(_text(summary_x, y + 20, summary, 14, cls="summary"))
        text_w = max(text_w, summary_x + 7.5 * len(summary) + _MARGIN)
        y += _TITLE_H
        heads = [(view.head_size, "finished", f"Schafkopf {n}") for n in range(1, view.schafkoepfe + 1)]
        heads.append((view.strokes, "current", f"{view.strokes}/{view.head_size}"))
        widest = max(widest, min(len(heads), _SVG_PER_ROW))
        for start in range(0, len(heads), _SVG_PER_ROW):
            for i, (drawn, kind, caption) in enumerate(heads[start : start + _SVG_PER_ROW]):
                x = _MARGIN + i * _CELL_W
                body.extend(_head_svg(drawn, view.head_size, x, y, kind))
                body.append(
                    _text(x + _HEAD_W / 2, y + _HEAD_H + 22, caption, 14, cls="caption", extra=' text-anchor="middle"')
                )
            y += _ROW_H
        y += 10
    width = _num(math.ceil(max(2 * _MARGIN + widest * _CELL_W - 40, text_w)))
    height = _num(y + _MARGIN - 10)
    title = "Schafköpfe: " + ", ".join(view.name for view in teams_view)
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">',
            f"<title>{escape(title)}</title>",
            f'<rect width="{width}" height="{height}" fill="#fff"/>',
            *body,
            "</svg>",
            "",
        ]
    )


__all__ = [
    "PARTS",
    "TEMPLATES",
    "Stroke",
    "TeamView",
    "drawing_svg",
    "drawing_text",
    "head_small",
    "head_text",
    "stroke_path",
    "team_small",
    "template",
]
