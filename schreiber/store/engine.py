"""Where the ledger lives: `--db` / SCHREIBER_DB / the user's data directory, opened and migrated."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.exc import DBAPIError

from schreiber.errors import UserError
from schreiber.i18n import _
from schreiber.store.models import SCHEMA_REVISION

# How long a command waits for another terminal's write to finish before it says the ledger is busy.
BUSY_TIMEOUT_ENV = "SCHREIBER_BUSY_TIMEOUT"
BUSY_TIMEOUT_DEFAULT = 10.0

# An execution option for engine.execution_options(): the transaction only reads.
READ_ONLY = "schreiber_read_only"

# schreiber's own revisions are four digits ("0001"); anything else in alembic_version belongs to another app.
_OUR_REVISION = re.compile(r"\d{4}")


class LedgerError(UserError):
    """The ledger cannot be opened or written; the message is one sentence for the user."""


class Unavailable(LedgerError):
    """The ledger is busy with another writer or its server went away: the same request may succeed
    in a moment (the JSON API answers 503 with Retry-After, not a refusal)."""


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("schreiber") / "schreiber.db"


def target_url(target: str | None = None) -> str:
    """An SQLAlchemy URL for `--db TARGET`, SCHREIBER_DB or the default file.

    The default file's folder is made on first use; a folder named by the user must exist, so a typo
    never creates a new ledger somewhere unexpected.
    """
    named = target or os.environ.get("SCHREIBER_DB")
    if named and "://" in named:
        return named
    path = Path(named).expanduser().resolve() if named else default_path()
    if named is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise LedgerError(
                _("--db: cannot create the folder {parent} ({strerror}).").format(
                    parent=path.parent, strerror=e.strerror
                )
            ) from None
    elif not path.parent.is_dir():
        raise LedgerError(
            _(
                "--db: the folder {parent} does not exist; create it first, or name a file in a folder that exists."
            ).format(parent=path.parent)
        )
    return f"sqlite:///{path}"


def shown(url: str) -> str:
    """The ledger as it may be printed: an SQLite file's path, or the URL with its password hidden."""
    try:
        parsed = make_url(url)
    except Exception:  # not even parseable (a bad port, say): mask whatever sits between user: and @
        return re.sub(r"(://[^/@:]*:)[^@/]*@", r"\1***@", url)
    if parsed.drivername.startswith("sqlite") and parsed.database and parsed.database != ":memory:":
        return parsed.database
    try:
        return parsed.render_as_string(hide_password=True)
    except Exception:
        return re.sub(r"(://[^/@:]*:)[^@/]*@", r"\1***@", url)


def hide_password(message: str, url: str | None) -> str:
    """`message` with the password of `url` (if any) replaced, whatever part of the URL was wrong."""
    if not url or "://" not in url:
        return message
    match = re.search(r"://[^/@:]*:([^@/]*)@", url)
    password = match.group(1) if match else None
    if password:
        message = message.replace(password, "***")
        try:
            from urllib.parse import unquote

            message = message.replace(unquote(password), "***")
        except Exception:
            pass
    return message


def busy_timeout() -> float:
    """Seconds to wait for another writer: SCHREIBER_BUSY_TIMEOUT, 10 by default."""
    value = os.environ.get(BUSY_TIMEOUT_ENV)
    if not value:
        return BUSY_TIMEOUT_DEFAULT
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 86400:
        raise LedgerError(
            _("{BUSY_TIMEOUT_ENV}: use a number of seconds from 0 to 86400, not {value}.").format(
                BUSY_TIMEOUT_ENV=BUSY_TIMEOUT_ENV, value=repr(value)
            )
        )
    return seconds


def _sqlite_setup(engine: Engine, timeout: float) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # We issue BEGIN ourselves so that a write takes the lock at once (no deadlock on upgrade).
        # WAL is switched on only once the file proved to be a schreiber ledger (see open_engine).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(conn) -> None:  # type: ignore[no-untyped-def]
        # A reader (`db check`) reads one snapshot in WAL without holding up the terminals that write.
        conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get(READ_ONLY) else "BEGIN IMMEDIATE")


