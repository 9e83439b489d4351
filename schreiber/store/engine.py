"""Where the ledger lives: `--db` / SCHREIBER_DB / the user's data directory, opened and migrated."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.exc import DBAPIError

from schreiber.store.models import SCHEMA_REVISION


class LedgerError(Exception):
    """The ledger cannot be opened or written; the message is one sentence for the user."""


def default_path() -> Path:
    from platformdirs import user_data_path

    return user_data_path("schreiber") / "schreiber.db"


def target_url(target: str | None = None) -> str:
    """An SQLAlchemy URL for `--db TARGET`, SCHREIBER_DB or the default file."""
    target = target or os.environ.get("SCHREIBER_DB") or str(default_path())
    if "://" in target:
        return target
    path = Path(target).expanduser().resolve()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise LedgerError(f"--db: cannot create the folder {path.parent} ({e.strerror}).") from None
    return f"sqlite:///{path}"


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def connect(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        # We issue BEGIN ourselves so that a write takes the lock at once (no deadlock on upgrade).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(conn) -> None:  # type: ignore[no-untyped-def]
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def open_engine(target: str | None = None, *, migrate: bool = True) -> Engine:
    """Connect to the ledger and bring its schema up to date when it is behind."""
    url = target_url(target)
    try:
        engine = create_engine(url)
    except Exception as e:  # a malformed URL or a driver that is not installed
        raise LedgerError(f"--db: cannot use {target or url!r} as a ledger ({e}).") from None
    if engine.dialect.name == "sqlite":
        _sqlite_setup(engine)
    if migrate:
        revision = stored_revision(engine)
        if revision != SCHEMA_REVISION:
            upgrade(engine, revision)
    return engine


def stored_revision(engine: Engine) -> str | None:
    """The ledger's schema revision, or None for a new, empty ledger (a cheap query, no Alembic)."""
    try:
        with engine.connect() as conn:
            try:
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except DBAPIError:
                conn.rollback()
                return None
    except DBAPIError as e:
        raise LedgerError(f"--db: cannot open the ledger at {engine.url!r} ({_reason(e)}).") from None


def upgrade(engine: Engine, revision: str | None) -> None:
    """Run the Alembic migrations inside one transaction; an SQLite ledger is copied aside first."""
    from alembic import command
    from alembic.config import Config
    from alembic.util.exc import CommandError

    if revision is not None and engine.dialect.name == "sqlite" and engine.url.database:
        backup_sqlite(Path(engine.url.database), revision)
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    try:
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
    except CommandError:
        raise LedgerError(
            f"--db: the ledger is at schema revision {revision}, which this schreiber does not know; "
            "it was written by a newer version."
        ) from None
    except DBAPIError as e:
        raise LedgerError(f"--db: the ledger could not be upgraded ({_reason(e)}); nothing was changed.") from None


def migrations_dir() -> Path:
    """The Alembic folder: top-level `migrations/` in a checkout, `schreiber/migrations` in the wheel."""
    import importlib.util

    spec = importlib.util.find_spec("schreiber.migrations")
    assert spec is not None and spec.submodule_search_locations, "schreiber.migrations is not installed"
    return Path(next(iter(spec.submodule_search_locations)))


def backup_sqlite(path: Path, revision: str) -> Path:
    """Copy an SQLite ledger to `NAME.bak-REVISION` with SQLite's online backup."""
    target = path.with_name(f"{path.name}.bak-{revision}")
    source = sqlite3.connect(path)
    try:
        copy = sqlite3.connect(target)
        with copy:
            source.backup(copy)
        copy.close()
    finally:
        source.close()
    return target


def _reason(error: DBAPIError) -> str:
    """The first line of the driver's message, without SQLAlchemy's background link."""
    return str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error).splitlines()[0]
