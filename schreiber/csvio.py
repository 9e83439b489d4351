"""CSV out and back in: one row per hand and player, safe to open in a spreadsheet, read back in bounded memory."""

from __future__ import annotations

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.rules import declared
from schreiber.rules.declared import NAMES, PAIRS, Declared

import csv
import io
import itertools
import os
import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, TextIO

# The columns before and after the facts of a hand that have a column of their own (rules/declared.py).
_FIRST = (
    "session",
    "table_uid",
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
    "euros",
    "value",
)
_LAST = (
    "breakdown",
    "note",
    "facts",
    "settings",
    "first_dealer",
    "teams",
    "table_events",
    "payments",
)


def _hand_columns() -> dict[str, list[Declared]]:
    """Each column of a hand's facts, with the facts it shows (--augen: one number, or NAME=N), in place order."""
    out: dict[str, list[Declared]] = {}
    for fact in sorted((d for d in declared.DECLARED if d.column), key=lambda d: d.column):
        out.setdefault(fact.param, []).append(fact)
    return out


def columns() -> list[str]:
    """The header of `export csv`: the table and the player, the facts of the hand, the rest."""
    return [*_FIRST, *_hand_columns(), *_LAST]


def hand_cells(hand: Any) -> dict[str, Any]:
    """The cells of a hand's facts that have a column: a name, a number, `yes` for a flag, won or lost,
    names in one cell, NAME=N pairs in one cell (the first fact given where several share a column)."""
    out: dict[str, Any] = {}
    for column, facts in _hand_columns().items():
        out[column] = next((cell for f in facts if (cell := _cell(f, getattr(hand, f.name))) is not None), None)
    return out


def _cell(fact: Declared, value: Any) -> Any:
    if fact.off:
        return {True: fact.name, False: fact.off}.get(value)
    if fact.kind == NAMES:
        return listed(value) or None
    if fact.kind == PAIRS:
        return " ".join(f"{k}={v}" for k, v in value.items()) or None
    return value


def listed(words: Sequence[str]) -> str:
    """Names (or teams) in one cell: "Anna Carl", or "Hans Peter, Carl" once a name holds a space."""
    return (", " if any(" " in w for w in words) else " ").join(words)


# A spreadsheet runs a cell that starts with one of these as a formula; the apostrophe is the
# guard itself, so text that starts with one is guarded too and reads back unchanged.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_GUARDED = (*_FORMULA_START, "'")

# Limits that keep a hostile file from taking the machine's memory: a real cell (a hand's facts,
# the settings, a note) is well under a few kilobytes.
MAX_CELL = 100_000
MAX_LINE = 1_000_000


class CsvError(UserError):
    """The file is not one `schreiber export csv` wrote; the message says why in one sentence."""


def euros(cents: int) -> Decimal:
    """Cents as a number of euros with two places: -110 → -1.10."""
    return Decimal(cents).scaleb(-2).quantize(Decimal("0.01"))


def safe_cell(value: Any, excel: bool = False) -> Any:
    """Text that a spreadsheet would run is prefixed with an apostrophe; numbers stay numbers."""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, Decimal):
        return str(value).replace(".", ",") if excel else str(value)
    if isinstance(value, str) and value.startswith(_GUARDED):
        return "'" + value
    return "" if value is None else value


def unsafe_cell(text: str) -> str:
    """The text as it was before `safe_cell` guarded it."""
    if text.startswith("'") and text[1:].startswith(_GUARDED):
        return text[1:]
    return text


def _writer(out: TextIO, excel: bool) -> Any:
    if excel:
        # A German Excel opens this by double-click: the BOM says UTF-8, `;` separates, CRLF ends rows.
        out.write("\ufeff")
        return csv.writer(out, delimiter=";", lineterminator="\r\n")
    return _LineFeedWriter(out)