def _postgresql_setup(engine: Engine, timeout: float) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # A write waits for another's lock as long as on SQLite, then is busy (55P03), not stuck for
        # good behind a long import; 0 is PostgreSQL's "no limit", so the least wait is a millisecond.
        cursor = dbapi_connection.cursor()
        cursor.execute(f"SET lock_timeout = {max(1, int(timeout * 1000))}")
        cursor.close()
        dbapi_connection.commit()


_ENGINES: OrderedDict[tuple[str, float], Engine] = OrderedDict()
_ENGINES_KEPT = 4


def _engine_for(url: str) -> Engine:
    """One engine per ledger (and wait) in the process, as SQLAlchemy advises: a program that runs command after command
    (`play`, `serve`, the tests) compiles each statement once instead of once a command. A few are kept, the oldest
    disposed; a command's end releases only the connections (`release`), never the engine's statements."""
    key = (url, busy_timeout())
    engine = _ENGINES.get(key)
    if engine is not None:
        _ENGINES.move_to_end(key)
        release(engine)
        _ping(engine)
        return engine
    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        _sqlite_setup(engine, key[1])
    elif engine.dialect.name == "postgresql" and "lock_timeout" not in str(engine.url.query):
        _postgresql_setup(engine, key[1])  # a lock_timeout in the URL's options is the user's own
    _ENGINES[key] = engine
    while len(_ENGINES) > _ENGINES_KEPT:
        _ENGINES.popitem(last=False)[1].dispose()
    return engine


def release(engine: Engine) -> None:
    """A command is done with `engine`. SQLite's connections are closed, so the next command opens the file afresh
    (a connection opened while the file was read-only stays read-only after it is writable again); PostgreSQL's stay
    in the pool, since each new one costs the server a process of its own. The compiled statements stay either way."""
    if engine.dialect.name == "sqlite":
        engine.dispose()


def _ping(engine: Engine) -> None:
    """A PostgreSQL connection kept from the command before may have been ended by the server since (a restart): found
    here, the pool starts afresh instead of the command failing on it."""
    if engine.dialect.name != "postgresql":
        return
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")
    except DBAPIError:
        engine.dispose()


