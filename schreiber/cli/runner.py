"""What every command of `schreiber` shares: the ledger it opens (and `play` keeps open), the
renderer, the parsing of dates and --format, and writing a file whole or not at all.

Every command module of cli/ imports it (session, hands, reports, tournament, …); like them it imports
only typer and the standard library at the top, so `schreiber --help` stays quick.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
from typing import Annotated, Any

import typer

from schreiber.i18n import _

_target: dict[str, str | None] = {"db": None}
_opened: list[Any] = []
_kept: list[Any] = []  # `play`: the one ledger open for the evening, used by every line


def _ledger(**how: Any) -> Any:
    if _kept:
        return _kept[0]
    from schreiber.ledger.service import Ledger

    _quiet_drivers()
    how.setdefault(
        "on_create",
        lambda where: typer.echo(_("schreiber: created a new ledger at {where}.").format(where=where), err=True),
    )
    ledger = Ledger.open(_target["db"], **how)
    _opened.append(ledger)
    _say_stopped_imports(ledger)
    if not gc.isenabled():
        # Start-up is over (see `entry`): what it made lives to the end, so later passes skip it.
        gc.freeze()
        gc.enable()
    return ledger


def _quiet_drivers() -> None:
    """The drivers log what they ignore while a lost connection is torn down ("error ignored terminating
    <psycopg.Pipeline>"); our one sentence says it, so their loggers get a handler that prints nothing.
    Done as a ledger is opened: SQLAlchemy imports logging anyway, `--help` need not."""
    import logging

    for library in ("psycopg", "sqlalchemy"):
        logger = logging.getLogger(library)
        if not any(isinstance(handler, logging.NullHandler) for handler in logger.handlers):
            logger.addHandler(logging.NullHandler())


def _say_stopped_imports(ledger: Any) -> None:
    """An `import csv` that stopped part-way is named by every command until a run of it finishes."""
    from schreiber.ledger.interrupted import stopped
    from schreiber.store.engine import READ_ONLY

    try:
        # A read of its own (on SQLite without the write lock every other transaction takes).
        with ledger.engine.connect().execution_options(**{READ_ONLY: True}) as conn:
            found = stopped(conn)
    except Exception:  # a ledger too old to hold the note, or busy: the command itself will say so
        return
    for source, done, total in found:
        typer.echo(
            _("schreiber: an import of {file} stopped after {done} of {total} tables; run it again to finish.").format(
                file=source, done=done, total=total
            ),
            err=True,
        )


def _render() -> Any:
    from schreiber.cli import render

    return render


def _date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(
            _("use YYYY-MM-DD, not {value}.").format(value=repr(value)), param_hint=option
        ) from None


def _format(value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise typer.BadParameter(
            _("use {allowed}, not {value}.").format(allowed=", ".join(allowed), value=repr(value)),
            param_hint="--format",
        )
    return value


# The table a command acts on: the session, hand, report, export and serve commands all take it.
# Where QR codes on paper point (season cards, score sheets): the organiser's `serve --tournament --entry`.
QrUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--url",
        metavar="URL",
        help=_(
            "The address the QR codes carry: the organiser's `serve --tournament --entry` as the phones reach it, "
            "e.g. http://192.168.1.20:8150/ (default: this machine's network address with --port)."
        ),
    ),
]
QrHostOpt = Annotated[
    str | None,
    typer.Option(
        "--host",
        metavar="ADDRESS",
        help=_("The address `serve` listens on, as the phones reach it (instead of this machine's network address)."),
    ),
]
QrPortOpt = Annotated[int, typer.Option("--port", metavar="PORT", help=_("The port `serve` listens on."))]
SessionOpt = Annotated[int | None, typer.Option("--session", help=_("The table to act on (default: the active one)."))]
FormatOpt = Annotated[str, typer.Option("--format", metavar="table|json|csv", help=_("table, json or csv."))]
ExcelOpt = Annotated[
    bool,
    typer.Option(
        "--excel", help=_("CSV for a German Excel: UTF-8 with BOM, `;` between cells, decimal comma (-1,10).")
    ),
]


def _listing_format(format_: str, excel: bool, output: str | None = None) -> str:
    """The format of a listing that may also be a CSV for Excel or a PDF: checked, with --excel only
    beside --format csv and --output only a .pdf."""
    fmt = _format(format_, ("table", "json", "csv"))
    if excel and fmt != "csv":
        raise typer.BadParameter(_("goes with --format csv only."), param_hint="--excel")
    if output is not None:
        _pdf(output)
    return fmt


def _pdf(path: str) -> None:
    """`--output` of a command that writes a PDF names a .pdf file."""
    if not path.lower().endswith(".pdf"):
        raise typer.BadParameter(
            _("writes a PDF; name a file ending in .pdf, not {path}.").format(path=path), param_hint="--output"
        )


def _write_pdf(path: str, make: Any) -> None:
    """Write the PDF `make()` returns as bytes to `--output`, whole or not at all."""
    data = make()
    _write_file(_ledger(), path, "--output", lambda out: out.write(data), binary=True)


def _write_file(ledger: Any, path: str, option: str, write: Any, binary: bool = False) -> Any:
    """Write a file whole or not at all (never the ledger itself); `write(out)` fills it."""
    from pathlib import Path

    from schreiber.files import atomic_write

    target = Path(path).expanduser()
    database = ledger.engine.url.database if ledger.engine.dialect.name == "sqlite" else None
    if database and database != ":memory:":
        ledger_file = Path(database).resolve()
        ours = [
            ledger_file,
            ledger_file.with_name(ledger_file.name + "-wal"),
            ledger_file.with_name(ledger_file.name + "-shm"),
        ]
        resolved = target.resolve()
        if resolved in ours or any(p.exists() and resolved.exists() and os.path.samefile(p, resolved) for p in ours):
            raise typer.BadParameter(
                _("{path} is the ledger itself; name another file.").format(path=path), param_hint=option
            )
    try:
        if target.exists() and not target.is_file():
            # A device or a pipe (/dev/stdout, a FIFO) cannot be replaced by a renamed file.
            with open(target, "wb") if binary else open(target, "w", encoding="utf-8", newline="") as out:
                return write(out)
        with atomic_write(target, "wb") if binary else atomic_write(target, newline="") as out:
            return write(out)
    except OSError as e:
        raise typer.BadParameter(
            _("cannot write {path} ({reason}); no file was written.").format(path=path, reason=e.strerror or e),
            param_hint=option,
        ) from None