class _LineFeedWriter:
    """Rows ended by a line feed; a row with a carriage return in a cell is written fully quoted.

    The csv module quotes only the characters of its own line terminator, so a lone CR in a note
    would otherwise be written bare and break the row when it is read back.
    """

    def __init__(self, out: TextIO) -> None:
        self._plain = csv.writer(out, lineterminator="\n")
        self._quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)

    def writerow(self, row: Sequence[Any]) -> Any:
        carriage = any(isinstance(c, str) and "\r" in c for c in row)
        return (self._quoted if carriage else self._plain).writerow(row)


def write(rows: Iterable[Mapping[str, Any]], out: TextIO, excel: bool = False) -> int:
    """Write the header and the rows; returns how many rows were written.

    The first row is fetched before the header is written, so a refused export writes nothing.
    """
    rows = iter(rows)
    first = next(rows, None)
    writer = _writer(out, excel)
    header = columns()
    writer.writerow(header)
    count = 0
    if first is None:
        return count
    for row in _chain(first, rows):
        writer.writerow([safe_cell(row.get(k), excel) for k in header])
        count += 1
    return count


def _chain(first: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    yield from rest


def write_table(headers: Sequence[str], rows: Iterable[Sequence[Any]], out: TextIO, excel: bool = False) -> None:
    """A header and rows of cells (text, integers, `euros`) as plain or Excel CSV; text is guarded
    against formulas, in the header too (a column may be named after a player)."""
    writer = _writer(out, excel)
    writer.writerow([safe_cell(h, excel) for h in headers])
    for row in rows:
        writer.writerow([safe_cell(c, excel) for c in row])


REQUIRED = ("session", "rules", "hand", "seat", "name", "points", "facts", "settings")


def read_file(path: str) -> Iterator[dict[str, str]]:
    """The rows of an exported file, one at a time, with every guarded cell restored.

    Only a regular file is read (a FIFO or a device may never end); lines and cells are bounded, and
    the text must be UTF-8 (a BOM is fine). Anything else raises `CsvError` with one sentence.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise CsvError(_("cannot read {path} ({strerror}).").format(path=path, strerror=e.strerror)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CsvError(
                _("{path} is not a regular file; give the file `schreiber export csv` wrote.").format(path=path)
            )
        source = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with source:
        yield from _rows(_lines(source, path), path)


def _lines(source: Any, path: str) -> Iterator[str]:
    """Decoded lines, each at most MAX_LINE bytes; refuses binary data and other encodings.

    Read in blocks, each checked and decoded at once (a line at a time costs as much as the CSV
    parsing itself); a block with something wrong in it is gone through a line at a time, so the
    first bad line is named, after the good lines before it were read."""
    number = 0  # the lines given so far
    rest = b""  # the start of a line the next block goes on with
    while True:
        block = source.read(_BLOCK)
        if number == 0 and not rest:
            if block.startswith((b"\xff\xfe", b"\xfe\xff")):
                raise CsvError(
                    _("{path} is UTF-16 text; schreiber reads UTF-8, as its export writes.").format(path=path)
                )
            block = block.removeprefix(b"\xef\xbb\xbf")
        data = rest + block
        cut = data.rfind(b"\n") + 1 if block else len(data)
        whole, rest = data[:cut], data[cut:]
        if len(rest) > MAX_LINE:  # no end in sight: the line is too long whatever follows
            whole, rest = whole + rest[: MAX_LINE + 1], b""
        if not whole:
            if not block:
                return
            continue
        text = None
        # A block is below MAX_LINE, so only its first line (begun in the block before) can be too long.
        if b"\0" not in whole and whole.find(b"\n") <= MAX_LINE and (whole.endswith(b"\n") or len(whole) <= MAX_LINE):
            try:
                text = whole.decode("utf-8")
            except UnicodeDecodeError:
                pass
        if text is not None:
            lines = io.StringIO(text, newline="\n")  # split at line feeds only, as export ends its rows
            for line in lines:
                number += 1
                yield line
        else:
            for raw in _split(whole):
                number += 1
                yield _line(raw, number, path)
        if not block and not rest:
            return


# Bytes read at once; below MAX_LINE (see _lines).
_BLOCK = 1 << 18


def _split(data: bytes) -> list[bytes]:
    """The lines of `data`, each ending at a line feed (a carriage return is part of its line)."""
    parts = data.split(b"\n")
    lines = [p + b"\n" for p in parts[:-1]]
    return lines + [parts[-1]] if parts[-1] else lines


def _line(raw: bytes, number: int, path: str) -> str:
    """Line `number` decoded, or the sentence that says what is wrong with it."""
    if len(raw) > MAX_LINE and not raw.endswith(b"\n") or len(raw) > MAX_LINE + 1:
        raise CsvError(
            _("line {number} of {path} is longer than {MAX_LINE:,} bytes; it is not an export of schreiber.").format(
                number=number, path=path, MAX_LINE=MAX_LINE
            )
        )
    if b"\0" in raw:
        raise CsvError(
            _("line {number} of {path} holds binary data; it is not an export of schreiber.").format(
                number=number, path=path
            )
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CsvError(
            _(
                "line {number} of {path} is not UTF-8 text (saved as Latin-1 or Windows-1252?); schreiber "
                "reads UTF-8, as its export writes."
            ).format(number=number, path=path)
        ) from None


def _rows(lines: Iterator[str], path: str) -> Iterator[dict[str, str]]:
    first = next(lines, None)
    if first is None:
        raise CsvError(_("{path} is empty; it is not an export of schreiber.").format(path=path))
    # The header names hold neither separator: whichever it uses is the file's (`--excel` writes `;`).
    delimiter = ";" if ";" in first and "," not in first else ","
    old_limit = csv.field_size_limit(MAX_CELL)
    try:
        reader = csv.reader(itertools.chain((first,), lines), delimiter=delimiter, strict=True)  # type: ignore[arg-type]
        header = next(reader)
        missing = [c for c in REQUIRED if c not in header]
        if missing:
            raise CsvError(
                _("{path} has no column {missing}; it must be a file `schreiber export csv` wrote.").format(
                    path=path, missing=repr(missing[0])
                )
            )
        width = len(header)
        for values in reader:
            if not values:
                continue
            if len(values) != width:
                raise CsvError(
                    _(
                        "line {line_num} of {path} has {count} cells where the header has {width} (a cut-off or "
                        "edited file?); nothing was imported."
                    ).format(line_num=reader.line_num, path=path, count=len(values), width=width)
                )
            row = dict(zip(header, values))
            # Only a cell that starts with the guard can have been guarded: the others are as read,
            # and most rows have no apostrophe at all.
            if "'" in "".join(values):
                for k in [k for k, v in row.items() if v[:1] == "'"]:
                    row[k] = unsafe_cell(row[k])
            yield row
    except csv.Error as e:
        raise CsvError(
            _("line {line_num} of {path} cannot be read as CSV ({e}).").format(line_num=reader.line_num, path=path, e=e)
        ) from None
    finally:
        csv.field_size_limit(old_limit)


# A list of registrations is a few hundred lines; a file far beyond that is not one.
MAX_LIST = 5 << 20


def read_list(path: str) -> list[dict[str, str]]:
    """The rows of a list someone else wrote (a web form's export, Excel): UTF-8 with or without BOM, or
    Windows-1252 as a German Excel saves it; `;` or `,` as the header uses; header names lowercased."""
    try:
        with open(path, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise CsvError(_("{path} is not a regular file.").format(path=path))
            data = f.read(MAX_LIST + 1)
    except OSError as e:
        raise CsvError(_("cannot read {path} ({strerror}).").format(path=path, strerror=e.strerror)) from None
    if len(data) > MAX_LIST or b"\0" in data:
        raise CsvError(_("{path} is not a list of registrations (too long, or binary data).").format(path=path))
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")  # Excel's "CSV (Trennzeichen-getrennt)"
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        header = [h.strip().lower() for h in next(reader, [])]
        return [dict(zip(header, values)) for values in reader if any(v.strip() for v in values)]
    except csv.Error as e:
        raise CsvError(_("{path} cannot be read as CSV ({e}).").format(path=path, e=e)) from None