def open_engine(
    target: str | None = None,
    *,
    migrate: bool = True,
    create: bool = True,
    on_create: Callable[[str], None] | None = None,
) -> Engine:
    """Connect to the ledger, refuse what is not one, and bring its schema up to date when it is behind.

    `create=False` refuses an SQLite file that does not exist yet; `on_create` hears the name of a
    ledger that was made new by this call.
    """
    url = target_url(target)
    name = shown(url)
    sqlite_path: Path | None = None
    try:
        engine = _engine_for(url)
        if engine.dialect.name == "sqlite" and engine.url.database and engine.url.database != ":memory:":
            sqlite_path = Path(engine.url.database)
    except LedgerError:
        raise
    except Exception as e:  # a malformed URL or a driver that is not installed
        reason = hide_password(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__, url)
        raise LedgerError(
            _("--db: cannot use {name} as a ledger ({reason}).").format(name=name, reason=reason)
        ) from None
    existed = sqlite_path is None or (sqlite_path.exists() and sqlite_path.stat().st_size > 0)
    if not existed and not create:
        raise LedgerError(_("--db: there is no ledger at {name}.").format(name=name))
    try:
        revision = stored_revision(engine)
        if revision is None:
            _refuse_foreign(engine, name)
        elif not _OUR_REVISION.fullmatch(revision):
            raise LedgerError(
                _(
                    "--db: {name} is not a schreiber ledger (it belongs to another application); nothing was changed."
                ).format(name=name)
            )
        elif revision > SCHEMA_REVISION:
            raise _newer(revision)
        if migrate and revision != SCHEMA_REVISION:
            upgrade(engine, revision)
            if revision is None and on_create is not None:
                on_create(name)
        if sqlite_path is not None:
            # Only now, with the file proven ours: a refused or failed open leaves its journal mode alone.
            _wal(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine


def stored_revision(engine: Engine) -> str | None:
    """The ledger's schema revision, or None when it has no revision table (a cheap query, no Alembic)."""
    try:
        with engine.connect() as conn:
            try:
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except DBAPIError as e:
                if not _no_such_table(e):
                    raise
                conn.rollback()
                return None
    except DBAPIError as e:
        raise database_error(
            e, _("--db: cannot open the ledger at {where}").format(where=shown(str(engine.url)))
        ) from None


def _no_such_table(error: DBAPIError) -> bool:
    if getattr(error.orig, "sqlstate", None) == "42P01":  # PostgreSQL: undefined_table
        return True
    return "no such table" in str(error.orig)


def _refuse_foreign(engine: Engine, name: str) -> None:
    """A database with tables but no schreiber revision is someone else's: never migrate it."""
    from sqlalchemy import inspect

    with engine.connect() as conn:
        tables = inspect(conn).get_table_names()
        conn.rollback()
    if tables:
        raise LedgerError(
            _(
                "--db: {name} is not a schreiber ledger (it has {count} tables of its own and no schreiber "
                "revision); nothing was changed."
            ).format(name=name, count=len(tables))
        )


def _wal(engine: Engine) -> None:
    # Outside any transaction: SQLite ignores a journal-mode change inside one.
    with engine.connect() as conn:
        conn.connection.dbapi_connection.execute("PRAGMA journal_mode=WAL")  # type: ignore[union-attr]


def _newer(revision: str | None) -> LedgerError:
    return LedgerError(
        _(
            "--db: the ledger is at schema revision {revision}, which this schreiber does not know; it "
            "was written by a newer version."
        ).format(revision=revision)
    )


def upgrade(engine: Engine, revision: str | None) -> None:
    """Run the Alembic migrations inside one transaction; an SQLite ledger is copied aside first."""
    from alembic import command
    from alembic.config import Config
    from alembic.util.exc import CommandError

    copy: Path | None = None
    if revision is not None and engine.dialect.name == "sqlite" and engine.url.database:
        copy = backup_sqlite(Path(engine.url.database), revision)
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    sqlite = engine.dialect.name == "sqlite"
    try:
        with engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            if sqlite:
                # Batch migrations rebuild a table by dropping it: with foreign keys on, the drop would
                # cascade into every hand and seat. They are checked again before the commit instead.
                raw.execute("PRAGMA foreign_keys=OFF")  # type: ignore[union-attr]
            try:
                with conn.begin():
                    config.attributes["connection"] = conn
                    command.upgrade(config, "head")
                    if sqlite:
                        broken = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                        if broken:
                            raise LedgerError(
                                _(
                                    "--db: the upgrade would leave {count} rows pointing nowhere (first in table {value}); "
                                    "nothing was changed."
                                ).format(count=len(broken), value=broken[0][0])
                            )
            finally:
                if sqlite:
                    raw.execute("PRAGMA foreign_keys=ON")  # type: ignore[union-attr]
    except CommandError:
        raise _newer(revision) from None
    except LedgerError as e:
        raise LedgerError(_with_restore(str(e), engine, copy)) from None
    except Exception as e:
        if isinstance(e, DBAPIError) and _busy(e):
            raise database_error(e, _("--db: the ledger could not be upgraded")) from None
        reason = (
            reason_of(e)
            if isinstance(e, DBAPIError)
            else f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        )
        raise LedgerError(
            _with_restore(
                _(
                    "--db: the ledger could not be upgraded from revision {revision} ({reason}); nothing was changed"
                ).format(revision=revision, reason=reason),
                engine,
                copy,
            )
        ) from None


def _with_restore(message: str, engine: Engine, copy: Path | None) -> str:
    message = message.rstrip(".")
    if copy is None:
        return message + "."
    return message + _(
        "; the copy made before the attempt is {copy} — to go back to it, replace {database} with it."
    ).format(copy=copy, database=engine.url.database)


def migrations_dir() -> Path:
    """The Alembic folder: top-level `migrations/` in a checkout, `schreiber/migrations` in the wheel."""
    import importlib.util

    spec = importlib.util.find_spec("schreiber.migrations")
    assert spec is not None and spec.submodule_search_locations, "schreiber.migrations is not installed"
    return Path(next(iter(spec.submodule_search_locations)))


def backup_sqlite(path: Path, revision: str) -> Path:
    """Copy an SQLite ledger to `NAME.bak-REVISION` with SQLite's online backup."""
    target = path.with_name(f"{path.name}.bak-{revision}")
    copy_sqlite(path, target)
    return target


def copy_sqlite(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite file `source` at `target`, made while others may write.

    SQLite's online backup reads one snapshot; the copy is written under a temporary name and renamed
    when complete, so `target` is whole or untouched.
    """
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    os.close(handle)
    try:
        reader = sqlite3.connect(source, timeout=busy_timeout())
        try:
            copy = sqlite3.connect(temporary)
            try:
                reader.backup(copy)
                # A single file: the copy must not need a -wal beside it.
                copy.execute("PRAGMA journal_mode=DELETE")
            finally:
                copy.close()
        finally:
            reader.close()
        # mkstemp makes the file private; the copy gets the ledger's own permissions instead.
        shutil.copymode(source, temporary)
        with open(temporary, "rb") as written:
            os.fsync(written.fileno())
        os.replace(temporary, target)
    except BaseException:
        for leftover in (temporary, f"{temporary}-journal", f"{temporary}-wal", f"{temporary}-shm"):
            try:
                os.unlink(leftover)
            except FileNotFoundError:
                pass
        raise


def database_error(error: DBAPIError, doing: str) -> LedgerError:
    """One sentence for a database error: busy, a lost connection, or the driver's first line; Unavailable
    when the cause passes (`passing`), so the pages answer 503 and a phone sends the hand again."""
    if _busy(error):
        return Unavailable(
            _("the ledger is busy (another schreiber is writing); nothing was changed, try again in a moment.")
        )
    if error.connection_invalidated:
        return Unavailable(
            _("the connection to the ledger was lost ({reason}); the command did not complete.").format(
                reason=reason_of(error)
            )
        )
    sentence = _("{doing} ({reason}); nothing was changed.").format(doing=doing, reason=reason_of(error))
    return Unavailable(sentence) if passing(error) else LedgerError(sentence)


# SQLite's primary result codes of a cause that passes: busy, locked, a read-only file, a disk I/O
# error, a full disk, a file that cannot be opened just now (a folder made read-only, too many files).
_SQLITE_PASSING = frozenset({5, 6, 8, 10, 13, 14})
# PostgreSQL's SQLSTATE classes of a cause that passes: the connection (08), too little of something
# (53: a full disk, out of memory, too many connections), the operator (57: a shutdown, a restart, a
# cancelled statement), the system (58: an I/O error); and one code: a standby that takes no writes.
_PG_PASSING_CLASSES = frozenset({"08", "53", "57", "58"})
_PG_PASSING_CODES = frozenset({"25006", "40001", "40P01", "55P03"})


def passing(error: DBAPIError) -> bool:
    """Whether the ledger failed for a cause that passes — a busy lock, a server restarting or unreachable, a
    full disk, a read-only file — so the same request may succeed later; the one classification of `serve`'s
    503 (with Retry-After) against a refusal (422) or a defect (500)."""
    if _busy(error) or error.connection_invalidated:
        return True
    code = getattr(error.orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _SQLITE_PASSING
    sqlstate = getattr(error.orig, "sqlstate", None)
    if sqlstate:
        return sqlstate in _PG_PASSING_CODES or sqlstate[:2] in _PG_PASSING_CLASSES
    # No code at all: the driver could not reach the server (connection refused, a name that does not
    # resolve just now, a server that closed the connection before it answered).
    from sqlalchemy.exc import OperationalError

    return isinstance(error, OperationalError)


def _busy(error: DBAPIError) -> bool:
    code = getattr(error.orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    # PostgreSQL: a serialization failure, a deadlock, a lock not granted in time — another writer won.
    if getattr(error.orig, "sqlstate", None) in ("40001", "40P01", "55P03"):
        return True
    return "database is locked" in str(error.orig)


def reason_of(error: DBAPIError) -> str:
    """The first line of the driver's message, without SQLAlchemy's background link."""
    return str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error).splitlines()[0]
