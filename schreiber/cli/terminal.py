"""The terminal toolkit every renderer of cli/ prints with: a line, JSON and CSV, the width and
colours of the terminal, tables that fit it, long lines wrapped to it."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

if TYPE_CHECKING:
    from schreiber.views.payloads import Sheet


def echo(text: str = "") -> None:
    """One line on standard output."""
    sys.stdout.write(text + "\n")


def print_json(payload: Any) -> None:
    """A payload of views/payloads.py as one line of JSON (non-ASCII letters as they are)."""
    echo(json.dumps(payload, ensure_ascii=False))


def print_csv(sheet: Sheet, excel: bool = False) -> None:
    """A payload's header and rows as CSV, through csvio and its formula guard (plain or for Excel)."""
    from schreiber import csvio

    csvio.write_table(sheet.headers, sheet.rows, sys.stdout, excel=excel)


def width() -> int | None:
    """The columns to fit: COLUMNS if set, else the terminal's; None when piped (nothing to fit)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size().columns
    return None


def colour() -> bool:
    """Colour on a terminal only, and never with NO_COLOR."""
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def paint(text: str, **style: Any) -> str:
    if not colour():
        return text
    import typer

    return typer.style(text, **style)


# A signed number or a loss of money ("−€1.80", "−1,80 €": the minus before the digits or the €).
_NUMBER = re.compile(r"(?<![\w=])([+−]€?\d+(?:[.,]\d+)*)")


def tint(text: str) -> str:
    """Plus green, minus red, on a terminal."""
    if not colour():
        return text
    return _NUMBER.sub(lambda m: paint(m.group(1), fg="green" if m.group(1)[0] == "+" else "red"), text)


def grid(rows: Sequence[Sequence[Any]], headers: Sequence[str], left: Sequence[int] = ()) -> str:
    """A plain table, right-aligned as numbers are, but the columns in `left` (names, words) left-aligned."""
    align = None if not left else ["left" if i in left else "right" for i in range(len(headers))]
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, stralign="right", colalign=align)


def widest(text: str) -> int:
    """The widest line of `text` as the terminal shows it (colour codes take no room)."""
    return max((len(_ANSI.sub("", line)) for line in text.splitlines()), default=0)


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def fit(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    *,
    drop: Sequence[int] = (),
    wrap: int | None = None,
    align: str = "right",
    tablefmt: str = "simple",
) -> str:
    """A table that fits the terminal: columns in `drop` go first (in that order), then the column
    `wrap` is wrapped inside its cells; never a line wider than the terminal can show, if avoidable."""
    limit = width()
    keep = list(range(len(headers)))

    def render(maxwidth: int | None = None) -> str:
        hs = [headers[i] for i in keep]
        rs = [[row[i] for i in keep] for row in rows]
        widths = None
        if maxwidth is not None and wrap in keep:
            widths = [maxwidth if i == wrap else None for i in keep]
        return tabulate(rs, headers=hs, tablefmt=tablefmt, disable_numparse=True, stralign=align, maxcolwidths=widths)

    text = render()
    if limit is None:
        return text
    for column in drop:
        if widest(text) <= limit:
            break
        keep.remove(column)
        text = render()
    if widest(text) > limit and wrap in keep:
        cells = [len(str(row[wrap])) for row in rows] + [len(headers[wrap])]
        room = max(8, limit - (widest(text) - max(cells)))
        text = render(room)
    return text


def wrapped(text: str, indent: str = "  ") -> str:
    """A long line wrapped to the terminal, later lines indented."""
    limit = width()
    if limit is None or len(text) <= limit:
        return text
    import textwrap

    return "\n".join(textwrap.wrap(text, width=limit, subsequent_indent=indent, break_on_hyphens=False))


def fitted(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int = 80) -> str:
    """The grid, or when it is wider than `width`, several grids of the columns side by side's worth,
    each beginning with the first (the player)."""
    text = grid(rows, headers)
    if max((len(line) for line in text.splitlines()), default=0) <= width or len(headers) <= 2:
        return text
    parts = []
    start = 1
    while start < len(headers):
        end = start + 1
        while end < len(headers):
            trial = grid([[r[0], *r[start : end + 1]] for r in rows], [headers[0], *headers[start : end + 1]])
            if max(len(line) for line in trial.splitlines()) > width:
                break
            end += 1
        parts.append(grid([[r[0], *r[start:end]] for r in rows], [headers[0], *headers[start:end]]))
        start = end
    return "\n\n".join(parts)
