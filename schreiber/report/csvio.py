"""CSV out and back in: one row per hand and player, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TextIO

COLUMNS = [
    "session",
    "session_name",
    "date",
    "rules",
    "tariff",
    "hand",
    "type",
    "dealer",
    "seat",
    "name",
    "sat_out",
    "points",
    "cents",
    "value",
    "player",
    "partner",
    "augen",
    "laufende",
    "won",
    "schwarz",
    "kontra",
    "re",
    "klopfen",
    "breakdown",
    "note",
    "facts",
    "settings",
    "first_dealer",
    "teams",
]

# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """Text that a spreadsheet would run is prefixed with an apostrophe; numbers stay numbers."""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return "" if value is None else value


def unsafe_cell(text: str) -> str:
    """The text as it was before `safe_cell` guarded it."""
    if text.startswith("'") and text[1:2] and text[1:].startswith(_FORMULA_START):
        return text[1:]
    return text


def write(rows: Iterable[Mapping[str, Any]], out: TextIO) -> int:
    """Write the header and the rows; returns how many rows were written."""
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="raise", lineterminator="\n")
    writer.writeheader()
    count = 0
    for row in rows:
        writer.writerow({k: safe_cell(row.get(k)) for k in COLUMNS})
        count += 1
    return count


def read(source: TextIO) -> Iterator[dict[str, str]]:
    """The rows of an exported file, with every guarded cell restored; refuses a file of another shape."""
    reader = csv.DictReader(source)
    missing = [c for c in ("session", "rules", "hand", "seat", "name", "points", "facts", "settings") if c not in (reader.fieldnames or [])]
    if missing:
        raise ValueError(f"import csv: the file has no column {missing[0]!r}; it must be a file `schreiber export csv` wrote.")
    for row in reader:
        yield {k: unsafe_cell(v or "") for k, v in row.items() if k is not None}
